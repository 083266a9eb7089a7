"""How much better than the heuristic's own move is the best move, by the heuristic's own play?

    .venv/bin/python benchmarks/policy_headroom.py GAME [--positions 60] [--rollouts 600]
        [--candidates 8] [--search SPEC ...] [--seed 9000]

A search guided by the heuristic and playing its rollouts with it can gain over the heuristic
only where another move is worth more than the heuristic's when both sides then play as the
heuristic does. This measures that room. It plays heuristic self-play games (2 players, seeds
`--seed`, `--seed`+1, ...), takes one decision in four that offers a choice, keeps it if the
heuristic's move wins between 10% and 90% of 60 quick rollouts (a contested position), and
values the heuristic's move and its `--candidates` - 1 most preferred alternatives (by the
heuristic's preferences where it has them, else in legal order) by `--rollouts` rollouts each:
heuristic play to the end, every move of a rollout batch from the same guess of the hidden
information and the same dice (paired), so their differences are measured more sharply.

It reports, by decision kind and for all, how often the heuristic's move is the best valued,
and the mean of (best value - heuristic's value) twice: over all rollouts, an upper bound on
what one departure can gain there, biased upward by the noise (the largest of several noisy
differences); and held out, the move best by half of the rollout batches valued on the other
half (both ways), what picking by this many rollouts gains. With `--search` it also
runs each given agent once per position and reports the mean value gained by its choice over
the heuristic's, and how often it departed. Rollouts to the end make Jugula far too slow for
this (its games run to hundreds of decisions); use it for Ludus and Ludi.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import defaultdict
from typing import Any

from colosseum.agents import make_agent
from colosseum.agents.base import Agent, Guide
from colosseum.core.actions import Action
from colosseum.core.registry import game_definition
from colosseum.core.state import State
from colosseum.sim.match import new_simulated_game

SAMPLE_SHARE = 0.25
SCREEN_ROLLOUTS = 60
CONTESTED = (0.1, 0.9)


def rollout(game: State, seat: int, heuristic: Agent, rng: random.Random) -> float:
    """`seat`'s result when every seat plays the heuristic to the end."""
    while not game.is_terminal():
        player = game.current_player
        assert player is not None
        game.apply(heuristic.choose(game, player, rng))
    return game.returns()[seat]


def values(
    state: State,
    seat: int,
    actions: list[Action],
    rollouts: int,
    heuristic: Agent,
    rng: random.Random,
) -> dict[str, tuple[float, float]]:
    """Each action's mean result over the even and over the odd batches of `rollouts` paired
    rollouts (one guess of the hidden information and one dice stream per batch)."""
    totals = {str(a): [0.0, 0.0] for a in actions}
    for batch in range(rollouts):
        seed = rng.getrandbits(64)
        for action in actions:
            game = state.determinize(seat, random.Random(seed))
            game.apply(action)
            result = rollout(game, seat, heuristic, random.Random(seed + 1))
            totals[str(action)][batch % 2] += result
    halves = ((rollouts + 1) // 2, max(1, rollouts // 2))
    return {key: (even / halves[0], odd / halves[1]) for key, (even, odd) in totals.items()}


def mean(pair: tuple[float, float]) -> float:
    """The mean over both halves of the batches."""
    return (pair[0] + pair[1]) / 2


def candidates(
    state: State, seat: int, chosen: Action, heuristic: Agent, rng: random.Random, count: int
) -> list[Action]:
    """The heuristic's move first, then its most preferred alternatives."""
    legal = state.legal_actions()
    if isinstance(heuristic, Guide):
        weights = heuristic.preferences(state, seat, rng)
        legal = sorted(legal, key=lambda a: -weights.get(str(a), 0.0))
    alternatives = [a for a in legal if a != chosen]
    return [chosen, *alternatives[: count - 1]]


def contested_positions(
    game: str, wanted: int, rollouts: int, count: int, seed: int
) -> list[dict[str, Any]]:
    """Contested decisions of heuristic self-play games, each with its candidates' values."""
    heuristic = make_agent("heuristic", game)
    rng = random.Random(seed)
    found: list[dict[str, Any]] = []
    started = time.perf_counter()
    index = 0
    while len(found) < wanted:
        state = new_simulated_game(game, players=2, seed=seed + index)
        index += 1
        while not state.is_terminal() and len(found) < wanted:
            seat = state.current_player
            assert seat is not None
            chosen = heuristic.choose(state, seat, rng)
            if len(state.legal_actions()) > 1 and rng.random() < SAMPLE_SHARE:
                screen = values(state, seat, [chosen], SCREEN_ROLLOUTS, heuristic, rng)
                if CONTESTED[0] < mean(screen[str(chosen)]) < CONTESTED[1]:
                    moves = candidates(state, seat, chosen, heuristic, rng, count)
                    found.append(
                        {
                            "state": state.clone(),
                            "seat": seat,
                            "kind": state.view(seat).get("phase", "decision"),
                            "heuristic": str(chosen),
                            "values": values(state, seat, moves, rollouts, heuristic, rng),
                        }
                    )
                    print(
                        f"position {len(found)}/{wanted} ({time.perf_counter() - started:.0f} s)",
                        file=sys.stderr,
                        flush=True,
                    )
            state.apply(chosen)
    return found


def search_gains(
    game: str, spec: str, positions: list[dict[str, Any]], rollouts: int
) -> dict[str, Any]:
    """The value gained by `spec`'s choice over the heuristic's, position by position."""
    heuristic = make_agent("heuristic", game)
    rng = random.Random(1)
    gains: dict[str, list[float]] = defaultdict(list)
    departures = 0
    for number, position in enumerate(positions):
        agent = make_agent(spec, game)
        state, seat = position["state"], position["seat"]
        choice = agent.choose(state, seat, random.Random(number))
        known = position["values"]
        if str(choice) not in known:
            known.update(values(state, seat, [choice], rollouts, heuristic, rng))
        gain = mean(known[str(choice)]) - mean(known[position["heuristic"]])
        gains[position["kind"]].append(gain)
        departures += str(choice) != position["heuristic"]
    every = [g for kind in gains.values() for g in kind]
    return {
        "spec": spec,
        "mean_gain": round(statistics.mean(every), 4),
        "departures": departures,
        "mean_gain_by_kind": {k: round(statistics.mean(v), 4) for k, v in gains.items()},
    }


def headroom(positions: list[dict[str, Any]]) -> dict[str, Any]:
    """By kind: positions, how often the heuristic's move is best, and best - heuristic twice:
    on all rollouts (biased upward: the largest of several noisy differences) and held out
    (the best by one half of the batches, valued on the other half, both ways)."""
    gaps: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for position in positions:
        known: dict[str, tuple[float, float]] = position["values"]
        mine = known[position["heuristic"]]
        best = max(mean(pair) for pair in known.values())
        held_out = [
            known[max(known, key=lambda key: known[key][pick])][other] - mine[other]
            for pick, other in ((0, 1), (1, 0))
        ]
        gaps[position["kind"]].append((best - mean(mine), sum(held_out) / 2))
    gaps["all"] = [gap for kind in list(gaps.values()) for gap in kind]
    return {
        kind: {
            "positions": len(pairs),
            "heuristic_best_share": round(sum(b == 0.0 for b, _ in pairs) / len(pairs), 3),
            "mean_best_minus_heuristic": round(statistics.mean(b for b, _ in pairs), 4),
            "held_out_best_minus_heuristic": round(statistics.mean(h for _, h in pairs), 4),
        }
        for kind, pairs in gaps.items()
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--rollouts", type=int, default=600)
    parser.add_argument("--candidates", type=int, default=8)
    parser.add_argument("--search", action="append", default=[])
    parser.add_argument("--seed", type=int, default=9000)
    args = parser.parse_args()
    game = game_definition(args.game).info.id
    positions = contested_positions(game, args.positions, args.rollouts, args.candidates, args.seed)
    report: dict[str, Any] = {
        "game": game,
        "rollouts": args.rollouts,
        "candidates": args.candidates,
        "headroom": headroom(positions),
    }
    report["searches"] = [
        search_gains(game, spec, positions, args.rollouts) for spec in args.search
    ]
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
