"""A trace of agents' choices, to show that a speed-up changed none of them.

    .venv/bin/python benchmarks/choice_trace.py [GAME ...] [--random 6] [--heuristic 4]
        [--searches 10] [--iterations 200] > trace.txt

For each game (default: all three), 2 players, the simulation caps: random games and heuristic
self-play games from seeds 0, 1, ..., one line per game with its length, a hash of every action
played and a hash of its final position (`to_position()`); then `--searches` searches of
`ismcts:iterations=N` (the game's default search at a fixed budget) at every fifth decision of
heuristic self-play, one line per search with its choice and the root's visit counts. Two runs
of the same code print the same text; diff a run before and after a change.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Iterator

from colosseum.agents import make_agent
from colosseum.agents.ismcts import ISMCTSAgent
from colosseum.core.registry import game_definition, games
from colosseum.core.state import State
from colosseum.sim.match import new_simulated_game

EVERY = 5


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def summary(state: State) -> str:
    """The game's length, a hash of its actions and one of its final position."""
    actions = state.actions_played()
    position = json.dumps(state.to_position(), sort_keys=True)
    return f"{len(actions)} actions {digest(chr(10).join(actions))} position {digest(position)}"


def played(game: str, agent: str, seeds: int) -> Iterator[str]:
    """One line per self-play game of `agent` from seeds 0 .. seeds-1."""
    for seed in range(seeds):
        state = new_simulated_game(game, players=2, seed=seed)
        players = [make_agent(agent, game) for _ in range(2)]
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            state.apply(players[seat].choose(state, seat, rng))
        yield f"{game} {agent} seed {seed}: {summary(state)}"


def searched(game: str, searches: int, iterations: int) -> Iterator[str]:
    """One line per search at every fifth decision of heuristic self-play."""
    heuristic = make_agent("heuristic", game)
    done, seed = 0, 0
    while done < searches:
        state = new_simulated_game(game, players=2, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal() and done < searches:
            seat = state.current_player
            assert seat is not None
            if len(state.legal_actions()) > 1 and step % EVERY == EVERY - 1:
                searcher = make_agent(f"ismcts:iterations={iterations}", game)
                assert isinstance(searcher, ISMCTSAgent)
                choice = searcher.choose(state, seat, random.Random(done))
                assert searcher.last is not None
                visits = sorted(searcher.last.visits.items(), key=lambda kv: (-kv[1], kv[0]))
                shown = ", ".join(f"{key}={n}" for key, n in visits)
                yield f"{game} search {done} (seed {seed}, step {step}): {choice} | {shown}"
                done += 1
            state.apply(heuristic.choose(state, seat, rng))
            step += 1
        if done < searches:
            yield f"{game} search game seed {seed}: {summary(state)}"
        seed += 1


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
        for line in played(game, "random", args.random):
            print(line, flush=True)
        for line in played(game, "heuristic", args.heuristic):
            print(line, flush=True)
        for line in searched(game, args.searches, args.iterations):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
