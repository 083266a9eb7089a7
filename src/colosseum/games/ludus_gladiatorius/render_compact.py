"""Ludus Gladiatorius for a full-screen terminal: the board and the seat's own panel, each
drawn to fit the room it is given (80×24 and up), from a seat's view only.

`render_compact` draws the arena one line per row of hexes (odd rows half a hex to the right,
as in `data/arena.toml`), four or three characters a hex as the width allows, or the full map
of `render.render_map` when there is room, with a line or two of status. `render_panel` shows
the viewer's own gladiators (life, this round's counter, the special actions left) and one line
for each other gladiator; a spectator gets one line for every gladiator.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from ...core.seats import seat_style, seat_text
from .data import Arena, load_catalog
from .render import (
    NAME_STYLE,
    NET_STYLE,
    REACHABLE_STYLE,
    START_STYLE,
    _counter,
    _flags,
    _life,
    _net,
    _order,
    _specials,
    gladiator_text,
    reachable_hexes,
    render_map,
)
from .render_legend import render_legend as render_legend

View = Mapping[str, Any]

MARGIN = 3
FULL_MAP_LINES = 20  # the map of `render_map`: two lines a row of hexes


def _map_width(arena: Arena, pitch: int) -> int:
    return MARGIN + pitch * arena.width + pitch // 2 + 1


def _cell(view: View, name: str, index: int, arena: Arena, reachable: set[str], pitch: int) -> Text:
    """One hex, `pitch` characters: a gladiator's number in its lanista's colour (`›n‹` the
    one deciding, `n#` on the net), else the hex's name."""
    width = pitch - 1
    occupant = next((g for g in view.get("gladiators", []) if g.get("hex") == name), None)
    netted = view.get("net") == name
    if occupant is not None:
        active = occupant["number"] == view.get("active") and view.get("phase") != "over"
        number = str(occupant["number"])
        if width >= 3:
            body = ("›" if active else " ") + number + ("#" if netted else "‹" if active else " ")
        else:
            body = ("›" if active else " ") + number if not netted else number + "#"
        text = Text(body[:width], style=f"bold white on {seat_style(occupant['owner'])}")
    elif netted:
        text = Text(f"{'#':^{width}}", style=NET_STYLE)
    else:
        style = NAME_STYLE
        if name in reachable:
            style = REACHABLE_STYLE
        elif index in arena.starts.values():
            style = START_STYLE
        text = Text(f"{name:>{width}}"[-width:], style=style)
    text.append(" ")
    return text


def compact_map(view: View, arena: Arena, reachable: set[str], pitch: int) -> Text:
    """The arena one line a row: `pitch` characters a hex, odd rows shifted half a hex."""
    header = Text(" " * MARGIN, style=NAME_STYLE)
    for col in range(arena.width):
        header.append(f"{chr(ord('a') + col):>{pitch - 1}} ", style=NAME_STYLE)
    lines = [header]
    by_row: dict[int, dict[int, int]] = {}
    for index, (col, row) in enumerate(arena.cells):
        by_row.setdefault(row, {})[col] = index
    for row in range(arena.height):
        line = Text(f"{row + 1:>2} ", style=NAME_STYLE)
        if row % 2:
            line.append(" " * (pitch // 2))
        cells = by_row.get(row, {})
        for col in range(arena.width):
            at = cells.get(col)
            if at is None:
                line.append(" " * pitch)
            else:
                line.append_text(_cell(view, arena.names[at], at, arena, reachable, pitch))
        line.rstrip()
        lines.append(line)
    return Text("\n").join(lines)


def status_lines(view: View, wide: bool) -> Text:
    """Round, phase and order; who decides and for whom; an attack, the movement, the net."""
    viewer = view.get("seat")
    limit = view.get("round_limit")
    text = Text()
    text.append(f"Round {view.get('round')}" + (f" of {limit}" if limit else ""), style="bold")
    text.append(f" · {view.get('phase')} · order ")
    text.append_text(_order(view))
    text.append("\n")
    if view.get("phase") == "over":
        winners = view.get("winners", [])
        text.append("Winner ", style="bold")
        text.append_text(Text(" and ").join(seat_text(s, viewer) for s in winners) or Text("—"))
    else:
        text.append_text(seat_text(view.get("current_player"), viewer))
        if view.get("active") is not None:
            text.append(" for ")
            text.append_text(gladiator_text(view, view["active"]))
        pending = view.get("pending_attack")
        if pending:
            text.append(" · ")
            text.append_text(gladiator_text(view, pending["attacker"]))
            text.append(" attacks ")
            text.append_text(gladiator_text(view, pending["defender"]))
        if view.get("allowance") is not None:
            text.append(f" · moves up to {view['allowance']}")
    text.append("\n" if wide else " · ")
    text.append("Net ", style="bold")
    text.append_text(_net(view))
    if wide:
        text.append("   ")
        text.append("›n‹", style="bold")
        text.append(" deciding  ")
        text.append("#", style=NET_STYLE)
        text.append(" net  ")
        text.append("d1", style=START_STYLE)
        text.append(" start  ")
        text.append("g5", style=REACHABLE_STYLE)
        text.append(" reachable")
    return text


def render_compact(
    view: View,
    options: Mapping[str, Any] | None = None,
    legal: Sequence[str] = (),
    width: int = 80,
    height: int = 24,
) -> RenderableType:
    """The arena and its status in `width` × `height` characters (as far as they go)."""
    arena = load_catalog(str((options or {}).get("data", ""))).arena
    reachable = reachable_hexes(legal)
    wide = height >= arena.height + 5
    if height >= FULL_MAP_LINES + 4 and width >= _map_width(arena, 4) + 4:
        board: Text = render_map(view, arena, reachable)
    else:
        pitch = next((p for p in (4, 3) if _map_width(arena, p) <= width), 2)
        board = compact_map(view, arena, reachable, pitch)
    return Group(board, status_lines(view, wide))


def _line(entry: Mapping[str, Any], viewer: int | None) -> Text:
    """One gladiator on one line: number and name, hex, life, counter as the view shows it."""
    text = Text()
    text.append(f"{entry['number']} {entry['name']}", style=f"bold {seat_style(entry['owner'])}")
    text.append(f" {entry.get('hex') or 'out'} ")
    text.append(f"{entry['life']}/{entry['max_life']}")
    counter = _counter(entry)
    if entry.get("counter") is not None and entry["owner"] != viewer:
        text.append(" ")
        text.append_text(counter)
    flags = _flags(entry)
    if flags and entry.get("hex") is not None:
        text.append(" ")
        text.append_text(flags)
    return text


def render_panel(
    view: View, options: Mapping[str, Any] | None = None, width: int = 30, height: int = 12
) -> RenderableType:
    """The viewer's own record sheets, then a line for each other gladiator."""
    viewer = view.get("seat")
    gladiators = list(view.get("gladiators", []))
    parts: list[RenderableType] = []
    if viewer is None:
        parts.append(Text("Spectator: every gladiator", style="bold"))
        parts.extend(_line(entry, None) for entry in gladiators)
        return Group(*parts)
    parts.append(Text("Your gladiators", style=f"bold underline {seat_style(viewer)}"))
    for entry in (g for g in gladiators if g["owner"] == viewer):
        head = Text()
        head.append(f"{entry['number']} {entry['name']}", style=f"bold {seat_style(viewer)}")
        head.append(f" {entry.get('hex') or 'out'} ")
        head.append_text(_life(entry))
        parts.append(head)
        sheet = Text()
        sheet.append("  counter ", style="dim")
        sheet.append_text(_counter(entry))
        sheet.append("  ")
        sheet.append_text(_specials(entry))
        parts.append(sheet)
        flags = _flags(entry)
        if flags and entry.get("hex") is not None:
            parts.append(Text.assemble("  ", flags))
    others = [g for g in gladiators if g["owner"] != viewer]
    if others:
        parts.append(Text("Others", style="bold"))
        parts.extend(_line(entry, viewer) for entry in others)
    if height >= len(parts) + 2:
        parts.append(Text("Dice faces: / a sword, o a shield, - blank", style="dim"))
    return Group(*parts)
