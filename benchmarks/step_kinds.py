"""Where a random playout's time goes, by the kind of action played.

    .venv/bin/python benchmarks/step_kinds.py GAME [--games 300] [--warmup 30] [--top 20]

Plays `--warmup` untimed random 2-player games (the simulation caps, as `benchmarks/anchor.py`),
then `--games` timed ones from seeds `derive_seed(0, n)`, and times each step (the legal
actions plus the apply of one drawn uniformly, the next decision's legal actions included) by
the kind of the action played (`Action.kind`: Jugula's `move` picks a gladiator and lists his
destinations, `to` carries a move out). Prints each kind's count, its share of the time, and
its mean microseconds a step; "set-up" is `new_simulated_game` itself. The clock's reading
costs a little on every step, so the shares matter more than the absolute figures.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter

from colosseum.core.registry import game_definition
from colosseum.sim.match import new_simulated_game
from colosseum.sim.seeding import derive_seed

SET_UP = "set-up"


def profile(game: str, games: int, first_seed: int) -> tuple[Counter[str], Counter[str]]:
    """(seconds, count) by action kind over `games` random games."""
    seconds: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    rng = random.Random(0)
    clock = time.perf_counter
    for n in range(first_seed, first_seed + games):
        started = clock()
        state = new_simulated_game(game, 2, derive_seed(0, n))
        seconds[SET_UP] += clock() - started
        counts[SET_UP] += 1
        while not state.is_terminal():
            started = clock()
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
            state.apply(action)
            seconds[action.kind] += clock() - started
            counts[action.kind] += 1
    return seconds, counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=30, help="untimed games first")
    parser.add_argument("--top", type=int, default=20, help="kinds shown")
    args = parser.parse_args()
    game = game_definition(args.game).info.id
    profile(game, args.warmup, 1_000_000)  # seeds apart from the timed games'
    seconds, counts = profile(game, args.games, 0)
    total = sum(seconds.values())
    steps = sum(count for kind, count in counts.items() if kind != SET_UP)
    print(f"{game}: {steps:,} steps in {args.games} games, {total / steps * 1e6:.2f} µs a step")
    print(f"{'kind':16} {'count':>9} {'share':>7} {'µs each':>9}")
    for kind, spent in seconds.most_common(args.top):
        share = spent / total * 100
        print(f"{kind:16} {counts[kind]:9,} {share:6.1f}% {spent / counts[kind] * 1e6:9.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
