"""Game Play 3a, Move: how far a gladiator may go and where it can end.

A gladiator moves hex by hex up to its allowance (possibly less, possibly not at all), never
through or into a hex another gladiator stands on. The Retiarius may pick up his net on the way
by entering its hex and paying extra movement (Net Recovery).
"""

from __future__ import annotations

from .data import Arena


def reachable(
    arena: Arena,
    start: int,
    allowance: int,
    occupied: set[int] | frozenset[int],
) -> dict[int, int]:
    """Every hex the gladiator can end on (start included), with its distance walked.

    Rulebook "Game Play 3a.1": up to the allowance, less allowed; movement is not split.
    """
    distance = {start: 0}
    neighbours = arena.neighbours
    # the hexes reached or standing in the way, by index: one look-up per hex, and cheaper
    # than a set's (no hash), in the interpreter and in the compiled build
    seen = [False] * len(neighbours)
    for hex_ in occupied:
        seen[hex_] = True
    seen[start] = True
    frontier = [start]
    for step in range(1, allowance + 1):
        following = []
        for hex_ in frontier:
            for near in neighbours[hex_]:
                if not seen[near]:
                    seen[near] = True
                    distance[near] = step
                    following.append(near)
        if not following:
            break
        frontier = following
    return distance


def reachable_with_net(
    arena: Arena,
    start: int,
    allowance: int,
    occupied: set[int] | frozenset[int],
    net_hex: int,
    pickup_cost: int,
) -> set[int]:
    """The hexes the Retiarius can end on after picking up the net on the way.

    Rulebook "Net Recovery": with no opponent on the net, the Retiarius must move onto its hex and
    spend movement to pick it up; he may then go on with what is left.
    """
    to_net = reachable(arena, start, allowance, occupied)
    if net_hex not in to_net:
        return set()
    left = allowance - to_net[net_hex] - pickup_cost
    if left < 0:
        return set()
    return set(reachable(arena, net_hex, left, occupied))
