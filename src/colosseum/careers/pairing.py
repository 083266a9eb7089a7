"""Who fights whom: Swiss pairings for tournaments ("Appendix III: Tournaments").

After random first-round pairings, lanistae are ranked by points (then Glory) and each is
paired with the highest-ranked one below him he has not met yet; with an odd number, the
lowest-ranked lanista who has not had one sits the round out (a bye).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from itertools import combinations
from typing import Any


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


def tournament_round(
    combats: Sequence[Mapping[str, Any]], ludi: Sequence[str], rng: random.Random
) -> tuple[int, list[tuple[str, str]], str | None]:
    """The next Swiss round of a tournament from its stored combats (each with "lanistae" and
    "winners"), taken `len(ludi) // 2` to a round: (its number, the pairs, the bye). A win
    scores 1, shared by joint winners; whoever missed a round has had his bye."""
    points = dict.fromkeys(ludi, 0.0)
    met: set[frozenset[str]] = set()
    for combat in combats:
        fighters = [n for n in combat["lanistae"] if n in points]
        met.update(frozenset(pair) for pair in combinations(fighters, 2))
        for winner in combat["winners"]:
            if winner in points:
                points[winner] += 1.0 / len(combat["winners"])
    per_round = max(1, len(ludi) // 2)
    number = len(combats) // per_round + 1
    byes: set[str] = set()
    for start in range(0, len(combats) - per_round + 1, per_round):
        fought = {n for combat in combats[start : start + per_round] for n in combat["lanistae"]}
        byes.update(n for n in ludi if n not in fought)
    pairs, bye = swiss_pairs(points, met, byes, rng=rng if not combats else None)
    return number, pairs, bye
