"""What a game tells the balance report (`colosseum balance`, `colosseum.sim.balance`).

A game that takes part names a module of its own package in its definition's `balance` hook:
`features(first, events, last)` gives, per seat, the set of (category, name) it held in a
finished game (a gladiator, a building, an armatura, a card played...), read only from the
game's full view at the start and at the end (`state.view(None)`) and the events it emitted;
`LENGTH` names the view's counter of the game's length and its unit in the report. A game
without the hook is reported by seat alone, its length in rounds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .actions import Event

Features = list[set[tuple[str, str]]]
Collector = Callable[[Mapping[str, Any], Sequence[Event], Mapping[str, Any]], Features]
DEFAULT_LENGTH = ("round", "rounds")  # the full view's key, the unit's name in the report

_COPY = re.compile(r"_\d+$")  # palaestra_1, palaestra_2: two copies of one building


def code_name(code: str) -> str:
    """A data code as a name: `palaestra_2` is "Palaestra", `iron_will` "Iron Will"."""
    return _COPY.sub("", code).replace("_", " ").title()


def no_features(
    first: Mapping[str, Any], events: Sequence[Event], last: Mapping[str, Any]
) -> Features:
    """A game without the hook: seats only."""
    return [set() for _ in range(int(last.get("players", 0)))]
