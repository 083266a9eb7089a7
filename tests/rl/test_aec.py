"""The PettingZoo environment: PettingZoo's own `api_test` and `seed_test` for every game at two
and at the most players, the rewards and the truncation of a capped game, seeding, rendering."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

from pettingzoo.test import api_test, seed_test  # noqa: E402
from pettingzoo.utils import wrappers  # noqa: E402

import colosseum  # noqa: E402
from colosseum.rl import aec_env  # noqa: E402
from colosseum.rl.aec import ColosseumAEC  # noqa: E402

from .helpers import CAP, GAMES, SHORT, max_players  # noqa: E402

CASES = [(game, players) for game in GAMES for players in (2, max_players(game))]


def short(game: str, factor: int = 1) -> dict[str, int]:
    return {CAP[game]: SHORT[game] * factor}


def run_to_end(env: ColosseumAEC, rng: np.random.Generator) -> None:
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert legal.size, f"{agent} must act but has no legal action"
        env.step(int(rng.choice(legal)))


@pytest.mark.parametrize(("game", "players"), CASES)
def test_pettingzoo_api(game: str, players: int) -> None:
    env = aec_env(game, players, short(game))
    with warnings.catch_warnings():
        # A dict observation is what PettingZoo's classic games give; its test names only
        # its own games as allowed to.
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        warnings.filterwarnings("ignore", "Observation space for each agent probably")
        api_test(env, num_cycles=300)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_pettingzoo_seed(game: str, players: int) -> None:
    seed_test(lambda: aec_env(game, players, short(game)), num_cycles=300)


@pytest.mark.parametrize("game", GAMES)
def test_a_seeded_reset_plays_that_game(game: str) -> None:
    """reset(seed=s) is new_game(seed=s): the same record for the same actions."""
    env = ColosseumAEC(game, 2, short(game))
    env.reset(seed=11)
    run_to_end(env, np.random.default_rng(0))
    assert env.game is not None
    record = env.game.record()
    assert record["seed"] == 11
    assert colosseum.replay(record).to_position() == env.game.to_position()
    env.reset()
    first = env.game.seed
    env.reset(seed=11)
    env.reset()
    assert env.game.seed == first, "unseeded resets after a seeded one repeat"


@pytest.mark.parametrize("game", GAMES)
def test_rewards_are_the_returns_and_a_cap_truncates(game: str) -> None:
    env = ColosseumAEC(game, 2, {CAP[game]: 1 if game != "jugula" else 3})
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    seen_end = False
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            assert env.game is not None
            assert truncated == env.game.capped() and terminated != truncated
            assert info["returns"] == env.game.returns()
            assert info["view"] == env.game.view(env.possible_agents.index(agent))
            assert not observation["action_mask"].any()
            seen_end = True
            env.step(None)
            continue
        assert info["view"] == env.game.view(env.possible_agents.index(agent))
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert seen_end
    assert env.game is not None and env.game.capped(), "a one-round game ends by its cap"
    assert [totals[a] for a in env.possible_agents] == env.game.returns()


def test_the_agent_to_act_is_the_seat_the_game_asks() -> None:
    env = ColosseumAEC("ludus", 3, short("ludus-gladiatorius"))
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(60):
        assert env.game is not None
        if env.game.is_terminal():
            break
        assert env.agent_selection == f"seat_{env.game.current_player}"
        for agent in env.agents:
            mask = env.observe(agent)["action_mask"]
            assert mask.any() == (agent == env.agent_selection)
        env.step(int(rng.choice(list(env.legal_actions()))))


def test_an_illegal_action() -> None:
    """The raw environment refuses it, the state unchanged; `aec_env` ends the game with -1."""
    raw = ColosseumAEC("ludus", 2)
    raw.reset(seed=1)
    assert raw.game is not None
    before = raw.game.to_position()
    illegal = next(i for i in range(raw.encoding.num_actions) if i not in raw.legal_actions())
    with pytest.raises(colosseum.IllegalAction):
        raw.step(illegal)
    assert raw.game.to_position() == before
    env = aec_env("ludus", 2)
    env.reset(seed=1)
    offender = env.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(illegal)
    assert env.rewards[offender] == -1.0 and all(env.terminations.values())


def pettingzoo_wrapped(game: str, options: dict[str, int]) -> Any:
    """The environment in PettingZoo's own three wrappers, unchanged."""
    env = wrappers.TerminateIllegalWrapper(ColosseumAEC(game, 2, options), illegal_reward=-1.0)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(env))


def transcript(env: Any, seed: int, illegal_at: int) -> list[object]:
    """What an agent loop sees, step by step, with an illegal action at step `illegal_at`."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen: list[object] = []
    for step, agent in enumerate(env.agent_iter()):
        observation, reward, terminated, truncated, _ = env.last()
        seen.append((agent, reward, terminated, truncated, observation["observation"].tobytes()))
        seen.append(observation["action_mask"].tobytes())
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        if step == illegal_at:
            illegal = next(i for i in range(len(observation["action_mask"])) if i not in legal)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                env.step(illegal)
        else:
            env.step(int(rng.choice(legal)))
    seen.append((dict(env.rewards), dict(env.terminations), dict(env.truncations)))
    return seen


@pytest.mark.parametrize("game", GAMES)
def test_the_wrappers_behave_as_pettingzoos(game: str) -> None:
    """`aec_env`'s wrappers read the environment directly but do what PettingZoo's own do:
    the same steps, rewards and ends, an illegal action included, and the same refusals
    before a reset."""
    options = short(game)
    for seed, illegal_at in ((1, 10**9), (2, 7)):
        ours = transcript(aec_env(game, 2, options), seed, illegal_at)
        assert ours == transcript(pettingzoo_wrapped(game, options), seed, illegal_at)
    env, theirs = aec_env(game, 2, options), pettingzoo_wrapped(game, options)
    for name in ("agent_selection", "agents", "rewards", "terminations", "infos"):
        for fresh in (env, theirs):
            with pytest.raises(AttributeError, match="before reset"):
                getattr(fresh, name)
    assert str(env) == str(theirs)


def test_the_action_space_answers_as_gymnasiums_discrete() -> None:
    """`ActionSpace.contains` answers a Python int at once, and every value as `Discrete`."""
    from gymnasium import spaces

    from colosseum.rl.aec import ActionSpace

    ours, theirs = ActionSpace(216), spaces.Discrete(216)
    values = [
        *range(-3, 220),
        2**63,
        -(2**63) - 1,
        10**30,
        True,
        False,
        np.int64(5),
        np.int8(-1),
        np.int64(216),
        np.array(7),
        np.array([7]),
        5.0,
        np.float32(5),
        "5",
        None,
    ]
    for value in values:
        assert ours.contains(value) == theirs.contains(value), repr(value)
    assert ours == theirs


def test_bad_arguments() -> None:
    with pytest.raises(colosseum.InvalidOption):
        aec_env("ludus", players=6)
    with pytest.raises(colosseum.InvalidOption):
        aec_env("ludus", options={"round_limit": -1})
    with pytest.raises(colosseum.UnknownGame):
        aec_env("chess")
    with pytest.raises(colosseum.ColosseumError, match="render_mode"):
        aec_env("ludus", render_mode="human")


@pytest.mark.parametrize("game", GAMES)
def test_render(game: str) -> None:
    env = ColosseumAEC(game, 2, short(game), render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "spectator" in text and "\x1b[" not in text
    env = ColosseumAEC(game, 2, short(game), render_mode="svg")
    env.reset(seed=1)
    svg = env.render()
    assert isinstance(svg, str) and svg.lstrip().startswith("<svg")


@pytest.mark.soak
@pytest.mark.parametrize(("game", "players"), CASES)
def test_soak_pettingzoo(game: str, players: int) -> None:
    """Longer games: the api and seed tests again, then whole uncapped-length games."""
    options = short(game, 10)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        warnings.filterwarnings("ignore", "Observation space for each agent probably")
        api_test(aec_env(game, players, options), num_cycles=3000)
    seed_test(lambda: aec_env(game, players, options), num_cycles=3000)
    env = ColosseumAEC(game, players, options)
    for seed in range(10):
        env.reset(seed=seed)
        run_to_end(env, np.random.default_rng(seed))
