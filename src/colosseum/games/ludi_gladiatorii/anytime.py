"""Actions offered beside the step in progress, at the moments their texts allow.

- Description of the Buildings, Cubiculum: novices are bought "at any time during your turn",
  so the purchase is offered at every decision the owner takes in their own turn: the start
  phase, the main phase, in the middle of a build, a chain or a combat they started, and the
  auction step (discarding, opening, offering, their own bid).
- Variants, Combat (decision): combat cards are bought "at any time" and discarded for free;
  the text does not restrict it to one's own turn, so both are offered at every decision a
  lanista takes, in any turn (a defender can buy before revealing).
- Historiae, Saturnalia ("on their turn") and Bellum Gallicum ("during your turn"), and
  Variants, Buildings (selection) ("on their turn"): offered at the decisions of one's own
  turn between steps: the main phase and the auction step (discarding down, opening an
  auction). Not inside a build, chain or combat, where discarding a gladiator the step relies
  on would leave it unfinishable, and not in the start phase, where a discard before the
  refill would turn the free novices into coins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...core.actions import Action, Event
from . import moves
from .model import NOBODY, PHASE
from .tableau import (
    discard_gladiator,
    draw_combat,
    draw_veteran,
    gain_coins,
    novice_for_sale,
    pay_coins,
    show_buildings,
    take_gladiator,
    veterans_left,
)

if TYPE_CHECKING:
    from .fields import LudiFields

KINDS: Final = frozenset({"buy", "buy-combat", "drop", "saturnalia", "gallicum", "refresh"})
"""The kinds of action handled here, whatever the phase."""

BETWEEN_STEPS: Final[tuple[int, ...]] = (PHASE["main"], PHASE["discard"], PHASE["auction"])
NOT_PLAYING: Final[tuple[int, ...]] = (PHASE["draft"], PHASE["over"])


def actions(s: LudiFields) -> list[Action]:
    """The actions of this module open to the deciding lanista now."""
    if s.phase in NOT_PLAYING:
        return []
    result: list[Action] = []
    if novice_for_sale(s):
        result.append(moves.BUY_NOVICE)
    if (
        s.decider == s.active
        and s.phase in BETWEEN_STEPS
        and (s.event != NOBODY or s.options["building_selection"])  # else it adds nothing
    ):
        _add_turn_actions(s, result)
    if s.options["combat_decision"]:
        result.extend(shop_actions(s, s.decider))
    return result


def _add_turn_actions(s: LudiFields, result: list[Action]) -> None:
    """Add to `result` Saturnalia, Bellum Gallicum (turned gladiators too) and the selection
    variant's new building."""
    seat = s.active
    cat = s.catalog
    rules = cat.rules
    on_card = cat.moves.gladiator
    event = "" if s.event == NOBODY else cat.events[s.event].code  # `event_is` of both, once
    if event == "saturnalia":
        result.extend([on_card["saturnalia"][g] for g in s.gladiators[seat]])
    if (
        event == "bellum_gallicum"
        and s.coins[seat] >= rules.bellum_gallicum_cost
        and veterans_left(s) > 0
    ):
        gallicum = on_card["gallicum"]
        result.extend([gallicum[g] for g in s.gladiators[seat] if not cat.gladiators[g].veteran])
    if (
        s.options["building_selection"]
        and s.building_deck
        and s.coins[seat] >= rules.selection_refresh_cost
    ):
        refresh = cat.moves.building["refresh"]
        result.extend([refresh[b] for b in s.centre_buildings])


def held(s: LudiFields, seat: int) -> int:
    """Combat (decision): the cards `seat` holds, counting those it played in the combat in
    progress (a loser takes them back, so they stay within the hand of 3)."""
    count = len(s.hands[seat])
    combat = s.combat
    if combat is not None:
        for side, owner in enumerate((combat.attacker, combat.defender)):
            if owner == seat:
                count += len(combat.hand_used[side])
    return count


def shop_actions(s: LudiFields, seat: int) -> list[Action]:
    """Combat (decision): buy a card for 1 coin (hand of 3 at most); discard one for free."""
    rules = s.catalog.rules
    result: list[Action] = []
    if (
        held(s, seat) < rules.decision_hand
        and s.coins[seat] >= rules.decision_card_cost
        and (s.combat_pile or s.combat_discard)
    ):
        result.append(moves.BUY_COMBAT)
    drop = s.catalog.moves.combat["drop"]
    result.extend([drop[c] for c in s.hands[seat]])
    return result


def apply(s: LudiFields, action: Action, events: list[Event]) -> None:
    """Carry out one of these actions; the phase and the step in progress stay as they were
    (the dispatcher then checks what the change allows)."""
    seat = s.decider
    cat = s.catalog
    kind = action.kind
    arg = str(action.args[0]) if action.args else ""
    if kind == "buy":
        rule = "ludi.buildings.cubiculum"
        pay_coins(s, seat, cat.rules.novice_price, events, "Cubiculum", rule=rule)
        take_gladiator(s, seat, s.centre_novices.pop(), events, "bought", rule=rule)
    elif kind == "buy-combat":
        rule = "ludi.variant.combat-decision"
        pay_coins(s, seat, cat.rules.decision_card_cost, events, "combat card", rule=rule)
        card = draw_combat(s)
        s.hands[seat].append(card)
        events.append(Event("combat_bought", {"seat": seat}, rule=rule))
        events.append(
            Event("combat_bought_card", {"card": cat.combat[card].code}, [seat], rule=rule)
        )
    elif kind == "drop":
        card = cat.combat_by_code[arg]
        s.hands[seat].remove(card)
        s.combat_discard.append(card)
        events.append(
            Event(
                "combat_dropped",
                {"seat": seat, "card": arg},
                rule="ludi.variant.combat-decision",
            )
        )
    elif kind == "saturnalia":
        rule = "ludi.historiae.saturnalia"
        discard_gladiator(s, cat.gladiator_by_code[arg], events, "Saturnalia", rule=rule)
        gain_coins(s, seat, 1, events, "Saturnalia", rule=rule)
    elif kind == "gallicum":
        rule = "ludi.historiae.bellum-gallicum"
        pay_coins(s, seat, cat.rules.bellum_gallicum_cost, events, "Bellum Gallicum", rule=rule)
        discard_gladiator(s, cat.gladiator_by_code[arg], events, "Bellum Gallicum", rule=rule)
        veteran = draw_veteran(s)
        if veteran >= 0:
            take_gladiator(s, seat, veteran, events, "Bellum Gallicum", rule=rule)
    else:  # refresh
        rule = "ludi.variant.building-selection"
        building = cat.building_by_code[arg]
        pay_coins(
            s, seat, cat.rules.selection_refresh_cost, events, "new building shown", rule=rule
        )
        s.centre_buildings.remove(building)
        s.building_deck.insert(0, building)
        show_buildings(s)
        events.append(Event("refresh", {"seat": seat, "building": arg}, rule=rule))
