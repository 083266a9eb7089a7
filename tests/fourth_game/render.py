"""Sortes Gladiatoriae at the terminal (Rich), drawn from a seat's view only: the lanistae's
purses, points and bids, the last bout, and the events and actions in words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from colosseum.core.seats import seat_text

View = Mapping[str, Any]


def denarii(count: int) -> str:
    """ "1 denarius", "3 denarii"."""
    return f"{count} denarius" if count == 1 else f"{count} denarii"


def _bid_words(bid: object) -> str:
    if bid is None:
        return "-"
    return "placed" if bid == "hidden" else f"{bid}"


def render_view(
    view: View, options: Mapping[str, Any] | None = None, legal: Sequence[str] = ()
) -> RenderableType:
    """The table of lanistae, the last bout and whose decision it is."""
    viewer = view.get("seat")
    title = f"Sortes Gladiatoriae · round {view['round']} of {view['rounds']}"
    table = Table(title=title, box=box.SIMPLE_HEAVY)
    for column in ("lanista", "denarii", "points", "bid", "omen"):
        table.add_column(column)
    for entry in view["seats"]:
        omen = entry.get("omen")
        table.add_row(
            seat_text(entry["seat"], viewer),
            str(entry["purse"]),
            str(entry["points"]),
            _bid_words(entry.get("bid")),
            "?" if omen is None else str(omen),
        )
    parts: list[RenderableType] = [table]
    last = view.get("last_bout")
    if last is not None:
        parts.append(Text(f"Last bout (round {last['round']}): ") + _bout_words(last, viewer))
    if view.get("over"):
        parts.append(Text("Game over: ") + _seats(view.get("winners") or [], viewer))
    elif view.get("current_player") is not None:
        parts.append(Text("To bid: ") + seat_text(view["current_player"], viewer))
    return Group(*parts)


def _seats(seats: Sequence[int], viewer: int | None) -> Text:
    return Text(", ").join(seat_text(s, viewer) for s in seats) if seats else Text("nobody")


def _bout_words(bout: Mapping[str, Any], viewer: int | None) -> Text:
    words = Text()
    for s, (omen, bid, roll) in enumerate(
        zip(bout["omens"], bout["bids"], bout["rolls"], strict=True)
    ):
        words += seat_text(s, viewer) + Text(f" {omen}+{bid}+{roll}={omen + bid + roll}; ")
    return words + Text("won by ") + _seats(bout["winners"], viewer)


def describe_event(event: Mapping[str, Any], view: View) -> Text:
    """An event in words."""
    data = event.get("data") or {}
    viewer = view.get("seat")
    kind = event.get("kind")
    if kind == "omen":
        return seat_text(data["seat"], viewer) + Text(f" reads the omen: {data['omen']}")
    if kind == "bid":
        return seat_text(data["seat"], viewer) + Text(
            f" bids {denarii(int(data['amount']))} in secret"
        )
    if kind == "bid_placed":
        return seat_text(data["seat"], viewer) + Text(" places a bid")
    if kind == "bout":
        return Text("The bout: ") + _bout_words(data, viewer)
    if kind == "game_over":
        return Text("Game over: ") + _seats(data.get("winners") or [], viewer) + Text(" won")
    return Text(str(kind))


def describe_action(notation: str, view: View) -> Text:
    """`bid N` in words."""
    kind, _, amount = notation.partition(" ")
    if kind == "bid" and amount.isdigit():
        return Text(f"Bid {denarii(int(amount))}")
    return Text(notation, style="bold")


def action_order(notation: str) -> int:
    """Bids from the smallest."""
    amount = notation.rpartition(" ")[2]
    return int(amount) if amount.isdigit() else 0
