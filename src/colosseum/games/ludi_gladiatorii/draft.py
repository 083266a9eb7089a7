"""Variant Buildings (draft): the initial buildings are chosen in turn instead of dealt."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action, Event
from .setup import finish_deal
from .tableau import buildings_changed

if TYPE_CHECKING:
    from .fields import LudiFields


def _held_names(s: LudiFields, seat: int) -> set[str]:
    return {s.catalog.buildings[b].name for b in s.buildings[seat]}


def _choices(s: LudiFields) -> list[int]:
    """One card per building name the deciding lanista does not hold yet, from the initial
    buildings; a lanista left with only names they hold takes from the rest of the centre
    (buildings without points), so that every ludus starts with three different buildings."""
    held = _held_names(s, s.decider)
    rest = [b for b in s.centre_buildings if not s.catalog.buildings[b].points]
    for pool in (s.draft_pool, rest):
        seen: set[str] = set()
        choices = []
        for building in pool:
            name = s.catalog.buildings[building].name
            if name not in held and name not in seen:
                seen.add(name)
                choices.append(building)
        if choices:
            return choices
    return []


def draft_actions(s: LudiFields) -> list[Action]:
    take = s.catalog.moves.building["take"]
    return [take[b] for b in _choices(s)]


def apply_draft(s: LudiFields, action: Action, events: list[Event]) -> None:
    """Lanistae take one initial building each in turn, from seat 0, until each holds three;
    the rest go to the centre, and the buildings enter play with their benefits (as if dealt).
    Whoever took the Casula starts; if nobody did, seat 0 starts."""
    building = s.catalog.building_by_code[str(action.args[0])]
    if building in s.draft_pool:
        s.draft_pool.remove(building)
    else:
        s.centre_buildings.remove(building)
    s.buildings[s.decider].append(building)
    buildings_changed(s, s.decider)
    events.append(
        Event(
            "drafted",
            {"seat": s.decider, "building": str(action.args[0])},
            rule="ludi.variant.building-draft",
        )
    )
    if all(len(b) >= s.catalog.rules.buildings_dealt for b in s.buildings):
        hands = [list(b) for b in s.buildings]
        s.buildings = [[] for _ in range(s.num_players)]
        buildings_changed(s)
        s.centre_buildings.extend(s.draft_pool)
        s.draft_pool = []
        finish_deal(s, hands, events, "ludi.variant.building-draft")
        return
    s.decider = (s.decider + 1) % s.num_players
