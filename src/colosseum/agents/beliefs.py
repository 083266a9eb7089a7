"""Beliefs: guesses of the hidden information weighed by what the opponents did.

`State.determinize` guesses every hidden thing evenly among what is consistent with the seat's
view. A belief instead makes the guesses a player would: likelier where the guide (the
game's heuristic player) would have chosen it. A game supplies its own (`belief` in the module
of its `search` hook, `core/search.py`); it reads only `view(seat)`, so it knows nothing the
seat does not (`agents/ismcts.py`, `belief`).
"""

from __future__ import annotations

from functools import partial

from ..core.search import Belief
from .search_hooks import search_module

# `belief=sharp` (docs/agents.md): the guide's scores at this temperature instead of its own,
# so the move the guide would have made is guessed about e^2 (7) times as often as a move
# one score point worse (in Ludus, the counter ranked next). Our choice, not the rulebook's.
SHARP_TEMPERATURE = 0.5


def has_belief(game: str) -> bool:
    """Whether `game` supplies a belief."""
    module = search_module(game)
    return module is not None and hasattr(module, "belief")


def named_belief(game: str, name: str) -> Belief | None:
    """The belief a spec names (`belief=`): None for "even" (`determinize`), `game`'s for
    "guide", and that at `SHARP_TEMPERATURE` for "sharp"; KeyError if `game` has none."""
    if name == "even":
        return None
    module = search_module(game)
    if module is None or not hasattr(module, "belief"):
        raise KeyError(game)
    if name == "sharp":
        return partial(module.belief, temperature=SHARP_TEMPERATURE)
    belief: Belief = module.belief
    return belief
