"""The fast movement search and the move actions against what they replaced (issue 25): the
same destinations in the same order, the same cheapest ways, the same notation and steps."""

from __future__ import annotations

import random

import pytest

from colosseum.core.actions import Action
from colosseum.games.jugula import destination, moves
from colosseum.games.jugula.data import Rules, load_catalog
from colosseum.games.jugula.model import MOVE
from colosseum.games.jugula.movement import Terrain
from colosseum.sim.match import new_simulated_game

from .movement_reference import reference_search


@pytest.fixture(scope="module")
def rules() -> Rules:
    return load_catalog().rules


def random_terrain(rules: Rules, rng: random.Random) -> Terrain:
    """A terrain with figures, enemies, talents and forbidden squares drawn at random."""
    start = rng.randrange(64)
    others = [sq for sq in range(64) if sq != start]
    enemies = [(sq, rng.randrange(4)) for sq in rng.sample(others, rng.randrange(5))]
    return Terrain(
        rules,
        start,
        rng.sample(range(64), rng.randrange(12)),
        enemies,
        fast=rng.random() < 0.3,
        souple=rng.random() < 0.3,
        impressive={sq: rng.randrange(1, 3) for sq in rng.sample(range(64), rng.choice([0, 3, 8]))},
        forbidden=rng.sample(range(64), rng.choice([0, 0, 3])),
    )


def test_search_matches_the_reference_on_random_terrains(rules: Rules) -> None:
    rng = random.Random(25)
    for _ in range(3000):
        land = random_terrain(rules, rng)
        facing, mp = rng.randrange(4), rng.randrange(9)
        found = land.search(facing, mp)
        assert (found, land.standing()) == reference_search(land, facing, mp)
        assert list(land.standing()) == list(reference_search(land, facing, mp)[1])  # order


def test_move_actions_read_as_the_plain_notation_and_its_steps() -> None:
    """Every offered move of random games: its notation is the path written in full, equal to
    the plain Action of that notation, and its steps are those the notation gives."""
    rng = random.Random(7)
    checked = 0
    for seed in range(12):
        state = new_simulated_game("jugula", 2 + seed % 3, seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            task = state.tasks[-1]
            if task[0] == MOVE:
                for action in legal[1:]:
                    assert isinstance(action, destination.Destination)
                    # the notation written before the arguments are read, or after
                    written = str(action) if seed % 2 else None
                    plain = Action("to", *action.args)
                    assert plain == action and str(plain) == str(action)
                    assert written in (None, str(plain))
                    path = str(action.args[2])
                    assert action.steps() == moves._parse_path(state, task[2], task[4], path)
                    checked += 1
            state.apply(legal[rng.randrange(len(legal))])
    assert checked > 1000


def test_an_equal_plain_move_is_played_as_the_offered_one() -> None:
    """A move typed or rebuilt (a plain Action equal to an offered one) plays the same."""
    rng = random.Random(3)
    for seed in range(6):
        state = new_simulated_game("jugula", 2, seed)
        twin = state.clone()
        while not state.is_terminal():
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            plain = Action(action.kind, *action.args)
            assert [e.to_json() for e in state.apply(action)] == [
                e.to_json() for e in twin.apply(plain)
            ]
        assert state.to_position() == twin.to_position()


def test_a_move_carried_out_keeps_its_notation_and_lets_go_of_its_search() -> None:
    """The log keeps the actions played: a move's keeps its path written, not the search."""
    rng = random.Random(5)
    moved = 0
    for seed in range(4):
        state = new_simulated_game("jugula", 2, seed)
        twin = state.clone()
        while not state.is_terminal() and moved < 200:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            state.apply(action)
            if isinstance(action, destination.Destination):
                assert action._paths is None
                twin.apply(str(action))  # the notation written from the steps taken
                assert twin.to_position() == state.to_position()
                moved += 1
            else:
                twin.apply(action)
    assert moved > 50
