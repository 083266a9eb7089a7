"""Rulebook "Game Play" 1-3: player order from the cup, a face-down counter per gladiator,
then each gladiator's activation in player order."""

from __future__ import annotations

import pytest

import colosseum

from .helpers import (
    LION,
    MURMILLO,
    RETIARIUS,
    SHEETS,
    THRAEX,
    Position,
    event,
    gladiator_view,
    notations,
)


def _standing(state: colosseum.State) -> set[int]:
    return {e["number"] for e in state.view(None)["gladiators"] if e["hex"] is not None}


def _place_all(state: colosseum.State, choose: str = "blank") -> None:
    while state.view(None)["phase"] == "place":
        wanted = f"place {choose}"
        state.apply(wanted if wanted in notations(state) else "place blank")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_game_play_1_order_is_a_permutation_of_the_standing_gladiators(players: int) -> None:
    orders = set()
    for seed in range(15):
        state = colosseum.new_game("ludus", players=players, seed=seed)
        order = state.view(None)["order"]
        assert sorted(order) == sorted(_standing(state))
        orders.add(tuple(order))
    assert len(orders) > 1, "the order is drawn from the cup, so it varies"


def test_game_play_1_order_is_drawn_again_every_round() -> None:
    state = colosseum.new_game("ludus", players=5, seed=2, options={"round_limit": 12})
    orders = []
    while not state.is_terminal():
        view = state.view(None)
        if view["phase"] == "place" and view["step"] == 0:
            assert sorted(view["order"]) == sorted(_standing(state))
            orders.append(tuple(view["order"]))
        actions = notations(state)
        state.apply("end" if "end" in actions else actions[0])
    assert len(orders) == 12
    assert len(set(orders)) > 1


def test_game_play_1_a_removed_gladiator_draws_no_order_counter() -> None:
    state = (
        Position()
        .at(murmillo="g5", retiarius="b4", thraex="l4", lion=None)
        .remove(LION)
        .acting(THRAEX, order=[MURMILLO, RETIARIUS, THRAEX])
        .build()
    )
    events = state.apply("end")  # Thraex is last in order: the round ends
    start = event(events, "round_start")
    assert sorted(start.data["order"]) == [MURMILLO, RETIARIUS, THRAEX]
    assert sorted(state.view(None)["order"]) == [MURMILLO, RETIARIUS, THRAEX]


def test_game_play_2_each_gladiator_places_one_counter_in_player_order() -> None:
    state = colosseum.new_game("ludus", players=2, seed=9, options={"gladiators": "1,2,3,5"})
    order = state.view(None)["order"]
    owner = {e["number"]: e["owner"] for e in state.view(None)["gladiators"]}
    for step, number in enumerate(order):
        view = state.view(None)
        assert view["phase"] == "place"
        assert view["active"] == number
        assert state.current_player == owner[number]
        events = state.apply("place blank")
        assert event(events, "counter_placed").data == {"gladiator": number}
        assert gladiator_view(state.view(owner[number]), number)["counter"] == "blank"
        if step < len(order) - 1:
            assert gladiator_view(state.view(None), number)["counter"] == "hidden"
    # every counter is down: the activations start, in player order
    view = state.view(None)
    assert view["phase"] == "act"
    assert view["active"] == order[0]


def test_game_play_2_counters_placed_face_down() -> None:
    state = colosseum.new_game("ludus", players=2, seed=9, options={"gladiators": "1,2,3,5"})
    seat = state.current_player
    number = state.view(None)["active"]
    special = next(a for a in notations(state) if a != "place blank")
    events = state.apply(special)
    chosen = event(events, "counter_chosen")
    assert chosen.visible(seat) and not chosen.visible(1 - seat) and not chosen.visible(None)
    assert event(events, "counter_placed").visible(1 - seat)
    assert "counter" not in event(events, "counter_placed").data
    assert gladiator_view(state.view(1 - seat), number)["counter"] == "hidden"
    assert gladiator_view(state.view(None), number)["counter"] == "hidden"
    assert gladiator_view(state.view(seat), number)["counter"] == special.split()[1]


@pytest.mark.parametrize("number", [1, 2, 3, 5])
def test_game_play_2_placing_a_special_crosses_it_off_the_record_sheet(number: int) -> None:
    state = Position().placing(number).build()
    seat = state.current_player
    for code in SHEETS[number]["specials"]:
        clone = state.clone()
        before = gladiator_view(clone.view(seat), number)["specials_left"][code]
        clone.apply(f"place {code}")
        after = gladiator_view(clone.view(seat), number)["specials_left"]
        assert after[code] == before - 1
        assert all(
            after[other] == SHEETS[number]["specials"][other] for other in after if other != code
        )


@pytest.mark.parametrize("number", [1, 2, 3, 5])
def test_game_play_2_only_the_record_sheets_specials_are_offered(number: int) -> None:
    state = Position().placing(number).build()
    offered = {a.split()[1] for a in notations(state)}
    assert offered == {"blank", *SHEETS[number]["specials"]}


def test_game_play_2_blank_is_always_allowed_and_used_up_specials_are_not_offered() -> None:
    position = Position().placing(MURMILLO)
    position.left(MURMILLO, "SA", 0).left(MURMILLO, "D", 0)
    assert notations(position.build()) == ["place blank", "place DD"]
    position.left(MURMILLO, "DD", 0)
    state = position.build()
    assert notations(state) == ["place blank"]
    with pytest.raises(colosseum.IllegalAction):
        state.apply("place SA")


def test_game_play_2_a_special_runs_out_after_its_quantity_of_rounds() -> None:
    """The Lion has 2 Fast Speed counters: placed in two rounds, it cannot be placed a third."""
    state = colosseum.new_game(
        "ludus", players=2, seed=4, options={"gladiators": "1,2,3,5", "round_limit": 5}
    )
    placed = 0
    while not state.is_terminal():
        view = state.view(None)
        if view["phase"] == "place" and view["active"] == LION:
            offered = "place FS" in notations(state)
            assert offered == (placed < 2)
            if offered:
                state.apply("place FS")
                placed += 1
                continue
        actions = notations(state)
        state.apply("end" if "end" in actions else actions[0])
    assert placed == 2


def test_game_play_3_activations_follow_player_order() -> None:
    for seed in range(5):
        state = colosseum.new_game("ludus", players=5, seed=seed)
        order = state.view(None)["order"]
        _place_all(state)
        seen = []
        while state.view(None)["round"] == 1 and not state.is_terminal():
            seen.append(state.view(None)["active"])
            state.apply("end")
        assert seen == order


def test_game_play_3_each_activation_may_move_attack_or_end() -> None:
    state = Position().at(murmillo="g5", thraex="h5", retiarius="b4", lion="m6").acting(1).build()
    assert notations(state) == ["move", "attack 3", "end"]
    events = state.apply("end")
    assert event(events, "end").data == {"gladiator": MURMILLO}
    assert state.view(None)["active"] == RETIARIUS
