"""Rulebook "Variants": Buildings (draft), Buildings (selection), Auctions (simultaneous),
Auctions (wager), Auctions (decimatio), Combat (reserve), Combat (decision)."""

from __future__ import annotations

import random

import pytest

import colosseum

from .helpers import (
    CATALOG,
    RULES,
    Table,
    apply_all,
    built,
    card_census,
    combat_pair,
    event,
    events_of,
    fight,
    is_turned,
    kinds_legal,
    notations,
    owned,
    phase,
    pos,
    result,
    spec,
    veteran,
)

# --- Buildings (draft) ----------------------------------------------------------------------


def _draft(players: int, seed: int, picks: list[str] | None = None) -> colosseum.State:
    state = colosseum.new_game("ludi", players=players, seed=seed, options={"building_draft": True})
    rnd = random.Random(seed)
    deciders = []
    wanted = list(picks or [])
    while phase(state) == "draft":
        deciders.append(state.current_player)
        names = notations(state)
        assert kinds_legal(state) == {"take"}
        choice = wanted.pop(0) if wanted else rnd.choice(names).split()[1]
        state.apply(f"take {choice}")
    assert deciders == [i % players for i in range(3 * players)], "in turn"
    return state


def test_variant_draft_each_player_chooses_an_initial_building_in_turn() -> None:
    state = colosseum.new_game("ludi", players=3, seed=2, options={"building_draft": True})
    assert phase(state) == "draft" and state.current_player == 0
    offered = [n.split()[1] for n in notations(state)]
    assert all(spec(code).initial for code in offered)
    assert len({spec(code).name for code in offered}) == len(offered), "one per name"
    for seed in range(5):
        state = _draft(3, seed)
        for seat in range(3):
            names = [CATALOG.buildings[b].name for b in pos(state)["buildings"][seat]]
            assert len(names) == 3 and len(set(names)) == 3


def test_variant_draft_the_casula_taker_starts_and_entry_benefits_are_paid() -> None:
    state = _draft(2, 1, picks=["forum", "casula"])
    position = pos(state)
    assert position["start_seat"] == 1 and position["active"] == 1
    assert "forum" in built(state, 0)
    assert position["coins"][0] >= RULES.starting_coins + 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_variant_draft_always_completes_with_three_different_buildings_each(
    players: int,
) -> None:
    """Whatever the earlier choices, every lanista can always take a building in turn."""
    stalled = []
    for seed in range(60):
        state = colosseum.new_game(
            "ludi", players=players, seed=seed, options={"building_draft": True}
        )
        rnd = random.Random(seed)
        while phase(state) == "draft":
            actions = state.legal_actions()
            if not actions:
                stalled.append((seed, state.current_player))
                break
            state.apply(actions[rnd.randrange(len(actions))])
    assert stalled == [], f"draft decisions without a legal action: {stalled[:5]}"


def test_variant_draft_combined_with_selection_keeps_each_building_once() -> None:
    """Both buildings variants together: every building card is in exactly one place (the
    draft pool, the shown row, the face-down deck or a ludus)."""
    options = {"building_draft": True, "building_selection": True}
    for seed in range(5):
        state = colosseum.new_game("ludi", players=2, seed=seed, options=options)
        census = card_census(pos(state))["buildings"]
        assert len(census) == len(set(census)), "a building card in two places"
        colosseum.from_position("ludi", pos(state))


# --- Buildings (selection) ------------------------------------------------------------------


def test_variant_selection_only_three_buildings_are_shown() -> None:
    state = colosseum.new_game("ludi", players=2, seed=3, options={"building_selection": True})
    view = state.view(0)
    assert len(view["centre"]["buildings"]) == RULES.selection_shown == 3
    assert view["centre"]["building_deck"] == len(pos(state)["building_deck"]) > 0
    for notation in notations(state):
        if notation.startswith("build "):
            assert notation.split()[1] in view["centre"]["buildings"]


def _selection() -> Table:
    builders = sorted(
        (g for g in CATALOG.gladiators if g.veteran and g.box == "base"),
        key=lambda g: -g.construction,
    )[:3]
    return (
        Table(building_selection=True)
        .shown("casula", "forum", "tribunal")
        .deck_top("officina", "macellum")
        .gladiators(0, *(g.code for g in builders))
        .gladiators(1, "tiro")
        .coins(0, 3)
    )


def test_variant_selection_a_new_building_is_shown_when_one_is_built() -> None:
    state = _selection().build()
    state.apply("build casula")
    while phase(state) == "use":
        state.apply(notations(state)[0])
    assert built(state, 0) == ["casula"]
    assert state.view(0)["centre"]["buildings"] == ["forum", "tribunal", "officina"]


def test_variant_selection_pay_one_coin_to_replace_a_shown_building() -> None:
    assert RULES.selection_refresh_cost == 1
    state = _selection().build()
    assert {n for n in notations(state) if n.startswith("refresh")} == {
        "refresh casula",
        "refresh forum",
        "refresh tribunal",
    }
    state.apply("refresh tribunal")
    assert state.view(0)["centre"]["buildings"] == ["casula", "forum", "officina"]
    assert pos(state)["coins"][0] == 2
    assert pos(state)["building_deck"][0] == CATALOG.building_by_code["tribunal"]
    state = _selection().coins(0, 0).build()
    assert not any(n.startswith("refresh") for n in notations(state))


# --- Auctions (simultaneous) ----------------------------------------------------------------


def _auction(players: int = 3, **options: bool) -> colosseum.State:
    table = (
        Table(players=players, **options).quiet().veteran_top("gallus", "aegyptius", "phoenicius")
    )
    for seat in range(players):
        table.gladiators(seat, "tiro").coins(seat, 8)
    state = table.auction_phase(0).build()
    state.apply("auction")
    if phase(state) == "offer":
        state.apply("offer gallus")
    return state


def test_variant_simultaneous_bids_hidden_until_everyone_has_bid() -> None:
    state = _auction(simultaneous_auctions=True)
    events = state.apply("bid 5")
    assert event(events, "bid_made").data == {"seat": 1}
    secret = event(events, "bid_secret")
    assert secret.visible(1) and not secret.visible(2) and not secret.visible(None)
    assert state.current_player == 2
    assert state.view(2)["auction"]["bids"][1] == "made"
    assert state.view(None)["auction"]["bids"][1] == "made"
    assert state.view(1)["auction"]["bids"][1] == 5
    state.apply("pass")
    assert state.view(0)["auction"]["bids"][2] == "made", "a pass is hidden too"
    events = state.apply("bid 4")
    revealed = event(events, "bids_revealed").data["bids"]
    assert revealed == {"0": 4, "1": 5, "2": None}
    assert "gallus" in owned(state, 1)


def test_variant_simultaneous_bids_other_bids_do_not_change_your_choices() -> None:
    low = _auction(simultaneous_auctions=True)
    high = _auction(simultaneous_auctions=True)
    low.apply("pass")
    high.apply("bid 8")
    assert notations(low) == notations(high)
    assert low.view(2) == high.view(2)


# --- Auctions (wager) -----------------------------------------------------------------------


def test_variant_wager_every_bidder_pays_the_money_offered() -> None:
    state = _auction(wager_auctions=True)
    supply = pos(state)["supply_coins"]
    apply_all(state, ["bid 3", "pass", "bid 5"])
    assert "gallus" in owned(state, 0)
    assert pos(state)["coins"] == [8 - 5, 8 - 3, 8]
    assert pos(state)["supply_coins"] == supply + 8


def test_variant_wager_losers_pay_even_when_nobody_else_bids() -> None:
    state = _auction(players=2, wager_auctions=True)
    apply_all(state, ["bid 4", "bid 6"])
    assert pos(state)["coins"] == [2, 4]


# --- Auctions (decimatio) -------------------------------------------------------------------


def test_variant_decimatio_one_gladiator_per_player_each_other_player_discards_one() -> None:
    table = Table(players=3, decimatio_auctions=True).quiet()
    table.veteran_top("gallus", "aegyptius", "phoenicius", "hispanus")
    for seat in range(3):
        table.gladiators(seat, "tiro").coins(seat, 8)
    state = table.auction_phase(0).build()
    events = state.apply("auction")
    assert event(events, "auction").data["revealed"] == ["gallus", "aegyptius", "phoenicius"]
    assert phase(state) == "decimatio" and state.current_player == 1
    assert kinds_legal(state) == {"reject"}
    state.apply("reject aegyptius")
    assert state.current_player == 2
    assert set(notations(state)) == {"reject gallus", "reject phoenicius"}
    state.apply("reject gallus")
    assert phase(state) == "bid"
    assert pos(state)["auction"]["offered"] == CATALOG.gladiator_by_code["phoenicius"]
    discard = pos(state)["veteran_discard"]
    assert {CATALOG.gladiators[g].code for g in discard} >= {"gallus", "aegyptius"}


def test_variant_decimatio_the_active_player_does_not_discard() -> None:
    table = Table(players=2, decimatio_auctions=True).quiet().veteran_top("gallus", "aegyptius")
    table.gladiators(0, "tiro").gladiators(1, "tiro").coins(0, 8).coins(1, 8)
    state = table.auction_phase(0).build()
    state.apply("auction")
    assert state.current_player == 1
    state.apply("reject gallus")
    assert phase(state) == "bid"
    assert pos(state)["auction"]["offered"] == CATALOG.gladiator_by_code["aegyptius"]


# --- Combat (reserve) -----------------------------------------------------------------------

A, D = combat_pair(0)
R = veteran(exclude=[A, D])


def _reserve_table() -> Table:
    return (
        Table(players=3, combat_reserve=True)
        .gladiators(0, A)
        .gladiators(1, D)
        .gladiators(2, R, "tiro")
        .coins(0, 2)
    )


def test_variant_reserve_a_third_player_may_replace_the_defender() -> None:
    state = _reserve_table().combat_top("defensio_magnus").build()
    fight(state, A, rival=1)
    assert phase(state) == "reserve" and state.current_player == 2
    novice = owned(state, 2)[1]
    assert set(notations(state)) == {f"reserve {R}", f"reserve {novice}", "pass"}
    events = state.apply(f"reserve {R}")
    outcome = result(events)
    assert outcome["defender"] == 2 and outcome["winner"] == 2
    assert outcome["scores"] == [spec(A).combat, spec(R).combat + spec("defensio_magnus").shields]
    assert pos(state)["points"] == [0, 0, 1], "the reserve scores a point when it wins"
    assert owned(state, 1) == [D]
    assert is_turned(state, R)


def test_variant_reserve_losing_costs_the_reserve_as_any_defender() -> None:
    state = _reserve_table().combat_top("impetus_magnus_mors").build()
    fight(state, A, rival=1)
    events = state.apply(f"reserve {R}")
    assert result(events)["winner"] == 0
    assert pos(state)["points"] == [1, 0, 0]
    assert R not in owned(state, 2) and owned(state, 1) == [D]


def test_variant_reserve_pass_keeps_the_defender() -> None:
    state = _reserve_table().combat_top("defensio").build()
    fight(state, A, rival=1)
    events = state.apply("pass")
    assert result(events)["defender"] == 1


def test_variant_reserve_only_straightened_gladiators() -> None:
    novice_table = _reserve_table()
    novice = CATALOG.gladiators[novice_table.pos["gladiators"][2][1]].code
    state = novice_table.turned(R, novice).combat_top("defensio").build()
    events = fight(state, A, rival=1)
    assert phase(state) == "main", "nobody straight to step in"
    assert result(events)["defender"] == 1


# --- Combat (decision) ----------------------------------------------------------------------


def _decision_table() -> Table:
    return Table(combat_decision=True).gladiators(0, A).gladiators(1, D).coins(0, 6)


def test_variant_decision_buy_combat_cards_for_one_coin_up_to_three() -> None:
    assert (RULES.decision_card_cost, RULES.decision_hand) == (1, 3)
    state = _decision_table().build()
    top = pos(state)["combat_pile"][-1]
    events = state.apply("buy-combat")
    assert pos(state)["hands"][0] == [top] and pos(state)["coins"][0] == 5
    private = event(events, "combat_bought_card")
    assert private.visible(0) and not private.visible(1)
    apply_all(state, ["buy-combat", "buy-combat"])
    assert len(pos(state)["hands"][0]) == 3
    assert "buy-combat" not in notations(state), "three at most"
    code = CATALOG.combat[top].code
    state.apply(f"drop {code}")
    assert pos(state)["coins"][0] == 3, "discarding is free"
    assert top in pos(state)["combat_discard"] and len(pos(state)["hands"][0]) == 2


def test_variant_decision_no_card_from_the_pile_in_a_combat() -> None:
    state = _decision_table().build()
    pile = list(pos(state)["combat_pile"])
    events = fight(state, A)
    assert events_of(events, "combat_card") == []
    assert result(events)["scores"] == [spec(A).combat, spec(D).combat]
    assert pos(state)["combat_pile"] == pile


def test_variant_decision_each_side_reveals_one_card_from_hand() -> None:
    state = _decision_table().hand(0, "impetus_magnus", "impetus").hand(1, "defensio").build()
    state.apply(f"fight {A}")
    assert phase(state) == "combat_card" and state.current_player == 0
    shop = {"buy-combat", "drop impetus_magnus", "drop impetus"}  # "at any time"
    assert set(notations(state)) == {"play impetus_magnus", "play impetus", "no card"} | shop
    state.apply("play impetus_magnus")
    assert phase(state) == "combat_card" and state.current_player == 1
    events = state.apply("play defensio")
    outcome = result(events)
    assert outcome["scores"] == [spec(A).combat + 2, spec(D).combat + 1]
    assert outcome["winner"] == 0
    # the winner discards the cards used; the other card stays in hand
    assert CATALOG.combat_by_code["impetus_magnus"] in pos(state)["combat_discard"]
    assert pos(state)["hands"][0] == [CATALOG.combat_by_code["impetus"]]


def test_variant_decision_hands_are_secret() -> None:
    state = _decision_table().hand(0, "impetus_magnus", "impetus").build()
    mine = state.view(0)["lanistae"][0]
    theirs = state.view(1)["lanistae"][0]
    assert mine["combat_hand"] == theirs["combat_hand"] == 2
    assert sorted(mine["combat_hand_cards"]) == ["impetus", "impetus_magnus"]
    assert "combat_hand_cards" not in theirs
    assert "combat_hand_cards" not in state.view(None)["lanistae"][0]
