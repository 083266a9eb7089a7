"""Ludi Gladiatorii for a full-screen terminal: the table and the seat's own panel, each drawn
to fit the room it is given (80×24 and up), from a seat's view only.

`render_compact` shows the turn and the decision, the buildings to build, the piles and
supplies, a line for each lanista, then a combat or an auction in progress (the panels of
`render`). `render_panel` shows the viewer's own lanista: coins and victory points, gladiators
straight ▲ or turned ▼ with their values, buildings with their effects, the combat hand; a
spectator gets every lanista.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from ...core.seats import plural, possessive, seat_style, seat_text
from .render import _capacity, _flags, auction_panel, combat_panel
from .render_cards import (
    ABILITY_WORDS,
    PHASE_WORDS,
    STRAIGHT,
    STRAIGHT_STYLE,
    TURNED,
    TURNED_STYLE,
    View,
    building_effect,
    building_kinds,
    building_name,
    building_spec,
    building_text,
    card_short,
    card_text,
    catalog,
    event_card,
    use_data,
)
from .render_legend import render_legend as render_legend


def _target(options: Mapping[str, Any]) -> int:
    return int(options.get("victory_points") or catalog().rules.victory_points)


def turn_text(view: View) -> Text:
    """Round, whose turn, the phase in words and who decides."""
    viewer = view.get("seat")
    phase = str(view.get("phase"))
    text = Text()
    if phase == "over":
        winners = view.get("winners", [])
        text.append("Game over: ", style="bold")
        text.append_text(Text(" and ").join(seat_text(s, viewer) for s in winners) or Text("—"))
        return text
    text.append(f"Round {view.get('round')} ", style="bold")
    text.append_text(possessive(view.get("active"), viewer))
    text.append(" turn · ")
    text.append(PHASE_WORDS.get(phase, phase), style="italic")
    if view.get("current_player") != view.get("active"):
        text.append(" · deciding ")
        text.append_text(seat_text(view.get("current_player"), viewer))
    return text


def centre_text(view: View) -> Text:
    """The buildings to build (name, cost, entry points) and the piles and supplies."""
    centre = view["centre"]
    text = Text()
    text.append("Build ", style="bold")
    kinds = building_kinds(centre["buildings"])
    for i, same in enumerate(kinds):
        if i:
            text.append(" · ")
        spec = building_spec(same[0])
        text.append_text(building_text(same[0]))
        if len(same) > 1:
            text.append(f"×{len(same)}")
        if spec is not None:
            cost = "razes" if spec.effect == "quarry" else f"{spec.cost}c"
            text.append(f" {cost}", style="dim")
    if not kinds:
        text.append("none", style="dim")
    if view.get("draft_pool"):
        text.append("\nDraft ", style="bold")
        text.append(", ".join(building_name(c) for c in view["draft_pool"]))
    text.append("\nNovices ", style="bold")
    text.append(str(centre["novices"]))
    text.append("  Veterans ", style="bold")
    text.append(f"{centre['veteran_pile']} ({len(centre['veteran_discard'])} out)")
    text.append("  Combat ", style="bold")
    text.append(str(centre["combat_pile"]))
    text.append("  Supply ", style="bold")
    text.append(f"{centre['coins']}c {centre['points']}VP")
    if centre.get("event") is not None:
        name, words = event_card(centre["event"])
        text.append("\nEvent ", style="bold")
        text.append(name, style="bold magenta")
        if words:
            text.append(f": {words}")
    return text


def _marks(lanista: Mapping[str, Any]) -> Text:
    text = Text()
    for entry in lanista["gladiators"]:
        if entry["turned"]:
            text.append(TURNED, style=TURNED_STYLE)
        else:
            text.append(STRAIGHT, style=STRAIGHT_STYLE)
    return text


def lanista_line(view: View, lanista: Mapping[str, Any], target: int) -> Text:
    """A lanista on a line: coins, points, gladiators straight or turned, buildings, hand."""
    seat = lanista["seat"]
    text = Text()
    text.append_text(seat_text(seat, view.get("seat")))
    text.append(f" {lanista['coins']}c ")
    text.append(f"{lanista['points']}/{target}VP ", style="bold yellow")
    text.append_text(_marks(lanista))
    text.append(f" {len(lanista['gladiators'])}/{_capacity(lanista)} ")
    text.append(", ".join(building_name(c) for c in lanista["buildings"]), style="dim")
    if lanista.get("combat_hand"):
        text.append(f" · {plural(lanista['combat_hand'], 'card')}")
    return text


def render_compact(
    view: View,
    options: Mapping[str, Any] | None = None,
    legal: Sequence[str] = (),
    width: int = 80,
    height: int = 24,
) -> RenderableType:
    """The table in `width` × `height` characters (the panel holding it scrolls beyond)."""
    options = options or {}
    use_data(str(options.get("data") or ""))
    target = _target(options)
    parts: list[RenderableType] = [turn_text(view)]
    if view.get("combat"):  # what the decision is about first, on the screen's first lines
        parts.append(combat_panel(view, options))
    if view.get("auction"):
        parts.append(auction_panel(view, options))
    parts.append(centre_text(view))
    parts.extend(lanista_line(view, lanista, target) for lanista in view.get("lanistae", []))
    return Group(*parts)


# --- the panel ------------------------------------------------------------------------------


def gladiator_line(entry: Mapping[str, Any], seat: int) -> Text:
    """ "▲ Samnis samnis vet C2 W1 B0 Precision" with its tokens."""
    turned = entry["turned"]
    text = Text()
    text.append(TURNED if turned else STRAIGHT, style=TURNED_STYLE if turned else STRAIGHT_STYLE)
    text.append(f" {entry['name']}", style=f"bold {seat_style(seat)}")
    if entry["code"] != entry["name"].lower():
        text.append(f" {entry['code']}", style="dim")
    text.append(" vet" if entry["veteran"] else " nov", style="" if entry["veteran"] else "dim")
    text.append(f" C{entry['combat']} W{entry['work']} B{entry['construction']}")
    if entry.get("ability"):
        text.append(f" {ABILITY_WORDS.get(entry['ability'], entry['ability'])}", style="cyan")
    flags = _flags(entry)
    if flags:
        text.append(" ")
        text.append_text(flags)
    return text


def own_lanista(
    view: View, lanista: Mapping[str, Any], target: int, width: int, decision: bool
) -> list[Text]:
    """A lanista in full: coins, points, gladiators, buildings, the combat hand if seen."""
    seat = lanista["seat"]
    head = Text()
    head.append_text(seat_text(seat, view.get("seat")))
    head.append(f"\n{plural(lanista['coins'], 'coin')} · ")
    head.append(f"{lanista['points']}/{target} VP", style="bold yellow")
    lines = [head]
    room = f"Gladiators {len(lanista['gladiators'])} (room for {_capacity(lanista)})"
    lines.append(Text(room, style="bold"))
    lines.extend(gladiator_line(entry, seat) for entry in lanista["gladiators"])
    lines.append(Text(f"Buildings {len(lanista['buildings'])}", style="bold"))
    for code in lanista["buildings"]:
        spec = building_spec(code)
        line = building_text(code)
        if spec is not None:
            line.append(f" {building_effect(spec)}", style="dim")
        lines.append(line)
    cards = lanista.get("combat_hand_cards")
    if cards is not None and (cards or decision):
        hand = Text("Your combat hand: ", style="bold")
        if not cards:
            hand.append("empty", style="dim")
        for i, code in enumerate(cards):
            if i:
                hand.append(" · ")
            hand.append_text(card_text(code) if width >= 40 else Text(card_short(code)))
        lines.append(hand)
    return lines


def render_panel(
    view: View, options: Mapping[str, Any] | None = None, width: int = 30, height: int = 12
) -> RenderableType:
    """The viewer's own lanista in full (every lanista for a spectator)."""
    options = options or {}
    use_data(str(options.get("data") or ""))
    target = _target(options)
    viewer = view.get("seat")
    lines: list[Text] = []
    for lanista in view.get("lanistae", []):
        if viewer is None or lanista["seat"] == viewer:
            decision = bool(options.get("combat_decision"))
            lines.extend(own_lanista(view, lanista, target, width, decision))
    legend = Text(f"{STRAIGHT} straight (can act) {TURNED} turned  C/W/B combat, work, build")
    legend.stylize("dim")
    lines.append(legend)
    return Group(*lines)
