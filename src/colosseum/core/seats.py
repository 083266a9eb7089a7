"""Seats in words and colours, and the drawing of a legend, shared by the games' terminal
renderers (below the games, so that a game's drawing never imports the command line)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

SEAT_COLOURS = ("red", "blue", "green", "magenta", "dark_orange")


def seat_style(seat: int | None) -> str:
    """The colour of a lanista (seat); plain for none."""
    return "" if seat is None or seat < 0 else SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_text(seat: int | None, viewer: int | None = None) -> Text:
    """ "seat N" in its colour, "(you)" when it is the viewer's."""
    if seat is None or seat < 0:
        return Text("nobody")
    text = Text(f"seat {seat}", style=f"bold {seat_style(seat)}")
    if viewer is not None and seat == viewer:
        text.append(" (you)", style="bold")
    return text


def possessive(seat: int | None, viewer: int | None = None) -> Text:
    """ "seat N's" in its colour, "your" for the viewer."""
    if seat is not None and seat >= 0 and seat == viewer:
        return Text("your", style=f"bold {seat_style(seat)}")
    text = seat_text(seat)
    text.append("'s")
    return text


def plural(count: int, word: str) -> str:
    """ "1 card", "2 cards"."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


Legend = Sequence[tuple[str, Sequence[tuple[str, str]]]]
"""A game's legend: (heading, [(key, what it means), ...]) a section."""


def legend_group(
    title: str, sections: Legend, width: int, styles: Mapping[str, str]
) -> RenderableType:
    """A legend drawn as a title, then each section's heading over a two-column grid (the key
    in its on-screen style, then its meaning, wrapped to `width`)."""
    parts: list[RenderableType] = [Text(title, style="bold underline")]
    for heading, entries in sections:
        table = Table.grid(padding=(0, 2))
        table.add_column(no_wrap=True, min_width=min(10, max(4, width // 6)))
        table.add_column(ratio=1)
        for key, words in entries:
            table.add_row(Text(key, style=styles.get(key, "bold")), words)
        parts.append(Text(heading, style="bold"))
        parts.append(table)
    return Group(*parts)
