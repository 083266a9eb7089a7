"""Movement: what a step costs and where a gladiator can end his movement.

A gladiator spends up to his MP ("Movement") one adjacent square at a time. Before each step he
may pivot to any facing for free; a facing change not followed by a step costs MP of its own
("Facing change"). Stepping straight ahead costs less than any other step; a step taken from an
enemy's front zone costs extra, once ("It's not a dance floor!"); in an enemy's danger zone the
only options are to face such an enemy and step straight back ("Movement and the danger zone");
no square holding a figure may be entered or crossed (the "NEVER. EVER." sidebar).

Every number comes from `Rules.movement` (rules.toml); the squares and facings from `board`.
The caller lists as `enemies` the enemy gladiators that exert zones: a hindered enemy has no
danger zone and no front-zone penalty ("Hindrance"), so it is left out there and kept in
`occupied`. Whether the gladiator may move at all (hindered, already moved) is the caller's.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from .board import FACINGS, NO_SQUARE, Geometry, geometry
from .data import Rules

Enemy = tuple[int, int]  # (square, facing)


class Step(NamedTuple):
    """One action of a movement: the gladiator ends on `square` facing `facing` for `cost` MP.

    A step onto another square includes the free pivot before it (`facing` is the facing he
    stepped with); a step that keeps `square` is a facing change alone ("Facing change").
    """

    square: int
    facing: int
    cost: int


@dataclass(frozen=True, slots=True)
class Route:
    """The cheapest legal way to a (square, facing): its total MP and its steps, in order."""

    cost: int
    steps: tuple[Step, ...]


def enemy_front(geo: Geometry, enemies: Iterable[Enemy]) -> frozenset[int]:
    """The squares in the front zone of at least one enemy ("It's not a dance floor!")."""
    return frozenset(sq for square, facing in enemies for sq in geo.front[square][facing])


def danger_from(geo: Geometry, square: int, enemies: Iterable[Enemy]) -> tuple[int, ...]:
    """The squares of the enemies whose danger zone holds `square` ("Movement and the danger
    zone"); at most four, one per side of the square."""
    return tuple(sorted({e for e, facing in enemies if geo.danger[e][facing] == square}))


def step_cost(
    rules: Rules,
    square: int,
    facing: int,
    target: int,
    enemies: Iterable[Enemy] = (),
) -> int:
    """MP for stepping from `square` to the adjacent `target` while facing `facing` (the facing
    chosen by the free pivot before the step).

    "Movement": straight ahead (into his own danger zone) costs `movement.forward`, any other
    adjacent square `movement.other`. "It's not a dance floor!": if `square` lies in the front
    zone of one or more enemies, `movement.leave_front` more, paid once however many enemies.
    """
    geo = geometry(rules.width, rules.height)
    if target not in geo.adjacent[square]:
        raise ValueError(f"{geo.names[target]} is not adjacent to {geo.names[square]}")
    moving = rules.movement
    cost = moving.forward if geo.danger[square][facing] == target else moving.other
    if square in enemy_front(geo, enemies):
        cost += moving.leave_front
    return cost


def options(
    rules: Rules,
    square: int,
    facing: int,
    occupied: Iterable[int],
    enemies: Iterable[Enemy] = (),
) -> tuple[tuple[Step, ...], tuple[Step, ...]]:
    """What a gladiator on `square` facing `facing` may do next: (steps, facing changes alone).

    Each step is taken after the free pivot to its facing ("Facing change": before any step,
    at `movement.face_before_step`, i.e. free). A facing change alone costs `movement.face_only`.
    In an enemy's danger zone ("Movement and the danger zone"), he may only face one of the
    enemies exerting it (any of them, whichever he faces now) and step straight back, keeping
    that facing; he cannot step back if his back square holds a figure or is off the arena.
    """
    geo = geometry(rules.width, rules.height)
    enemies = tuple(enemies)
    blocked = set(occupied)
    moving = rules.movement
    threats = danger_from(geo, square, enemies)
    steps: list[Step] = []
    if threats:
        turns = sorted({f for e in threats if (f := geo.facing_towards(square, e)) is not None})
        for turn in turns:
            back = geo.back[square][turn]
            if back != NO_SQUARE and back not in blocked:
                cost = step_cost(rules, square, turn, back, enemies)
                pivot = 0 if turn == facing else moving.face_before_step
                steps.append(Step(back, turn, cost + pivot))
    else:
        turns = list(FACINGS)
        for turn in FACINGS:
            pivot = 0 if turn == facing else moving.face_before_step
            for target in geo.adjacent[square]:
                if target not in blocked:
                    steps.append(
                        Step(target, turn, step_cost(rules, square, turn, target, enemies) + pivot)
                    )
    faces = tuple(Step(square, turn, moving.face_only) for turn in turns if turn != facing)
    return tuple(steps), faces


def destinations(
    rules: Rules,
    square: int,
    facing: int,
    mp: int,
    occupied: Iterable[int],
    enemies: Iterable[Enemy] = (),
) -> dict[tuple[int, int], Route]:
    """Every (square, facing) the gladiator can end his movement on with at most `mp` MP, with
    the cheapest legal route to it; the start itself is included at cost 0 ("Moving a
    gladiator is optional").

    `occupied` holds every square with a figure on it (the mover's own square may be in it;
    the enemies' squares are added); `enemies` the (square, facing) of the enemy gladiators
    exerting zones. A facing change alone ends the movement (any later step could have taken
    that pivot for free), and the danger-zone restriction is checked before every action, so a
    gladiator who has stepped out of every danger zone "is free to continue his movement if he
    has MPs left". Ties between routes of equal cost go to the one with fewer steps, then to the
    first found.
    """
    enemies = tuple(enemies)
    blocked = (frozenset(occupied) | {e for e, _ in enemies}) - {square}
    found: dict[tuple[int, int], Route] = {}
    expanded: set[tuple[int, int]] = set()
    counter = 0
    heap: list[tuple[int, int, int, bool, int, int, tuple[Step, ...]]] = [
        (0, 0, counter, False, square, facing, ())
    ]
    while heap:
        cost, _, _, turned, at, faces, steps = heapq.heappop(heap)
        key = (at, faces)
        if key not in found:
            found[key] = Route(cost, steps)
        if turned or key in expanded:
            continue
        expanded.add(key)
        moves, turns = options(rules, at, faces, blocked, enemies)
        for actions, final in ((moves, False), (turns, True)):
            for step in actions:
                total = cost + step.cost
                if total > mp:
                    continue
                if (step.square, step.facing) in (found if final else expanded):
                    continue
                counter += 1
                entry = (total, len(steps) + 1, counter, final, step.square, step.facing)
                heapq.heappush(heap, (*entry, (*steps, step)))
    return found
