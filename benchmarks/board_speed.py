"""A seat's SVG board drawn alone, per game: what the server pays for each board a page asks for.

    .venv/bin/python benchmarks/board_speed.py [GAME ...] [--games 4] [--steps 300] [--passes 5]

For each game (default: all three) and each of `--passes` passes this plays `--games` random
games of `--players` seats (seeded, the simulation caps; each pass its own seeds), keeps every
seat's view at every step up to `--steps`, with the legal actions' notations for the seat
deciding (as the table page asks for its board), then draws the kept boards in order with
`web.boards.render_board`, one drawing each, as a server draws a table's versions. A pass of
other seeds before them is not timed (what a process makes on its first boards). Nothing
else is timed: a pass's views are made before its drawings. Prints one JSON object per game:
the boards drawn a pass and the milliseconds a drawing, the best pass and the median one (the
best is the steadier figure on a shared machine).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any

from colosseum.core.registry import game_definition, games
from colosseum.sim.match import new_simulated_game
from colosseum.web.boards import render_board

WARM_UP = 1_000_000  # the first seed of the untimed pass: no timed pass reaches it


def boards(game: str, players: int, seeds: range, steps: int) -> list[tuple[Any, list[str]]]:
    """(view, legal notations) of every seat at every step of the random games of `seeds`."""
    kept: list[tuple[Any, list[str]]] = []
    for seed in seeds:
        state = new_simulated_game(game, players, seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            notations = [str(action) for action in legal]
            for seat in range(players):
                kept.append((state.view(seat), notations if seat == state.current_player else []))
            state.apply(legal[rng.randrange(len(legal))])
    return kept


def measure(game: str, players: int, count: int, steps: int, passes: int) -> dict[str, Any]:
    times, drawn = [], []
    for number in range(-1, passes):  # pass -1: not timed
        first = WARM_UP if number < 0 else number * count
        kept = boards(game, players, range(first, first + count), steps)
        started = time.perf_counter()
        for view, legal in kept:
            render_board(game, view, legal)
        if number >= 0:
            times.append((time.perf_counter() - started) / len(kept) * 1000)
            drawn.append(len(kept))
    return {
        "game": game,
        "players": players,
        "boards": round(statistics.mean(drawn)),
        "best_ms": round(min(times), 3),
        "median_ms": round(statistics.median(times), 3),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", dest="count", type=int, default=4, metavar="N")
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--passes", type=int, default=5)
    args = parser.parse_args()
    ids = [game_definition(g).info.id for g in args.games] or list(games())
    for game in ids:
        found = measure(game, args.players, args.count, args.steps, args.passes)
        print(json.dumps(found), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
