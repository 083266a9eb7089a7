"""Jugula soak: random games at 2, 3 and 4 lanistae with random veterans.

    .venv/bin/python benchmarks/jugula_soak.py [--games 10000] [--jobs 2]

Each game draws its familiae at random (upgrades and talents included, sometimes a starting
wound), and sometimes a starting Vox Populi, Prima Jugula cards in the deck, the simple variant
(two lanistae) or armaturae chosen in play. Random actions until the end; it stops at the
first error or stuck game (more than --max-steps decisions), printing its seed, and checks at
the end of each game that every card is in exactly one place.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from colosseum.core.rng import Rng
from colosseum.games.jugula.cards import card_places
from colosseum.games.jugula.data import load_catalog
from colosseum.games.jugula.setup import random_familiae
from colosseum.games.jugula.state import JugulaState
from colosseum.sim.match import new_simulated_game


def options_for(game: int, players: int) -> dict[str, object]:
    """The game's options, drawn from its number."""
    catalog = load_catalog()
    rng = Rng.from_seed(game)
    options: dict[str, object] = {"familiae": random_familiae(catalog, players, rng)}
    if rng.below(10) == 0:
        options["familiae"] = "chosen"
    if rng.below(4) == 0:
        options["vox"] = ",".join(str(rng.below(4)) for _ in range(players))
    if rng.below(4) == 0:
        prima = [catalog.cards[c].code for c in catalog.prima]
        options["prima"] = "/".join(rng.choice(prima) for _ in range(players))
    if players == 2 and rng.below(4) == 0:
        options["simple"] = True
    return options


def check_cards(state: JugulaState) -> None:
    size = len(state.catalog.cards)
    for seat in range(state.num_players):
        if sorted(card_places(state, seat)) != list(range(size)):
            raise AssertionError(f"seat {seat}: cards not each in exactly one place")


def play(game: int, max_steps: int) -> tuple[int, int, bool, str]:
    """(steps, turns, capped, problem) of one game; problem is empty when all went well.
    The game carries the turn_limit cap at its simulation value (the rulebook has none)."""
    players = 2 + game % 3
    rng = random.Random(game)
    try:
        state = new_simulated_game(
            "jugula", players=players, seed=game, options=options_for(game, players)
        )
        assert isinstance(state, JugulaState)
        taken = 0
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            taken += 1
            if taken > max_steps:
                return taken, state.turns, False, f"stuck after {taken} steps"
        check_cards(state)
    except Exception as error:  # report any failure with its seed
        return 0, 0, False, f"{type(error).__name__}: {error}"
    return taken, state.turns, state.capped(), ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--max-steps", type=int, default=20_000)
    args = parser.parse_args()
    started = time.perf_counter()
    steps = turns = capped = 0
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = pool.map(play, range(args.games), [args.max_steps] * args.games, chunksize=50)
        for game, (taken, played, cut, problem) in enumerate(results):
            if problem:
                print(f"game {game} ({2 + game % 3} lanistae): {problem}")
                return 1
            steps += taken
            turns += played
            capped += cut
    seconds = time.perf_counter() - started
    print(
        f"{args.games} games at 2-4 lanistae with random veterans: no error, none stuck; "
        f"{capped} ended by the turn_limit cap, the rest by the victory conditions; "
        f"{steps} steps, {steps / args.games:.0f} per game, {turns / args.games:.0f} turns per "
        f"game, {seconds:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
