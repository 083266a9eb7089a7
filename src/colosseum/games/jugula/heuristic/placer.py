"""The place of one gladiator: the attacks it offers minus those it suffers, plus approach.

Weighing a place reads the arena (who stands where, Vox Populi, the rules) and the dice of the
cards each side may commit. The arena's part of every place a gladiator may reach, its `Plan`,
is kept by the arena's `World.key` and the gladiator: a search meets the same arena again and
again (each decision weighs every gladiator's moves, and the tree plays the same positions
out many times), mostly with other dice, for which a plan is only summed again.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import islice

from ..movement import Terrain
from .dice import Dist, Terms, terms_value, terms_values
from .world import (
    APPROACH,
    DANGER_WEIGHT,
    POSITION,
    SECOND_TARGET,
    Glad,
    World,
    zone_at,
    zones,
)

# One place's arena part: each target's attack (the index of its `Terms` in the plan, and of
# the net's hindrance or -1), each attack suffered (its index), and the approach's worth.
Entry = tuple[tuple[tuple[int, int], ...], tuple[int, ...], float]
Best = tuple[float, int, int]
# The terms read while a plan is made, by (the other gladiator, square, hinder or -1 for an
# attack on him): those terms, with the position bonus and the Massive -2 they hold.
Memo = dict[tuple[int, int, int], tuple[Terms, int, int]]


class Plan:
    """The arena's part of the places of one gladiator in one arena (see `Placer`); places
    are numbered `square * 4 + facing` (small ints, shared by Python: a plan stays small)."""

    __slots__ = (
        "at",
        "best",
        "danger",
        "danger_at",
        "entries",
        "firsts",
        "keep",
        "offence",
        "offence_at",
        "stays",
    )

    def __init__(self, keep: object) -> None:
        self.keep = keep  # the rules the key names by identity, held so the id stays theirs
        self.offence: list[Terms] = []  # his attacks' terms, each once, as first met
        self.offence_at: dict[Terms, int] = {}  # their numbers in `offence`
        self.danger: list[Terms] = []  # the enemy attacks' terms, likewise
        self.danger_at: dict[Terms, int] = {}
        self.at: dict[int, Entry] = {}  # place -> its entry
        # the distinct entries of his place and then of the places he can move to, numbered
        # in that order, and the first of those places with each entry (his own for the 0th)
        self.entries: dict[Entry, int] = {}
        self.firsts: tuple[int, ...] | None = None
        self.stays = False  # whether a place he can move to has his own place's entry
        # by the dice: the best move and the worth of each entry of `entries`
        self.best: dict[tuple[Dist, Dist], tuple[Best, list[float]]] = {}


def _number(listed: list[Terms], numbers: dict[Terms, int], terms: Terms) -> int:
    """The number of `terms` in `listed`, added if new."""
    found = numbers.get(terms)
    if found is None:
        found = numbers[terms] = len(listed)
        listed.append(terms)
    return found


@lru_cache(maxsize=256)
def _approach_only(approach: float) -> Entry:
    """The entry of a place without attacks either way, one object per value."""
    return ((), (), approach)


def entry_score(entry: Entry, offence: list[float], danger: list[float]) -> float:
    """A place's worth (`Placer.score`) from its entry and the values of the plan's terms.

    The sums of `Placer.score`, term for term: a `max(0.0, v)` that is 0.0 is left out (the
    sums start at 0 and never go negative, so adding 0.0 changes nothing).
    """
    pairs, suffered, approach = entry
    total = 0.0
    for i in suffered:
        value = danger[i]
        if value > 0.0:
            total += value
    score = -DANGER_WEIGHT * total
    if not pairs:
        return score + approach
    values = []
    for i, j in pairs:
        value = offence[i]
        if j >= 0 and offence[j] > value:  # max(value, offence[j])
            value = offence[j]
        values.append(value)
    values.sort(reverse=True)
    if values[0] > 0:
        rest = 0.0  # the values are floats: the same sums as from `sum`'s 0
        for value in values[1:]:
            if value > 0.0:
                rest += value
        return score + (values[0] + SECOND_TARGET * rest)
    return score + approach


# The plans made lately, by `World.key` (an arena) and gladiator; the oldest quarter of the
# arenas dropped when full.
_ARENAS: dict[tuple[object, ...], dict[int, Plan]] = {}
_ARENAS_KEPT = 512  # about 3 MB a hundred arenas (a search of 300 iterations: ~110)


def kept_plans(key: tuple[object, ...]) -> dict[int, Plan]:
    """The plans kept for the arena of `key`, by gladiator (an empty dict if none)."""
    plans = _ARENAS.get(key)
    if plans is None:
        if len(_ARENAS) >= _ARENAS_KEPT:
            for old in list(islice(_ARENAS, _ARENAS_KEPT // 4)):
                del _ARENAS[old]
        plans = _ARENAS[key] = {}
    return plans


class Placer:
    """Scores where a gladiator stands: attacks offered minus attacks suffered, plus approach."""

    def __init__(self, world: World, mine: Dist, theirs: Dist) -> None:
        self.world = world
        self.mine = mine
        self.theirs = theirs
        self._key: tuple[object, ...] | None = None
        self._plans: dict[int, Plan] = {}

    def offence(self, g: Glad, now: bool = False) -> list[float]:
        """The values of `g`'s attacks from where he stands, best first."""
        world = self.world
        values = []
        for d in world.targets(g, now):
            value = world.attack_value(g, d, self.mine, self.theirs)
            if g.net_ready and not d.hindered:
                value = max(value, world.attack_value(g, d, self.mine, self.theirs, hinder=True))
            values.append(value)
        values.sort(reverse=True)
        return values

    def danger(self, g: Glad) -> float:
        """The summed value of the enemy attacks on `g` (one of ours) where he stands."""
        world = self.world
        total = 0.0
        for e in world.enemy_reach(g.sq):
            total += max(0.0, world.attack_value(e, g, self.theirs, self.mine))
        return total

    def approach(self, g: Glad) -> float:
        return -APPROACH * self.world.nearest_enemy(g.sq)

    def score(self, g: Glad) -> float:
        """The worth of `g`'s place, as the enemy moves next."""
        return self.score_at(g, g.sq, g.facing)

    def score_at(self, g: Glad, square: int, facing: int) -> float:
        """The worth of `g`'s place were he on `square` facing `facing`."""
        plan = self.plan(g)
        entry = plan.at.get(square * 4 + facing)
        if entry is None:
            entry = self._entry(plan, g, square, facing)
        mine, theirs = self.mine, self.theirs
        known = plan.best.get((mine, theirs))
        if known is not None:  # a destination weighed for `best_move` with these dice
            number = plan.entries.get(entry)
            if number is not None:
                return known[1][number]
        pairs, suffered, _ = entry
        offence = [0.0] * len(plan.offence)  # the values of this place's attacks alone
        for i, j in pairs:
            offence[i] = terms_value(plan.offence[i], mine, theirs)
            if j >= 0:
                offence[j] = terms_value(plan.offence[j], mine, theirs)
        danger = [0.0] * len(plan.danger)
        for i in suffered:
            danger[i] = terms_value(plan.danger[i], theirs, mine)
        return entry_score(entry, offence, danger)

    def scores_at(self, g: Glad, places: list[tuple[int, int]]) -> list[float]:
        """`score_at` of each (square, facing), the plan and dice looked up once."""
        plan = self.plan(g)
        known = plan.best.get((self.mine, self.theirs))
        if known is None:
            return [self.score_at(g, square, facing) for square, facing in places]
        at, numbers, scores = plan.at, plan.entries, known[1]
        found = []
        for square, facing in places:
            entry = at.get(square * 4 + facing)
            number = None if entry is None else numbers.get(entry)
            found.append(scores[number] if number is not None else self.score_at(g, square, facing))
        return found

    def plan(self, g: Glad) -> Plan:
        """The plan of `g` in this arena, made if not kept."""
        key = self.world.key()
        if key is not self._key:  # the same key object: the same arena, its plans at hand
            self._key, self._plans = key, kept_plans(key)
        plan = self._plans.get(g.gid)
        if plan is None:
            plan = self._plans[g.gid] = Plan(self.world.rules)
        return plan

    def _entry(self, plan: Plan, g: Glad, square: int, facing: int) -> Entry:
        """The entry of `g` on (`square`, `facing`), made and kept in `plan`: `score` reads
        these attacks (by the numbers of their terms) and this approach."""
        world = self.world
        other = world.cells[square]
        if g.seat == world.seat and (other is None or other is g):
            # one of ours with no enemy in his zone and none reaching him there: only the
            # approach, read without moving him (he is in neither the reach nor the nearest)
            foes = world.foes(g.seat)
            if (g.hindered or foes.isdisjoint(zone_at(world.geo, g, square, facing))) and (
                not world.enemy_reach(square)
            ):
                entry = _approach_only(-APPROACH * world.nearest_enemy(square))
                plan.at[square * 4 + facing] = entry
                return entry
        return self._weigh(plan, g, square, facing)

    def _weigh(
        self, plan: Plan, g: Glad, square: int, facing: int, memo: Memo | None = None
    ) -> Entry:
        """`_entry` worked out, `g` moved there. `memo`: the terms already read on `square`
        while this plan is made, the arena otherwise unchanged."""
        world = self.world
        if memo is not None and g.harass:  # his facing may harass: no terms shared
            memo = None
        if memo is not None and g.seat == world.seat:
            entry = self._recall(plan, g, square, facing, memo)
            if entry is not None:
                return entry
        saved = world.save()
        old = (g.sq, g.facing)
        world.relocate(g, square, facing)
        try:
            offence, offence_at = plan.offence, plan.offence_at
            pairs = []
            for d in world.targets(g, False):
                i = _number(offence, offence_at, self._offence_terms(g, d, False, memo))
                j = -1
                if g.net_ready and not d.hindered:
                    j = _number(offence, offence_at, self._offence_terms(g, d, True, memo))
                pairs.append((i, j))
            danger, danger_at = plan.danger, plan.danger_at
            suffered = [
                _number(danger, danger_at, self._danger_terms(e, g, memo))
                for e in world.enemy_reach(g.sq)
            ]
            approach = -APPROACH * world.nearest_enemy(g.sq)
        finally:
            world.relocate(g, *old)
            world.restore(saved)
        entry = plan.at[square * 4 + facing] = (tuple(pairs), tuple(suffered), approach)
        return entry

    def _recall(self, plan: Plan, g: Glad, square: int, facing: int, memo: Memo) -> Entry | None:
        """`_weigh`'s entry with every term from `memo` (another facing on `square`), `g` (one
        of ours, on a free square) left where he stands; None if a term is not there. Not
        moved, he is still in `cells` on his own square (not an enemy of his: no target) and
        not on `square` (in no zone of his); the enemies' reach and nearest ignore him."""
        world = self.world
        cells, steps = world.cells, world.steps[square]
        targets = []  # `World.targets(g, False)` from `square`, as `_weigh` would read them
        if not g.hindered:
            for near in zone_at(world.geo, g, square, facing):
                d = cells[near]
                if d is None or d.seat == g.seat:
                    continue
                if "sharp" in d.talents and steps[d.sq] > 1:
                    continue
                targets.append(d)
        pairs = []
        offence, offence_at = plan.offence, plan.offence_at
        for d in targets:
            found = memo.get((d.gid, square, False))
            if found is None:
                return None
            j = -1
            if g.net_ready and not d.hindered:
                hinder = memo.get((d.gid, square, True))
                if hinder is None:
                    return None
                j = _number(offence, offence_at, hinder[0])
            pairs.append((_number(offence, offence_at, found[0]), j))
        reach = world.enemy_reach(square)
        if any((e.gid, square, -1) not in memo for e in reach):
            return None
        danger, danger_at = plan.danger, plan.danger_at
        suffered = [
            _number(danger, danger_at, self._danger_terms(e, g, memo, square, facing))
            for e in reach
        ]
        approach = -APPROACH * world.nearest_enemy(square)
        entry = plan.at[square * 4 + facing] = (tuple(pairs), tuple(suffered), approach)
        return entry

    def _offence_terms(self, g: Glad, d: Glad, hinder: bool, memo: Memo | None) -> Terms:
        """`attack_terms(g, d)`, `g` weighed where he stands. With `g` harassing no one his
        facing is read nowhere in them (position, massive, threats and room all go by his
        square): those of another facing on the same square serve."""
        if memo is None:
            return self.world.attack_terms(g, d, hinder=hinder)
        key = (d.gid, g.sq, hinder)
        found = memo.get(key)
        if found is None:
            found = memo[key] = (self.world.attack_terms(g, d, hinder=hinder), 0, 0)
        return found[0]

    def _danger_terms(
        self, e: Glad, g: Glad, memo: Memo | None, square: int = -1, facing: int = 0
    ) -> Terms:
        """`attack_terms(e, g)`, `g` weighed on `square` facing `facing` (by default where he
        stands). With `g` harassing no one his facing changes only two sums, `bases`' position
        bonus of the attack and its -2 to a Massive defence outside the front: those of
        another facing on the same square serve, those two terms changed."""
        world = self.world
        if memo is None:
            return world.attack_terms(e, g)
        if square < 0:
            square, facing = g.sq, g.facing
        geo = world.geo
        position = POSITION[geo.relative_position(square, facing, e.sq)]
        massive = 2 if g.massive and e.sq not in geo.front[square][facing] else 0
        key = (e.gid, square, -1)
        found = memo.get(key)
        if found is None:
            terms = world.attack_terms(e, g)
            memo[key] = (terms, position, massive)
            return terms
        terms, was_position, was_massive = found
        attack, defence, kind, tough, one, bitten = terms
        return (
            attack - was_position + position,
            defence + was_massive - massive,
            kind,
            tough,
            one,
            bitten,
        )

    def destinations(self, g: Glad) -> list[tuple[int, int]]:
        """Every (square, facing) `g` can end a move on ("Movement")."""
        world = self.world
        enemies = [(e.sq, e.facing) for e in world.enemies_of(g) if not e.hindered]
        land = Terrain(
            world.rules,
            g.sq,
            [g2.sq for g2 in world.on_board()],
            enemies,
            fast="fast" in g.talents,
            souple="souple" in g.talents,
        )
        return [(sq, f) for sq, f, _, _ in land.search_kept(g.facing, g.mp)]

    def _moves(self, plan: Plan, g: Glad) -> tuple[int, ...]:
        """`plan.firsts`, the entries of the places `g` can move to numbered (his own first)."""
        if plan.firsts is None:
            world = self.world
            at, numbers, cells = plan.at, plan.entries, world.cells
            ours, hindered = g.seat == world.seat, g.hindered
            geo = world.geo
            places = zones(geo.width, geo.height, g.reach, g.bow, g.massive)
            foes, reach, nearest = world.foes(g.seat), world.reach(), world.nearest()
            firsts: list[int] = []
            approaches: dict[int, tuple[Entry, int]] = {}  # by steps to the nearest enemy
            memo: Memo | None = {}
            for k, (square, facing) in enumerate(((g.sq, g.facing), *self.destinations(g))):
                place = square * 4 + facing
                entry = at.get(place)
                if entry is None:
                    other = cells[square]
                    if (
                        ours
                        and (other is None or other is g)
                        and (hindered or foes.isdisjoint(places[place]))
                        and square not in reach
                    ):  # `_entry`'s shortcut, inlined: most places are out of every fight
                        steps = nearest[square]
                        known = approaches.get(steps)
                        if known is None:
                            entry = _approach_only(-APPROACH * steps)
                            known = approaches[steps] = (
                                entry,
                                numbers.setdefault(entry, len(numbers)),
                            )
                        at[place] = known[0]
                        if known[1] == len(firsts):
                            firsts.append(place)
                        elif known[1] == 0 and k:
                            plan.stays = True
                        continue
                    if other is not None and other is not g:  # `relocate` empties his
                        memo = None  # square: the arena changes, share nothing more
                    entry = self._weigh(plan, g, square, facing, memo)
                    foes, reach, nearest = world.foes(g.seat), world.reach(), world.nearest()
                number = numbers.setdefault(entry, len(numbers))
                if number == len(firsts):
                    firsts.append(place)
                elif number == 0 and k:
                    plan.stays = True
            plan.firsts = tuple(firsts)
        return plan.firsts

    def best_attack_after_move(self, g: Glad) -> float:
        """`Valuer.move_then_attack` (-1 without any), every target weighed as if not wounded
        this turn: the best of the places `g` can move to of their best attack, less half
        the attacks suffered there. The distinct entries alone, in the order of their first
        places: the others give the same values, and the greatest comes out the same."""
        plan = self.plan(g)
        self._moves(plan, g)
        mine, theirs = self.mine, self.theirs
        offence = terms_values(plan.offence, mine, theirs)
        danger = terms_values(plan.danger, theirs, mine)
        best = -1.0
        for (pairs, suffered, _), number in plan.entries.items():
            if not pairs or (number == 0 and not plan.stays):
                continue
            top = max(max(offence[i], offence[j]) if j >= 0 else offence[i] for i, j in pairs)
            total = 0.0
            for i in suffered:
                total += max(0.0, danger[i])
            best = max(best, top - 0.5 * DANGER_WEIGHT * total)
        return best

    def best_move(self, g: Glad) -> Best:
        """(gain, square, facing) of `g`'s best move; a gain of 0 for staying put."""
        plan = self.plan(g)
        mine, theirs = self.mine, self.theirs
        dice = (mine, theirs)
        known = plan.best.get(dice)
        if known is not None:
            return known[0]
        firsts = self._moves(plan, g)
        offence = terms_values(plan.offence, mine, theirs)
        danger = terms_values(plan.danger, theirs, mine)
        scores = [entry_score(entry, offence, danger) for entry in plan.entries]
        # the first move with the greatest gain above 0: only an entry's first place can be
        # it (its others gain as much, no more), and the entries are numbered in the order of
        # their first places; his own place's entry (the 0th) gains nothing
        here = scores[0]
        gain, place = 0.0, -1
        for number in range(1, len(scores)):
            if scores[number] - here > gain:
                gain, place = scores[number] - here, firsts[number]
        best = (gain, g.sq, g.facing) if place < 0 else (gain, *divmod(place, 4))
        if len(plan.best) >= 16:
            plan.best.clear()
        plan.best[dice] = (best, scores)
        return best
