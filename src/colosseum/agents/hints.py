"""Hints: what the `normal` search thinks of a seat's options, worked out from that seat's
own view only (the search imagines the hidden parts with `determinize`, as every computer
seat does). The web tables offer them when a table allows it; the terminal's `hint` too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..core.state import State
from .ismcts import ISMCTSAgent
from .registry import make_agent

LEVEL = "normal"


@dataclass(frozen=True, slots=True)
class Hint:
    """One legal action, how often the search tried it, and its estimated share of the win
    for the seat (0 to 1; among several winners the win is shared)."""

    notation: str
    visits: int
    win: float | None  # None: the search never tried it


def hints(state: State, seat: int, seed: int | str, count: int = 3) -> list[Hint]:
    """The `count` actions the search tried most, best first, for `seat`, whose decision it
    must be. The same state and seed give the same hints."""
    if state.current_player != seat:
        raise ValueError(f"it is not seat {seat}'s decision")
    agent = make_agent(LEVEL, state.game_id)
    assert isinstance(agent, ISMCTSAgent)
    agent.stop_early = False  # a choice settles early; a comparison needs the whole budget
    agent.choose(state, seat, random.Random(seed))
    stats = agent.last
    assert stats is not None
    legal = [str(action) for action in state.legal_actions()]
    if len(legal) == 1:
        return [Hint(legal[0], 0, None)]
    ranked = sorted(legal, key=lambda n: (-stats.visits.get(n, 0), -stats.values.get(n, 0.0)))
    return [
        Hint(notation, stats.visits.get(notation, 0), _rounded(stats.values.get(notation)))
        for notation in ranked[:count]
    ]


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 3)
