"""Hints: what the `normal` search thinks of a seat's options, worked out from that seat's
own view only (the search imagines the hidden parts with `determinize`, as every computer
seat does). The web tables offer them when a table allows it; the terminal's `hint` too.

The search runs for most of the hint's budget; then each action it would show that it tried
fewer than `ENOUGH` times is searched on by itself (`ISMCTSAgent.insist`: iterations that
begin with it, in the same tree) for an even share of what is left, so that every shown
action has an estimate. The shown actions are ordered by that estimate, best first.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ..core.state import State
from .ismcts import LEVELS, ISMCTSAgent, Tree
from .registry import make_agent

LEVEL = "normal"
SECONDS = LEVELS[LEVEL]["seconds"]  # a hint's whole budget: the level's (web/budgets.py)
# Chosen by Colosseum (the rulebooks say nothing of hints): the share of the budget the search
# itself gets (the rest weighs the shown actions it tried too little), and the visits under
# which a shown action is searched on by itself.
SEARCH_SHARE = 0.7
ENOUGH = 30

NOT_PLAYABLE = "not evaluated: the search could not play it in the games it imagined"


@dataclass(frozen=True, slots=True)
class Hint:
    """One legal action, how often the search tried it, its estimated share of the win for
    the seat (0 to 1; among several winners the win is shared), and, when that estimate is
    missing or rough, why in words."""

    notation: str
    visits: int
    win: float | None  # None: not evaluated (`reason` says why)
    reason: str | None = None


def hints(
    state: State,
    seat: int,
    seed: int | str,
    count: int = 3,
    seconds: float = SECONDS,
    iterations: int | None = None,
) -> list[Hint]:
    """The `count` actions the search tried most for `seat`, whose decision it must be,
    each evaluated, ordered by estimated chance (ties: the more tried first), within
    `seconds` in all (or, given `iterations`, that many for the search and up to `ENOUGH`
    visits for each shown action, whatever the time: the same state and seed then give the
    same hints)."""
    if state.current_player != seat:
        raise ValueError(f"it is not seat {seat}'s decision")
    until = math.inf if iterations is not None else time.perf_counter() + seconds
    agent = make_agent(LEVEL, state.game_id)
    assert isinstance(agent, ISMCTSAgent)
    rng = random.Random(seed)
    legal = [str(action) for action in state.legal_actions()]
    tree = _searched(agent, state, seat, rng, len(legal), seconds, iterations)
    visits, values = tree.counts()
    shown = sorted(legal, key=lambda n: (-visits.get(n, 0), -values.get(n, 0.0)))[:count]
    weak = [n for n in shown if visits.get(n, 0) < ENOUGH]
    for left, notation in zip(range(len(weak), 0, -1), weak, strict=True):
        now = time.perf_counter()
        share = now + (until - now) / left  # an even share of the time left
        agent.insist(tree, notation, rng, ENOUGH - visits.get(notation, 0), share)
    visits, values = tree.counts()
    found = [_hint(n, visits.get(n, 0), values.get(n)) for n in shown]
    return sorted(found, key=lambda h: (h.win is None, -(h.win or 0.0), -h.visits))


def _searched(
    agent: ISMCTSAgent,
    state: State,
    seat: int,
    rng: random.Random,
    choices: int,
    seconds: float,
    iterations: int | None,
) -> Tree:
    """The search's tree for `seat`'s decision: grown for its share of the budget, or empty
    when there is nothing to choose (the only action is then searched on by itself)."""
    if choices == 1:
        return agent.plant(state, seat)
    agent.iterations = iterations
    agent.seconds = None if iterations is not None else seconds * SEARCH_SHARE
    agent.stop_early = False  # a choice settles early; a comparison needs the whole budget
    agent.keep = True
    agent.choose(state, seat, rng)
    assert agent.tree is not None
    return agent.tree


def _hint(notation: str, visits: int, value: float | None) -> Hint:
    win = None if value is None else round(value, 3)
    return Hint(notation, visits, win, reason_for(visits, win))


def reason_for(visits: int, win: float | None) -> str | None:
    """Why a hint has no estimate, or only a rough one, in words (None: a firm one)."""
    if win is None:
        return NOT_PLAYABLE
    if visits < ENOUGH:
        times = "once" if visits == 1 else f"{visits} times"
        return f"a rough estimate: tried only {times} in the time"
    return None
