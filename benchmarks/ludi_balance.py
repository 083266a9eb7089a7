"""Ludi Gladiatorii card balance: how often the lanista holding a card wins, in self-play.

    .venv/bin/python benchmarks/ludi_balance.py [--games 400] [--players 4] [--all-boxes]

For every veteran and building name, the share of games won by the lanistae who had it in
their ludus at some point, against the even share 1/players. A card far above the others is a
candidate for a higher price; used to tune the chosen numbers in data/*.toml.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from colosseum.agents import make_agent
from colosseum.games.ludi_gladiatorii.data import load_catalog
from colosseum.sim.match import new_simulated_game


def holder_win_rates(
    games: int, players: int, options: dict[str, bool]
) -> dict[str, tuple[int, float]]:
    """card name -> (games in which someone held it, their share of the wins)."""
    catalog = load_catalog()
    names = {g.code: g.name for g in catalog.gladiators} | {
        b.code: b.name for b in catalog.buildings
    }
    held: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for i in range(games):
        state = new_simulated_game("ludi", players=players, seed=i, options=options)
        agents = [make_agent("heuristic", "ludi") for _ in range(players)]
        rng = random.Random(i)
        holders: dict[str, set[int]] = {}
        for lanista in state.view(None)["lanistae"]:
            for code in [g["code"] for g in lanista["gladiators"]] + lanista["buildings"]:
                holders.setdefault(names[code], set()).add(lanista["seat"])
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            for event in state.apply(agents[seat].choose(state, seat, rng)):
                if event.kind in ("gladiator_in", "building_in"):
                    code = event.data.get("gladiator") or event.data["building"]
                    holders.setdefault(names[code], set()).add(event.data["seat"])
        winners = state.winners()
        for name, seats in holders.items():
            for seat in seats:
                held[name] += 1
                if seat in winners:
                    won[name] += 1 / len(winners)
    return {name: (held[name], won[name] / held[name]) for name in held}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--all-boxes", action="store_true", help="Quintus Ludus and Magistri too")
    args = parser.parse_args()
    options = {"quintus_ludus": True, "magistri_arenae": True} if args.all_boxes else {}
    rates = holder_win_rates(args.games, args.players, options)
    print(
        f"even share {1 / args.players:.2f}; {args.games} games of {args.players} heuristic players"
    )
    for name, (count, rate) in sorted(rates.items(), key=lambda item: -item[1][1]):
        if name != "Tiro":
            print(f"{name:16} held {count:5}  win share {rate:.2f}")


if __name__ == "__main__":
    main()
