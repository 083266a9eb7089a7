"""ISMCTS speed on one core: iterations per second and the longest decision at a level.

    .venv/bin/python benchmarks/ismcts_speed.py [GAME ...] [--level hard] [--positions 10]
        [--every 5]

For each game (default: all three), plays heuristic self-play games (2 players, seeds 0, 1, ...)
and, at every fifth decision (`--every`; 1: every one) where there is a choice, times one
search of the given level (the `hard` level by default: 1.5 s, docs/agents.md) until
`--positions` searches are done. Prints one JSON object per game: iterations per second,
mean and longest seconds per decision, and how many took a second or more. The bar is a `hard`
decision under 2 s and a `master` one under 1 s; run it on an otherwise idle core.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterator
from itertools import islice

from colosseum.agents import make_agent
from colosseum.agents.ismcts import ISMCTSAgent
from colosseum.core.registry import game_definition, games
from colosseum.core.state import State
from colosseum.sim.match import new_simulated_game


def decisions(game: str, every: int = 5) -> Iterator[tuple[State, int, random.Random]]:
    """Decisions of heuristic self-play games (2 players, seeds 0, 1, ...): each step with a
    choice whose number is a multiple of `every` less one, as (state, seat, the generator the
    game's heuristic plays with). What the caller does with that generator before asking for
    the next one, the game goes on with."""
    heuristic = make_agent("heuristic", game)
    seed = 0
    while True:
        state = new_simulated_game(game, players=2, seed=seed)
        rng = random.Random(seed)
        seed += 1
        step = 0
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            if len(state.legal_actions()) > 1 and step % every == every - 1:
                yield state, seat, rng
            state.apply(heuristic.choose(state, seat, rng))
            step += 1


def measure(game: str, level: str, positions: int, every: int = 5) -> dict[str, object]:
    """Time `positions` searches of `level` at decisions of heuristic self-play games, each
    with the game's own generator (`decisions`)."""
    iterations, durations = 0, []
    for state, seat, rng in islice(decisions(game, every), positions):
        searcher = make_agent(level, game)
        assert isinstance(searcher, ISMCTSAgent)
        started = time.perf_counter()
        searcher.choose(state, seat, rng)
        durations.append(time.perf_counter() - started)
        assert searcher.last is not None
        iterations += searcher.last.iterations
    return {
        "game": game,
        "level": level,
        "decisions": len(durations),
        "iterations_per_second": round(iterations / sum(durations), 1),
        "mean_seconds": round(sum(durations) / len(durations), 3),
        "longest_seconds": round(max(durations), 3),
        "over_a_second": sum(1 for seconds in durations if seconds >= 1.0),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--every", type=int, default=5)
    args = parser.parse_args()
    if args.every < 1:
        parser.error("--every must be at least 1")
    ids = [game_definition(g).info.id for g in args.games] or list(games())
    for game in ids:
        print(json.dumps(measure(game, args.level, args.positions, args.every)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
