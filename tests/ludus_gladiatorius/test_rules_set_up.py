"""Rulebook "Set Up": gladiators and starting hexes drawn from the cup; sheets hidden."""

from __future__ import annotations

from collections import Counter

import pytest

import colosseum

from .helpers import SHEETS, START_HEXES, gladiator_view


def _owners(state: colosseum.State) -> dict[int, int]:
    """gladiator number -> seat, from the spectator's view."""
    return {entry["number"]: entry["owner"] for entry in state.view(None)["gladiators"]}


@pytest.mark.parametrize("seed", range(20))
def test_set_up_two_players_draw_two_gladiators_each(seed: int) -> None:
    state = colosseum.new_game("ludus", players=2, seed=seed)
    owners = _owners(state)
    assert sorted(Counter(owners.values()).values()) == [2, 2]
    assert set(owners) <= {1, 2, 3, 4, 5}
    assert len(owners) == 4


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", range(8))
def test_set_up_three_to_five_players_draw_one_gladiator_each(players: int, seed: int) -> None:
    state = colosseum.new_game("ludus", players=players, seed=seed)
    owners = _owners(state)
    assert sorted(owners.values()) == list(range(players))
    assert len(set(owners)) == players


def test_set_up_the_cup_draw_varies_with_the_seed() -> None:
    drawn = {
        tuple(sorted(_owners(colosseum.new_game("ludus", players=3, seed=s)).items()))
        for s in range(40)
    }
    assert len(drawn) > 5


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", range(10))
def test_set_up_starting_hexes_are_distinct_numbered_starts(players: int, seed: int) -> None:
    state = colosseum.new_game("ludus", players=players, seed=seed)
    hexes = [entry["hex"] for entry in state.view(None)["gladiators"]]
    assert len(hexes) == len(set(hexes))
    assert set(hexes) <= set(START_HEXES.values())


def test_set_up_starting_hexes_are_drawn_not_fixed() -> None:
    starts = Counter()
    for seed in range(60):
        state = colosseum.new_game("ludus", players=5, seed=seed)
        for entry in state.view(None)["gladiators"]:
            starts[entry["number"], entry["hex"]] += 1
    # every gladiator has been seen on several different starting hexes
    for number in range(1, 6):
        assert len({h for (n, h) in starts if n == number}) >= 3


def test_set_up_gladiators_option_gives_numbers_by_seat() -> None:
    state = colosseum.new_game("ludus", players=2, seed=3, options={"gladiators": "1,2,3,5"})
    assert _owners(state) == {1: 0, 2: 0, 3: 1, 5: 1}
    state = colosseum.new_game("ludus", players=3, seed=3, options={"gladiators": "4,1,3"})
    assert _owners(state) == {4: 0, 1: 1, 3: 2}


def test_set_up_gladiators_start_with_full_life_and_full_record_sheets() -> None:
    state = colosseum.new_game("ludus", players=2, seed=11, options={"gladiators": "1,2,3,5"})
    for seat, numbers in ((0, (1, 2)), (1, (3, 5))):
        view = state.view(seat)
        for number in numbers:
            entry = gladiator_view(view, number)
            assert entry["life"] == entry["max_life"] == SHEETS[number]["life"]
            assert entry["specials_left"] == SHEETS[number]["specials"]
            assert entry["counter"] is None


def test_set_up_record_sheets_are_hidden_life_points_are_not() -> None:
    state = colosseum.new_game("ludus", players=2, seed=11, options={"gladiators": "1,2,3,5"})
    view = state.view(1)
    for number in (1, 2):
        entry = gladiator_view(view, number)
        assert "specials_left" not in entry
        assert entry["life"] == SHEETS[number]["life"]
    spectator = state.view(None)
    assert all("specials_left" not in entry for entry in spectator["gladiators"])
    assert all(entry["life"] > 0 for entry in spectator["gladiators"])


def test_set_up_ends_with_the_first_round_of_counter_placing() -> None:
    state = colosseum.new_game("ludus", players=4, seed=5)
    view = state.view(None)
    assert view["round"] == 1
    assert view["phase"] == "place"
    assert all(str(a).startswith("place ") for a in state.legal_actions())
