"""The Agent protocol every player behind a seat follows, and the random agent."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from ..core.actions import Action
from ..core.state import State


@runtime_checkable
class Agent(Protocol):
    """Chooses an action for `seat`, which must be `state.current_player`.

    An agent reads the game only through `state.view(seat)`, `state.legal_actions()` and
    `state.determinize(seat, rng)`: it never looks at what its seat may not know.
    """

    name: str

    def choose(self, state: State, seat: int, rng: random.Random) -> Action: ...


@runtime_checkable
class Guide(Protocol):
    """An agent that can also say how much it likes each legal action: a weight per action
    notation (missing ones count as 0), read by a search as its prior (`agents/ismcts.py`).
    Its `choose` plays an action of the highest weight."""

    def preferences(self, state: State, seat: int, rng: random.Random) -> dict[str, float]: ...


class RandomAgent:
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        actions = state.legal_actions()
        return actions[rng.randrange(len(actions))]


def shares_of(agent: Agent, state: State, seat: int, rng: random.Random) -> dict[str, float]:
    """An agent's liking of the legal actions as shares summing to 1: its preferences if it
    is a `Guide` (and they are not all zero), else all on the move it would play."""
    if isinstance(agent, Guide):
        weights = agent.preferences(state, seat, rng)
        total = sum(weights.values())
        if total > 0:
            return {key: weight / total for key, weight in weights.items()}
    return {str(agent.choose(state, seat, rng)): 1.0}


def favourite(guide: Guide, state: State, seat: int, rng: random.Random) -> Action:
    """The legal action `guide` weighs highest (a `Guide`'s `choose`)."""
    liked = guide.preferences(state, seat, rng)
    best = max(liked, key=liked.__getitem__)
    return next(action for action in state.legal_actions() if str(action) == best)
