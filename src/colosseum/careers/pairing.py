"""Who fights whom: Swiss pairings for tournaments ("Appendix III: Tournaments").

After random first-round pairings, lanistae are ranked by points (then Glory) and each is
paired with the highest-ranked one below him he has not met yet; with an odd number, the
lowest-ranked lanista who has not had one sits the round out (a bye).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping


def swiss_pairs(
    points: Mapping[str, float],
    met: Collection[frozenset[str]] = (),
    byes: Collection[str] = (),
    rng: random.Random | None = None,
) -> tuple[list[tuple[str, str]], str | None]:
    """(pairs, the lanista with a bye or None). `points` ranks the lanistae (the first round:
    all equal, shuffled by `rng`); `met` holds the pairs that already fought."""
    names = list(points)
    if rng is not None:
        rng.shuffle(names)
    ranked = sorted(names, key=lambda n: -points[n])  # stable: the shuffle breaks ties
    bye = None
    if len(ranked) % 2:
        bye = next((n for n in reversed(ranked) if n not in byes), ranked[-1])
        ranked.remove(bye)
    pairs: list[tuple[str, str]] = []
    waiting = ranked[:]
    while waiting:
        first = waiting.pop(0)
        partner = next((n for n in waiting if frozenset((first, n)) not in met), waiting[0])
        waiting.remove(partner)
        pairs.append((first, partner))
    return pairs, bye
