"""The action log that clones share (`State._log`): each state keeps its own history."""

from __future__ import annotations

import pickle
import random

import pytest

import colosseum
from colosseum.core.state import State

GAME_IDS = ["ludi-gladiatorii", "ludus-gladiatorius", "jugula"]


def _play(state: State, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_clones_that_play_on_keep_their_own_logs(game_id: str) -> None:
    """The original, a clone, a clone of the clone and a second clone all play on from one
    shared log, in turns; each record replays to its own state."""
    rng = random.Random(7)
    root = colosseum.new_game(game_id, players=2, seed=11)
    _play(root, 25, rng)
    first = root.clone()
    _play(first, 10, rng)
    deeper = first.clone()
    second = root.clone()
    _play(root, 5, rng)
    _play(second, 7, rng)
    _play(deeper, 3, rng)
    _play(first, 4, rng)
    lengths = []
    for state in (root, first, deeper, second):
        played = state.actions_played()
        lengths.append(len(played))
        replayed = colosseum.replay(state.record())
        assert replayed.actions_played() == played
        assert replayed.to_position() == state.to_position()
    assert lengths[0] != lengths[1]  # the games did go their own ways


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_state_pickled_after_its_clone_played_on_keeps_its_own_log(game_id: str) -> None:
    rng = random.Random(3)
    root = colosseum.new_game(game_id, players=2, seed=5)
    _play(root, 20, rng)
    clone = root.clone()
    _play(clone, 15, rng)
    copied = pickle.loads(pickle.dumps(root))
    assert copied.actions_played() == root.actions_played()
    _play(copied, 3, random.Random(1))
    assert copied.actions_played()[: len(root.actions_played())] == root.actions_played()
    assert colosseum.replay(copied.record()).to_position() == copied.to_position()
