"""A trace of agents' choices, to show that a speed-up changed none of them.

    .venv/bin/python benchmarks/choice_trace.py [GAME ...] [--random 6] [--heuristic 4]
        [--searches 10] [--iterations 200] > trace.txt

For each game (default: all three), 2 players, the simulation caps: random games and heuristic
self-play games from seeds 0, 1, ..., one line per game with its length, a hash of every action
played and a hash of its final position; then `--searches` searches of `ismcts:iterations=N`
(the game's default search at a fixed budget) at every fifth decision of heuristic self-play,
one line per search with its choice and the root's visit counts (`colosseum.sim.trace`). Two
runs of the same code print the same text; diff a run before and after a change.
"""

from __future__ import annotations

import argparse
import sys

from colosseum.core.registry import game_definition, games
from colosseum.sim.trace import trace


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--random", type=int, default=6, help="random games per game")
    parser.add_argument("--heuristic", type=int, default=4, help="heuristic games per game")
    parser.add_argument("--searches", type=int, default=10, help="searches per game")
    parser.add_argument("--iterations", type=int, default=200, help="iterations per search")
    args = parser.parse_args()
    ids = [game_definition(g).info.id for g in args.games] or list(games())
    for game in ids:
        for line in trace(game, args.random, args.heuristic, args.searches, args.iterations):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
