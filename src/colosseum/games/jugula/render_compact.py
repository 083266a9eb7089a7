"""Jugula for a full-screen terminal: the arena and the seat's own panel, each drawn to fit the
room it is given (80×24 and up), from a seat's view only.

`render_compact` draws the arena five characters a square (a mark, the seat, two letters, the
facing), or seven as `render.render_arena` does when there is room, with the turn, the decision
and an attack in progress. `render_panel` shows the viewer's own lanista (Vox Populi, the hand
with each card's values, the piles, the familia) and a line for each rival; a spectator gets a
line for every lanista.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from ...core.seats import seat_style, seat_text
from .render import (
    DECISION_WORDS,
    Marks,
    _fight_card,
    _turn_text,
    _winners_text,
    arena_grid,
    render_arena,
)
from .render_legend import render_legend as render_legend
from .render_names import (
    ARROWS,
    CELL,
    EMPTY_STYLE,
    HINDER_STYLE,
    MARK_STYLE,
    PICK_MARK,
    REACH_STYLE,
    TARGET_MARK,
    WOUND_STYLE,
    Entry,
    View,
    abbreviation,
    armatura_name,
    card_spec,
    card_text,
    catalog,
    glad_text,
    set_data_folder,
)

SMALL_CELL = 5  # a mark (or * wounded, # hindered), the seat, two letters, the facing


def _small_cell(entry: Entry | None, square: str, marks: Marks, light: bool) -> Text:
    shade = "on grey23" if light else "on grey15"
    if entry is None:
        if square in marks.reach:
            return Text(f"{'o':^{SMALL_CELL}}", style=REACH_STYLE)
        return Text(f"{'·':^{SMALL_CELL}}", style=f"{EMPTY_STYLE} {shade}")
    colour = f"on {seat_style(entry['seat'])}"
    if square in marks.targets:
        mark, style = TARGET_MARK, MARK_STYLE
    elif square in marks.picks:
        mark, style = PICK_MARK, MARK_STYLE
    elif entry.get("wounded"):
        mark, style = "*", WOUND_STYLE
    elif entry.get("markers_held"):
        mark, style = "#", HINDER_STYLE
    else:
        mark, style = " ", ""
    text = Text(mark, style=f"{style} {colour}")
    text.append(str(entry["seat"]), style=f"white {colour}")
    text.append(abbreviation(entry["armatura"]), style=f"bold white {colour}")
    text.append(ARROWS.get(entry.get("facing") or "", " "), style=f"bold white {colour}")
    return text


def small_arena(view: View, marks: Marks) -> Text:
    """The arena, rank 8 at the top, five characters a square."""

    def cell(entry: Entry | None, square: str, light: bool) -> Text:
        return _small_cell(entry, square, marks, light)

    return arena_grid(view, SMALL_CELL, cell, files_below=False)


def status_text(view: View) -> Text:
    """The turn, whose decision and what about, sudden death."""
    viewer = view.get("seat")
    text = Text()
    text.append("Turn ", style="bold")
    text.append_text(_turn_text(view))
    if view.get("over"):
        text.append(" · ")
        text.append_text(_winners_text(view))
    else:
        deciding = view.get("current_player")
        if deciding != view.get("turn_seat") or not view.get("turn"):
            text.append(" · deciding ")
            text.append_text(seat_text(deciding, viewer))
        decision = str(view.get("decision"))
        text.append("\n")
        text.append(DECISION_WORDS.get(decision, decision), style="italic")
    if view.get("sudden_death"):
        text.append("\nSUDDEN DEATH: the next blow on a rival's gladiator wins", style="bold red")
    return text


def fight_text(view: View) -> Text | None:
    """The attack in progress in two lines, or None."""
    fight = view.get("fight")
    if not fight:
        return None
    viewer = view.get("seat")
    by_id = {g["id"]: g for g in view.get("gladiators", [])}
    attacker, defender = by_id.get(fight["attacker"], {}), by_id.get(fight["defender"], {})
    text = Text("Attack ", style="bold red")
    text.append_text(
        glad_text(attacker.get("seat"), attacker.get("armatura"), attacker.get("square"), viewer)
    )
    text.append(" → ")
    text.append_text(
        glad_text(defender.get("seat"), defender.get("armatura"), defender.get("square"), viewer)
    )
    text.append("\n  cards: ")
    text.append_text(_fight_card(fight.get("attacker_card")))
    text.append(" / ")
    text.append_text(_fight_card(fight.get("defender_card")))
    return text


def legend(marks: Marks) -> Text:
    text = Text("1MU↑ seat 1's Murmillo facing north (capitals heavy)  ", style="dim")
    text.append("*", style=WOUND_STYLE)
    text.append(" wounded ", style="dim")
    text.append("#", style=HINDER_STYLE)
    text.append(" hindrance ", style="dim")
    if marks.reach:
        text.append(" o ", style=REACH_STYLE)
        text.append(" reachable ", style="dim")
    if marks.picks or marks.targets:
        text.append(f"{PICK_MARK} pick {TARGET_MARK} target", style=MARK_STYLE)
    return text


def render_compact(
    view: View,
    options: Mapping[str, Any] | None = None,
    legal: Sequence[str] = (),
    width: int = 80,
    height: int = 24,
) -> RenderableType:
    """The arena, the decision and an attack in `width` × `height` characters."""
    set_data_folder(str((options or {}).get("data") or ""))
    marks = Marks(view, legal)
    columns = int(view.get("width", 8))
    if width >= 3 + CELL * columns + 3 and height >= int(view.get("height", 8)) + 6:
        arena = render_arena(view, marks)
    else:
        arena = small_arena(view, marks)
    parts: list[RenderableType] = [arena, status_text(view)]
    fight = fight_text(view)
    if fight is not None:
        parts.append(fight)
    if height >= int(view.get("height", 8)) + 6:
        parts.append(legend(marks))
    return Group(*parts)


# --- the panel ------------------------------------------------------------------------------


HEADS = ("Mv", "Vx", "Cb", "Dr", "Up", "Die")  # "Di" is the Dimachaerius on the arena
NUMBERS_WIDTH = 3 * len(HEADS) + 1  # the die's column is four characters wide


def _columns(values: Sequence[object]) -> str:
    return "".join(f"{v!s:>3}" for v in values[:-1]) + f"{values[-1]!s:>4}"


def hand_lines(codes: Sequence[str], width: int) -> Group:
    """The viewer's cards: each full name with its six values (on the next line when the name
    leaves no room), then its ability in full, wrapped under it."""
    name_width = max(4, min(22, width - NUMBERS_WIDTH - 1))
    lines: list[RenderableType] = [
        Text(f"{'Your hand':<{name_width}} {_columns(HEADS)}", "bold underline")
    ]
    for code in codes:
        spec = card_spec(code)
        name = card_text(code)
        if spec is None:
            lines.append(name)
            continue
        numbers = (spec.movement, spec.vox, spec.combat, spec.draw, spec.upgrade, spec.die)
        values = _columns(numbers)
        if name.cell_len <= name_width:
            name.pad_right(name_width - name.cell_len)
            lines.append(Text.assemble(name, " ", values))
        else:
            lines.append(name)
            lines.append(Text(" " * (name_width + 1) + values))
        if spec.ability != "none":
            lines.append(Padding(Text(spec.text, style="dim"), (0, 0, 0, 2)))
    if not codes:
        lines.append(Text("no card", style="dim"))
    return Group(*lines)


def _vox(lanista: Entry, short: bool) -> Text:
    """Vox Populi, the attack bonus and the hand, the piles on a second line; or, `short`,
    Vox Populi, the hand and the deck on one line."""
    text = Text()
    if short:
        text.append(f"Vox {lanista['vox']}", style="bold")
        text.append(f" hand {lanista['hand_count']}/{lanista['hand_limit']}")
        text.append(f" deck {lanista['deck_count']}")
        return text
    text.append("Vox ", style="bold")
    text.append(f" {lanista['vox']} ", style=f"bold reverse {seat_style(lanista['seat'])}")
    text.append(f" ATT +{lanista['attack_bonus']}  hand {lanista['hand_count']}")
    text.append(f"/{lanista['hand_limit']}")
    text.append(f"\ndeck {lanista['deck_count']}  discard {len(lanista['discard'])}")
    text.append(f"  removed {len(lanista['removed'])}")
    return text


def _traits_text(entry: Entry) -> Text:
    """Traits (Range as far as he reaches), talents by name, upgrades."""
    parts = []
    for trait in entry.get("traits", []):
        parts.append(f"Range {entry['range']}" if trait.startswith("Range") else trait)
    for code in entry.get("talents", []):
        talent = catalog().talents.get(code)
        parts.append(talent.name if talent is not None else code.capitalize())
    parts += [f"+{n} {k.upper()}" for k, n in (entry.get("upgrades") or {}).items() if n]
    return Text(", ".join(parts), style="italic")


def familia_lines(view: View, seat: int, width: int) -> list[RenderableType]:
    """A gladiator in two or three lines: letters and full name (wounded, markers held) with
    his traits, talents and upgrades when they fit beside it (else on a line of their own);
    his square and facing, MP, ATT and DEF."""
    lines: list[RenderableType] = []
    for entry in view.get("gladiators", []):
        if entry["seat"] != seat:
            continue
        if not entry.get("armatura"):
            lines.append(Text("   to be chosen", style="dim"))
            continue
        head = Text(abbreviation(entry["armatura"]), style=f"bold white on {seat_style(seat)}")
        head.append(" ")
        if entry.get("bitten"):
            head.append(entry.get("name") or armatura_name(entry["armatura"]), style="dim")
            head.append(" fallen", style="bold red")
            lines.append(head)
            continue
        head.append(entry.get("name") or armatura_name(entry["armatura"]), style="bold")
        if entry.get("wounded"):
            head.append("*", style=WOUND_STYLE)
        if entry.get("markers_held"):
            head.append(f" #{entry['markers_held']}", style=HINDER_STYLE)
        traits = _traits_text(entry)
        beside = traits.plain and head.cell_len + 3 + traits.cell_len <= width
        if beside:
            head.append(" · ", style="dim")
            head.append_text(traits)
        lines.append(head)
        square = entry.get("square")
        where = f"{square}{ARROWS.get(entry.get('facing') or '', '')}" if square else "–"
        numbers = Text(f"   {where:<4}")
        numbers.append(f"MP {entry['mp']} ATT {entry['att'][0]}/{entry['att'][1]}")
        numbers.append(f" DEF {entry['def'][0]}/{entry['def'][1]}")
        lines.append(numbers)
        if traits.plain and not beside:
            lines.append(Padding(traits, (0, 0, 0, 3)))
    return lines


def render_panel(
    view: View, options: Mapping[str, Any] | None = None, width: int = 30, height: int = 12
) -> RenderableType:
    """The viewer's lanista: Vox Populi, hand, piles, familia; then a line for each rival."""
    set_data_folder(str((options or {}).get("data") or ""))
    viewer = view.get("seat")
    parts: list[RenderableType] = []
    for lanista in view.get("lanistae", []):
        seat = lanista["seat"]
        if seat != viewer:
            continue
        title = seat_text(seat, viewer)
        if lanista.get("bid") and lanista.get("bid_card"):
            title.append(" · round card ")
            title.append_text(card_text(lanista["bid_card"], die=True))
        parts.append(title)
        parts.append(_vox(lanista, short=False))
        parts.append(hand_lines(lanista.get("hand", []), width))
        parts.append(Text("Familia", style="bold underline"))
        parts.extend(familia_lines(view, seat, width))
    for lanista in view.get("lanistae", []):
        if lanista["seat"] == viewer:
            continue
        line = seat_text(lanista["seat"], viewer)
        line.append(" ")
        line.append(" ")
        line.append_text(_vox(lanista, short=True))
        if lanista.get("out"):
            line.append(" · out", style="dim")
        parts.append(line)
        parts.extend(familia_lines(view, lanista["seat"], width))
    return Group(*parts)
