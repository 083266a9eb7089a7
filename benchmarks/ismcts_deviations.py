"""How often a search plays another move than the heuristic it is guided by, per kind of move.

    .venv/bin/python benchmarks/ismcts_deviations.py GAME [--games 2] [--agent ismcts:seconds=1]

Plays heuristic games (two players, seeds as in `ismcts_strength.py`); at each decision with
more than one legal action it also asks the search, then plays the heuristic's move, so every
search sees a position the heuristic reached. Prints one JSON object: per kind of the
heuristic's move, the decisions, how many the search answered otherwise and the mean number
of legal actions. A search that never departs from its guide can be no stronger than it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict

from colosseum.agents import make_agent
from colosseum.core.registry import game_definition
from colosseum.sim.match import new_simulated_game
from colosseum.sim.seeding import derive_seed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--agent", default="ismcts:seconds=1")
    args = parser.parse_args()
    game = game_definition(args.game).info.id
    heuristic = make_agent("heuristic", game)
    search = make_agent(args.agent, game)
    decisions: dict[str, int] = defaultdict(int)
    departures: dict[str, int] = defaultdict(int)
    options: dict[str, int] = defaultdict(int)
    for index in range(args.games):
        seed = derive_seed(20261130, index)
        state = new_simulated_game(game, players=2, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            move = heuristic.choose(state, seat, rng)
            if len(legal) > 1:
                kind = move.kind
                decisions[kind] += 1
                options[kind] += len(legal)
                if search.choose(state, seat, rng) != move:
                    departures[kind] += 1
            state.apply(move)
    report = {
        "game": game,
        "agent": args.agent,
        "games": args.games,
        "decisions": sum(decisions.values()),
        "departures": sum(departures.values()),
        "by_kind": {
            kind: {
                "decisions": count,
                "departures": departures[kind],
                "mean_legal_actions": round(options[kind] / count, 1),
            }
            for kind, count in sorted(decisions.items(), key=lambda item: -item[1])
        },
    }
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
