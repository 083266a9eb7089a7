"""Per-game beliefs: guesses of the hidden information weighed by what the opponents did.

`State.determinize` guesses every hidden thing evenly among what is consistent with the seat's
view. A belief instead makes the guesses a player would: likelier where the guide (the
game's heuristic player) would have chosen it. Each maps a game's id to a function of the
root state and the searching seat that returns a sampler of guesses; it reads only
`view(seat)`, so it knows nothing the seat does not (`agents/ismcts.py`, `belief`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import partial
from typing import Protocol

from ..core.state import State
from ..games.ludus_gladiatorius.data import load_catalog
from ..games.ludus_gladiatorius.heuristic import TEMPERATURE, counter_scores
from ..games.ludus_gladiatorius.state import LudusState

Sampler = Callable[[random.Random], State]
Belief = Callable[[State, int], Sampler]


class TemperedBelief(Protocol):
    """A belief whose guide's scores are softened at `temperature` (`belief=sharp` sets it)."""

    def __call__(self, state: State, seat: int, temperature: float = ...) -> Sampler: ...


# `belief=sharp` (docs/agents.md): the guide's scores at this temperature instead of its own,
# so the move the guide would have made is guessed about e^2 (7) times as often as a move
# one score point worse (in Ludus, the counter ranked next). Our choice, not the rulebook's.
SHARP_TEMPERATURE = 0.5


def ludus(state: State, seat: int, temperature: float = TEMPERATURE) -> Sampler:
    """Ludus Gladiatorius: each opponent's face-down counter of this round drawn by the
    heuristic's preference for it (a softmax of its scores at `temperature`, by default the
    guide's) from where everyone stood when the counters were placed; earlier rounds'
    counters evenly."""
    assert isinstance(state, LudusState)
    view = state.view(seat)
    arena = load_catalog(str(state.options["data"])).arena
    weights: dict[int, dict[str, float]] = {}
    for gladiator in view["gladiators"]:
        hidden = gladiator["counter"] == "hidden" and gladiator["start_hex"] is not None
        if gladiator["owner"] == seat or not hidden:
            continue
        scores = counter_scores(view, gladiator["number"], arena, board="start_hex")
        top = max(scores.values())
        weights[gladiator["number"]] = {
            code: math.exp((score - top) / temperature) for code, score in scores.items()
        }
    if not weights:
        return partial(state.determinize, seat)
    return partial(state.determinize_counters, seat, weights=weights)


BELIEFS: dict[str, TemperedBelief] = {"ludus-gladiatorius": ludus}


def named_belief(game: str, name: str) -> Belief | None:
    """The belief a spec names (`belief=`): None for "even" (`determinize`), `game`'s for
    "guide", and that at `SHARP_TEMPERATURE` for "sharp"; KeyError if `game` has none."""
    if name == "even":
        return None
    if name == "sharp":
        return partial(BELIEFS[game], temperature=SHARP_TEMPERATURE)
    return BELIEFS[game]
