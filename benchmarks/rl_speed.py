"""Environment steps per second beside the raw engine's, per game, on one core.

    .venv/bin/python benchmarks/rl_speed.py [GAME ...] [--players 2] [--seconds 10] [--parts]

Raw: random playouts of the engine, a step being `legal_actions()` plus `apply()` of a
uniformly random one (as `colosseum bench` counts). AEC: the PettingZoo environment played by
masked random agents, a step being `last()` (the acting seat's observation and mask) plus
`step()`. Gym: the Gymnasium environment against `random` opponents, a step being the
learner's `step()` (the opponents' moves inside it are counted apart, as `engine_steps`). The
environments' random agents draw from the mask's indices with Python's `random`, as the raw
playouts do (numpy's `Generator.choice` costs some 4.6 µs more a draw). Games use
the caps the tools set (`simulation_value`: 30 / 60 rounds, 400 turns) and default options
otherwise. `--parts` measures the AEC loop twice more, with every observation vector one
constant array, then with every view an empty dictionary too (the environment's own methods
replaced on the instance): what the rest of a step (the engine, the mask, PettingZoo's loop and
wrappers, the random agent) costs. Prints one JSON object per game.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

import numpy as np

from colosseum.core.options import simulation_options
from colosseum.core.registry import game_definition, games
from colosseum.rl import aec_env, gym_env
from colosseum.sim.match import new_simulated_game


def raw_steps(game: str, players: int, seconds: float) -> float:
    steps, seed, started = 0, 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = new_simulated_game(game, players, seed)
        rng = random.Random(seed)
        seed += 1
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            steps += 1
    return steps / (time.perf_counter() - started)


def aec_steps(
    game: str, players: int, seconds: float, options: dict[str, Any], without: str = ""
) -> float:
    env = aec_env(game, players, options)
    raw = env.unwrapped
    if without:  # what the loop costs with the observation vector (and the view) made free
        constant = np.zeros(raw.encoding.observation_size, dtype=np.float32)
        raw.encoding.observe = lambda view: constant
        if without == "view":
            raw._view = lambda seat: {}
    rng = random.Random(0)
    steps, seed, started = 0, 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        env.reset(seed=seed)
        seed += 1
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.randrange(legal.size)]))
            steps += 1
    return steps / (time.perf_counter() - started)


def gym_steps(game: str, players: int, seconds: float, options: dict[str, Any]) -> dict[str, float]:
    env = gym_env(game, ["random"] * (players - 1), seat=None, options=options)
    rng = random.Random(0)
    steps, engine, seed, started = 0, 0, 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        env.reset(seed=seed)
        seed += 1
        done = False
        while not done:
            legal = np.flatnonzero(env.action_masks())
            _, _, terminated, truncated, _ = env.step(int(legal[rng.randrange(legal.size)]))
            done = terminated or truncated
            steps += 1
        assert env.game is not None
        engine += len(env.game.actions_played())
    elapsed = time.perf_counter() - started
    return {"steps_per_second": steps / elapsed, "engine_steps_per_second": engine / elapsed}


def measure(game: str, players: int, seconds: float, parts: bool) -> dict[str, Any]:
    options = simulation_options(game_definition(game).info.options, None)
    raw = raw_steps(game, players, seconds)
    aec = aec_steps(game, players, seconds, options)
    gym = gym_steps(game, players, seconds, options)
    found: dict[str, Any] = {
        "game": game,
        "players": players,
        "options": options,
        "raw_steps_per_second": round(raw),
        "aec_steps_per_second": round(aec),
        "aec_share_of_raw": round(aec / raw, 3),
        "gym_steps_per_second": round(gym["steps_per_second"]),
        "gym_engine_steps_per_second": round(gym["engine_steps_per_second"]),
    }
    if parts:
        for without in ("vector", "view"):
            steps = aec_steps(game, players, seconds, options, without)
            found[f"aec_without_{without}_steps_per_second"] = round(steps)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument(
        "--parts",
        action="store_true",
        help="also the AEC loop with the observation vector a constant, then with the view "
        "an empty one too: what the rest of a step costs",
    )
    args = parser.parse_args()
    ids = [game_definition(g).info.id for g in args.games] or list(games())
    for game in ids:
        print(json.dumps(measure(game, args.players, args.seconds, args.parts)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
