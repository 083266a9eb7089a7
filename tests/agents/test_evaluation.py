"""The per-game evaluations used when ISMCTS cuts a rollout short (each game's `search`
module, core/search.py)."""

from __future__ import annotations

import random

import pytest

import colosseum
from colosseum.agents.search_hooks import evaluation_of, search_module
from colosseum.core.registry import games
from colosseum.core.search import Evaluation, SearchDefaults

from ..jugula.helpers import Table

EVALUATIONS: dict[str, Evaluation] = {
    game: evaluation for game in games() if (evaluation := evaluation_of(game)) is not None
}


def test_every_built_in_game_has_an_evaluation_and_search_defaults() -> None:
    assert set(EVALUATIONS) == set(games())
    for game in games():
        assert isinstance(getattr(search_module(game), "DEFAULTS", None), SearchDefaults)


@pytest.mark.parametrize("game", sorted(EVALUATIONS))
@pytest.mark.parametrize("players", [2, 3])
def test_values_are_shares_along_random_games(game: str, players: int) -> None:
    state = colosseum.new_game(game, players=players, seed=players)
    rng = random.Random(players)
    for step in range(400):
        if state.is_terminal():
            break
        if step % 25 == 0:
            values = EVALUATIONS[game](state)
            assert len(values) == players
            assert sum(values) == pytest.approx(1.0)
            assert all(0.0 <= value <= 1.0 for value in values)
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])


def test_jugula_favours_the_familia_with_more_blows_left() -> None:
    t = Table()
    for seat, codes in (
        (0, ("thraex", "murmillo", "veles", "provocator")),
        (1, ("retiarius", "secutor", "hoplomachus", "scissor")),
    ):
        for k, code in enumerate(codes):
            t.place(seat, code, f"{'abcd'[k]}{1 if seat == 0 else 8}", "n" if seat == 0 else "s")
    t.state.wounds[t.g(1, "secutor")] = 1
    values = EVALUATIONS["jugula"](t.turn(0))
    assert values[0] > values[1]


def test_jugula_counts_an_attack_on_offer() -> None:
    """Same blows left on both sides; only seat 0 has a target in reach: he is ahead."""
    t = Table()
    t.place(0, "thraex", "d4", "n")
    t.place(1, "retiarius", "d5", "n")  # his back to the Thraex: no attack back
    t.place(0, "murmillo", "a1", "n")
    t.place(0, "veles", "b1", "n")
    t.place(1, "secutor", "h8", "s")
    t.place(1, "hoplomachus", "g8", "s")
    values = EVALUATIONS["jugula"](t.turn(0))
    assert values[0] > values[1]
