"""Ludus Gladiatorius balance: how often each gladiator's lanista wins in heuristic self-play.

    .venv/bin/python benchmarks/ludus_balance.py [--games 300] [--data FOLDER]

With 3 to 5 players each lanista has one gladiator, so an even set of record sheets gives each
gladiator about 1/players of the wins. Used to tune the chosen numbers in data/gladiators.toml.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from colosseum.agents import make_agent
from colosseum.sim.match import new_simulated_game


def gladiator_win_rates(players: int, games: int, data: str) -> tuple[dict[int, float], float]:
    """Win share per gladiator number, and the mean number of rounds."""
    wins: Counter[int] = Counter()
    plays: Counter[int] = Counter()
    rounds = 0
    for i in range(games):
        state = new_simulated_game("ludus", players=players, seed=i, options={"data": data})
        agents = [make_agent("heuristic", "ludus") for _ in range(players)]
        rng = random.Random(i)
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            state.apply(agents[seat].choose(state, seat, rng))
        view = state.view(None)
        rounds += view["round"]
        winners = state.winners()
        for gladiator in view["gladiators"]:
            plays[gladiator["number"]] += 1
            if gladiator["owner"] in winners:
                wins[gladiator["number"]] += 1 / len(winners)
    return {n: wins[n] / plays[n] for n in sorted(plays)}, rounds / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--data", default="", help="a folder of your own data files")
    args = parser.parse_args()
    for players in (3, 4, 5):
        rates, rounds = gladiator_win_rates(players, args.games, args.data)
        shown = "  ".join(f"{n}:{rate:.2f}" for n, rate in rates.items())
        print(f"{players} players  {shown}  (even: {1 / players:.2f}; mean rounds {rounds:.1f})")


if __name__ == "__main__":
    main()
