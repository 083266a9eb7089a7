"""What every reachable Ludi Gladiatorii state keeps true, checked on a loaded position.

The schema (`position.py`) has checked types and ranges; these are the rules of the game that
tie the fields together: Components (36 coins, 25 points, 15 Public Favor tokens, every card in
exactly one place), Turn Sequence 2 (5 buildings at most, no name twice), and a pending
decision that the rules could have reached and that can be taken. A state that breaks one is
refused with an `InvalidRecord` naming the field, so it never fails later in play.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...core.positions import invalid
from . import rules
from .anytime import held
from .champions import candidates
from .model import NOBODY, PHASE, PHASES
from .tableau import capacity, has_effect, has_room, veterans_left
from .turn import build_cost, construction_of, straight

if TYPE_CHECKING:
    from .fields import LudiFields

COMBAT_PHASES = {
    PHASE[name]
    for name in (
        "fight_target",
        "fight_defender",
        "reserve",
        "combat_card",
        "favor",
        "favor_apply",
        "infirmary",
    )
}
AUCTION_PHASES = {PHASE["offer"], PHASE["decimatio"], PHASE["bid"]}
ACTIVE_DECIDES = {
    PHASE[name]
    for name in (
        "start",
        "main",
        "use",
        "quarry",
        "chain_target",
        "chain_pick",
        "collect_target",
        "fight_target",
        "discard",
        "auction",
        "offer",
    )
}
OPTION_OF_PHASE = {
    "draft": "building_draft",
    "reserve": "combat_reserve",
    "combat_card": "combat_decision",
    "decimatio": "decimatio_auctions",
}


def check(s: LudiFields) -> None:
    """Every invariant, or InvalidRecord naming the first field that breaks one."""
    _seats(s)
    _lengths(s)
    _cards(s)
    _tokens(s)
    _ludi(s)
    _flags(s)
    _phase(s)
    _combat(s)
    _auction(s)
    _job_and_chain(s)
    if s.phase != PHASE["over"] and not rules.legal_actions(s):
        raise invalid("phase", f"no legal action in phase {PHASES[s.phase]!r}")


def _seats(s: LudiFields) -> None:
    n = s.num_players
    for name in ("active", "start_seat", "decider"):
        if not 0 <= getattr(s, name) < n:
            raise invalid(name, f"seat {getattr(s, name)} is not in this {n}-player game")
    for name in ("champion_queue", "winning_seats"):
        for seat in getattr(s, name):
            if not 0 <= seat < n:
                raise invalid(name, f"seat {seat} is not in this {n}-player game")
    if len(set(s.winning_seats)) != len(s.winning_seats):
        raise invalid("winning_seats", "a seat is listed twice")
    if s.chain_target >= n:
        raise invalid("chain_target", f"seat {s.chain_target} is not in the game")


def _lengths(s: LudiFields) -> None:
    n = s.num_players
    for name in ("coins", "points", "champion", "gladiators", "buildings", "hands"):
        if len(getattr(s, name)) != n:
            raise invalid(name, f"needs one entry per seat ({n}), has {len(getattr(s, name))}")
    cards = len(s.catalog.gladiators)
    for name in ("turned", "chained", "favor", "trample_ready"):
        if len(getattr(s, name)) != cards:
            raise invalid(name, f"needs one flag per gladiator card ({cards})")


def _exactly_once(field: str, places: dict[str, list[int]], expected: list[int]) -> None:
    """Every card of `expected` in exactly one of `places`, and nothing else."""
    allowed = set(expected)
    seen: Counter[int] = Counter()
    for name, cards in places.items():
        for card in cards:
            if card not in allowed:
                raise invalid(name, f"card {card} is not a {field} card of this game")
            seen[card] += 1
            if seen[card] > 1:
                raise invalid(name, f"{field} card {card} is in two places")
    missing = sorted(allowed - set(seen))
    if missing:
        raise invalid(field, f"cards {missing} are nowhere")


def _cards(s: LudiFields) -> None:
    """Components: every card of the game in exactly one place."""
    cat = s.catalog
    glads: dict[str, list[int]] = {f"gladiators.{i}": c for i, c in enumerate(s.gladiators)}
    glads.update(
        centre_novices=s.centre_novices,
        veteran_pile=s.veteran_pile,
        veteran_discard=s.veteran_discard,
    )
    if s.auction is not None:
        glads["auction.revealed"] = s.auction.revealed
    _exactly_once("gladiator", glads, s.in_play["gladiators"])
    for name in ("centre_novices",):
        if any(cat.gladiators[g].veteran for g in getattr(s, name)):
            raise invalid(name, "holds a veteran (novices only)")
    for name in ("veteran_pile", "veteran_discard"):
        if any(not cat.gladiators[g].veteran for g in getattr(s, name)):
            raise invalid(name, "holds a novice (veterans only)")
    if s.auction is not None and any(not cat.gladiators[g].veteran for g in s.auction.revealed):
        raise invalid("auction.revealed", "holds a novice (veterans only)")
    builds: dict[str, list[int]] = {f"buildings.{i}": c for i, c in enumerate(s.buildings)}
    builds.update(
        centre_buildings=s.centre_buildings, building_deck=s.building_deck, draft_pool=s.draft_pool
    )
    _exactly_once("building", builds, s.in_play["buildings"])
    combats: dict[str, list[int]] = {f"hands.{i}": c for i, c in enumerate(s.hands)}
    combats.update(combat_pile=s.combat_pile, combat_discard=s.combat_discard)
    if s.combat is not None:
        combats["combat.revealed"] = s.combat.revealed
    _exactly_once("combat", combats, list(range(len(cat.combat))))
    events = {"event_pile": s.event_pile, "event_discard": s.event_discard}
    if s.event != NOBODY:
        events["event"] = [s.event]
    _exactly_once("event", events, s.in_play["events"])
    if s.building_deck and (not s.options["building_selection"] or s.phase == PHASE["draft"]):
        raise invalid("building_deck", "only the selection variant has a deck, after the draft")
    if s.draft_pool and s.phase != PHASE["draft"]:
        raise invalid("draft_pool", "holds buildings outside the draft")
    if (
        s.options["building_selection"]
        and s.phase != PHASE["draft"]
        and len(s.centre_buildings) > s.catalog.rules.selection_shown
    ):
        raise invalid("centre_buildings", "shows more buildings than the selection variant")
    limit = s.catalog.rules.decision_hand
    for seat, hand in enumerate(s.hands):
        if hand and not s.options["combat_decision"]:
            raise invalid(f"hands.{seat}", "only the combat decision variant has hands")
        if held(s, seat) > limit:
            raise invalid(f"hands.{seat}", f"holds more than {limit} combat cards")
    if s.events_started and not s.options["historiae"]:
        raise invalid("events_started", "true without Historiae")


def _tokens(s: LudiFields) -> None:
    """Components: the coins, points and Public Favor tokens of the box, none negative."""
    rules = s.catalog.rules
    if sum(s.coins) + s.supply_coins != rules.coin_tokens:
        raise invalid("supply_coins", f"coins and supply must add up to {rules.coin_tokens}")
    if sum(s.points) + s.supply_points != rules.point_tokens:
        raise invalid("supply_points", f"points and supply must add up to {rules.point_tokens}")
    tokens = rules.favor_tokens if s.options["public_favor"] else 0
    if sum(s.favor) + s.supply_favor != tokens:
        raise invalid("supply_favor", f"tokens on gladiators and supply must add up to {tokens}")


def _ludi(s: LudiFields) -> None:
    """Turn Sequence 2: 5 buildings at most, never two of one name; champions."""
    cat = s.catalog
    for seat, cards in enumerate(s.buildings):
        names = [cat.buildings[b].name for b in cards]
        if len(names) > cat.rules.max_buildings:
            raise invalid(f"buildings.{seat}", f"more than {cat.rules.max_buildings} buildings")
        if len(set(names)) != len(names):
            raise invalid(f"buildings.{seat}", "two buildings of one name")
    for seat, card in enumerate(s.champion):
        if card == NOBODY:
            continue
        if not s.options["champions"]:
            raise invalid(f"champion.{seat}", "a champion without the Champions module")
        if card not in s.gladiators[seat]:
            raise invalid(f"champion.{seat}", "the champion is not one of the seat's gladiators")
        if cat.gladiators[card].combat < cat.rules.champion_combat:
            raise invalid(f"champion.{seat}", "a champion needs combat 3")


def _flags(s: LudiFields) -> None:
    """Flags only on gladiators in a ludus; chains on the rivals of the active lanista,
    Trample on the active lanista's turned gladiators."""
    owner = {g: seat for seat, cards in enumerate(s.gladiators) for g in cards}
    for name in ("turned", "chained", "favor", "trample_ready"):
        for card, on in enumerate(getattr(s, name)):
            if on and card not in owner:
                raise invalid(f"{name}.{card}", "set on a gladiator in no ludus")
    for card, on in enumerate(s.chained):
        if on and owner[card] == s.active:
            raise invalid(f"chained.{card}", "the active lanista's own gladiator is chained")
    for card, on in enumerate(s.trample_ready):
        if on and (owner[card] != s.active or not s.turned[card]):
            raise invalid(f"trample_ready.{card}", "only a turned gladiator of the active seat")


def _phase(s: LudiFields) -> None:
    """The pending decision: its option in play, its decider, what it needs."""
    name = PHASES[s.phase]
    option = OPTION_OF_PHASE.get(name)
    if option and not s.options[option]:
        raise invalid("phase", f"{name!r} needs the option {option}")
    over = s.phase == PHASE["over"]
    if over != bool(s.winning_seats):
        raise invalid("winning_seats", "winners exactly when the phase is 'over'")
    if (s.combat is not None) != (s.phase in COMBAT_PHASES):
        raise invalid("combat", f"a combat in progress exactly in the combat phases, not {name!r}")
    if (s.auction is not None) != (s.phase in AUCTION_PHASES):
        raise invalid("auction", f"an auction in progress exactly in its phases, not {name!r}")
    if s.phase in ACTIVE_DECIDES and s.decider != s.active:
        raise invalid("decider", f"the active lanista decides in phase {name!r}")
    if over:
        return
    target = int(s.options["victory_points"])
    if max(s.points) >= target:
        raise invalid("points", f"a lanista has {target} points but the game goes on")
    if s.supply_points == 0:
        raise invalid("supply_points", "the points ran out but the game goes on")
    limit = int(s.options["round_limit"])
    if limit and s.round > limit:
        raise invalid("round", f"past the round_limit {limit} but the game goes on")
    if s.phase == PHASE["draft"]:
        if s.round != 0:
            raise invalid("round", "the draft comes before round 1")
        base = len(s.buildings[s.decider])
        if base >= s.catalog.rules.buildings_dealt:
            raise invalid("decider", "this lanista has drafted all their buildings")
        for seat, cards in enumerate(s.buildings):  # in turn from seat 0
            if len(cards) != base + (1 if seat < s.decider else 0):
                raise invalid(f"buildings.{seat}", "the draft goes in turn from seat 0")
        return
    if s.round < 1:
        raise invalid("round", "the game has started: round 1 or later")
    if s.phase == PHASE["start"] and not s.start_pending:
        raise invalid("start_pending", "the start phase needs an effect to resolve")
    if len(set(s.start_pending)) != len(s.start_pending):
        raise invalid("start_pending", "an effect is listed twice")
    if s.start_pending and s.phase not in (PHASE["start"], PHASE["champion"]):
        raise invalid("start_pending", "start effects outside the start of a turn")
    if s.phase == PHASE["champion"]:
        _champion_phase(s)
    if s.phase == PHASE["discard"] and len(s.gladiators[s.active]) <= capacity(s, s.active):
        raise invalid("phase", "nothing to discard: the gladiators fit the buildings")
    if s.phase == PHASE["auction"] and (
        s.auctions_left < 1 or not has_room(s, s.active) or not veterans_left(s)
    ):
        raise invalid("auctions_left", "an auction left, room, and veterans to reveal")


def _champion_phase(s: LudiFields) -> None:
    if not s.champion_queue or s.champion_queue[0] != s.decider:
        raise invalid("champion_queue", "the deciding lanista heads the queue")
    if s.champion[s.decider] != NOBODY or not candidates(s, s.decider):
        raise invalid("decider", "has a champion already, or no gladiator of combat 3")


def _combat(s: LudiFields) -> None:
    """A combat in progress (Combats 1-6): its lanistae, gladiators and cards agree."""
    c = s.combat
    if c is None:
        return
    if c.attacker != s.active or c.a_card not in s.gladiators[c.attacker]:
        raise invalid("combat.a_card", "the attacker is a gladiator of the active lanista")
    choosing = s.phase == PHASE["fight_target"]
    if choosing != (c.defender == NOBODY):
        raise invalid("combat.defender", "the defending lanista is set once the rival is chosen")
    if c.defender != NOBODY and not (0 <= c.defender < s.num_players and c.defender != c.attacker):
        raise invalid("combat.defender", "a rival of the attacker")
    if choosing and not any(
        r != s.active and any(not s.chained[g] for g in s.gladiators[r])
        for r in range(s.num_players)
    ):
        raise invalid("combat", "no rival has a gladiator able to defend")
    picking = s.phase in (PHASE["fight_target"], PHASE["fight_defender"])
    if picking != (c.d_card == NOBODY):
        raise invalid("combat.d_card", "the defending gladiator is set once it is chosen")
    if c.d_card != NOBODY and c.d_card not in s.gladiators[c.defender]:
        raise invalid("combat.d_card", "not a gladiator of the defending lanista")
    if s.phase == PHASE["fight_defender"]:
        if s.decider not in (c.attacker, c.defender):
            raise invalid("decider", "the attacker or the defender picks the defending gladiator")
        if not any(not s.chained[g] for g in s.gladiators[c.defender]):
            raise invalid("combat.defender", "has no gladiator able to defend")
    if len(c.applied) != len(c.revealed):
        raise invalid("combat.applied", "one flag per revealed card")
    for side in (0, 1):
        if not set(c.hand_used[side]) <= set(c.revealed):
            raise invalid(f"combat.hand_used.{side}", "cards played are among those revealed")
        if c.favor_left[side] > 2:
            raise invalid(f"combat.favor_left.{side}", "two Public Favor uses at most")
    if c.reserve and not s.options["combat_reserve"]:
        raise invalid("combat.reserve", "needs the combat reserve variant")
    sides = (c.attacker, c.defender)
    if s.phase == PHASE["reserve"] and s.decider in sides:
        raise invalid("decider", "a third lanista decides on the reserve")
    if s.phase in (PHASE["combat_card"], PHASE["favor"], PHASE["favor_apply"]):
        if c.pending not in (0, 1) or s.decider != sides[c.pending]:
            raise invalid("combat.pending", "the side deciding and the decider agree")
        if s.phase == PHASE["favor"] and c.favor_left[c.pending] < 1:
            raise invalid("combat.favor_left", "no Public Favor use left for the side asked")
    if (
        s.phase == PHASE["favor"]
        and not s.options["combat_decision"]
        and not (s.combat_pile or s.combat_discard)
    ):
        raise invalid("combat_pile", "no combat card left for Public Favor to reveal")
    if s.phase == PHASE["favor_apply"] and not c.revealed:
        raise invalid("combat.revealed", "a Public Favor card to apply")
    doomed = s.phase == PHASE["infirmary"]
    if doomed != (c.doomed != NOBODY):
        raise invalid("combat.doomed", "a gladiator waits exactly in the infirmary phase")
    if doomed:
        if c.doomed not in (c.a_card, c.d_card) or c.doomed not in s.gladiators[s.decider]:
            raise invalid("combat.doomed", "the beaten gladiator, and the decider owns it")
        if not has_effect(s, s.decider, "infirmary"):
            raise invalid("decider", "has no Valetudinarium")


def _auction(s: LudiFields) -> None:
    """An auction in progress (Auctions 1-3): the order of the lanistae, the bids."""
    a = s.auction
    if a is None:
        return
    n = s.num_players
    if len(a.bids) != n:
        raise invalid("auction.bids", f"one per seat ({n})")
    others = [(s.active + i) % n for i in range(1, n)]
    if s.phase == PHASE["offer"]:
        if a.offered != NOBODY or not a.revealed:
            raise invalid("auction.offered", "the active lanista is still choosing")
        asked: list[int] = []
    elif s.phase == PHASE["decimatio"]:
        if a.offered != NOBODY or len(a.revealed) < 2:
            raise invalid("auction.revealed", "decimatio needs two gladiators or more")
        if a.order != others:
            raise invalid("auction.order", "the others discard, from the active lanista's left")
        asked = []
    else:  # bid
        if a.revealed != [a.offered]:
            raise invalid("auction.offered", "the gladiator for sale is the one revealed")
        if a.order != [*others, s.active]:
            raise invalid("auction.order", "bids from the active lanista's left, theirs last")
        asked = a.order[: a.turn]
        minimum = s.catalog.gladiators[a.offered].min_bid
        for seat, bid in enumerate(a.bids):
            if bid >= 0 and not minimum <= bid <= s.coins[seat]:
                raise invalid(f"auction.bids.{seat}", "a bid between the minimum and the coins")
        if s.decider != s.active and not has_room(s, s.decider):
            raise invalid("decider", "bids only with room for another gladiator")
    for seat, bid in enumerate(a.bids):
        if seat not in asked and bid != -2:
            raise invalid(f"auction.bids.{seat}", "-2 (not asked) for seats not yet asked")
    if s.phase != PHASE["offer"] and (a.turn >= len(a.order) or s.decider != a.order[a.turn]):
        raise invalid("auction.turn", "the decider is the seat whose turn it is")


def _job_and_chain(s: LudiFields) -> None:
    """Build, demolish, the Lapicidinae, chain and collect in progress: each can be finished."""
    phase = s.phase
    seat = s.active
    building = s.job_building
    if phase == PHASE["use"] or phase == PHASE["quarry"]:
        kinds = ("quarry",) if phase == PHASE["quarry"] else ("build", "demolish", "quarry_build")
        if s.job_kind not in kinds:
            raise invalid("job_kind", f"one of {', '.join(kinds)} in phase {PHASES[phase]!r}")
        if not 0 <= building < len(s.catalog.buildings):
            raise invalid("job_building", "a building of the game")
        power = construction_of(s, straight(s, seat))
        if s.job_kind == "demolish":
            if building not in s.buildings[seat] or s.catalog.buildings[building].points:
                raise invalid("job_building", "one of your buildings without points")
        else:
            spec = s.catalog.buildings[building]
            names = {s.catalog.buildings[b].name for b in s.buildings[seat]}
            if building not in s.centre_buildings or spec.name in names:
                raise invalid("job_building", "a building of the centre, of a name you lack")
            if (spec.effect == "quarry") != (s.job_kind != "build"):
                raise invalid("job_kind", "the Lapicidinae is built by razing, others by build")
            if s.job_kind == "build" and len(s.buildings[seat]) >= s.catalog.rules.max_buildings:
                raise invalid("job_building", "no room for another building")
        if phase == PHASE["use"]:
            # Ars Augusti can make a cost 0: a gladiator is still needed to do the job.
            done = s.job_left == 0 and s.job_used > 0
            if s.job_left > power or done or not straight(s, seat):
                raise invalid("job_left", "no more than the straight gladiators can build")
        else:
            razable = [
                b
                for b in s.buildings[seat]
                if not s.catalog.buildings[b].points and build_cost(s, b, True) <= power
            ]
            if not razable:
                raise invalid("job_building", "no building of yours can be razed for it")
        if s.job_kind == "quarry_build":
            if s.job_razed not in s.buildings[seat] or s.catalog.buildings[s.job_razed].points:
                raise invalid("job_razed", "one of your buildings without points")
        elif s.job_razed != NOBODY:
            raise invalid("job_razed", "only while building the Lapicidinae")
    elif (s.job_kind, building, s.job_left, s.job_used, s.job_razed) != ("", -1, 0, 0, -1):
        raise invalid("job_kind", "no build or demolition is in progress")
    chaining = phase in (PHASE["chain_target"], PHASE["chain_pick"])
    if chaining:
        if s.chain_card not in s.gladiators[seat] or s.chain_left < 1:
            raise invalid("chain_card", "a gladiator of the active lanista, with chains left")
        if phase == PHASE["chain_pick"]:
            target = s.chain_target
            if target in (NOBODY, seat) or all(s.chained[g] for g in s.gladiators[target]):
                raise invalid("chain_target", "a rival with a gladiator left to chain")
        elif s.chain_target != NOBODY:
            raise invalid("chain_target", "set once the rival is chosen")
        if not any(s.gladiators[r] for r in range(s.num_players) if r != seat):
            raise invalid("chain_card", "no rival has gladiators to chain")
    elif (s.chain_card, s.chain_left, s.chain_target) != (-1, 0, -1):
        raise invalid("chain_card", "no chain is in progress")
    if phase == PHASE["collect_target"]:
        if s.collect_card not in s.gladiators[seat]:
            raise invalid("collect_card", "a gladiator of the active lanista")
        if not any(s.coins[r] for r in range(s.num_players) if r != seat):
            raise invalid("collect_card", "no rival has a coin to collect")
    elif s.collect_card != NOBODY:
        raise invalid("collect_card", "no collection is in progress")
