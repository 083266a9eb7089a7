"""Turn Sequence 3 and Auctions: discarding down, revealing, bidding in turn (or in secret),
ties and the Tribunal; the wager and decimatio variants."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...core.actions import Action, Event, public_event
from . import moves, start
from .model import NOBODY, PHASE, Auction
from .tableau import (
    capacity,
    count_effect,
    discard_gladiator,
    draw_veteran,
    event_is,
    gain_coins,
    has_effect,
    has_room,
    pay_coins,
    take_gladiator,
    veterans_left,
)

if TYPE_CHECKING:
    from .fields import LudiFields

NOT_ASKED: Final = -2
PASSED: Final = -1


def enter(s: LudiFields, events: list[Event]) -> None:
    """Auction phase: first discard down to as many gladiators as buildings."""
    seat = s.active
    s.auctions_left = 1 + count_effect(s, seat, "extra_auction")
    if event_is(s, "legatio_antonini"):
        s.auctions_left += 1
    s.decider = seat
    discard_or_offer(s, events)


def discard_or_offer(s: LudiFields, events: list[Event]) -> None:
    """Turn Sequence 3: discard down first; then an auction if one is left and the lanista has
    room, else the turn ends (also called after an action of `anytime` changed the ludus)."""
    seat = s.active
    room = capacity(s, seat) - len(s.gladiators[seat])  # `has_room` if above 0
    if room < 0:
        s.phase = PHASE["discard"]
        return
    if s.auctions_left > 0 and room > 0 and veterans_left(s):
        s.phase = PHASE["auction"]
        return
    end_turn(s, events)


def discard_actions(s: LudiFields) -> list[Action]:
    discard = s.catalog.moves.gladiator["discard"]
    return [discard[g] for g in s.gladiators[s.active]]


def apply_discard(s: LudiFields, action: Action, events: list[Event]) -> None:
    card = s.catalog.gladiator_by_code[str(action.args[0])]
    discard_gladiator(s, card, events, "no room", rule="ludi.auction.discard-down")
    discard_or_offer(s, events)


def start_actions(s: LudiFields) -> list[Action]:
    return [moves.AUCTION, moves.END]


def apply_start(s: LudiFields, action: Action, events: list[Event]) -> None:
    """Auctions 1: reveal three veterans (decimatio: one per lanista)."""
    if action.kind == "end":
        end_turn(s, events)
        return
    seat = s.active
    s.auctions_left -= 1
    if has_effect(s, seat, "auction_income"):
        gain_coins(s, seat, 1, events, "Macellum", rule="ludi.buildings.macellum")
    auction = Auction()
    count = s.num_players if s.options["decimatio_auctions"] else s.catalog.rules.auction_reveal
    for _ in range(count):
        card = draw_veteran(s)
        if card == NOBODY:
            break
        auction.revealed.append(card)
    auction.bids = [NOT_ASKED] * s.num_players
    s.auction = auction
    codes = [s.catalog.gladiators[g].code for g in auction.revealed]
    rule = (
        "ludi.variant.decimatio-auctions"
        if s.options["decimatio_auctions"]
        else "ludi.auction.reveal"
    )
    events.append(public_event("auction", {"seat": seat, "revealed": codes}, rule))
    if s.options["decimatio_auctions"]:
        auction.order = [(seat + i) % s.num_players for i in range(1, s.num_players)]
        auction.turn = 0
        _next_decimatio(s, events)
    else:
        s.phase = PHASE["offer"]
        s.decider = seat


def offer_actions(s: LudiFields) -> list[Action]:
    offer = s.catalog.moves.gladiator["offer"]
    return [offer[g] for g in _auction(s).revealed]


def apply_offer(s: LudiFields, action: Action, events: list[Event]) -> None:
    """The active lanista keeps one revealed veteran for sale and discards the others."""
    auction = _auction(s)
    card = s.catalog.gladiator_by_code[str(action.args[0])]
    for other in auction.revealed:
        if other != card:
            s.veteran_discard.append(other)
    auction.revealed = [card]
    _open_bidding(s, events)


def _next_decimatio(s: LudiFields, events: list[Event]) -> None:
    """Decimatio: every lanista but the auctioneer discards one, until one is left."""
    auction = _auction(s)
    if auction.turn < len(auction.order) and len(auction.revealed) > 1:
        s.phase = PHASE["decimatio"]
        s.decider = auction.order[auction.turn]
        return
    for other in auction.revealed[1:]:
        s.veteran_discard.append(other)
    auction.revealed = auction.revealed[:1]
    _open_bidding(s, events)


def decimatio_actions(s: LudiFields) -> list[Action]:
    reject = s.catalog.moves.gladiator["reject"]
    return [reject[g] for g in _auction(s).revealed]


def apply_decimatio(s: LudiFields, action: Action, events: list[Event]) -> None:
    auction = _auction(s)
    card = s.catalog.gladiator_by_code[str(action.args[0])]
    auction.revealed.remove(card)
    s.veteran_discard.append(card)
    events.append(
        Event(
            "rejected",
            {"seat": s.decider, "gladiator": str(action.args[0])},
            rule="ludi.variant.decimatio-auctions",
        )
    )
    auction.turn += 1
    _next_decimatio(s, events)


def _open_bidding(s: LudiFields, events: list[Event]) -> None:
    """Auctions 2: from the auctioneer's left, clockwise, the auctioneer last; only lanistae
    with room for another gladiator take part."""
    auction = _auction(s)
    if not auction.revealed:
        _after_auction(s, events)
        return
    seat = s.active
    auction.offered = auction.revealed[0]
    rule = (
        "ludi.variant.decimatio-auctions"
        if s.options["decimatio_auctions"]
        else "ludi.auction.reveal"
    )
    code = s.catalog.gladiators[auction.offered].code
    events.append(public_event("offered", {"gladiator": code}, rule))
    auction.order = [(seat + i) % s.num_players for i in range(1, s.num_players + 1)]
    auction.turn = 0
    _next_bidder(s, events)


def _min_bid(s: LudiFields) -> int:
    return s.catalog.gladiators[_auction(s).offered].min_bid


def _next_bidder(s: LudiFields, events: list[Event]) -> None:
    auction = _auction(s)
    while auction.turn < len(auction.order):
        seat = auction.order[auction.turn]
        if has_room(s, seat) and s.coins[seat] >= _min_bid(s):
            s.phase = PHASE["bid"]
            s.decider = seat
            return
        auction.turn += 1
    _resolve(s, events)


def bid_actions(s: LudiFields) -> list[Action]:
    """Every bid from the minimum to the bidder's coins (never more than the coins of the
    game), or a pass; only a pass once a purchase in the meantime filled the last room."""
    seat = s.decider
    top = min(s.coins[seat], s.catalog.rules.coin_tokens) if has_room(s, seat) else -1
    actions: list[Action] = list(s.catalog.moves.bid[_min_bid(s) : top + 1])
    actions.append(moves.PASS)
    return actions


def apply_bid(s: LudiFields, action: Action, events: list[Event]) -> None:
    """A bid (at least the minimum) or a pass; secret in the simultaneous variant."""
    auction = _auction(s)
    seat = s.decider
    amount = int(action.args[0]) if action.kind == "bid" else PASSED
    auction.bids[seat] = amount
    data = {"seat": seat, "bid": amount if amount >= 0 else None}
    if s.options["simultaneous_auctions"]:
        rule = "ludi.variant.simultaneous-auctions"
        events.append(Event("bid_made", {"seat": seat}, rule=rule))
        events.append(Event("bid_secret", data, [seat], rule=rule))
    else:
        events.append(public_event("bid", data, "ludi.auction.bid"))
    auction.turn += 1
    _next_bidder(s, events)


def auction_winner(s: LudiFields) -> int:
    """Auctions 3: the highest bid; a tie goes to the Tribunal's owner among the tied, else to
    the tied lanista who bid last."""
    auction = _auction(s)
    best = max(auction.bids)
    if best < 0:
        return NOBODY
    tied = [seat for seat in auction.order if auction.bids[seat] == best]
    with_tribunal = [seat for seat in tied if has_effect(s, seat, "auction_ties")]
    return (with_tribunal or tied)[-1]


def _won_by_tribunal(s: LudiFields, winner: int) -> bool:
    """Whether a tie at the highest bid went to `winner` by the Tribunal."""
    auction = _auction(s)
    best = auction.bids[winner]
    tied = sum(1 for bid in auction.bids if bid == best)
    return tied > 1 and has_effect(s, winner, "auction_ties")


def _resolve(s: LudiFields, events: list[Event]) -> None:
    auction = _auction(s)
    card = auction.offered
    winner = auction_winner(s)
    if s.options["simultaneous_auctions"]:
        shown = {str(seat): (bid if bid >= 0 else None) for seat, bid in enumerate(auction.bids)}
        rule = "ludi.variant.simultaneous-auctions"
        events.append(Event("bids_revealed", {"bids": shown}, rule=rule))
    if s.options["wager_auctions"]:
        for seat, bid in enumerate(auction.bids):
            if bid > 0 and seat != winner:
                pay_coins(s, seat, bid, events, "wager", rule="ludi.variant.wager-auctions")
    code = s.catalog.gladiators[card].code
    if winner == NOBODY:
        s.veteran_discard.append(card)
        events.append(Event("unsold", {"gladiator": code}, rule="ludi.auction.unsold"))
    else:
        rule = "ludi.buildings.tribunal" if _won_by_tribunal(s, winner) else "ludi.auction.win"
        pay_coins(s, winner, auction.bids[winner], events, "auction", rule=rule)
        take_gladiator(s, winner, card, events, "auction", rule=rule)
    _after_auction(s, events)


def _after_auction(s: LudiFields, events: list[Event]) -> None:
    s.auction = None
    s.decider = s.active
    discard_or_offer(s, events)


def end_turn(s: LudiFields, events: list[Event]) -> None:
    """The turn passes to the lanista on the left."""
    s.auction = None
    s.active = (s.active + 1) % s.num_players
    start.begin_turn(s, events)


def _auction(s: LudiFields) -> Auction:
    assert s.auction is not None
    return s.auction
