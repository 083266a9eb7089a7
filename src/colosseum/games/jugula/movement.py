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

Talents and abilities that change the costs ("Appendix II: Talents", "Par Pari Refertur") come
in as a `Terrain`'s keywords: `fast` (no extra MP for leaving enemy fronts), `souple` (enemy
danger zones count as plain front squares), `impressive` (extra MP for entering a square, per
Impressive enemy next to it) and `forbidden` (squares that may not be entered).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final, NamedTuple

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


class Stand(NamedTuple):
    """The cheapest way a search found to stand on each square, in lists indexed by square
    (read only for the squares in `reached`, in the order first reached)."""

    score: list[int]  # cost * 64 + steps
    previous: list[int]  # the square stepped from (`NO_SQUARE` for the start)
    facing: list[int]  # the facing he entered it with
    reached: list[int]


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


# The searches made lately, by everything they read: a search repeats the same position many
# times (the heuristic weighs every gladiator's move at each decision, and a tree search plays
# out the same position again and again). Each holds the `stand` and `ways` lists (never
# changed once made) and the squares found; cleared whole when full.
_SEARCHES: Final[dict[tuple[Any, ...], tuple[Stand, tuple[Any, ...], tuple[Any, ...]]]] = {}
_SEARCHES_KEPT: Final = 4096
_BIG: Final = (1 << 30) - 1  # the score of a way not found: one digit, so compared as a small int


class Terrain:
    """What the arena costs one moving gladiator: built once per movement, asked per square.

    `occupied` holds every square with a figure (the mover's own square and `NO_SQUARE` are
    ignored), `enemies` the (square, facing) of the enemies exerting zones.
    """

    __slots__ = (
        "blocked",
        "escape",
        "fronts",
        "geo",
        "impressive",
        "leave",
        "moving",
        "stand",
        "start",
        "ways",
    )

    def __init__(
        self,
        rules: Rules,
        start: int,
        occupied: Iterable[int],
        enemies: Iterable[Enemy] = (),
        *,
        fast: bool = False,
        souple: bool = False,
        impressive: Mapping[int, int] | None = None,
        forbidden: Iterable[int] = (),
    ) -> None:
        geo = geometry(rules.width, rules.height)
        self.geo = geo
        self.start = start
        self.moving = rules.movement
        blocked = set(occupied)
        blocked.update(forbidden)
        fronts: set[int] = set()
        front, danger = geo.front, geo.danger
        # square -> facings (sorted) that face an enemy exerting his danger zone on it
        escape: dict[int, tuple[int, ...]] = {}
        for enemy, facing in enemies:
            blocked.add(enemy)
            fronts.update(front[enemy][facing])
            target = danger[enemy][facing]
            if not souple and target != NO_SQUARE:
                turn = (facing + 2) % 4  # from the square ahead of him, back towards him
                turns = escape.get(target)
                if turns is None:
                    escape[target] = (turn,)
                elif turn not in turns:
                    escape[target] = tuple(sorted((*turns, turn)))
        blocked.discard(start)
        blocked.discard(NO_SQUARE)
        self.blocked = blocked  # sets read only from here on
        self.fronts = fronts
        self.leave = 0 if fast else self.moving.leave_front
        self.impressive = dict(impressive) if impressive else {}
        self.escape = escape

    def cost(self, square: int, facing: int, target: int) -> int:
        """MP of the step from `square` to the adjacent `target` after pivoting to `facing`."""
        moving = self.moving
        cost = moving.forward if self.geo.danger[square][facing] == target else moving.other
        if square in self.fronts:
            cost += self.leave
        return cost + self.impressive.get(target, 0)

    def options(self, square: int, facing: int) -> tuple[list[Step], list[Step]]:
        """(steps, facing changes alone) from `square` facing `facing`; see `options`."""
        geo, moving, blocked = self.geo, self.moving, self.blocked
        steps: list[Step] = []
        turns = self.escape.get(square)
        if turns is not None:
            for turn in turns:
                back = geo.back[square][turn]
                if back != NO_SQUARE and back not in blocked:
                    pivot = 0 if turn == facing else moving.face_before_step
                    steps.append(Step(back, turn, self.cost(square, turn, back) + pivot))
        else:
            turns = FACINGS
            base = moving.other + (self.leave if square in self.fronts else 0)
            ahead_saving = moving.other - moving.forward
            extra = self.impressive
            for turn in FACINGS:
                pivot = 0 if turn == facing else moving.face_before_step
                ahead = geo.danger[square][turn]
                for target in geo.adjacent[square]:
                    if target not in blocked:
                        cost = base + pivot + extra.get(target, 0)
                        if target == ahead:
                            cost -= ahead_saving
                        steps.append(Step(target, turn, cost))
        faces = [Step(square, turn, moving.face_only) for turn in turns if turn != facing]
        return steps, faces

    def search(self, facing: int, mp: int) -> list[tuple[int, int, int, int]]:
        """Every (square, facing) reachable from the start facing `facing` with at most `mp` MP,
        as (square, facing, cost, previous square) in order of cost; previous square is
        `NO_SQUARE` for the start and the square itself for a facing change alone. The way to
        each previous square is in `self.stand` (a `Stand`; `standing` gives it as a dict).

        The pivot before a step is free (`movement.face_before_step` is 0, as stated), so what a
        gladiator may do next depends on his square alone: a search over squares finds the
        cheapest way to stand on each; a facing is then reached by the step onto the square
        (the facing of the step) or by a facing change once there. Ties go to fewer steps.
        """
        return self.found(self.ends(facing, mp))

    def search_kept(self, facing: int, mp: int) -> list[tuple[int, int, int, int]]:
        """`search`, found again if a search of the same terrain, facing and MP was made lately
        (`_SEARCHES`): for the heuristics, which weigh the same positions decision after
        decision and rollout after rollout; a random playout seldom repeats one."""
        key = (self.key(), facing, mp)
        known = _SEARCHES.get(key)
        if known is not None:
            self.stand, self.ways = known[0], known[1]
            return list(known[2])
        found = self.search(facing, mp)
        if len(_SEARCHES) >= _SEARCHES_KEPT:
            _SEARCHES.clear()
        _SEARCHES[key] = (self.stand, self.ways, tuple(found))
        return found

    def standing(self) -> dict[int, tuple[int, int, int]]:
        """The last search's cheapest way to stand on each square reached, in the order first
        reached: square -> (cost * 64 + steps, previous square, facing entered with)."""
        score, previous, facing, reached = self.stand
        return {sq: (score[sq], previous[sq], facing[sq]) for sq in reached}

    def key(self) -> tuple[Any, ...]:
        """Everything `search` reads: its results are the same for the same key."""
        return (
            self.geo.width,
            self.geo.height,
            self.moving,
            self.start,
            frozenset(self.blocked),
            tuple(sorted(self.escape.items())),
            frozenset(self.fronts),
            self.leave,
            tuple(self.impressive.items()),
        )

    def ends(self, facing: int, mp: int) -> list[int]:
        """`search`'s (square, facing) pairs alone, as square * 4 + facing, in its order: what
        a move offers, each pair's cost and previous square read later, if ever, by `found`.

        The squares go by the cheapest way to stand on them, ties in the order first reached,
        and each square's facings in order."""
        self._spread(facing, mp)
        score, _, _, reached = self.stand
        side_score, _, one_score, _, turnable = self.ways
        escape, big = self.escape, _BIG
        quads = _quads(len(score))
        keys: list[int] = []
        extend = keys.extend
        for square in sorted(reached, key=score.__getitem__):
            turning = score[square] < turnable
            if square not in escape:  # any facing by a side step or a facing change, if either fits
                if turning or side_score[square] < big:
                    extend(quads[square])
                    continue
                allowed: tuple[int, ...] = ()
            else:
                allowed = escape[square]
            first = square * 4
            side = side_score[square] < big
            for turn in FACINGS:
                if side or one_score[first + turn] < big or (turning and turn in allowed):
                    keys.append(first + turn)
        return keys

    def found(self, keys: Iterable[int]) -> list[tuple[int, int, int, int]]:
        """(square, facing, cost, previous square) of the last search's cheapest way onto each
        (square, facing) of `keys` (square * 4 + facing, from `ends`): onto it by a straight
        step or a step out of a danger zone, else by a side step, else by a facing change once
        on the square (ties in that order)."""
        side_score, side_from, one_score, one_from, turnable = self.ways
        score, escape = self.stand.score, self.escape
        turn_cost = self.moving.face_only * 64 + 1
        found: list[tuple[int, int, int, int]] = []
        for key in keys:
            square = key >> 2
            best, source = one_score[key], one_from[key]
            if side_score[square] < best:
                best, source = side_score[square], side_from[square]
            turned = score[square] + turn_cost
            if turned < best and score[square] < turnable:
                allowed = escape.get(square)
                if allowed is None or key & 3 in allowed:
                    best, source = turned, square
            found.append((square, key & 3, best >> 6, source))
        return found

    def _spread(self, facing: int, mp: int) -> None:
        """The search over squares: Dijkstra on flat lists indexed by square (and square * 4 +
        facing), each square's exits read from a table (`_exits`); the heap holds plain ints,
        score << shift | square, which order as (score, square) pairs would. Leaves the
        cheapest way to stand on each square in `stand`, and in `ways` the cheapest by a side
        step and onto each (square, facing) by a straight step, for `ends` and `found`.

        A square stood on with a score of `last` or more never enters the heap: no step fits
        from it, and every square that could still step on is taken from the heap before it
        would have been, so leaving it out changes no score and no order."""
        moving, escape, fronts = self.moving, self.escape, self.fronts
        exits, straight_exits = _exits(self.geo.width, self.geo.height)
        start, size, big = self.start, len(exits), _BIG
        shift = size.bit_length()
        mask = (1 << shift) - 1
        # all in scores, cost * 64 + steps: a straight step, any other step, leaving an enemy's
        # front, each square's Impressive extra; `over`, the first score beyond `mp`; `last`,
        # the first score from which no step fits
        forward, other = moving.forward * 64 + 1, moving.other * 64 + 1
        leave, over = self.leave * 64, (mp + 1) * 64
        extra = {square: cost * 64 for square, cost in self.impressive.items()}
        last = over - min(forward, other)
        turned = (facing + 1) % 4  # a side step's facing when his own would be straight
        # `stand_*`: the cheapest way to stand on each square, `side_*`: by a step that is not
        # straight ahead (any facing), `one_*`: onto a (square, facing) by a straight step or a
        # step back out of a danger zone.
        stand_score, stand_from, stand_turn = [big] * size, [NO_SQUARE] * size, [facing] * size
        side_score, side_from = [big] * size, [NO_SQUARE] * size
        one_score, one_from = [big] * (size * 4), [NO_SQUARE] * (size * 4)
        stand_score[start] = one_score[start * 4 + facing] = 0
        reached = [start]  # the squares in the order first reached (ties keep this order)
        closed = [False] * size  # the blocked squares and those done
        for square in self.blocked:
            closed[square] = True
        heap = [start]  # score 0
        push, pop = heapq.heappush, heapq.heappop
        while heap:
            item = pop(heap)
            at = item & mask
            if closed[at]:
                continue
            closed[at] = True
            score = item >> shift
            if at in fronts:  # what he pays to leave, counted from here on as spent
                score += leave
            if score >= last:  # no step is affordable from here (extra MP are >= 0)
                continue
            turns = escape.get(at)
            if turns is None:  # a straight step or, if affordable, any other
                straight_new = straight_at = score + forward
                side_new = side_at = score + other
                side_fits = side_new < over
                ways = exits[at] if side_fits or extra else straight_exits[at]
            else:  # in a danger zone: only straight back, facing an enemy exerting it
                straight_new = straight_at = score + other
                if straight_new >= over:
                    continue
                side_new = side_at = over
                side_fits = False
                ways = _back_exits(self.geo.width, self.geo.height, at, turns)
            for target, straight, key in ways:
                if closed[target]:
                    continue
                if extra:
                    lift = extra.get(target, 0)
                    straight_new = straight_at + lift
                    if straight_new >= over:
                        continue
                    side_new = side_at + lift
                    side_fits = side_new < over
                if straight >= 0 and one_score[key] > straight_new:
                    one_score[key], one_from[key] = straight_new, at
                    if straight_new < stand_score[target]:
                        if stand_score[target] == big:
                            reached.append(target)
                        stand_score[target], stand_from[target] = straight_new, at
                        stand_turn[target] = straight
                        if straight_new < last:
                            push(heap, straight_new << shift | target)
                if side_fits and side_score[target] > side_new:
                    side_score[target], side_from[target] = side_new, at
                    if side_new < stand_score[target]:
                        if stand_score[target] == big:
                            reached.append(target)
                        stand_score[target], stand_from[target] = side_new, at
                        # the facing he steps with: his own, unless that would be straight
                        stand_turn[target] = facing if straight != facing else turned
                        if side_new < last:
                            push(heap, side_new << shift | target)
        self.stand = Stand(stand_score, stand_from, stand_turn, reached)
        # a facing change alone fits onto a square stood on with a score below `turnable`
        turnable = over - (moving.face_only * 64 + 1)
        self.ways = (side_score, side_from, one_score, one_from, turnable)

    def routes(self, facing: int, mp: int) -> dict[tuple[int, int], Route]:
        """`search` as Routes with their steps (see `destinations`)."""
        found: dict[tuple[int, int], Route] = {}
        for square, turn, cost, previous in self.search(facing, mp):
            steps = self.way_to(previous) if previous != NO_SQUARE else []
            if previous != NO_SQUARE:
                steps.append(Step(square, turn, cost - (self.stand.score[previous] >> 6)))
            found[(square, turn)] = Route(cost, tuple(steps))
        return found

    def way_to(self, square: int) -> list[Step]:
        """The steps of the cheapest way found to stand on `square`."""
        score, before, facing, _ = self.stand
        steps: list[Step] = []
        while True:
            previous = before[square]
            if previous == NO_SQUARE:
                break
            cost = (score[square] >> 6) - (score[previous] >> 6)
            steps.append(Step(square, facing[square], cost))
            square = previous
        steps.reverse()
        return steps


Exits = tuple[tuple[int, int, int], ...]


@cache
def _back_exits(width: int, height: int, at: int, turns: tuple[int, ...]) -> Exits:
    """The ways out of `at` in an enemy's danger zone, as `_exits` gives them: straight back
    while facing each of `turns`, where there is a square behind."""
    back = geometry(width, height).back[at]
    return tuple((back[t], t, back[t] * 4 + t) for t in turns if back[t] != NO_SQUARE)


@cache
def _quads(size: int) -> tuple[tuple[int, int, int, int], ...]:
    """Per square, its four (square, facing) slots, square * 4 + facing."""
    return tuple((sq * 4, sq * 4 + 1, sq * 4 + 2, sq * 4 + 3) for sq in range(size))


@cache
def _exits(width: int, height: int) -> tuple[tuple[Exits, ...], tuple[Exits, ...]]:
    """Per square, its adjacent squares in `Geometry.adjacent`'s order as (square, the facing
    that has it straight ahead or -1, square * 4 + that facing: where `_spread` keeps the way
    onto it facing so); and the same list with the straight ones alone."""
    geo = geometry(width, height)
    every = tuple(
        tuple(
            (target, facing, target * 4 + facing)
            for target in geo.adjacent[at]
            for facing in [geo.danger[at].index(target) if target in geo.danger[at] else -1]
        )
        for at in range(geo.size)
    )
    straight = tuple(tuple(pair for pair in row if pair[1] >= 0) for row in every)
    return every, straight


def step_cost(
    rules: Rules,
    square: int,
    facing: int,
    target: int,
    enemies: Iterable[Enemy] = (),
    **talents: Any,
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
    return Terrain(rules, square, (), enemies, **talents).cost(square, facing, target)


def options(
    rules: Rules,
    square: int,
    facing: int,
    occupied: Iterable[int],
    enemies: Iterable[Enemy] = (),
    **talents: Any,
) -> tuple[tuple[Step, ...], tuple[Step, ...]]:
    """What a gladiator on `square` facing `facing` may do next: (steps, facing changes alone).

    Each step is taken after the free pivot to its facing ("Facing change": before any step,
    at `movement.face_before_step`, i.e. free). A facing change alone costs `movement.face_only`.
    In an enemy's danger zone ("Movement and the danger zone"), he may only face one of the
    enemies exerting it (any of them, whichever he faces now) and step straight back, keeping
    that facing; he cannot step back if his back square holds a figure or is off the arena.
    """
    terrain = Terrain(rules, square, occupied, enemies, **talents)
    steps, faces = terrain.options(square, facing)
    return tuple(steps), tuple(faces)


def destinations(
    rules: Rules,
    square: int,
    facing: int,
    mp: int,
    occupied: Iterable[int],
    enemies: Iterable[Enemy] = (),
    **talents: Any,
) -> dict[tuple[int, int], Route]:
    """Every (square, facing) the gladiator can end his movement on with at most `mp` MP, with
    the cheapest legal route to it; the start itself is included at cost 0 ("Moving a
    gladiator is optional").

    `occupied` holds every square with a figure on it (the mover's own square may be in it;
    the enemies' squares are added); `enemies` the (square, facing) of the enemy gladiators
    exerting zones; `talents` the keywords of `Terrain`. A facing change alone ends the
    movement (any later step could have taken that pivot for free), and the danger-zone
    restriction is checked before every action, so a gladiator who has stepped out of every
    danger zone "is free to continue his movement if he has MPs left". Ties between routes of
    equal cost go to the one with fewer steps, then to the first found.
    """
    terrain = Terrain(rules, square, occupied, enemies, **talents)
    return terrain.routes(facing, mp)
