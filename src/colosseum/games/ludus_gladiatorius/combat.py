"""Game Play 3b, Combat: dice, hits, blocks, life, the Emperor's die; and the Net Attack."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.rng import Rng
from .data import Face


def roll(rng: Rng, faces_by_die: Sequence[tuple[Face, ...]]) -> list[Face]:
    """One face per die (standard dice: each face equally likely)."""
    return [faces[rng.below(len(faces))] for faces in faces_by_die]


def reroll_where(
    rng: Rng, faces_by_die: Sequence[tuple[Face, ...]], rolled: list[Face], slot: int
) -> tuple[list[Face], int]:
    """Re-roll once every die whose face shows its `slot` symbol (0 swords, 1 shields).

    Feint re-rolls the attack dice showing shields, Dodge the defence dice showing swords; a
    re-rolled face is final. Returns the new roll and how many dice were re-rolled.
    """
    result = list(rolled)
    count = 0
    for i, face in enumerate(rolled):
        if face[slot]:
            faces = faces_by_die[i]
            result[i] = faces[rng.below(len(faces))]
            count += 1
    return result, count


def swords(rolled: Sequence[Face]) -> int:
    """Each sword is one hit (Combat 5)."""
    return sum(face[0] for face in rolled)


def shields(rolled: Sequence[Face]) -> int:
    """Each shield blocks one hit (Combat 6)."""
    return sum(face[1] for face in rolled)


def damage(hits: int, blocks: int) -> int:
    """Hits not blocked are taken from the defender's life (Combat 6)."""
    return hits - blocks if hits > blocks else 0


def carried_shields(rolled_shields: int, hits: int, carried_in: int) -> int:
    """Doughty Defence: shields rolled beyond what the hits needed, kept for the next defence."""
    needed_from_roll = max(0, hits - carried_in)
    return max(0, rolled_shields - needed_from_roll)


def as_lists(rolled: Sequence[Face]) -> list[list[int]]:
    """Rolled faces as JSON lists of (swords, shields), for events."""
    return [list(face) for face in rolled]
