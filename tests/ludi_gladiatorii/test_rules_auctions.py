"""Rulebook "Turn Sequence, 3. Auction" and "Auctions" with its worked example: discard down
to the building count; available buildings to start or join; 3 revealed, 1 offered, 2
discarded; bids from the active player's left, the active player last; at least the minimum
bid; a single round; ties to the last bidder unless the Tribunal; no bid, the gladiator is
discarded; an empty pile rebuilt from the discarded veterans."""

from __future__ import annotations

import pytest

import colosseum

from .helpers import (
    CATALOG,
    RULES,
    Table,
    apply_all,
    event,
    is_turned,
    kinds_legal,
    notations,
    owned,
    phase,
    pos,
    spec,
    veteran,
)

X, Y, Z = "aegyptius", "phoenicius", "gallus"
FIGHTER = veteran(exclude=[X, Y, Z])


def _auction_table(players: int = 2) -> Table:
    """Seat 0 ends its main phase with room for a gladiator; everyone has room and coins."""
    table = Table(players=players).quiet().veteran_top(X, Y, Z)
    for seat in range(players):
        table.gladiators(seat, "tiro").coins(seat, 8)
    return table.auction_phase(0)


def _decider_order(state: colosseum.State) -> list[int]:
    order = []
    while phase(state) == "bid":
        order.append(state.current_player)
        state.apply("pass")
    return order


# --- 0. discard down ------------------------------------------------------------------------


def test_auction_0_discard_down_to_as_many_gladiators_as_buildings() -> None:
    state = Table().quiet().gladiators(0, FIGHTER, "tiro", "tiro").gladiators(1, "tiro").build()
    state.apply("end")
    assert phase(state) == "discard" and state.current_player == 0
    assert len(notations(state)) == 3 and kinds_legal(state) == {"discard"}
    state.apply(f"discard {FIGHTER}")
    assert len(owned(state, 0)) == 2 and FIGHTER not in owned(state, 0)
    assert CATALOG.gladiator_by_code[FIGHTER] in pos(state)["veteran_discard"]
    # now as many as buildings: no room, so no auction; the turn passes
    assert pos(state)["active"] == 1


def test_auction_without_available_buildings_there_is_no_auction() -> None:
    state = Table().quiet().gladiators(0, "tiro", "tiro").gladiators(1, "tiro").build()
    state.apply("end")
    assert pos(state)["active"] == 1


def test_auction_with_available_buildings_the_active_player_may_start_one() -> None:
    state = Table().quiet().gladiators(0, "tiro").gladiators(1, "tiro").build()
    state.apply("end")
    assert phase(state) == "auction" and state.current_player == 0
    assert set(notations(state)) == {"auction", "end"}
    state.apply("end")
    assert pos(state)["active"] == 1


# --- 1. reveal three, offer one -------------------------------------------------------------


def test_auction_1_reveal_three_choose_one_discard_the_others() -> None:
    assert RULES.auction_reveal == 3
    state = _auction_table().build()
    events = state.apply("auction")
    assert event(events, "auction").data["revealed"] == [X, Y, Z]
    assert phase(state) == "offer" and state.current_player == 0
    assert set(notations(state)) == {f"offer {X}", f"offer {Y}", f"offer {Z}"}
    state.apply(f"offer {Y}")
    discard = pos(state)["veteran_discard"]
    assert CATALOG.gladiator_by_code[X] in discard and CATALOG.gladiator_by_code[Z] in discard
    assert CATALOG.gladiator_by_code[Y] not in discard
    assert pos(state)["auction"]["offered"] == CATALOG.gladiator_by_code[Y]


def test_auction_1_an_empty_pile_is_rebuilt_from_the_discarded_veterans() -> None:
    state = _auction_table().veteran_only().build()
    assert pos(state)["veteran_pile"] == []
    discarded = len(pos(state)["veteran_discard"])
    events = state.apply("auction")
    assert len(event(events, "auction").data["revealed"]) == 3
    assert len(pos(state)["veteran_pile"]) == discarded - 3
    assert pos(state)["veteran_discard"] == []


# --- 2. bids --------------------------------------------------------------------------------


@pytest.mark.parametrize("active", [0, 2, 3])
def test_auction_2_bids_from_the_left_of_the_active_player_who_bids_last(active: int) -> None:
    table = _auction_table(players=4).auction_phase(active)
    state = table.build()
    apply_all(state, ["auction", f"offer {X}"])
    assert _decider_order(state) == [(active + i) % 4 for i in range(1, 5)]


def test_auction_2_bids_are_at_least_the_minimum_bid() -> None:
    state = _auction_table().coins(1, 6).build()
    apply_all(state, ["auction", f"offer {Z}"])
    minimum = spec(Z).min_bid
    assert set(notations(state)) == {f"bid {n}" for n in range(minimum, 7)} | {"pass"}
    with pytest.raises(colosseum.IllegalAction):
        state.apply(f"bid {minimum - 1}")


def test_auction_2_only_players_with_available_buildings_take_part() -> None:
    table = _auction_table(players=3).gladiators(1, "tiro", "tiro")
    state = table.build()
    apply_all(state, ["auction", f"offer {X}"])
    assert _decider_order(state) == [2, 0]


def test_auction_3_single_round_the_active_player_bids_last() -> None:
    state = _auction_table().build()
    apply_all(state, ["auction", f"offer {Z}", "bid 3"])
    assert state.current_player == 0
    state.apply("bid 4")
    assert phase(state) != "bid" and pos(state)["auction"] is None
    assert Z in owned(state, 0)


def test_auction_3_the_highest_bid_pays_and_takes_the_gladiator_straightened() -> None:
    state = _auction_table().build()
    supply = pos(state)["supply_coins"]
    apply_all(state, ["auction", f"offer {Z}", "bid 5", "bid 4"])
    assert Z in owned(state, 1) and not is_turned(state, Z)
    assert pos(state)["coins"] == [8, 3]
    assert pos(state)["supply_coins"] == supply + 5


def test_auction_3_a_tie_goes_to_the_last_of_the_tied_bidders() -> None:
    state = _auction_table(players=3).build()
    apply_all(state, ["auction", f"offer {Z}", "bid 3", "bid 3", "pass"])
    assert Z in owned(state, 2)
    state = _auction_table(players=3).build()
    apply_all(state, ["auction", f"offer {Z}", "bid 4", "pass", "bid 4"])
    assert Z in owned(state, 0), "the active player bids last and wins the tie"


def test_auction_3_no_bid_the_gladiator_is_discarded() -> None:
    state = _auction_table().build()
    events = apply_all(state, ["auction", f"offer {Z}", "pass", "pass"])
    assert event(events, "unsold").data == {"gladiator": Z}
    assert CATALOG.gladiator_by_code[Z] in pos(state)["veteran_discard"]
    assert Z not in owned(state, 0) + owned(state, 1)


def test_auction_one_auction_a_turn_without_other_buildings() -> None:
    state = _auction_table().buildings(0, "casula", "taberna").build()
    apply_all(state, ["auction", f"offer {Z}", "pass", "pass"])
    assert pos(state)["active"] == 1


# --- the worked example ---------------------------------------------------------------------

PABLO, IGNACIO, ALBERTO, JAIME = 0, 1, 2, 3


def _example() -> colosseum.State:
    """Pablo (active) reveals Aegyptius, Phoenicius, Gallus; Jaime has the Tribunal."""
    assert spec("gallus").min_bid == 3
    table = (
        Table(players=4)
        .buildings(PABLO, "casula", "forum")
        .buildings(IGNACIO, "commeatus", "taberna")
        .buildings(ALBERTO, "horrea", "commeatus_iii")
        .buildings(JAIME, "tribunal", "forum_iii")
        .veteran_top("aegyptius", "phoenicius", "gallus")
    )
    for seat, coins in ((PABLO, 7), (IGNACIO, 3), (ALBERTO, 3), (JAIME, 5)):
        table.gladiators(seat, "tiro").coins(seat, coins)
    state = table.auction_phase(PABLO).build()
    events = state.apply("auction")
    assert event(events, "auction").data["revealed"] == ["aegyptius", "phoenicius", "gallus"]
    state.apply("offer gallus")
    return state


def _bid(state: colosseum.State, seat: int, amount: int | None) -> None:
    assert state.current_player == seat
    state.apply("pass" if amount is None else f"bid {amount}")


def test_auctions_rulebook_example_pablo_outbids_the_tribunal() -> None:
    state = _example()
    _bid(state, IGNACIO, 3)
    _bid(state, ALBERTO, 3)
    _bid(state, JAIME, 5)
    assert "bid 5" in notations(state) and "bid 6" in notations(state)
    _bid(state, PABLO, 6)
    assert "gallus" in owned(state, PABLO)
    assert pos(state)["coins"] == [1, 3, 3, 5]


def test_auctions_rulebook_example_matching_the_tribunal_is_not_enough() -> None:
    state = _example()
    _bid(state, IGNACIO, 3)
    _bid(state, ALBERTO, 3)
    _bid(state, JAIME, 5)
    _bid(state, PABLO, 5)
    assert "gallus" in owned(state, JAIME)
    assert pos(state)["coins"] == [7, 3, 3, 0]


def test_auctions_rulebook_example_alberto_holds_the_tie_before_jaime_bids() -> None:
    """ "For the moment, the Gallus would go to Alberto at the end of the auction." """
    state = _example()
    _bid(state, IGNACIO, 3)
    _bid(state, ALBERTO, 3)
    _bid(state, JAIME, None)
    _bid(state, PABLO, None)
    assert "gallus" in owned(state, ALBERTO)
    assert pos(state)["coins"] == [7, 3, 0, 5]


def test_auctions_tribunal_wins_a_tie_even_bidding_first() -> None:
    state = _example()
    _bid(state, IGNACIO, 3)
    _bid(state, ALBERTO, None)
    _bid(state, JAIME, 3)
    _bid(state, PABLO, 3)
    assert "gallus" in owned(state, JAIME)
