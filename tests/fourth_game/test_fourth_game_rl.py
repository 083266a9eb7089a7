"""The fourth game in the RL environments, through `colosseum.rl` alone: PettingZoo's own
`api_test` and `seed_test`, Gymnasium's `check_env` and masked episodes. Its Gymnasium id is
not registered: `colosseum.rl.gym.ENV_IDS` is a table of the three built-in games."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
gymnasium = pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")
np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]  # noqa: E402

from colosseum.rl import aec_env, gym_env  # noqa: E402
from colosseum.rl.gym import register_envs  # noqa: E402

from . import GAME_ID  # noqa: E402


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_api_and_seed(players: int) -> None:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        warnings.filterwarnings("ignore", "Observation space for each agent probably")
        api_test(aec_env(GAME_ID, players), num_cycles=300)
    seed_test(lambda: aec_env(GAME_ID, players), num_cycles=300)


def test_gymnasium_check_env_and_masked_episodes() -> None:
    check_env(gym_env(GAME_ID, ["random", "random"], seat=1), skip_render_check=True)
    env = gym_env(GAME_ID, ["random"], seat=0, render_mode="ansi")
    observation, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    while True:
        assert env.observation_space.contains(observation)
        legal = np.flatnonzero(info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        if terminated or truncated:
            break
    assert terminated and not truncated and reward in (0.0, 0.5, 1.0)
    assert "Sortes Gladiatoriae" in str(env.render())


def test_gymnasium_make_by_id() -> None:
    """A game registered after `colosseum.rl.gym` was imported gets its id once the program
    registers the environments again (every game is registered at import)."""
    assert register_envs()[GAME_ID] == f"colosseum/{GAME_ID}-v0"
    env = gymnasium.make(f"colosseum/{GAME_ID}-v0", opponents=["random"])
    env.reset(seed=1)
