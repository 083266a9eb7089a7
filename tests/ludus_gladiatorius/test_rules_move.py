"""Rulebook "Game Play 3a, Move": boosted die first, up to the allowance, not split, before or
after combat; and the engine's rule that no gladiator moves through or into an occupied hex."""

from __future__ import annotations

import pytest

import colosseum
from colosseum.games.ludus_gladiatorius.data import load_catalog

from .helpers import (
    DICE,
    HEXES,
    HOPLOMACHUS,
    LION,
    MURMILLO,
    RETIARIUS,
    SHEETS,
    THRAEX,
    Position,
    event,
    hex_distance,
    kinds,
    neighbours,
    notations,
    reachable,
    swords,
)


def _open_field() -> Position:
    """Murmillo in the middle, everyone else far away."""
    return Position().at(murmillo="g5", retiarius="a4", thraex="m4", lion="d9").acting(MURMILLO)


def _destinations(state: colosseum.State) -> set[str]:
    return {a.split()[1] for a in notations(state) if a.startswith("to ") and len(a.split()) == 2}


def test_move_the_boosted_die_is_rolled_before_moving() -> None:
    state = _open_field().build()
    events = state.apply("move")
    boost = event(events, "boost_roll")
    assert boost.data["gladiator"] == MURMILLO
    assert len(boost.data["faces"]) == 1
    assert boost.data["faces"][0] in DICE["boosted"]
    assert "moved" not in kinds(events)
    assert state.view(None)["phase"] == "move"
    assert "stay" in notations(state)


@pytest.mark.parametrize("number", [MURMILLO, RETIARIUS, THRAEX, LION])
def test_move_two_swords_on_the_boosted_die_add_one_movement(number: int) -> None:
    position = Position().at(murmillo="g5", retiarius="a4", thraex="m4", lion="d9").acting(number)
    double = position.search(
        ["move"], lambda s, ev: swords(event(ev, "boost_roll").data["faces"]) == 2
    )
    single = position.search(
        ["move"], lambda s, ev: swords(event(ev, "boost_roll").data["faces"]) < 2
    )
    base = SHEETS[number]["movement"]
    assert event(double.events, "boost_roll").data["allowance"] == base + 1
    assert event(double.events, "boost_roll").data["bonus"] == 1
    assert event(single.events, "boost_roll").data["allowance"] == base
    assert event(single.events, "boost_roll").data["bonus"] == 0


def test_move_allowance_matches_the_boost_die_for_many_rolls() -> None:
    position = _open_field()
    for value in range(60):
        state = position.rng(value).build()
        boost = event(state.apply("move"), "boost_roll").data
        bonus = 1 if swords(boost["faces"]) >= 2 else 0
        assert boost["allowance"] == SHEETS[MURMILLO]["movement"] + bonus


@pytest.mark.parametrize("rng", range(6))
def test_move_destinations_are_exactly_the_hexes_within_the_allowance(rng: int) -> None:
    state = (
        Position()
        .at(murmillo="g5", retiarius="f5", thraex="h6", lion="g3")
        .acting(MURMILLO)
        .rng(rng)
        .build()
    )
    allowance = event(state.apply("move"), "boost_roll").data["allowance"]
    expected = reachable("g5", allowance, blocked={"f5", "h6", "g3"}) - {"g5"}
    assert _destinations(state) == expected
    assert "stay" in notations(state)


def test_move_may_move_less_than_the_allowance_or_not_at_all() -> None:
    state = _open_field().build()
    state.apply("move")
    destinations = _destinations(state)
    assert neighbours("g5") <= destinations
    events = state.apply("stay")
    assert event(events, "moved").data == {"gladiator": MURMILLO, "from": "g5", "to": "g5"}


def test_move_cannot_enter_or_pass_through_occupied_hexes() -> None:
    # five players: the Murmillo in the corner hex a4, its four neighbours all taken
    corner = "a4"
    around = sorted(neighbours(corner))
    assert len(around) == 4
    position = Position(players=5, gladiators="1,2,3,4,5").at(
        murmillo=corner,
        retiarius=around[0],
        thraex=around[1],
        hoplomachus=around[2],
        lion=around[3],
    )
    state = position.acting(MURMILLO).build()
    state.apply("move")
    assert notations(state) == ["stay"]


def test_move_cannot_enter_a_hex_of_an_own_gladiator() -> None:
    state = Position().at(murmillo="g5", retiarius="h5", thraex="m4", lion="d9").acting(1).build()
    state.apply("move")
    assert "h5" not in _destinations(state)
    with pytest.raises(colosseum.IllegalAction):
        state.apply("to h5")


def test_move_beyond_the_allowance_is_illegal() -> None:
    state = _open_field().build()
    allowance = event(state.apply("move"), "boost_roll").data["allowance"]
    far = next(h for h in sorted(reachable("g5", 20)) if h not in reachable("g5", allowance))
    before = state.to_position()
    with pytest.raises(colosseum.IllegalAction):
        state.apply(f"to {far}")
    assert state.to_position() == before


def test_move_cannot_be_split_or_repeated() -> None:
    state = Position().at(murmillo="g5", retiarius="a4", thraex="i5", lion="d9").acting(1).build()
    state.apply("move")
    state.apply("to h5")  # now next to the Thraex (i5)
    assert "move" not in notations(state)
    assert notations(state) == ["attack 3", "end"]
    state.apply("attack 3")
    state.apply("no-defence")
    # moved and attacked: the activation is over
    assert state.view(None)["active"] != MURMILLO


def test_move_after_combat() -> None:
    state = Position().at(murmillo="g5", retiarius="a4", thraex="h5", lion="d9").acting(1).build()
    state.apply("attack 3")
    state.apply("no-defence")
    assert state.view(None)["active"] == MURMILLO
    assert notations(state) == ["move", "end"]
    state.apply("move")
    state.apply("to f5")
    assert state.view(None)["active"] != MURMILLO


def test_move_before_combat() -> None:
    state = Position().at(murmillo="g5", retiarius="a4", thraex="j5", lion="d9").acting(1).build()
    assert not any(a.startswith("attack") for a in notations(state))
    state.apply("move")
    state.apply("to i5")
    assert "attack 3" in notations(state)


def test_move_hoplomachus_allowance_in_a_five_player_game() -> None:
    state = (
        Position(players=5, gladiators="1,2,3,4,5")
        .at(murmillo="a4", retiarius="m4", thraex="d9", hoplomachus="g5", lion="g1")
        .acting(HOPLOMACHUS)
        .build()
    )
    boost = event(state.apply("move"), "boost_roll").data
    assert boost["allowance"] in (
        SHEETS[HOPLOMACHUS]["movement"],
        SHEETS[HOPLOMACHUS]["movement"] + 1,
    )


def test_the_arenas_distance_table_counts_hex_steps_on_an_open_floor() -> None:
    """The precomputed distances (read by the heuristic player) agree, for every pair of
    hexes, with hex steps counted from the map's own geometry."""
    arena = load_catalog().arena
    assert set(arena.names) == HEXES
    for a in arena.names:
        for b in arena.names:
            assert arena.distance(arena.index[a], arena.index[b]) == hex_distance(a, b), (a, b)
