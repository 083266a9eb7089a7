"""Ludi Gladiatorii soak: random games with every expansion, module and variant enabled.

    .venv/bin/python benchmarks/ludi_soak.py [--games 10000]

Plays the games at 2, 3, 4 and 5 players in turn and stops at the first error or stuck game
(more than --max-steps decisions), printing its seed; prints a summary otherwise.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from colosseum.games.ludi_gladiatorii.options import OPTIONS
from colosseum.sim.match import new_simulated_game

EVERYTHING = {spec.name: True for spec in OPTIONS if spec.type is bool}
OPTIONS_CAP = next(spec.simulation_value for spec in OPTIONS if spec.name == "round_limit")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--max-steps", type=int, default=50_000)
    args = parser.parse_args()
    rng = random.Random(0)
    started = time.perf_counter()
    steps = capped = 0
    for game in range(args.games):
        players = 2 + game % 4
        state = new_simulated_game("ludi", players=players, seed=game, options=EVERYTHING)
        taken = 0
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            taken += 1
            if taken > args.max_steps:
                print(f"stuck: game {game} ({players} players) after {taken} steps")
                return 1
        steps += taken
        capped += state.capped()
    seconds = time.perf_counter() - started
    print(
        f"{args.games} games with every option, 2-5 players: no error, none stuck; "
        f"{capped} ended by the round_limit cap ({OPTIONS_CAP}), the rest by the victory points; "
        f"{steps} steps, {steps / args.games:.0f} per game, {seconds:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
