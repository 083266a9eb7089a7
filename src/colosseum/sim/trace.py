"""A trace of agents' choices as lines of text: what a speed-up must leave unchanged.

Self-play games give one line each (their length, a hash of every action and one of the final
position); searches at a fixed budget give one line each (the choice and the root's visit
counts). The same code prints the same lines on every run; `benchmarks/choice_trace.py` and
the golden trace of the tests (`tests/agents/test_choice_trace.py`) compare them before and
after a change.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator

from ..agents import make_agent
from ..agents.ismcts import ISMCTSAgent
from ..core.state import State
from .match import new_simulated_game

EVERY = 5  # a search at every fifth decision of the heuristic's game


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def summary(state: State) -> str:
    """The game's length, a hash of its actions and one of its final position."""
    actions = state.actions_played()
    position = json.dumps(state.to_position(), sort_keys=True)
    return f"{len(actions)} actions {digest(chr(10).join(actions))} position {digest(position)}"


def played(game: str, agent: str, seeds: int) -> Iterator[str]:
    """One line per 2-player self-play game of `agent` from seeds 0 .. seeds-1."""
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
    """One line per search of `ismcts:iterations=N` (the game's default search at a fixed
    budget) at every fifth decision of heuristic self-play, seeds 0, 1, ..."""
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


def trace(
    game: str, randoms: int, heuristics: int, searches: int, iterations: int
) -> Iterator[str]:
    """Random games, heuristic games, then searches: the lines of one game's trace."""
    yield from played(game, "random", randoms)
    yield from played(game, "heuristic", heuristics)
    yield from searched(game, searches, iterations)
