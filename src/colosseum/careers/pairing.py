"""Who fights whom: Swiss pairings for tournaments ("Appendix III: Tournaments").

After random first-round pairings, lanistae are ranked by points (then Glory) and paired so that
nobody meets an opponent twice while that can be avoided, and otherwise lanistae of equal points
(then of neighbouring ranks) meet; with an odd number, a lanista who has not had one sits the
round out (a bye), the lowest-ranked as far as the rest allows.

The pairing is a maximum-weight matching (Edmonds' blossom algorithm, networkx's
`max_weight_matching` with maximum cardinality, so everyone is paired): each possible pair
weighs, in decreasing order of priority, whether it is not a rematch, then how close its points
and its ranks are; the weights of each priority exceed the sum of all lower ones, so the
matching minimises rematches first, then second byes, then differences of points, then of rank.
A greedy loop down the ranking cannot promise that: A, B on 2 points and C, D on 1 with C–D
already played, it pairs A–B and leaves C–D to meet again.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction
from itertools import combinations
from typing import Any

_BYE = object()  # the stand-in opponent of the lanista with a bye


def _spread(values: Sequence[int]) -> int:
    """A bound on the sum of `values` over any matching (each counted once)."""
    return sum(values) + 1


def swiss_pairs(
    points: Mapping[str, float],
    met: Collection[frozenset[str]] = (),
    byes: Collection[str] = (),
    rng: random.Random | None = None,
) -> tuple[list[tuple[str, str]], str | None]:
    """(pairs, the lanista with a bye or None). `points` ranks the lanistae (the first round:
    all equal, shuffled by `rng`); `met` holds the pairs that already fought and `byes` those
    who have had a bye. Pairs come in rank order, the higher-ranked lanista first."""
    import networkx as nx  # type: ignore[import-untyped]

    names = list(points)
    if rng is not None:
        rng.shuffle(names)
    ranked = sorted(names, key=lambda n: -points[n])  # stable: the shuffle breaks ties
    if len(ranked) < 2:
        return [], ranked[0] if ranked else None
    rank = {name: i for i, name in enumerate(ranked)}
    # Points in twelfths (joint winners share a win by 2, 3 or 4) keep the weights exact.
    score = {name: int(Fraction(points[name]).limit_denominator(12) * 12) for name in ranked}
    lowest = min(score.values())
    last = len(ranked) - 1
    players: list[Any] = list(ranked)
    if len(ranked) % 2:
        players.append(_BYE)

    def closeness(a: Any, b: Any) -> tuple[int, int]:
        if b is _BYE:  # the bye goes down the ranking, to the fewest points
            return (score[a] - lowest) ** 2, (last - rank[a]) ** 2
        return (score[a] - score[b]) ** 2, (rank[a] - rank[b]) ** 2

    edges = list(combinations(players, 2))
    costs = {edge: closeness(*edge) for edge in edges}
    rank_unit = 1
    point_unit = rank_unit * _spread([c[1] for c in costs.values()])
    bye_unit = point_unit * _spread([c[0] for c in costs.values()])
    rematch_unit = bye_unit * (len(players) // 2 + 1)
    ceiling = point_unit * (max(c[0] for c in costs.values()) + 1)
    graph: Any = nx.Graph()
    for (a, b), (point_gap, rank_gap) in costs.items():
        repeat = b is _BYE and a in byes
        rematch = b is not _BYE and frozenset((a, b)) in met
        weight = (
            ceiling
            - point_unit * point_gap
            - rank_unit * rank_gap
            + (0 if repeat else bye_unit)
            + (0 if rematch else rematch_unit)
        )
        graph.add_edge(a, b, weight=weight)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    bye = None
    pairs: list[tuple[str, str]] = []
    for a, b in matching:
        if a is _BYE or b is _BYE:
            bye = b if a is _BYE else a
        else:
            pairs.append((a, b) if rank[a] < rank[b] else (b, a))
    pairs.sort(key=lambda pair: rank[pair[0]])
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
