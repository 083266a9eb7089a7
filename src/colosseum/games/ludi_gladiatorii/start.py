"""Turn Sequence 1: the start of a turn (straighten, Historiae's event, the start effects in
the order the lanista chooses) and the champions' designations that interrupt it or the main
phase, then the way into the main phase (`turn.py`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action, Event, public_event
from . import champions, moves, victory
from .model import NOBODY, PHASE, StartEffect
from .tableau import (
    building_enters,
    count_effect,
    discard_gladiator,
    draw_combat,
    draw_from,
    draw_veteran,
    event_is,
    gain_coins,
    novice_for_sale,
    pay_coins,
    show_buildings,
    take_gladiator,
    veterans_left,
)

if TYPE_CHECKING:
    from .fields import LudiFields


# --- 1. Start -------------------------------------------------------------------------------


def begin_turn(s: LudiFields, events: list[Event]) -> None:
    """Turn Sequence 1: straighten, Historiae's event for the round, then the start effects."""
    seat = s.active
    for card in s.gladiators[seat]:
        s.turned[card] = False
    unmarked = [False] * len(s.chained)
    s.chained[:] = unmarked  # in place, as card by card
    s.trample_ready[:] = unmarked
    s.officina_used = False
    if seat == s.start_seat:
        s.round += 1
        limit = int(s.options["round_limit"])
        if limit and s.round > limit:
            victory.finish_on_points(s, events, "ludi.cap.round-limit")
            return
        if s.options["historiae"]:
            _next_event(s, events)
    events.append(public_event("turn", {"seat": seat, "round": s.round}, "ludi.turn.start"))
    s.decider = seat
    s.phase = PHASE["start"]
    # Effects whose order changes nothing are resolved first, by themselves.
    _refill_buildings(s, seat, events)
    for _ in range(count_effect(s, seat, "start_income")):
        _resolve_start(s, "start_income", events)
    if s.phase != PHASE["start"]:
        return
    s.start_pending = _start_effects(s, seat)
    continue_start(s, events)


def _next_event(s: LudiFields, events: list[Event]) -> None:
    """Historiae: at each of the starting player's turns but the first, a new event."""
    if not s.events_started:
        s.events_started = True
        return
    if s.event != NOBODY:
        s.event_discard.append(s.event)
    s.event = draw_from(s, s.event_pile, s.event_discard)
    if s.event != NOBODY:
        code = s.catalog.events[s.event].code
        events.append(Event("event", {"event": code}, rule="ludi.historiae.event-card"))


def _start_effects(s: LudiFields, seat: int) -> list[StartEffect]:
    """The start-of-turn effects `seat` has this turn, to resolve in the order they choose."""
    effects: list[StartEffect] = []
    if event_is(s, "vinalia"):
        effects.append("vinalia")
    if event_is(s, "plaga_galeni"):
        effects.append("plaga_galeni")
    if "plaga_galeni" in effects or len(s.gladiators[seat]) < s.catalog.rules.refill_gladiators:
        effects.append("refill_gladiators")
    for building in s.buildings[seat]:
        effect = s.catalog.buildings[building].effect
        if effect in ("novice_income", "training"):
            effects.append(effect)
    if _needs_champion(s, seat):
        effects.append("champion")
    return effects


def _needs_champion(s: LudiFields, seat: int) -> bool:
    return (
        champions.in_force(s) and s.champion[seat] == NOBODY and bool(champions.candidates(s, seat))
    )


def continue_start(s: LudiFields, events: list[Event]) -> None:
    """Resolve start effects by themselves while there is no choice of order left."""
    pending = s.start_pending
    while len(pending) == 1 and pending[0] not in ("training", "champion"):
        if novice_for_sale(s):  # the Cubiculum's purchase can come before it: a choice
            return
        _resolve_start(s, pending.pop(), events)
    if not pending:
        enter_main(s, events)


def start_actions(s: LudiFields) -> list[Action]:
    actions: list[Action] = []
    for effect in s.start_pending:
        if effect == "training":
            train = s.catalog.moves.gladiator["train"]
            actions.extend(train[g] for g in _trainees(s))
            actions.append(moves.SKIP_TRAINING)
        else:
            actions.append(moves.START[effect])
    return actions


def _trainees(s: LudiFields) -> list[int]:
    """Palaestra: novices that may be traded for the top veteran, if the lanista can pay."""
    if s.coins[s.active] < s.catalog.rules.training_cost or not veterans_left(s):
        return []
    return [g for g in s.gladiators[s.active] if not s.catalog.gladiators[g].veteran]


def apply_start(s: LudiFields, action: Action, events: list[Event]) -> None:
    if action.kind == "start":
        effect = next(e for e in s.start_pending if e == action.args[0])
        s.start_pending.remove(effect)
        _resolve_start(s, effect, events)
        if s.phase != PHASE["start"]:
            return
    else:
        s.start_pending.remove("training")
        if action.kind == "train":
            card = s.catalog.gladiator_by_code[str(action.args[0])]
            rule = "ludi.buildings.palaestra"
            pay_coins(s, s.active, s.catalog.rules.training_cost, events, "Palaestra", rule=rule)
            discard_gladiator(s, card, events, "Palaestra", rule=rule)
            veteran = draw_veteran(s)
            if veteran != NOBODY:
                take_gladiator(s, s.active, veteran, events, "Palaestra", rule=rule)
    continue_start(s, events)


def _resolve_start(s: LudiFields, effect: str, events: list[Event]) -> None:
    seat = s.active
    rules = s.catalog.rules
    if effect == "vinalia":
        gain_coins(s, seat, rules.vinalia_coins, events, "Vinalia", rule="ludi.historiae.vinalia")
    elif effect == "plaga_galeni":
        _plague(s, seat, events)
    elif effect == "refill_gladiators":
        while len(s.gladiators[seat]) < rules.refill_gladiators and s.centre_novices:
            novice = s.centre_novices.pop()
            take_gladiator(s, seat, novice, events, "refill", rule="ludi.turn.refill-gladiators")
    elif effect == "novice_income":
        if any(not s.catalog.gladiators[g].veteran for g in s.gladiators[seat]):
            gain_coins(s, seat, 1, events, "Cubiculum", rule="ludi.buildings.cubiculum")
    elif effect == "start_income":
        gain_coins(s, seat, 1, events, "start of turn", rule="ludi.buildings.start-income")
    elif effect == "champion":
        s.champion_queue.insert(0, seat)
        s.resume = "start"
        next_designation(s, events)


def _plague(s: LudiFields, seat: int, events: list[Event]) -> None:
    """Plaga Galeni: a combat card for each gladiator; a skull discards it."""
    for card in list(s.gladiators[seat]):
        drawn = draw_combat(s)
        if drawn == NOBODY:
            return
        s.combat_discard.append(drawn)
        skull = s.catalog.combat[drawn].skull
        events.append(
            Event(
                "plague",
                {
                    "gladiator": s.catalog.gladiators[card].code,
                    "card": s.catalog.combat[drawn].code,
                    "skull": skull,
                },
                rule="ludi.historiae.plaga-galeni",
            )
        )
        if skull:
            discard_gladiator(s, card, events, "Plaga Galeni", rule="ludi.historiae.plaga-galeni")


def _refill_buildings(s: LudiFields, seat: int, events: list[Event]) -> None:
    """Turn Sequence 1: fewer than 2 buildings: initial buildings from the centre at random."""
    # the names held, found in the loop: in most turns it does not run
    while len(s.buildings[seat]) < s.catalog.rules.refill_buildings:
        names = {s.catalog.buildings[b].name for b in s.buildings[seat]}
        pool = s.centre_buildings + s.building_deck
        choices = [
            b
            for b in pool
            if s.catalog.buildings[b].initial and s.catalog.buildings[b].name not in names
        ]
        if not choices:
            return
        building = choices[s.rng.below(len(choices))]
        if building in s.centre_buildings:
            s.centre_buildings.remove(building)
        else:
            s.building_deck.remove(building)
        building_enters(s, seat, building, events, "refill", rule="ludi.turn.refill-buildings")
        if s.phase == PHASE["over"]:
            return
    if s.options["building_selection"]:
        show_buildings(s)


def enter_main(s: LudiFields, events: list[Event]) -> None:
    s.phase = PHASE["main"]
    s.decider = s.active


# --- the champions' designations ---------------------------------------------------------


def next_designation(s: LudiFields, events: list[Event]) -> None:
    """Ask the next lanista in the queue without a champion to designate one; when none is
    left, go back to where the designations interrupted (`s.resume`)."""
    while s.champion_queue:
        seat = s.champion_queue[0]
        if s.champion[seat] == NOBODY and champions.candidates(s, seat):
            s.phase = PHASE["champion"]
            s.decider = seat
            return
        s.champion_queue.pop(0)
    if s.resume == "start":
        s.phase = PHASE["start"]
        s.decider = s.active
        continue_start(s, events)
    else:
        enter_main(s, events)


def apply_designation(s: LudiFields, action: Action, events: list[Event]) -> None:
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
