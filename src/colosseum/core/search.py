"""What a game tells the tree search (`colosseum.agents.ismcts`), through its definition's
`search` hook: a module of its own package that may give
- `evaluation(state) -> list[float]`: each seat's share of the win (summing to 1) of a state
  whose rollout was cut short, read from views of that (determinized) state;
- `DEFAULTS`: a `SearchDefaults`, how `ismcts` searches the game unless told otherwise;
- `round_of(state) -> int`: its round counter, where rollouts may stop at the end of a round
  (`rollout=round`) and learned values are fitted;
- `belief(state, seat, temperature=...) -> Sampler`: guesses of the hidden information weighed
  by what the opponents did (reading only `view(seat)`), and `TEMPERATURE`, the guide's own;
- `LEARNED`: the feature names, the features of each seat and the weights file of an evaluation
  learned from self-play (`core/learned.py`);
- `GUIDE`: the folder of the `master` level's policy and value networks, fitted by self-play
  (`colosseum train`, agents/guides.py).
A game without the hook is searched with the defaults below and rollouts to the end.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from .state import State

Evaluation = Callable[[State], list[float]]
Sampler = Callable[[random.Random], State]
Belief = Callable[[State, int], Sampler]
Progress = Callable[[State], int]


@dataclass(frozen=True, slots=True)
class SearchDefaults:
    """How `ismcts` searches a game unless told otherwise (docs/agents.md, "Tuning")."""

    rollout: int | Literal["round"] = -1  # decisions before the evaluation; negative: to the
    # end; "round": to the end of the round (games with `round_of`)
    policy: str = "random"  # who plays the rollouts: "random" or "heuristic"
    prior: float = 0.0  # PUCT's weight on the policy's move; 0: plain UCB1
    exploration: float = 0.7
    guide: str = "move"  # the prior on the policy's move, or spread by its "scores"
    observers: str = "single"  # one tree from the searcher's side, or "multi": one per seat
    belief: str = "even"  # guesses of hidden things evenly, or weighed by the guide ("guide",
    # or "sharp": at a lower temperature)


def shares(strengths: list[float]) -> list[float]:
    """Strengths as shares of the win: each over their sum (even shares if none is positive)."""
    total = sum(strengths)
    if total <= 0:
        return [1.0 / len(strengths)] * len(strengths)
    return [value / total for value in strengths]
