"""Our engines beside OpenSpiel's, in one process: the yardstick of issue 25.

    .venv/bin/python benchmarks/anchor.py [--rounds 5] [--seconds 1.0] [--json]

Random playouts on one core, a step being the legal actions plus the apply of one drawn
uniformly (at OpenSpiel's chance nodes, an outcome drawn by its probability, also a step), for
our three games (2 players, the simulation caps, as `colosseum bench`) and OpenSpiel's
pure-Python `python_block_dominoes` and `python_tic_tac_toe` and its C++ `backgammon` through
pybind11. Each round measures every engine for `--seconds` of playouts, then clones of states
taken from the middle of games for a third of that, the order turning from round to round, so
that the machine's load falls on all alike. Before the rounds each engine plays `--warmup` seconds
untimed, as benchmark suites do, so that what a process builds once (the imports, the data files,
the tables our engines make on first use) is not timed for some engines and not for others.
Prints each engine's median steps/s and clones/s over the rounds and the median of the
per-round ratios to `python_block_dominoes`, and the interpreter: the ratios move with its build
as much as with our code (docs/performance.md).

OpenSpiel is not a dependency of Colosseum; install it for this benchmark alone with
`.venv/bin/pip install open_spiel` (2.0.2 has a wheel for CPython 3.11).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from colosseum.core.registry import game_definition
from colosseum.sim.match import new_simulated_game
from colosseum.sim.seeding import derive_seed

OURS = ("ludus", "ludi", "jugula")
THEIRS = ("python_block_dominoes", "python_tic_tac_toe", "backgammon")
REFERENCE = "python_block_dominoes"
KEPT = 32
CLONE_BATCH = 64
INTERPRETER = f"{platform.python_implementation()} {platform.python_version()}"


class Engine:
    """One game to measure: how to start a game, play a random step, and clone."""

    def __init__(
        self,
        name: str,
        start: Callable[[int], Any],
        step: Callable[..., None],
        terminal: Callable[[Any], bool],
    ) -> None:
        self.name = name
        self.start = start
        self.step = step
        self.terminal = terminal
        self.games = 0
        self.kept: list[Any] = []

    def playouts(self, seconds: float, rng: random.Random) -> float:
        """Steps per second of whole random games played for about `seconds` (at least one)."""
        steps = 0
        started = time.perf_counter()
        elapsed = 0.0
        while steps == 0 or elapsed < seconds:
            state = self.start(self.games)
            self.games += 1
            keep_at = rng.randrange(1, 60)
            n = 0
            while not self.terminal(state):
                self.step(state, rng)
                n += 1
                if n == keep_at and len(self.kept) < KEPT and not self.terminal(state):
                    self.kept.append(state.clone())
            steps += n
            elapsed = time.perf_counter() - started
        return steps / elapsed

    def clones(self, seconds: float) -> float:
        """Clones per second of the mid-game states kept by the playouts."""
        kept = self.kept or [self.start(0)]
        done = 0
        started = time.perf_counter()
        while done == 0 or time.perf_counter() - started < seconds:
            for i in range(CLONE_BATCH):
                kept[i % len(kept)].clone()
            done += CLONE_BATCH
        return done / (time.perf_counter() - started)


def ours(game: str) -> Engine:
    game_id = game_definition(game).info.id

    def step(state: Any, rng: random.Random) -> None:
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])

    return Engine(
        game_id,
        lambda n: new_simulated_game(game_id, 2, derive_seed(0, n)),
        step,
        lambda state: bool(state.is_terminal()),
    )


def theirs(name: str, pyspiel: Any) -> Engine:
    game = pyspiel.load_game(name)

    def step(state: Any, rng: random.Random) -> None:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            draw, total = rng.random(), 0.0
            chosen = outcomes[-1][0]
            for outcome, probability in outcomes:
                total += probability
                if draw < total:
                    chosen = outcome
                    break
            state.apply_action(chosen)
        else:
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])

    return Engine(
        name, lambda n: game.new_initial_state(), step, lambda state: bool(state.is_terminal())
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="of playouts per engine per round"
    )
    parser.add_argument(
        "--warmup", type=float, default=None, help="untimed seconds per engine first (--seconds)"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    try:
        import open_spiel.python.games  # noqa: F401  (registers the python_* games)
        import pyspiel
    except ImportError:
        # Not a failure: OpenSpiel is no dependency of Colosseum (`make bench` goes on).
        print(
            "anchor.py skipped: OpenSpiel is not installed "
            "(.venv/bin/pip install open_spiel, then run it again)",
            file=sys.stderr,
        )
        return 0
    engines = [ours(game) for game in OURS] + [theirs(name, pyspiel) for name in THEIRS]
    rng = random.Random(0)
    warmup = args.seconds if args.warmup is None else args.warmup
    untimed = {}
    for engine in engines:
        engine.playouts(warmup, random.Random(1))
        engine.kept.clear()
        untimed[engine.name] = engine.games
    steps: dict[str, list[float]] = {e.name: [] for e in engines}
    clones: dict[str, list[float]] = {e.name: [] for e in engines}
    for r in range(args.rounds):
        order = engines[r % len(engines) :] + engines[: r % len(engines)]
        for engine in order:
            steps[engine.name].append(engine.playouts(args.seconds, rng))
            clones[engine.name].append(engine.clones(args.seconds / 3))
        if not args.json:
            print(
                f"round {r + 1}: "
                + ", ".join(f"{e.name} {steps[e.name][-1]:,.0f}" for e in engines),
                file=sys.stderr,
            )
    result = {}
    for engine in engines:
        ratios = [s / ref for s, ref in zip(steps[engine.name], steps[REFERENCE], strict=True)]
        result[engine.name] = {
            "steps_per_s": round(statistics.median(steps[engine.name]), 1),
            "clones_per_s": round(statistics.median(clones[engine.name]), 1),
            "ratio_to_reference": round(statistics.median(ratios), 3),
            "games": engine.games - untimed[engine.name],
        }
    if args.json:
        report = {
            "rounds": args.rounds,
            "seconds": args.seconds,
            "warmup": warmup,
            "interpreter": INTERPRETER,
        }
        print(json.dumps({**report, "engines": result}))
        return 0
    print(
        f"medians of {args.rounds} rounds, {args.seconds} s of playouts per engine and round "
        f"(after {warmup} s each untimed), {INTERPRETER}"
    )
    print(f"{'engine':24} {'steps/s':>10} {'× ' + REFERENCE:>26} {'clones/s':>10}")
    for name, row in result.items():
        print(
            f"{name:24} {row['steps_per_s']:>10,.0f} {row['ratio_to_reference']:>26.3f} "
            f"{row['clones_per_s']:>10,.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
