"""Which rules module answers each decision: legal actions and their effects by phase, plus
the actions `anytime` offers beside the step in progress."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from ...core.actions import Action, Event
from . import anytime, auction, champions, combat, draft, start, turn, victory
from .model import PHASE

if TYPE_CHECKING:
    from .fields import LudiFields

LegalFn = Callable[["LudiFields"], list[Action]]
ApplyFn = Callable[["LudiFields", Action, list[Event]], None]


def _target(s: LudiFields, action: Action, events: list[Event]) -> None:
    turn.apply_target(s, int(action.args[0]), events)


def _fight_target(s: LudiFields, action: Action, events: list[Event]) -> None:
    combat.choose_rival(s, int(action.args[0]), events)


HANDLERS: Final[dict[int, tuple[LegalFn, ApplyFn]]] = {
    PHASE["draft"]: (draft.draft_actions, draft.apply_draft),
    PHASE["champion"]: (champions.designation_actions, start.apply_designation),
    PHASE["start"]: (start.start_actions, start.apply_start),
    PHASE["main"]: (turn.main_actions, turn.apply_main),
    PHASE["use"]: (turn.use_actions, turn.apply_use),
    PHASE["quarry"]: (turn.quarry_actions, turn.apply_quarry),
    PHASE["chain_target"]: (turn.target_actions, _target),
    PHASE["chain_pick"]: (turn.chain_actions, turn.apply_chain),
    PHASE["collect_target"]: (turn.target_actions, _target),
    PHASE["fight_target"]: (combat.rival_actions, _fight_target),
    PHASE["fight_defender"]: (combat.defender_actions, combat.apply_defender),
    PHASE["reserve"]: (combat.reserve_actions, combat.apply_reserve),
    PHASE["combat_card"]: (combat.hand_card_actions, combat.apply_hand_card),
    PHASE["favor"]: (combat.favor_actions, combat.apply_favor),
    PHASE["favor_apply"]: (combat.favor_actions, combat.apply_favor),
    PHASE["infirmary"]: (combat.infirmary_actions, combat.apply_infirmary),
    PHASE["discard"]: (auction.discard_actions, auction.apply_discard),
    PHASE["auction"]: (auction.start_actions, auction.apply_start),
    PHASE["offer"]: (auction.offer_actions, auction.apply_offer),
    PHASE["decimatio"]: (auction.decimatio_actions, auction.apply_decimatio),
    PHASE["bid"]: (auction.bid_actions, auction.apply_bid),
}


def legal_actions(s: LudiFields) -> list[Action]:
    actions = HANDLERS[s.phase][0](s)  # a new list, which this extends
    beside = anytime.actions(s)
    if beside:  # usually there is none: no third list then
        actions.extend(beside)
    return actions


def apply_action(s: LudiFields, action: Action, events: list[Event]) -> None:
    """Carry out the action, then end the game if someone reached the winning points or the
    points ran out: asked only when the action left the supply of points changed. Every point
    won comes from the supply; the one point lost, to a champion's duel, goes back to it and is
    taken again by the winner, in the action whose combat point came from it; and no position
    is played on with a winner or an empty supply (`invariants`)."""
    supply = s.supply_points
    if action.kind in anytime.KINDS:
        anytime.apply(s, action, events)
        _after_anytime(s, events)
    else:
        HANDLERS[s.phase][1](s, action, events)
    if s.supply_points != supply:
        victory.check_victory(s, events)


def _after_anytime(s: LudiFields, events: list[Event]) -> None:
    """What a purchase or a discard beside the step changes: the start phase resolves what is
    left without a choice; the auction step checks the room again."""
    if s.phase == PHASE["start"]:
        start.continue_start(s, events)
    elif s.phase in (PHASE["discard"], PHASE["auction"]):
        auction.discard_or_offer(s, events)
