"""Combats 1-6, with Public Favor, the Champions' duel, Armoured, Deadly, Trample, the
Valetudinarium (Description of the Buildings: its owner may pay to keep a beaten gladiator),
and the combat reserve and combat decision variants (the decision variant's shop is in
`anytime`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...core.actions import Action, Event, JsonValue, public_event
from . import champions, moves
from .data import BuildingEffect
from .model import NOBODY, PHASE, RIVALS, Combat
from .tableau import (
    discard_gladiator,
    draw_combat,
    effects_of,
    event_is,
    gain_coins,
    gain_points,
    has_effect,
    pay_coins,
)

if TYPE_CHECKING:
    from .fields import LudiFields

ATTACKER: Final = 0
DEFENDER: Final = 1
# the building effect giving +1 attacking to novices and to veterans (indexed by `veteran`)
ATTACK_BONUS: Final[tuple[BuildingEffect, ...]] = ("novice_attack_bonus", "veteran_attack_bonus")


# --- declaring ------------------------------------------------------------------------------


def fight_cost(s: LudiFields, card: int) -> int:
    """Combat 1: 2 coins with a veteran, 1 with a novice; free on a Trample or with Munere
    Traiani's veterans; a combat-discount building takes 1 off."""
    if s.trample_ready[card]:
        return 0
    return fight_prices(s)[s.catalog.gladiators[card].veteran]


def fight_prices(s: LudiFields) -> tuple[int, int]:
    """What a combat costs the active lanista with a novice and with a veteran (indexed by
    `veteran`), Trample aside: `fight_cost` of all his gladiators at one look at the table."""
    rules = s.catalog.rules
    veteran = 0 if event_is(s, "munere_traiani") else rules.combat_cost_veteran
    novice = rules.combat_cost_novice
    if has_effect(s, s.active, "combat_discount"):
        return max(0, novice - 1), max(0, veteran - 1)
    return novice, veteran


def defenders(s: LudiFields, seat: int) -> list[int]:
    """Gladiators that can defend: turned ones too, chained ones not (Chain)."""
    return [g for g in s.gladiators[seat] if not s.chained[g]]


def rivals_to_fight(s: LudiFields) -> list[int]:
    """Combat 2: a rival can be attacked only with at least one gladiator able to defend."""
    return [r for r in RIVALS[s.num_players][s.active] if defenders(s, r)]


def anyone_to_fight(s: LudiFields) -> bool:
    """Whether `rivals_to_fight` names anyone (a loop that stops at the first: asked at every
    step of the main phase)."""
    for rival in RIVALS[s.num_players][s.active]:  # noqa: SIM110 (no generator frame)
        if defenders(s, rival):
            return True
    return False


def can_fight(s: LudiFields, card: int) -> bool:
    straight_now = not s.turned[card] or s.trample_ready[card]
    return straight_now and s.coins[s.active] >= fight_cost(s, card) and anyone_to_fight(s)


def declare(s: LudiFields, card: int, events: list[Event]) -> None:
    """Combat 1-2: turn the gladiator, pay, choose the defending lanista."""
    seat = s.active
    free = s.trample_ready[card]
    pay_coins(s, seat, fight_cost(s, card), events, "combat", rule="ludi.combat.declare")
    s.turned[card] = True
    s.trample_ready[card] = False
    s.combat = Combat(seat, card, free)
    data = {"seat": seat, "gladiator": s.catalog.gladiators[card].code, "free": free}
    rule = "ludi.abilities.trample" if free else "ludi.combat.declare"
    events.append(public_event("fight", data, rule))
    rivals = rivals_to_fight(s)
    s.phase = PHASE["fight_target"]
    s.decider = seat
    if len(rivals) == 1:
        choose_rival(s, rivals[0], events)


def rival_actions(s: LudiFields) -> list[Action]:
    return [moves.TARGET[r] for r in rivals_to_fight(s)]


def _attacker_chooses(s: LudiFields, card: int) -> bool:
    """Precision, and novices under Bellum Servile, choose their opponent."""
    spec = s.catalog.gladiators[card]
    return spec.ability == "precision" or (not spec.veteran and event_is(s, "bellum_servile"))


def _choice_rule(s: LudiFields, card: int) -> str:
    """The rule by which the defending gladiator is chosen (`Event.rule`): Combats 3, or the
    attacker's Precision or Bellum Servile."""
    if not _attacker_chooses(s, card):
        return "ludi.combat.defend"
    if s.catalog.gladiators[card].ability == "precision":
        return "ludi.abilities.precision"
    return "ludi.historiae.bellum-servile"


def choose_rival(s: LudiFields, rival: int, events: list[Event]) -> None:
    """Combat 3: the defender picks the defending gladiator (or the attacker, with Precision;
    a champion's challenge forces the rival champion)."""
    combat = _combat(s)
    combat.defender = rival
    events.append(public_event("defender", {"seat": rival}, "ludi.combat.declare"))
    s.phase = PHASE["fight_defender"]
    if _attacker_chooses(s, combat.a_card):
        s.decider = combat.attacker
    else:
        forced = champions.forced_defender(s, combat.attacker, combat.a_card, rival)
        if forced != NOBODY:
            _set_defender(s, forced, events, "ludi.champions.challenge")
            return
        s.decider = rival
    options = defenders(s, rival)
    if len(options) == 1:
        _set_defender(s, options[0], events, _choice_rule(s, combat.a_card))


def defender_actions(s: LudiFields) -> list[Action]:
    defend = s.catalog.moves.gladiator["defend"]
    return [defend[g] for g in defenders(s, _combat(s).defender)]


def apply_defender(s: LudiFields, action: Action, events: list[Event]) -> None:
    card = s.catalog.gladiator_by_code[str(action.args[0])]
    _set_defender(s, card, events, _choice_rule(s, _combat(s).a_card))


def _set_defender(s: LudiFields, card: int, events: list[Event], rule: str) -> None:
    combat = _combat(s)
    combat.d_card = card
    code = s.catalog.gladiators[card].code
    events.append(public_event("defending", {"seat": combat.defender, "gladiator": code}, rule))
    if s.options["combat_reserve"]:
        _ask_reserve(s, events, after=combat.attacker)
    else:
        _reveal_first(s, events)


# --- combat reserve variant -----------------------------------------------------------------


def _reserve_seats(s: LudiFields) -> list[int]:
    combat = _combat(s)
    order = [(combat.attacker + i) % s.num_players for i in range(1, s.num_players)]
    return [
        seat
        for seat in order
        if seat != combat.defender and any(not s.turned[g] for g in s.gladiators[seat])
    ]


def _ask_reserve(s: LudiFields, events: list[Event], after: int) -> None:
    """Combat (reserve): third lanistae with a straight gladiator, from the attacker's left."""
    seats = _reserve_seats(s)
    combat = _combat(s)
    order = [(combat.attacker + i) % s.num_players for i in range(1, s.num_players)]
    position = order.index(after) if after in order else -1
    later = [seat for seat in seats if order.index(seat) > position]
    if later and not combat.reserve:
        s.phase = PHASE["reserve"]
        s.decider = later[0]
        return
    _reveal_first(s, events)


def reserve_actions(s: LudiFields) -> list[Action]:
    cards = [g for g in s.gladiators[s.decider] if not s.turned[g]]
    reserve = s.catalog.moves.gladiator["reserve"]
    actions: list[Action] = [reserve[g] for g in cards]
    actions.append(moves.PASS)
    return actions


def apply_reserve(s: LudiFields, action: Action, events: list[Event]) -> None:
    """The reserve gladiator (turned) replaces the defender for all purposes."""
    seat = s.decider
    if action.kind == "reserve":
        combat = _combat(s)
        card = s.catalog.gladiator_by_code[str(action.args[0])]
        s.turned[card] = True
        combat.defender = seat
        combat.d_card = card
        combat.reserve = True
        events.append(
            Event(
                "reserve",
                {"seat": seat, "gladiator": str(action.args[0])},
                rule="ludi.variant.combat-reserve",
            )
        )
    _ask_reserve(s, events, after=seat)


# --- revealing cards ------------------------------------------------------------------------


def _favor_uses(s: LudiFields, card: int) -> int:
    uses = 1 if s.catalog.gladiators[card].ability == "public_favor" else 0
    return uses + (1 if s.favor[card] else 0)


def _reveal_first(s: LudiFields, events: list[Event]) -> None:
    """Combat 4: the first card of the pile (decision variant: cards from the hands)."""
    combat = _combat(s)
    combat.favor_left = [_favor_uses(s, combat.a_card), _favor_uses(s, combat.d_card)]
    if s.options["combat_decision"]:
        combat.pending = ATTACKER
        _ask_hand_card(s, events)
        return
    card = draw_combat(s)
    if card != NOBODY:
        _reveal(s, card, True, events, "ludi.combat.reveal")
    _next_favor(s, events)


def _ask_hand_card(s: LudiFields, events: list[Event]) -> None:
    combat = _combat(s)
    while combat.pending <= DEFENDER:
        seat = combat.attacker if combat.pending == ATTACKER else combat.defender
        if s.hands[seat]:
            s.phase = PHASE["combat_card"]
            s.decider = seat
            return
        combat.pending += 1
    combat.pending = NOBODY
    _next_favor(s, events)


def hand_card_actions(s: LudiFields) -> list[Action]:
    play = s.catalog.moves.combat["play"]
    actions: list[Action] = [play[c] for c in s.hands[s.decider]]
    actions.append(moves.NO_CARD)
    return actions


def apply_hand_card(s: LudiFields, action: Action, events: list[Event]) -> None:
    """Combat (decision): each side may reveal one card from hand."""
    combat = _combat(s)
    if action.kind == "play":
        card = s.catalog.combat_by_code[str(action.args[0])]
        s.hands[s.decider].remove(card)
        combat.hand_used[combat.pending].append(card)
        _reveal(s, card, True, events, "ludi.variant.combat-decision")
    combat.pending += 1
    _ask_hand_card(s, events)


def _reveal(s: LudiFields, card: int, applied: bool, events: list[Event], rule: str) -> None:
    combat = _combat(s)
    combat.revealed.append(card)
    combat.applied.append(applied)
    spec = s.catalog.combat[card]
    data = {"card": spec.code, "name": spec.name, "applied": applied}
    events.append(public_event("combat_card", data, rule))


# --- Public Favor ---------------------------------------------------------------------------


def attack_bonus(s: LudiFields, seat: int, card: int) -> int:
    """Catacumbae (novices) and the veterans' attack building: +1 when attacking."""
    return attack_bonus_of(s, seat, s.catalog.gladiators[card].veteran)


def attack_bonus_of(s: LudiFields, seat: int, veteran: bool) -> int:
    """`attack_bonus` of any veteran (or novice) of `seat`: what his buildings give."""
    return ludus_bonuses(s, seat)[0][veteran]


def defence_bonus(s: LudiFields, seat: int, card: int) -> int:
    """The Defender ability and the defence building: +1 each when defending."""
    bonus = 1 if s.catalog.gladiators[card].ability == "defender" else 0
    return bonus + defence_bonus_of(s, seat)


def defence_bonus_of(s: LudiFields, seat: int) -> int:
    """The defence building's part of `defence_bonus` (the same for all of `seat`'s)."""
    return ludus_bonuses(s, seat)[1]


def ludus_bonuses(s: LudiFields, seat: int) -> tuple[tuple[int, int], int]:
    """What `seat`'s buildings add in a combat, at one look at them: +1 attacking for his
    novices and for his veterans (indexed by `veteran`), +1 defending."""
    effects = effects_of(s, seat)
    novice, veteran = ATTACK_BONUS
    attack = (1 if novice in effects else 0, 1 if veteran in effects else 0)
    return attack, 1 if "defence_bonus" in effects else 0


def scores(s: LudiFields, with_last: bool = False) -> tuple[int, int]:
    """Combat 5: combat skill plus the applied cards' swords / shields and the bonuses;
    `with_last` counts the last revealed card as applied (a Public Favor card in question)."""
    combat = _combat(s)
    cat = s.catalog
    a_score = cat.gladiators[combat.a_card].combat
    a_score += attack_bonus(s, combat.attacker, combat.a_card)
    d_score = cat.gladiators[combat.d_card].combat
    d_score += defence_bonus(s, combat.defender, combat.d_card)
    last = len(combat.revealed) - 1
    for i, (card, applied) in enumerate(zip(combat.revealed, combat.applied, strict=True)):
        if applied or (with_last and i == last):
            a_score += cat.combat[card].swords
            d_score += cat.combat[card].shields
    return a_score, d_score


def score_terms(s: LudiFields) -> dict[str, list[list[JsonValue]]]:
    """Each side's score as the terms that make it, `[value, kind, code]` with kind
    gladiator, building, ability or card: what `scores` adds up, for the log to explain."""
    combat = _combat(s)
    cat = s.catalog

    def building(seat: int, effect: BuildingEffect) -> str:
        return next(
            cat.buildings[b].code for b in s.buildings[seat] if cat.buildings[b].effect == effect
        )

    attacking, defending = cat.gladiators[combat.a_card], cat.gladiators[combat.d_card]
    attack: list[list[JsonValue]] = [[attacking.combat, "gladiator", attacking.code]]
    if attack_bonus(s, combat.attacker, combat.a_card):
        attack.append([1, "building", building(combat.attacker, ATTACK_BONUS[attacking.veteran])])
    defence: list[list[JsonValue]] = [[defending.combat, "gladiator", defending.code]]
    if defending.ability == "defender":
        defence.append([1, "ability", "defender"])
    if has_effect(s, combat.defender, "defence_bonus"):
        defence.append([1, "building", building(combat.defender, "defence_bonus")])
    for card, applied in zip(combat.revealed, combat.applied, strict=True):
        spec = cat.combat[card]
        if applied and spec.swords:
            attack.append([spec.swords, "card", spec.code])
        if applied and spec.shields:
            defence.append([spec.shields, "card", spec.code])
    return {"attacker": attack, "defender": defence}


def winner_side(s: LudiFields) -> int:
    """The higher score wins; the attacker wins ties."""
    return _winner(*scores(s))


def _winner(a_score: int, d_score: int) -> int:
    return ATTACKER if a_score >= d_score else DEFENDER


def _next_favor(s: LudiFields, events: list[Event]) -> None:
    """Public Favor: the beaten side decides first whether to reveal another card, then the
    other side; a side that declines is asked again only if a later card changes the result."""
    combat = _combat(s)
    a_score, d_score = scores(s)
    loser = 1 - _winner(a_score, d_score)
    for side in (loser, 1 - loser):
        if combat.favor_left[side] > 0 and not combat.declined[side] and _favor_possible(s, side):
            combat.pending = side
            s.phase = PHASE["favor"]
            s.decider = combat.attacker if side == ATTACKER else combat.defender
            return
    finish(s, events, a_score, d_score)


def _favor_possible(s: LudiFields, side: int) -> bool:
    combat = _combat(s)
    if s.options["combat_decision"]:
        seat = combat.attacker if side == ATTACKER else combat.defender
        return bool(s.hands[seat])
    return bool(s.combat_pile or s.combat_discard)


def favor_actions(s: LudiFields) -> list[Action]:
    if s.phase == PHASE["favor_apply"]:
        return [moves.APPLY, moves.IGNORE]
    actions: list[Action]
    if s.options["combat_decision"]:
        favor = s.catalog.moves.combat["favor"]
        actions = [favor[c] for c in s.hands[s.decider]]
    else:
        actions = [moves.FAVOR]
    actions.append(moves.NO_FAVOR)
    return actions


def apply_favor(s: LudiFields, action: Action, events: list[Event]) -> None:
    combat = _combat(s)
    side = combat.pending
    if s.phase == PHASE["favor_apply"]:
        applied = action.kind == "apply"
        combat.applied[-1] = applied
        events.append(
            Event(
                "favor_card",
                {"seat": s.decider, "applied": applied},
                rule="ludi.public-favor.apply",
            )
        )
        if applied:
            combat.declined = [False, False]
        _next_favor(s, events)
        return
    if action.kind == "no":
        combat.declined[side] = True
        _next_favor(s, events)
        return
    card_of = s.catalog.gladiators
    own_card = combat.a_card if side == ATTACKER else combat.d_card
    has_ability = card_of[own_card].ability == "public_favor"
    ability_used = has_ability and combat.favor_left[side] < _favor_uses(s, own_card)
    rule = "ludi.abilities.public-favor"
    if not has_ability or ability_used:
        _spend_token(s, own_card)  # the ability first, then the token
        rule = "ludi.public-favor.token"
    combat.favor_left[side] -= 1
    if action.args:
        card = s.catalog.combat_by_code[str(action.args[0])]
        s.hands[s.decider].remove(card)
        combat.hand_used[side].append(card)
    else:
        card = draw_combat(s)
    code = card_of[own_card].code
    events.append(Event("favor", {"seat": s.decider, "gladiator": code}, rule=rule))
    _reveal(s, card, False, events, rule)
    s.phase = PHASE["favor_apply"]


def _spend_token(s: LudiFields, card: int) -> None:
    s.favor[card] = False
    s.supply_favor += 1


# --- resolution -----------------------------------------------------------------------------


def finish(s: LudiFields, events: list[Event], a_score: int, d_score: int) -> None:
    """Combat 6: the point, skulls and Deadly, extra points and coins, reshuffles, Trample;
    `a_score` and `d_score` are the `scores` (nothing here changes them)."""
    combat = _combat(s)
    cat = s.catalog
    side = _winner(a_score, d_score)  # `winner_side`
    winner_seat = combat.attacker if side == ATTACKER else combat.defender
    loser_seat = combat.defender if side == ATTACKER else combat.attacker
    winner_card = combat.a_card if side == ATTACKER else combat.d_card
    loser_card = combat.d_card if side == ATTACKER else combat.a_card
    result: dict[str, JsonValue] = {
        "attacker": combat.attacker,
        "defender": combat.defender,
        "scores": [a_score, d_score],
        "terms": score_terms(s),
        "winner": winner_seat,
        "winning_gladiator": cat.gladiators[winner_card].code,
    }
    events.append(public_event("combat_result", result, "ludi.combat.result"))
    applied = _applied(combat)  # the same to the end of the combat
    if side == ATTACKER:
        gain_points(s, winner_seat, 1, events, "victory", rule="ludi.combat.victory-point")
        if champions.is_duel(s, combat.attacker, combat.a_card, combat.defender, combat.d_card):
            _steal_point(s, combat.attacker, combat.defender, events)
    elif combat.reserve:
        rule = "ludi.variant.combat-reserve"
        gain_points(s, winner_seat, 1, events, "reserve victory", rule=rule)
    for card in applied:
        spec = cat.combat[card]
        if spec.extra_point:
            gain_points(s, winner_seat, 1, events, "combat card", rule="ludi.combat.card-effects")
        if spec.coins:
            rule = "ludi.combat.card-effects"
            gain_coins(s, winner_seat, spec.coins, events, "combat card", rule=rule)
    doomed = _doom(s, side, applied)
    if s.options["public_favor"] and not s.favor[winner_card] and s.supply_favor > 0:
        s.favor[winner_card] = True
        s.supply_favor -= 1
    if doomed and _discard_loser(s, loser_seat, loser_card, events, doomed):
        return  # the owner decides first whether to pay the Valetudinarium
    _close(s, events, side, applied)


def _applied(combat: Combat) -> list[int]:
    """The revealed cards that count, in order."""
    return [c for c, used in zip(combat.revealed, combat.applied, strict=True) if used]


def _doom(s: LudiFields, side: int, applied: list[int]) -> str:
    """Why the beaten gladiator of the combat in progress is discarded, as the rule it applies
    (`Event.rule`): a skull on an applied card, the winning attacker's Deadly, or Crudelitas
    Commodi; "" if it is not. `side` is the `winner_side`, `applied` the `_applied` cards."""
    combat = _combat(s)
    cat = s.catalog
    if any(cat.combat[c].skull for c in applied):
        return "ludi.combat.skull"
    if side == ATTACKER and cat.gladiators[combat.a_card].ability == "deadly":
        return "ludi.abilities.deadly"
    if event_is(s, "crudelitas_commodi"):
        return "ludi.historiae.crudelitas-commodi"
    return ""


def _close(s: LudiFields, events: list[Event], side: int, applied: list[int]) -> None:
    """Combat 6, after the discard: the cards put away, Trample readied, back to the main
    phase. `side` is the `winner_side`, `applied` the `_applied` cards."""
    combat = _combat(s)
    _put_away_cards(s, side, applied, events)
    if (
        side == ATTACKER
        and s.catalog.gladiators[combat.a_card].ability == "trample"
        and not combat.free
    ):
        s.trample_ready[combat.a_card] = True
    s.combat = None
    s.phase = PHASE["main"]
    s.decider = s.active


def _steal_point(s: LudiFields, attacker: int, defender: int, events: list[Event]) -> None:
    """Champions: the winning attacking champion takes a point from the beaten lanista. It
    leaves the supply as it was; `rules.apply_action` checks victory after it because the
    combat's point, won just before, came from the supply."""
    if s.points[defender] == 0:
        return
    s.points[defender] -= 1
    s.supply_points += 1
    gain_points(s, attacker, 1, events, "champion's duel", rule="ludi.champions.duel")


def _discard_loser(s: LudiFields, seat: int, card: int, events: list[Event], rule: str) -> bool:
    """A skull (or Deadly, or Crudelitas: `rule`) discards the loser; Armoured reveals one more
    card, and only a skull on it discards. True when the owner of a Valetudinarium who can pay
    is asked first whether to keep the gladiator (the combat waits for the answer)."""
    cat = s.catalog
    if cat.gladiators[card].ability == "armoured":
        extra = draw_combat(s)
        if extra != NOBODY:
            s.combat_discard.append(extra)
            skull = cat.combat[extra].skull
            events.append(
                Event(
                    "armoured",
                    {
                        "gladiator": cat.gladiators[card].code,
                        "card": cat.combat[extra].code,
                        "skull": skull,
                    },
                    rule="ludi.abilities.armoured",
                )
            )
            if not skull:
                return False
    if has_effect(s, seat, "infirmary") and s.coins[seat] >= cat.rules.infirmary_cost:
        _combat(s).doomed = card
        s.phase = PHASE["infirmary"]
        s.decider = seat
        return True
    discard_gladiator(s, card, events, "combat", rule=rule)
    return False


def infirmary_actions(s: LudiFields) -> list[Action]:
    """Valetudinarium: pay to keep the gladiator, or let it go (only that, once a purchase
    at this decision left the owner short of the price)."""
    doomed = _combat(s).doomed
    on_card = s.catalog.moves.gladiator
    keep = s.coins[s.decider] >= s.catalog.rules.infirmary_cost
    lose = on_card["lose"][doomed]
    return [on_card["keep"][doomed], lose] if keep else [lose]


def apply_infirmary(s: LudiFields, action: Action, events: list[Event]) -> None:
    """Valetudinarium: "you may pay 2 coins to keep it" (the building's text): the owner's
    choice, then the combat ends as usual."""
    combat = _combat(s)
    side, applied = winner_side(s), _applied(combat)  # as `finish` found them
    card, seat = combat.doomed, s.decider
    kept = action.kind == "keep"
    code = s.catalog.gladiators[card].code
    rule = "ludi.buildings.infirmary"
    events.append(Event("infirmary", {"seat": seat, "gladiator": code, "kept": kept}, rule=rule))
    if kept:
        pay_coins(s, seat, s.catalog.rules.infirmary_cost, events, "Valetudinarium", rule=rule)
    else:
        discard_gladiator(s, card, events, "combat", rule=_doom(s, side, applied))
    combat.doomed = NOBODY
    _close(s, events, side, applied)


def _put_away_cards(s: LudiFields, side: int, applied: list[int], events: list[Event]) -> None:
    """Revealed cards to the discard pile (decision variant: the loser takes back theirs);
    a reshuffle symbol shuffles the used cards back into the pile."""
    combat = _combat(s)
    loser_seat = combat.defender if side == ATTACKER else combat.attacker
    for card in combat.revealed:
        if card in combat.hand_used[1 - side]:
            s.hands[loser_seat].append(card)
        elif card != NOBODY:
            s.combat_discard.append(card)
    if any(s.catalog.combat[c].reshuffle for c in applied):
        s.combat_pile.extend(s.combat_discard)
        s.combat_discard = []
        s.rng.shuffle(s.combat_pile)
        events.append(Event("reshuffle", {}, rule="ludi.combat.reshuffle"))


def _combat(s: LudiFields) -> Combat:
    assert s.combat is not None
    return s.combat
