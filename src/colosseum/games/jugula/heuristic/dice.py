"""The Jugula heuristic's dice: die distributions, attack outcomes and what attacks are worth.

An attack's worth is split in two: its `Terms`, what it reads of the arena (`World.attack_terms`),
and the dice of the cards each side may commit (`terms_value`), so a search that meets the same
arena with other dice sums the same terms again (`placer`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

Dist = tuple[float, ...]  # probability of each die value 0-6

PUSH = 0.08  # a push back without a wound
FAIL = -0.15  # a failed attack: the defender's crowd cheers
HINDER = 0.35  # a hindered enemy neither moves nor attacks until he shakes it off


# --- dice and outcomes ------------------------------------------------------------------------


def dist_of(dice: Iterable[int]) -> Dist:
    """The distribution of a die drawn uniformly from `dice` (a certain 3 when empty)."""
    counts = [0] * 7
    total = 0
    for die in dice:
        counts[min(max(die, 0), 6)] += 1
        total += 1
    if not total:
        counts[3], total = 1, 1
    return tuple(c / total for c in counts)


@lru_cache(maxsize=8)
def die_dist(die: int) -> Dist:
    """`dist_of` one die, one object per die."""
    return dist_of((die,))


@lru_cache(maxsize=1 << 16)
def outcomes(a_base: int, d_base: int, pa: Dist, pd: Dist) -> tuple[float, float, float, float]:
    """(fail, push, wound, bite) probabilities of an attack ("Attack outcome"); the rest ties."""
    fail = push = wound = bite = 0.0
    rows = _classes(a_base, d_base)
    faces = [(j, q) for j, q in enumerate(pd) if q]
    for i, p in enumerate(pa):
        if not p:
            continue
        row = rows[i]
        for j, q in faces:  # each outcome's sum in the same order as the two dice loops
            kind = row[j]
            if kind == _FAIL:
                fail += p * q
            elif kind == _BITE:
                bite += p * q
            elif kind == _WOUND:
                wound += p * q
            elif kind == _PUSH:
                push += p * q
    return fail, push, wound, bite


_TIE, _FAIL, _PUSH, _WOUND, _BITE = range(5)


@lru_cache(maxsize=1024)
def _classes(a_base: int, d_base: int) -> tuple[tuple[int, ...], ...]:
    """The outcome of each pair of die faces (attacker's, defender's) at these bases."""
    rows = []
    for i in range(7):
        attack = max(1, i + a_base)
        row = []
        for j in range(7):
            defence = max(1, j + d_base)
            if defence > attack:
                row.append(_FAIL)
            elif attack >= 4 * defence:
                row.append(_BITE)
            elif attack >= 2 * defence:
                row.append(_WOUND)
            elif attack > defence:
                row.append(_PUSH)
            else:
                row.append(_TIE)
        rows.append(tuple(row))
    return tuple(rows)


# An attack's `Terms`: (attack, defence, kind, tough, one wound's worth, a bite's worth), its
# kind one of these: a hindrance, or a blow on a defender with room to be pushed back or none.
Terms = tuple[int, int, int, bool, float, float]
HINDERING, ROOM, NO_ROOM = 0, 1, 2


def terms_value(terms: Terms, pa: Dist, pd: Dist) -> float:
    """Expected hits of an attack of these `Terms`, the attacker's card of `pa`, the
    defender's of `pd` (`World.attack_value`)."""
    attack, defence, kind, tough, one, bitten = terms
    fail, push, wound, bite = outcomes(attack, defence, pa, pd)
    if kind == HINDERING:
        return fail * FAIL + (push + wound + bite) * HINDER
    if tough:
        wound, bite = wound + bite, 0.0
    if kind == ROOM:
        return fail * FAIL + push * PUSH + wound * one + bite * bitten
    return fail * FAIL + push * one + (wound + bite) * bitten


def terms_values(terms: list[Terms], pa: Dist, pd: Dist) -> list[float]:
    """`terms_value` of each of `terms`, their outcomes by bases looked up per call (for the
    many attacks of one plan at the same dice: cheaper than hashing the dice each time)."""
    found: dict[tuple[int, int], tuple[float, float, float, float]] = {}
    values = []
    for attack, defence, kind, tough, one, bitten in terms:
        bases = (attack, defence)
        odds = found.get(bases)
        if odds is None:
            odds = found[bases] = outcomes(attack, defence, pa, pd)
        fail, push, wound, bite = odds
        if kind == HINDERING:
            values.append(fail * FAIL + (push + wound + bite) * HINDER)
            continue
        if tough:
            wound, bite = wound + bite, 0.0
        if kind == ROOM:
            values.append(fail * FAIL + push * PUSH + wound * one + bite * bitten)
        else:
            values.append(fail * FAIL + push * one + (wound + bite) * bitten)
    return values
