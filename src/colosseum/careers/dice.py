"""Who rolls the campaign's dice: the program (seeded, reproducible) or the players at the
table, whose results are typed in ("companion mode"). Both hand back plain d6 results; the
campaign stores every roll as an event with its source."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Protocol

from .sheet import CareerError

# A campaign event to record: (kind, data).
Event = tuple[str, dict[str, Any]]


class Dice(Protocol):
    source: str  # "program" or "table"

    def roll(self, count: int, what: str) -> list[int]:
        """`count` six-sided dice for `what` (a label for the history)."""
        ...


class ProgramDice:
    """Dice rolled by the program from a seed (or from a `random.Random` it shares)."""

    source = "program"

    def __init__(self, seed: int | random.Random) -> None:
        self._rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def roll(self, count: int, what: str) -> list[int]:
        return [self._rng.randint(1, 6) for _ in range(count)]


class TableDice:
    """Dice rolled at the table: the results given, used in order."""

    source = "table"

    def __init__(self, results: Iterable[int]) -> None:
        self._results = list(results)

    def roll(self, count: int, what: str) -> list[int]:
        if len(self._results) < count:
            raise CareerError(
                f"{what}: {count} dice needed from the table, {len(self._results)} given"
            )
        taken, self._results = self._results[:count], self._results[count:]
        for value in taken:
            if not 1 <= value <= 6:
                raise CareerError(f"{what}: a die shows 1 to 6, not {value}")
        return taken


def roll_event(dice: Dice, lanista: str, what: str, count: int) -> tuple[list[int], Event]:
    """Roll `count` dice for `lanista`'s `what`, and the "roll" event that records them."""
    rolled = dice.roll(count, f"{lanista}: {what}")
    data = {"lanista": lanista, "what": what, "dice": rolled, "source": dice.source}
    return rolled, ("roll", data)
