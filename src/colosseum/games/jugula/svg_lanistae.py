"""The lanistae on the Jugula SVG board (`svg.py`), drawn from a view only.

Beside the arena, one box per lanista: his seat, Vox Populi and the ATT bonus it gives, his
hand's size and his familia as chips. The rest of what is public of him (the Vox Populi track,
his deck, discard pile and other cards) is in the box's tooltip and in a details panel drawn
over the arena while the box is selected (`data-select` / `data-for`, `board.js`), so that the
board keeps its text large on a phone.
"""

from __future__ import annotations

from typing import Any

from ...core.svg import el, text, title
from .render_names import abbreviation
from .svg_parts import (
    DARK,
    FONT,
    PANEL,
    WIDTH,
    Entry,
    View,
    card_names,
    fill,
    fit,
    gladiator_about,
    rect,
    seat_words,
    wrap,
)

LINE = 19  # a line of text in a box or the details panel


def _status(view: View, seat: int) -> str:
    notes = []
    if not view.get("over") and view.get("turn") and view.get("turn_seat") == seat:
        notes.append("to play")
    if not view.get("over") and view.get("current_player") == seat:
        notes.append("deciding")
    if seat in view.get("winners", []):
        notes.append("winner")
    return " · ".join(notes)


def _pile_lines(lanista: Entry, own: bool) -> list[str]:
    """The public cards (and a hand as its owner saw it, in a replay), a line each."""
    lines = [f"Discard: {card_names(lanista.get('discard', []))}"]
    if lanista.get("hand") is not None and not own:
        lines.append(f"Hand: {card_names(lanista['hand'])}")
    elif lanista.get("hand_known"):
        lines.append(f"Known in hand: {card_names(lanista['hand_known'])}")
    for key, label in (
        ("in_play", "In play"),
        ("removed", "Removed"),
        ("prima_aside", "Prima Jugula aside"),
    ):
        if lanista.get(key):
            lines.append(f"{label}: {card_names(lanista[key])}")
    top = lanista.get("deck_top_known") if own else None
    top = top or lanista.get("deck_top_public")
    if top:
        lines.append(f"Deck top (top first): {card_names(top)}")
    if lanista.get("compelled"):
        lines.append("Dubitatio: must play a card drawn at random next turn")
    if lanista.get("bid"):
        lines.append(f"Round card committed face down (from the {lanista['bid']})")
    return lines


def _about(view: View, lanista: Entry) -> list[str]:
    """Everything public of a lanista, a line each: for his tooltip and details panel."""
    seat, viewer = lanista["seat"], view.get("seat")
    status = _status(view, seat)
    head = seat_words(seat, viewer) + (" · out of the arena" if lanista.get("out") else "")
    return [
        head + (f" · {status}" if status else ""),
        f"Vox Populi {lanista.get('vox', 0)}: ATT +{lanista.get('attack_bonus')}, "
        f"hand limit {lanista.get('hand_limit')}",
        f"Hand {lanista.get('hand_count')}/{lanista.get('hand_limit')} · "
        f"deck {lanista.get('deck_count')}",
        *_pile_lines(lanista, seat == viewer),
    ]


def _familia(view: View, seat: Any, x: float, y: float, width: float) -> str:
    """The lanista's gladiators as chips: two letters, wounded (yellow edge, *) or fallen
    (grey, struck out)."""
    parts = []
    mine = [g for g in view.get("gladiators", []) if g.get("seat") == seat]
    step = width / max(4, len(mine))
    for i, entry in enumerate(mine):
        left = x + step * i
        fallen, wounded = bool(entry.get("bitten")), bool(entry.get("wounded"))
        mark = abbreviation(entry.get("armatura")) if entry.get("armatura") else "?"
        edge = {"stroke": "#fdd835", "stroke_width": "3"} if wounded else {}
        chip = rect(left, y, step - 3, 22, rx="3", fill="#757575" if fallen else fill(seat), **edge)
        label = text(
            left + (step - 3) / 2,
            y + 16,
            mark,
            text_anchor="middle",
            fill="#fff",
            font_weight="bold",
            text_decoration="line-through" if fallen else None,
        )
        parts.append(
            el(
                "g",
                title(gladiator_about(entry, view.get("seat"))) + chip + label,
                class_="chip fallen" if fallen else "chip wounded" if wounded else "chip",
            )
        )
    return el("g", "".join(parts), class_="familia")


def lanista_box(view: View, lanista: Entry, x: float, y: float, w: float, h: float) -> str:
    """One lanista beside the arena, selectable: his details show while it is selected."""
    seat, viewer = lanista["seat"], view.get("seat")
    own = seat == viewer
    busy = bool(_status(view, seat))
    name = "You" if own else f"Seat {seat}"
    name += " (out)" if lanista.get("out") else ""
    parts = [
        title("\n".join(_about(view, lanista)) + "\n(select for the details)"),
        rect(
            x,
            y,
            w,
            h,
            rx="6",
            fill=PANEL,
            stroke=fill(seat),
            stroke_width="4" if busy else "1.5",
        ),
        text(x + 6, y + LINE, fit(name, w - 12, bold=True), font_weight="bold", fill=fill(seat)),
        text(x + 6, y + 2 * LINE, f"Vox {lanista.get('vox', 0)} · +{lanista.get('attack_bonus')}"),
        text(x + 6, y + 3 * LINE, f"hand {lanista.get('hand_count')}/{lanista.get('hand_limit')}"),
        _familia(view, seat, x + 4, y + h - 26, w - 6),
    ]
    classes = f"lanista selectable seat-{seat}" + (" you" if own else "")
    attrs = {"data_select": f"l{seat}", "tabindex": "0", "role": "button"}
    return el("g", "".join(parts), class_=classes, font_size=str(FONT), fill=DARK, **attrs)


def lanista_details(view: View, lanista: Entry, x: float, y: float, height: float) -> str:
    """A lanista's details over the arena, shown while his box is selected."""
    seat = lanista["seat"]
    lines: list[tuple[str, bool]] = []
    for i, line in enumerate(_about(view, lanista)):
        lines += [(part, i == 0) for part in wrap(line, WIDTH - 2 * x - 20, lines=4)]
    most = int((height - 12) // LINE)
    if len(lines) > most:
        lines = [*lines[: most - 1], ("… (the rest in the box's tooltip)", False)]
    parts = [
        rect(
            x,
            y,
            WIDTH - 2 * x,
            14 + LINE * len(lines),
            rx="6",
            fill=PANEL,
            stroke=fill(seat),
            stroke_width="3",
        )
    ]
    for i, (line, bold) in enumerate(lines):
        parts.append(
            text(
                x + 10,
                y + LINE * (i + 1),
                line,
                font_weight="bold" if bold else None,
                fill=fill(seat) if bold else DARK,
            )
        )
    return el(
        "g",
        "".join(parts),
        class_="lanista-details for-hidden",
        data_for=f"l{seat}",
        font_size=str(FONT),
        pointer_events="none",
    )


def lanistae(view: View, x: float, y: float, w: float, h: float) -> tuple[str, str]:
    """The lanistae's boxes in a column `w` × `h` at (x, y), and their details panels (drawn
    last, over the arena, each shown while its box is selected)."""
    everyone = list(view.get("lanistae", []))
    if not everyone:
        return "", ""
    gap = 4
    each = min(112.0, (h - gap * (len(everyone) - 1)) / len(everyone))
    boxes = [
        lanista_box(view, lanista, x, y + i * (each + gap), w, each)
        for i, lanista in enumerate(everyone)
    ]
    details = [lanista_details(view, lanista, 8, y, h) for lanista in everyone]
    return el("g", "".join(boxes), class_="lanistae"), "".join(details)
