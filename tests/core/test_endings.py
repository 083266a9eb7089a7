"""Endings as the rulebooks state them: every cap is off by default, and a game that no cap
ended ended by its book's conditions.

Ludus Gladiatorius ends when the standing gladiators belong to one lanista ("Winning"); Ludi
Gladiatorii when a lanista reaches the victory points, or the points run out ("End of the
Game"); Jugula by its "Victory" conditions (a familia beaten, the last familia in the arena, or
sudden death). The random games here set the game's cap themselves, as every tool that needs
games to end must, and count what it cut short; the soak plays 10,000 games a game.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import colosseum
from colosseum import State
from colosseum.core import registry
from colosseum.core.options import cap_names
from colosseum.sim.match import new_simulated_game

GAME_IDS = sorted(registry.games())
BOOK_REASONS = {"victory", "sudden death", "last familia in the arena"}


def _ended_by_the_book(state: State, last_event: Any) -> bool:
    """Whether `state` (over, and not capped) ended by its rulebook's own conditions."""
    if state.game_id == "ludus-gladiatorius":
        seats = {state.owner[g] for g in state.standing()}  # type: ignore[attr-defined]
        return len(seats) <= 1 and seats <= set(state.winners())
    if state.game_id == "ludi-gladiatorii":
        target = int(state.options["victory_points"])
        points = state.points  # type: ignore[attr-defined]
        return max(points) >= target or state.supply_points == 0  # type: ignore[attr-defined]
    return last_event.kind == "game_over" and last_event.data["reason"] in BOOK_REASONS


def _play(game_id: str, players: int, seed: int) -> tuple[bool, bool]:
    """One random game with the cap the test sets: (capped, ended by the book's conditions)."""
    state = new_simulated_game(game_id, players, seed)
    rng = random.Random(seed)
    last = None
    while not state.is_terminal():
        actions = state.legal_actions()
        events = state.apply(actions[rng.randrange(len(actions))])
        if events:
            last = events[-1]
    return state.capped(), not state.capped() and _ended_by_the_book(state, last)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_cap_is_off_by_default(game_id: str) -> None:
    """The book's game has no round or turn limit: a cap exists for simulations only."""
    info = registry.games()[game_id]
    caps = cap_names(info.options)
    assert caps, f"{game_id} has a cap option for simulations"
    state = colosseum.new_game(game_id, players=info.min_players, seed=1)
    for name in caps:
        assert state.options[name] == 0
        spec = next(spec for spec in info.options if spec.name == name)
        assert spec.simulation_value and spec.simulation_value > 0


def _check_endings(game_id: str, games: int) -> int:
    info = registry.games()[game_id]
    span = info.max_players - info.min_players + 1
    capped = 0
    for seed in range(games):
        was_capped, by_book = _play(game_id, info.min_players + seed % span, seed)
        assert was_capped or by_book, f"{game_id} seed {seed} ended by neither"
        capped += was_capped
    return capped


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_games_end_by_the_book_or_by_the_cap_the_tool_set(game_id: str) -> None:
    _check_endings(game_id, 30)


@pytest.mark.soak
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_soak_ten_thousand_games_end_by_the_book_or_the_set_cap(game_id: str) -> None:
    capped = _check_endings(game_id, 10_000)
    print(f"{game_id}: {capped} of 10000 random games ended by the cap the soak set")


def test_a_capped_game_says_so_and_an_uncapped_one_does_not() -> None:
    """`capped()` tells a game that a cap ended from one its rulebook ended."""
    state = colosseum.new_game("jugula", players=2, seed=3, options={"turn_limit": 1})
    rng = random.Random(3)
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    assert state.capped()
    uncapped = colosseum.new_game("jugula", players=2, seed=3)
    assert not uncapped.capped()
