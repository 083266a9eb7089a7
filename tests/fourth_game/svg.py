"""Sortes Gladiatoriae's board as SVG for the browser, drawn from a view: a row per lanista and
a button per legal bid, each carrying `data-action` with its notation (docs/web.md)."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from colosseum.core.svg import SEAT_FILLS, el, text, title

WIDTH = 560
ROW = 28
BUTTON = 56
ROOT = {"xmlns": "http://www.w3.org/2000/svg", "class_": "sortes-board"}
ROOT |= {"font_family": "sans-serif", "role": "group", "aria_label": "Sortes Gladiatoriae"}


def _row(entry: Mapping[str, Any], viewer: int | None, y: int) -> str:
    seat = int(entry["seat"])
    bid = entry.get("bid")
    omen = entry.get("omen")
    cells = [
        el("rect", x="12", y=str(y - 18), width="14", height="14", fill=SEAT_FILLS[seat]),
        text(34, y - 6, f"seat {seat}" + (" (you)" if seat == viewer else "")),
        text(150, y - 6, f"{entry['purse']} denarii"),
        text(260, y - 6, f"{entry['points']} points"),
        text(
            360,
            y - 6,
            "no bid" if bid is None else "bid placed" if bid == "hidden" else f"bid {bid}",
        ),
        text(460, y - 6, "" if omen is None else f"omen {omen}"),
    ]
    return el("g", "".join(cells), class_=f"seat seat-{seat}")


def render_svg(view: Mapping[str, Any], legal: Sequence[str] = ()) -> str:
    """The board as `view` shows it; `legal` (the viewer's legal notations) become buttons."""
    viewer = view.get("seat")
    parts = [
        text(
            12,
            22,
            f"Sortes Gladiatoriae · round {view['round']} of {view['rounds']}",
            font_size="16",
            font_weight="bold",
        ),
    ]
    y = 52
    for entry in view["seats"]:
        parts.append(_row(entry, viewer, y))
        y += ROW
    last = view.get("last_bout")
    if last is not None:
        strength = ", ".join(f"seat {s}: {v}" for s, v in enumerate(last["strength"]))
        winners = ", ".join(f"seat {s}" for s in last["winners"])
        parts.append(text(12, y, f"Last bout: {strength}; won by {winners}", class_="bout"))
        y += ROW
    if view.get("over"):
        winners = ", ".join(f"seat {s}" for s in view.get("winners") or [])
        parts.append(text(12, y, f"Game over: {winners} won", class_="over", font_weight="bold"))
        y += ROW
    for i, notation in enumerate(str(n) for n in legal):
        x = 12 + i * (BUTTON + 8)
        inner = (
            title(notation)
            + el(
                "rect",
                x=str(x),
                y=str(y),
                width=str(BUTTON),
                height="32",
                rx="6",
                fill="#fffdf5",
                stroke="#5d4037",
            )
            + text(x + BUTTON // 2, y + 21, notation, text_anchor="middle")
        )
        parts.append(
            el(
                "g",
                inner,
                class_="button action",
                data_action=notation,
                tabindex="0",
                role="button",
            )
        )
    height = y + (44 if legal else 8)
    return el("svg", "".join(parts), viewBox=f"0 0 {WIDTH} {height}", **ROOT)


def merge_views(views: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Every seat's view merged for replays: each seat's row as that seat sees it."""
    if not views:
        raise ValueError("merge_views needs at least one view")
    merged = copy.deepcopy(dict(views[0]))
    merged["seat"] = None
    merged["seats"] = [copy.deepcopy(dict(v["seats"][s])) for s, v in enumerate(views)]
    return merged
