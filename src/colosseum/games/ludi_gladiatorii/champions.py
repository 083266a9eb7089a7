"""Modules, Champions: designation, the forced champion defence, the stolen victory point."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action
from .model import NOBODY

if TYPE_CHECKING:
    from .fields import LudiFields


def in_force(s: LudiFields) -> bool:
    """Champions apply once the module is on and a Colosseum stands in someone's ludus."""
    if not s.options["champions"]:
        return False
    buildings = s.catalog.buildings
    return any(buildings[b].effect == "champions" for seat in s.buildings for b in seat)


def candidates(s: LudiFields, seat: int) -> list[int]:
    """Gladiators that can be champion: combat skill 3."""
    needed = s.catalog.rules.champion_combat
    return [g for g in s.gladiators[seat] if s.catalog.gladiators[g].combat >= needed]


def designation_actions(s: LudiFields) -> list[Action]:
    champion = s.catalog.moves.gladiator["champion"]
    return [champion[g] for g in candidates(s, s.decider)]


def forced_defender(s: LudiFields, attacker_seat: int, a_card: int, defender_seat: int) -> int:
    """A champion's challenge: the rival must defend with their champion if it is not chained."""
    if not in_force(s) or s.champion[attacker_seat] != a_card:
        return NOBODY
    champion = s.champion[defender_seat]
    if champion == NOBODY or s.chained[champion]:
        return NOBODY
    return champion


def is_duel(
    s: LudiFields, attacker_seat: int, a_card: int, defender_seat: int, d_card: int
) -> bool:
    """Champion against champion: the winning attacker takes a point from the loser."""
    return (
        in_force(s) and s.champion[attacker_seat] == a_card and s.champion[defender_seat] == d_card
    )
