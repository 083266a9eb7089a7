"""Modules, Champions: designation, the forced champion defence, the stolen victory point."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action, Event
from . import turn  # turn imports this module: its functions are looked up when called
from .model import NOBODY, PHASE

if TYPE_CHECKING:
    from .state import LudiState


def in_force(s: LudiState) -> bool:
    """Champions apply once the module is on and a Colosseum stands in someone's ludus."""
    if not s.options["champions"]:
        return False
    buildings = s.catalog.buildings
    return any(buildings[b].effect == "champions" for seat in s.buildings for b in seat)


def candidates(s: LudiState, seat: int) -> list[int]:
    """Gladiators that can be champion: combat skill 3."""
    needed = s.catalog.rules.champion_combat
    return [g for g in s.gladiators[seat] if s.catalog.gladiators[g].combat >= needed]


def next_designation(s: LudiState, events: list[Event]) -> None:
    """Ask the next lanista in the queue without a champion to designate one; when none is
    left, go back to where the designations interrupted (`s.resume`)."""
    while s.champion_queue:
        seat = s.champion_queue[0]
        if s.champion[seat] == NOBODY and candidates(s, seat):
            s.phase = PHASE["champion"]
            s.decider = seat
            return
        s.champion_queue.pop(0)
    if s.resume == "start":
        s.phase = PHASE["start"]
        s.decider = s.active
        turn.continue_start(s, events)
    else:
        turn.enter_main(s, events)


def designation_actions(s: LudiState) -> list[Action]:
    champion = s.catalog.moves.gladiator["champion"]
    return [champion[g] for g in candidates(s, s.decider)]


def apply_designation(s: LudiState, action: Action, events: list[Event]) -> None:
    seat = s.champion_queue.pop(0)
    card = s.catalog.gladiator_by_code[str(action.args[0])]
    s.champion[seat] = card
    events.append(
        Event(
            "champion",
            {"seat": seat, "gladiator": str(action.args[0])},
            rule="ludi.champions.designate",
        )
    )
    next_designation(s, events)


def forced_defender(s: LudiState, attacker_seat: int, a_card: int, defender_seat: int) -> int:
    """A champion's challenge: the rival must defend with their champion if it is not chained."""
    if not in_force(s) or s.champion[attacker_seat] != a_card:
        return NOBODY
    champion = s.champion[defender_seat]
    if champion == NOBODY or s.chained[champion]:
        return NOBODY
    return champion


def is_duel(s: LudiState, attacker_seat: int, a_card: int, defender_seat: int, d_card: int) -> bool:
    """Champion against champion: the winning attacker takes a point from the loser."""
    return (
        in_force(s) and s.champion[attacker_seat] == a_card and s.champion[defender_seat] == d_card
    )
