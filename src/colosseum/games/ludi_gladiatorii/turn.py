"""Turn Sequence 2: the main phase (work, build, demolish, chain, collect, the Lapicidinae).
The start of a turn is `start.py`; combat and auctions have their own modules; what the book
offers beside the step in progress (the Cubiculum's novices, Saturnalia...) is in
`anytime`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from ...core.actions import Action, Event, public_event
from . import auction, combat, moves, start
from .model import NOBODY, PHASE, RIVALS, PhaseName
from .tableau import (
    building_enters,
    building_leaves,
    event_is,
    gain_coins,
    has_effect,
    pay_coins,
    show_buildings,
)

if TYPE_CHECKING:
    from .fields import LudiFields


# --- 2. Main phase --------------------------------------------------------------------------


def straight(s: LudiFields, seat: int) -> list[int]:
    return [g for g in s.gladiators[seat] if not s.turned[g]]


def construction_of(s: LudiFields, cards: list[int]) -> int:
    return sum(s.catalog.gladiators[g].construction for g in cards)


def build_cost(s: LudiFields, building: int, demolish: bool) -> int:
    """Construction or demolition cost; Ars Augusti lowers both by 1 this round."""
    spec = s.catalog.buildings[building]
    return max(0, (spec.demolition if demolish else spec.cost) - _cost_discount(s))


def _cost_discount(s: LudiFields) -> int:
    """What Ars Augusti takes off every construction and demolition cost this round."""
    return 1 if event_is(s, "ars_augusti") else 0


def _demolishable(s: LudiFields, building: int) -> bool:
    """Buildings with victory points can never be demolished or destroyed."""
    return s.catalog.buildings[building].points == 0


def _can_raze_for_quarry(s: LudiFields, seat: int, power: int) -> bool:
    """The Lapicidinae is paid for by demolishing one of your own buildings."""
    return any(_demolishable(s, b) and build_cost(s, b, True) <= power for b in s.buildings[seat])


def buildable(s: LudiFields, seat: int) -> list[int]:
    """One centre card per building name the lanista can build now (Main phase, Build): room
    for it (5 at most; the Lapicidinae replaces one), no name twice, enough construction."""
    ready = straight(s, seat)
    if not ready:
        return []
    power = construction_of(s, ready)
    return _buildable(s, seat, power, _reach(s, power))


def _reach(s: LudiFields, power: int) -> int:
    """The highest printed cost `power` construction points pay this round: a cost <= reach is
    one Ars Augusti lowers to <= power."""
    return power + _cost_discount(s)


def _buildable(
    s: LudiFields,
    seat: int,
    power: int,
    reach: int,
    raze: bool | None = None,
    seen: set[str] | None = None,
) -> list[int]:
    """`buildable` for a lanista with a straight gladiator, `power` construction points and
    their `_reach` (`raze`: `_can_raze_for_quarry`, and `seen`: a new set of the names of his
    buildings, if the caller knows them)."""
    specs = s.catalog.buildings
    owned = s.buildings[seat]
    full = len(owned) >= s.catalog.rules.max_buildings
    if seen is None:
        seen = {specs[b].name for b in owned}
    result = []
    for building in s.centre_buildings:
        spec = specs[building]
        if spec.name in seen:  # the first test: it settles most cards
            continue
        if spec.effect == "quarry":
            if raze is None:
                raze = _can_raze_for_quarry(s, seat, power)
            if not raze:
                continue
        elif full or spec.cost > reach:
            continue
        seen.add(spec.name)
        result.append(building)
    return result


def main_actions(s: LudiFields) -> list[Action]:
    """Every action of the main phase open to the active lanista, and `end` (the actions
    offered at other moments too are in `anytime`)."""
    seat = s.active
    cat = s.catalog
    specs = cat.gladiators
    on_card = cat.moves.gladiator
    fight, work = on_card["fight"], on_card["work"]
    chain, collect = on_card["chain"], on_card["collect"]
    turned, trample = s.turned, s.trample_ready
    effects = s.effects[seat]  # `effects_of`: one look for the Officina and the Lapicidinae
    rivals = RIVALS[s.num_players][seat]
    workshop = not s.officina_used and "workshop" in effects
    # one walk of the rivals: their gladiators, their coins, and whether one can defend
    # (`combat.anyone_to_fight`: a gladiator not chained)
    rivals_with_gladiators = rivals_with_coins = defended = False
    chained = s.chained
    for rival in rivals:
        if s.coins[rival] > 0:
            rivals_with_coins = True
        for card in s.gladiators[rival]:
            rivals_with_gladiators = True
            if not chained[card]:
                defended = True
                break
    # `combat.can_fight` with what it asks of every gladiator worked out once
    prices = combat.fight_prices(s) if defended else None
    coins = s.coins[seat]
    actions: list[Action] = []
    power = 0  # the construction of the straight gladiators (`construction_of`)
    ready = False
    for card in s.gladiators[seat]:
        spec = specs[card]
        if prices is not None and (
            trample[card] or (not turned[card] and coins >= prices[spec.veteran])
        ):
            actions.append(fight[card])
        if turned[card]:
            continue
        ready = True
        power += spec.construction
        actions.append(work[card])
        if (
            (spec.ability == "chain" or workshop)
            and spec.construction > 0
            and rivals_with_gladiators
        ):
            actions.append(chain[card])
        if spec.ability == "collect" and rivals_with_coins:
            actions.append(collect[card])
    if ready:
        _add_building_actions(s, seat, power, actions)
    if "quarry" in effects and coins >= cat.rules.quarry_destroy_cost:
        quarry = cat.moves.building["quarry"]
        for rival in rivals:
            for building in s.buildings[rival]:
                if _demolishable(s, building):
                    actions.append(quarry[building])
    actions.append(moves.END)
    return actions


def _add_building_actions(s: LudiFields, seat: int, power: int, actions: list[Action]) -> None:
    """Main phase, Build and Demolish: add to `actions` what `seat`, with a straight gladiator
    and `power` construction points, can build, then what he can demolish."""
    cat = s.catalog
    specs = cat.buildings
    on_building = cat.moves.building
    demolish = on_building["demolish"]
    reach = _reach(s, power)
    razable = []  # the buildings he could demolish now (`_can_raze_for_quarry` if any)
    names = set()  # the names he holds (`_buildable`'s `seen`), in the same walk
    for building in s.buildings[seat]:
        spec = specs[building]
        names.add(spec.name)
        if spec.points == 0 and spec.demolition <= reach:
            razable.append(demolish[building])
    build = on_building["build"]
    for building in _buildable(s, seat, power, reach, bool(razable), names):  # no generator
        actions.append(build[building])
    actions.extend(razable)


def apply_main(s: LudiFields, action: Action, events: list[Event]) -> None:
    seat = s.active
    cat = s.catalog
    kind = action.kind
    arg = str(action.args[0]) if action.args else ""
    if kind == "fight":
        combat.declare(s, cat.gladiator_by_code[arg], events)
    elif kind == "work":
        card = cat.gladiator_by_code[arg]
        s.turned[card] = True
        amount = cat.gladiators[card].work + (1 if has_effect(s, seat, "work_income") else 0)
        events.append(public_event("work", {"seat": seat, "gladiator": arg}, "ludi.main.work"))
        gain_coins(s, seat, amount, events, "work", rule="ludi.main.work")
    elif kind == "build":
        _start_job(s, "build", cat.building_by_code[arg], events)
    elif kind == "demolish":
        _start_job(s, "demolish", cat.building_by_code[arg], events)
    elif kind == "chain":
        card = cat.gladiator_by_code[arg]
        s.turned[card] = True
        if cat.gladiators[card].ability != "chain":
            s.officina_used = True
        s.chain_card = card
        s.chain_left = cat.gladiators[card].construction
        _choose_rival(
            s,
            "chain_target",
            [r for r in range(s.num_players) if r != seat and s.gladiators[r]],
            events,
        )
    elif kind == "collect":
        card = cat.gladiator_by_code[arg]
        s.turned[card] = True
        s.collect_card = card
        _choose_rival(
            s,
            "collect_target",
            [r for r in range(s.num_players) if r != seat and s.coins[r] > 0],
            events,
        )
    elif kind == "quarry":
        _quarry(s, cat.building_by_code[arg], events)
    else:  # end
        events.append(public_event("main_end", {"seat": seat}, "ludi.main.end"))
        auction.enter(s, events)


def _choose_rival(s: LudiFields, phase: PhaseName, rivals: list[int], events: list[Event]) -> None:
    """Ask which rival, unless there is only one."""
    s.phase = PHASE[phase]
    s.decider = s.active
    if len(rivals) == 1:
        apply_target(s, rivals[0], events)


def target_actions(s: LudiFields) -> list[Action]:
    seat = s.active
    rivals = [r for r in range(s.num_players) if r != seat]
    if s.phase == PHASE["chain_target"]:
        rivals = [r for r in rivals if s.gladiators[r]]
    else:
        rivals = [r for r in rivals if s.coins[r] > 0]
    return [moves.TARGET[r] for r in rivals]


def apply_target(s: LudiFields, rival: int, events: list[Event]) -> None:
    """Chain or Collect aimed at a rival lanista."""
    if s.phase == PHASE["collect_target"]:
        s.coins[rival] -= 1
        s.coins[s.active] += 1
        events.append(
            Event(
                "collect",
                {
                    "seat": s.active,
                    "from": rival,
                    "gladiator": s.catalog.gladiators[s.collect_card].code,
                },
                rule="ludi.abilities.collect",
            )
        )
        s.collect_card = NOBODY
        start.enter_main(s, events)
        return
    s.chain_target = rival
    s.phase = PHASE["chain_pick"]
    _continue_chain(s, events)


def chain_actions(s: LudiFields) -> list[Action]:
    cards = [g for g in s.gladiators[s.chain_target] if not s.chained[g]]
    bind = s.catalog.moves.gladiator["bind"]
    actions: list[Action] = [bind[g] for g in cards]
    actions.append(moves.DONE)
    return actions


def apply_chain(s: LudiFields, action: Action, events: list[Event]) -> None:
    """Chain / Officina: up to X rival gladiators cannot fight (defend) during this turn."""
    if action.kind == "done":
        s.chain_left = 0
    else:
        card = s.catalog.gladiator_by_code[str(action.args[0])]
        s.chained[card] = True
        s.chain_left -= 1
        chainer = s.catalog.gladiators[s.chain_card]
        rule = "ludi.abilities.chain" if chainer.ability == "chain" else "ludi.buildings.officina"
        events.append(
            Event("chained", {"seat": s.active, "gladiator": str(action.args[0])}, rule=rule)
        )
    _continue_chain(s, events)


def _continue_chain(s: LudiFields, events: list[Event]) -> None:
    free = [g for g in s.gladiators[s.chain_target] if not s.chained[g]]
    if s.chain_left <= 0 or not free:
        s.chain_card, s.chain_left, s.chain_target = NOBODY, 0, NOBODY
        start.enter_main(s, events)


def _quarry(s: LudiFields, building: int, events: list[Event]) -> None:
    """Lapicidinae: pay 2 coins to destroy a rival's building and your Lapicidinae."""
    seat = s.active
    rule = "ludi.buildings.lapicidinae"
    pay_coins(s, seat, s.catalog.rules.quarry_destroy_cost, events, "Lapicidinae", rule=rule)
    rival = next(r for r in range(s.num_players) if building in s.buildings[r])
    building_leaves(s, rival, building, events, "destroyed", rule=rule)
    own = next(b for b in s.buildings[seat] if s.catalog.buildings[b].effect == "quarry")
    building_leaves(s, seat, own, events, "used", rule=rule)
    if s.options["building_selection"]:
        show_buildings(s)


# --- build and demolish ---------------------------------------------------------------------


def _start_job(
    s: LudiFields, kind: Literal["build", "demolish"], building: int, events: list[Event]
) -> None:
    """Build or demolish: gladiators are then added one by one until the cost is met."""
    s.job_building = building
    s.job_used = 0
    spec = s.catalog.buildings[building]
    if kind == "build" and spec.effect == "quarry":
        s.job_kind = "quarry"
        s.phase = PHASE["quarry"]
        return
    s.job_kind = kind
    s.job_left = build_cost(s, building, kind == "demolish")
    s.phase = PHASE["use"]
    rule = "ludi.main.build" if kind == "build" else "ludi.main.demolish"
    data = {"seat": s.active, "building": spec.code}
    events.append(public_event(kind + "_start", data, rule))


def quarry_actions(s: LudiFields) -> list[Action]:
    power = construction_of(s, straight(s, s.active))
    raze = s.catalog.moves.building["raze"]
    return [
        raze[b]
        for b in s.buildings[s.active]
        if _demolishable(s, b) and build_cost(s, b, True) <= power
    ]


def apply_quarry(s: LudiFields, action: Action, events: list[Event]) -> None:
    """Lapicidinae's cost: demolish one of your buildings; the Lapicidinae is built then."""
    razed = s.catalog.building_by_code[str(action.args[0])]
    s.job_kind = "quarry_build"
    s.job_left = build_cost(s, razed, True)
    s.job_used = 0
    s.job_razed = razed  # the building to demolish when the cost is met
    s.phase = PHASE["use"]


def use_actions(s: LudiFields) -> list[Action]:
    """Gladiators that can still help; a job is only offered when it can be finished."""
    ready = straight(s, s.active)
    use = s.catalog.moves.gladiator["use"]
    return [use[g] for g in ready]


def apply_use(s: LudiFields, action: Action, events: list[Event]) -> None:
    """Each gladiator helps one job only; surplus construction points are lost."""
    card = s.catalog.gladiator_by_code[str(action.args[0])]
    s.turned[card] = True
    s.job_used += 1
    s.job_left -= s.catalog.gladiators[card].construction
    if s.job_left > 0:
        return  # the gladiators still straight can always finish it (it was offered so)
    seat = s.active
    building = s.job_building
    if s.job_kind == "demolish":
        building_leaves(s, seat, building, events, "demolished", rule="ludi.main.demolish")
    else:
        if s.job_kind == "quarry_build":
            razed = s.job_razed
            building_leaves(s, seat, razed, events, "demolished", rule="ludi.buildings.lapicidinae")
            s.job_razed = NOBODY
        if building in s.centre_buildings:
            s.centre_buildings.remove(building)
        building_enters(s, seat, building, events, "built", rule="ludi.main.build")
    if s.options["building_selection"]:
        show_buildings(s)
    s.job_kind, s.job_building, s.job_left, s.job_used = "", NOBODY, 0, 0
    s.resume = "main"
    start.next_designation(s, events)
