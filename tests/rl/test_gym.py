"""The Gymnasium environment: Gymnasium's `check_env` for every game (through its registered id,
so every render mode is checked too), the masks, illegal actions, seeding and opponents."""

from __future__ import annotations

import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")
np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import colosseum  # noqa: E402
from colosseum.agents import InvalidAgent  # noqa: E402
from colosseum.rl import gym_env  # noqa: E402
from colosseum.rl.gym import ENV_IDS, ColosseumGym  # noqa: E402

from .helpers import CAP, GAMES, SHORT, max_players  # noqa: E402


def short(game: str, factor: int = 1) -> dict[str, int]:
    return {CAP[game]: SHORT[game] * factor}


def play(env: ColosseumGym, seed: int) -> tuple[float, bool, bool, int]:
    """A masked random episode: (reward, terminated, truncated, steps)."""
    rng = np.random.default_rng(seed)
    observation, info = env.reset(seed=seed)
    steps = 0
    while True:
        assert env.observation_space.contains(observation)
        mask = env.action_masks()
        assert np.array_equal(mask.astype(np.int8), info["action_mask"])
        assert set(np.flatnonzero(mask)) == set(env.legal_actions())
        observation, reward, terminated, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(mask)))
        )
        steps += 1
        if terminated or truncated:
            return float(reward), terminated, truncated, steps
        assert reward == 0.0


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_check_env(game: str) -> None:
    env = gymnasium.make(
        ENV_IDS[game], opponents=["random"], options=short(game), render_mode="ansi"
    )
    check_env(env.unwrapped)


@pytest.mark.parametrize("game", GAMES)
def test_check_env_at_the_most_players_against_the_heuristic(game: str) -> None:
    opponents = ["heuristic"] * (max_players(game) - 1)
    check_env(gym_env(game, opponents, seat=1, options=short(game)), skip_render_check=True)


@pytest.mark.parametrize("game", GAMES)
def test_episodes_end_with_the_learners_return(game: str) -> None:
    env = gym_env(game, ["random"], seat=None, options=short(game))
    for seed in range(3):
        reward, terminated, truncated, _ = play(env, seed)
        assert env.game is not None
        assert reward == env.game.returns()[env.seat]
        assert truncated == env.game.capped() != terminated


def test_a_seeded_reset_repeats_the_episode() -> None:
    env = gym_env("ludi", ["heuristic", "random"], seat=2, options=short("ludi-gladiatorii"))
    play(env, 9)
    assert env.game is not None
    first = env.game.record()
    play(env, 9)
    assert env.game.record() == first
    assert first["seed"] == 9 and first["players"] == 3


def test_the_seat_may_be_drawn() -> None:
    env = gym_env("ludus", ["random"] * 3, seat=None)
    seats = set()
    for seed in range(12):
        env.reset(seed=seed)
        seats.add(env.seat)
        assert env.game is not None
        assert env.game.current_player == env.seat
    assert seats == {0, 1, 2, 3}


def test_an_illegal_index_ends_the_episode() -> None:
    env = gym_env("ludus", ["random"])
    env.reset(seed=4)
    illegal = next(i for i in range(env.action_space.n) if i not in env.legal_actions())
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] == illegal
    assert not env.action_masks().any()
    with pytest.raises(colosseum.ColosseumError, match="reset"):
        env.step(0)


def test_bad_arguments() -> None:
    with pytest.raises(colosseum.InvalidOption, match="opponents"):
        gym_env("jugula", ["random"] * 4)
    with pytest.raises(colosseum.InvalidOption, match="seat"):
        gym_env("ludus", ["random"], seat=2)
    with pytest.raises(InvalidAgent):
        gym_env("ludus", ["grandmaster"])
    with pytest.raises(InvalidAgent):
        gym_env("ludus", ["human"])


@pytest.mark.parametrize("game", GAMES)
def test_render_the_learners_board(game: str) -> None:
    env = gym_env(game, ["random"], render_mode="ansi", options=short(game))
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "seat 0" in text
    env = gym_env(game, ["random"], render_mode="svg", options=short(game))
    env.reset(seed=1)
    svg = env.render()
    assert isinstance(svg, str) and "data-action" in svg


@pytest.mark.soak
@pytest.mark.parametrize("game", GAMES)
def test_soak_gymnasium(game: str) -> None:
    """check_env on longer games, then many masked episodes against the heuristic."""
    check_env(gym_env(game, ["heuristic"], options=short(game, 10)), skip_render_check=True)
    env = gym_env(game, ["heuristic"] * (max_players(game) - 1), seat=None, options=short(game, 10))
    for seed in range(30):
        play(env, seed)
