"""The movement search as first written, kept to check faster ones against (issue 25: a
speed-up must change no choice): same destinations, same order, same cheapest ways."""

from __future__ import annotations

import heapq

from colosseum.games.jugula.board import FACINGS, NO_SQUARE
from colosseum.games.jugula.movement import Terrain


def reference_search(
    land: Terrain, facing: int, mp: int
) -> tuple[list[tuple[int, int, int, int]], dict[int, tuple[int, int, int]]]:
    """The search as first written (a heap over squares with dictionaries): what
    `Terrain.search` must give, in the same order, with the same `stand`."""
    geo, moving, blocked = land.geo, land.moving, land.blocked
    forward, other, face_only = moving.forward, moving.other, moving.face_only
    leave, extra, escape, fronts = land.leave, land.impressive, land.escape, land.fronts
    danger, back, adjacent = geo.danger, geo.back, geo.adjacent
    start = land.start
    big = 1 << 30
    # score = cost * 64 + steps
    stand: dict[int, tuple[int, int, int]] = {start: (0, NO_SQUARE, facing)}
    any_facing: dict[int, tuple[int, int]] = {}  # square -> (score, from) by a side step
    one_facing: dict[int, tuple[int, int]] = {start * 4 + facing: (0, NO_SQUARE)}
    heap: list[tuple[int, int]] = [(0, start)]
    done: set[int] = set()
    push, pop = heapq.heappush, heapq.heappop
    while heap:
        score, at = pop(heap)
        if at in done:
            continue
        done.add(at)
        base = (score >> 6) + (leave if at in fronts else 0)
        length = (score & 63) + 1
        turns = escape.get(at)
        ahead = danger[at]
        if turns is not None:
            for turn in turns:
                target = back[at][turn]
                if target == NO_SQUARE or target in blocked or target in done:
                    continue
                total = base + extra.get(target, 0) + other
                if total > mp:
                    continue
                new = total * 64 + length
                key = target * 4 + turn
                known = one_facing.get(key)
                if known is None or known[0] > new:
                    one_facing[key] = (new, at)
                    if new < stand.get(target, (big,))[0]:
                        stand[target] = (new, at, turn)
                        push(heap, (new, target))
            continue
        for target in adjacent[at]:
            if target in blocked or target in done:
                continue
            cost = base + extra.get(target, 0)
            if cost + forward > mp:
                continue
            if target in ahead:
                turn = ahead.index(target)
                new = (cost + forward) * 64 + length
                key = target * 4 + turn
                known = one_facing.get(key)
                if known is None or known[0] > new:
                    one_facing[key] = (new, at)
                    if new < stand.get(target, (big,))[0]:
                        stand[target] = (new, at, turn)
                        push(heap, (new, target))
            if cost + other > mp:
                continue
            new = (cost + other) * 64 + length
            known = any_facing.get(target)
            if known is None or known[0] > new:
                any_facing[target] = (new, at)
                if new < stand.get(target, (big,))[0]:
                    stand[target] = (
                        new,
                        at,
                        facing if ahead[facing] != target else (facing + 1) % 4,
                    )
                    push(heap, (new, target))
    found: list[tuple[int, int, int, int]] = []
    for square, (score, _, _) in sorted(stand.items(), key=lambda item: item[1][0]):
        allowed = escape.get(square, FACINGS)
        side = any_facing.get(square, (big, NO_SQUARE))
        for turn in FACINGS:
            best = one_facing.get(square * 4 + turn, (big, NO_SQUARE))
            if side[0] < best[0]:
                best = side
            turned = score + face_only * 64 + 1
            if turn in allowed and turned < best[0] and turned >> 6 <= mp:
                best = (turned, square)
            if best[0] < big:
                found.append((square, turn, best[0] >> 6, best[1]))
    return found, stand
