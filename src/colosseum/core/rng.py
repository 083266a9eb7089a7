"""The state's own random number generator: SplitMix64, one integer of state.

A game's randomness comes only from its state's `Rng`, so seed plus actions replays a game
exactly, a position stores the generator as one integer, and cloning it costs nothing.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

_MASK64: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15

T = TypeVar("T")


class Rng:
    """SplitMix64 (Steele, Lea & Flood 2014): fast, small, and good enough for dice and decks."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK64

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator whose sequence depends only on `seed` (any integer)."""
        return cls(seed * _GOLDEN + 0x2545F4914F6CDD1D)

    @classmethod
    def from_random(cls, rng: random.Random) -> Rng:
        """A generator seeded from a `random.Random` (used by `determinize`)."""
        return cls(rng.getrandbits(64))

    def copy(self) -> Rng:
        return Rng(self.state)

    def __reduce__(self) -> tuple[type[Rng], tuple[int]]:
        """Pickled as its state, in the compiled build (core/build.py) as in Python."""
        return Rng, (self.state,)

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (Lemire's multiply-shift; bias below n / 2**64)."""
        return (self.next64() * n) >> 64

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place: `below(i + 1)` for each i, written out (a deck is
        reshuffled many times a game)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            state = (state + _GOLDEN) & _MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = state
