"""Variant Buildings (draft): the initial buildings are chosen in turn instead of dealt."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action, Event
from .setup import finish_deal

if TYPE_CHECKING:
    from .state import LudiState


def _held_names(s: LudiState, seat: int) -> set[str]:
    return {s.catalog.buildings[b].name for b in s.buildings[seat]}


def draft_actions(s: LudiState) -> list[Action]:
    """One action per building name the deciding lanista does not hold yet."""
    held = _held_names(s, s.decider)
    seen: set[str] = set()
    actions = []
    for building in s.draft_pool:
        name = s.catalog.buildings[building].name
        if name not in held and name not in seen:
            seen.add(name)
            actions.append(Action("take", s.catalog.buildings[building].code))
    return actions


def apply_draft(s: LudiState, action: Action, events: list[Event]) -> None:
    """Lanistae take one initial building each in turn, from seat 0, until each holds three;
    the rest go to the centre, and the buildings enter play with their benefits (as if dealt).
    Whoever took the Casula starts; if nobody did, seat 0 starts."""
    building = s.catalog.building_by_code[str(action.args[0])]
    s.draft_pool.remove(building)
    s.buildings[s.decider].append(building)
    events.append(Event("drafted", {"seat": s.decider, "building": str(action.args[0])}))
    if all(len(b) >= s.catalog.rules.buildings_dealt for b in s.buildings):
        hands = [list(b) for b in s.buildings]
        s.buildings = [[] for _ in range(s.num_players)]
        s.centre_buildings.extend(s.draft_pool)
        s.draft_pool = []
        finish_deal(s, hands, events)
        return
    s.decider = (s.decider + 1) % s.num_players
