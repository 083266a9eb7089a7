"""The Jugula heuristic's picture of the arena: dice and outcomes, the gladiators, places.

Part of a Jugula player of rules of thumb, reading only its seat's view and the legal actions.

It rebuilds the arena from `state.view(seat)` and scores everything in "hits": one wound is a
hit, a gladiator biting the dust two, and a familia's distance to defeat is the number of hits
it can still take. An attack is worth its expected hits, from the die distributions of the cards
each lanista may commit (the known cards left out). A gladiator's place is worth the attacks it
offers next turn minus the attacks it suffers first, plus a pull towards the enemy. A card is
played for the effect whose gain most exceeds the card's worth in hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from ....core.actions import Action
from ....games.jugula.board import Geometry, geometry
from ....games.jugula.data import Card, Catalog, Rules
from ....games.jugula.movement import Terrain

View = dict[str, Any]
Dist = tuple[float, ...]  # probability of each die value 0-6

FACINGS = "nesw"
POSITION = {"front": 0, "flank": 1, "rear": 2, "back": 3}
DANGER_WEIGHT = 0.6  # how much an enemy's attack on us counts against a place
SECOND_TARGET = 0.3  # worth of a gladiator's second target, relative to the first
APPROACH = 0.05  # per square between a gladiator without a target and the nearest enemy
PUSH = 0.08  # a push back without a wound
FAIL = -0.15  # a failed attack: the defender's crowd cheers
HINDER = 0.35  # a hindered enemy neither moves nor attacks until he shakes it off
WIN = 3.0  # the last hit of a two-lanista game
LEAVE = 1.5  # the hit that sends a familia out of a multi-player arena
ATTACK_MIN = 0.03  # an attack must be worth this after its card's cost
MOVE_MIN = 0.02  # a gladiator moves for a gain above this
VOX_ATTACK = 0.3  # one more point of attack bonus
VOX_HAND = 0.05  # one more card of hand limit
VOX_POINT = 0.03  # any point of Vox Populi (abilities, ties)
KEEP = 1.0  # weight of a card's worth in hand when choosing which to spend
PRIMA_VALUE = {
    "none": 0.5,  # Audacia
    "two_effects": 0.45,  # Animus
    "draw_then_strike": 0.4,  # Fulmen
    "intimidation": 0.35,  # Formido
    "silence_rival": 0.3,  # Potestas
    "trim_deck": 0.3,  # Temperare
    "execution": 0.3,  # Fatalitas
    "effect_and_compel": 0.3,  # Dubitatio
    "move_enemy": 0.2,  # Dementia
    "cull_weak": 0.2,  # Fortuna
    "force_discard": 0.15,  # Paro
    "seed_prima": 0.1,  # Perfidia
}
ARMATURA_ORDER = (
    "secutor",
    "thraex",
    "murmillo",
    "dimachaerius",
    "provocator",
    "hoplomachus",
    "scissor",
    "retiarius",
    "veles",
    "crupellarius",
    "laquearius",
    "sagittarius",
)


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


@lru_cache(maxsize=1 << 16)
def outcomes(a_base: int, d_base: int, pa: Dist, pd: Dist) -> tuple[float, float, float, float]:
    """(fail, push, wound, bite) probabilities of an attack ("Attack outcome"); the rest ties."""
    fail = push = wound = bite = 0.0
    for i, p in enumerate(pa):
        if not p:
            continue
        attack = max(1, i + a_base)
        for j, q in enumerate(pd):
            if not q:
                continue
            defence = max(1, j + d_base)
            if defence > attack:
                fail += p * q
            elif attack >= 4 * defence:
                bite += p * q
            elif attack >= 2 * defence:
                wound += p * q
            elif attack > defence:
                push += p * q
    return fail, push, wound, bite


@cache
def hits_left(standing: int, wounded: int, multi: bool) -> int:
    """Hits a familia can still take before it loses ("Winning the game") or leaves the arena
    ("Multi-Player Games"): a wound is one hit, a bite on an unhurt gladiator two."""
    if standing <= (1 if multi else 2) or wounded >= standing:
        return 0
    if not multi and (standing - wounded, wounded) == (1, 2):
        return 0
    options = []
    if wounded < standing:
        options.append(1 + hits_left(standing, wounded + 1, multi))
    if wounded:
        options.append(1 + hits_left(standing - 1, wounded - 1, multi))
    return min(options)


# --- the arena as the view shows it --------------------------------------------------------------


@dataclass(slots=True)
class Glad:
    """A gladiator as the view shows him; `sq` is -1 off the arena."""

    gid: int
    seat: int
    code: str
    sq: int
    facing: int
    wounded: bool
    heavy: bool
    att: tuple[int, int]
    dfn: tuple[int, int]
    mp: int
    reach: int
    bow: bool
    massive: bool
    stoic: bool
    harass: bool
    held: int
    hindered: bool
    hurt: bool
    net_ready: bool
    talents: frozenset[str]


def _glad(raw: dict[str, Any], index: dict[str, int]) -> Glad:
    traits = {str(t).lower() for t in raw["traits"]}
    square = raw["square"]
    return Glad(
        gid=int(raw["id"]),
        seat=int(raw["seat"]),
        code=str(raw["armatura"]),
        sq=index[square] if square else -1,
        facing=FACINGS.index(raw["facing"]) if raw["facing"] else 0,
        wounded=bool(raw["wounded"]),
        heavy=bool(raw["heavy"]),
        att=(int(raw["att"][0]), int(raw["att"][1])),
        dfn=(int(raw["def"][0]), int(raw["def"][1])),
        mp=int(raw["mp"]),
        reach=int(raw["range"]),
        bow="bow" in traits,
        massive="massive" in traits,
        stoic="stoic" in traits,
        harass="harassment" in traits,
        held=int(raw["markers_held"]),
        hindered=bool(raw["hindered"]),
        hurt=bool(raw["wounded_this_turn"]),
        net_ready=raw["marker"] == "card",
        talents=frozenset(raw["talents"]),
    )


_ZONES: dict[tuple[int, int, int, int, int, bool, bool], frozenset[int]] = {}


def attack_zone(geo: Geometry, g: Glad) -> frozenset[int]:
    """The squares `g` may attack from where he stands ("Eligible targets", "Range")."""
    key = (geo.width, geo.height, g.sq, g.facing, g.reach, g.bow, g.massive)
    found = _ZONES.get(key)
    if found is None:
        found = _ZONES[key] = frozenset(geo.attack_zone(g.sq, g.facing, g.reach, g.bow, g.massive))
    return found


@cache
def distances(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """Steps between every two squares, diagonals counting one."""
    size = width * height
    return tuple(
        tuple(max(abs(a % width - b % width), abs(a // width - b // width)) for b in range(size))
        for a in range(size)
    )


class World:
    """The arena of one view: gladiators, board, Vox Populi, and each familia's hits left."""

    def __init__(self, view: View, catalog: Catalog) -> None:
        rules = catalog.rules
        self.rules: Rules = rules
        self.geo = geometry(rules.width, rules.height)
        self.seat = int(view["seat"])
        self.players = int(view["players"])
        self.multi = self.players > 2
        index = {name: i for i, name in enumerate(self.geo.names)}
        self.glads = [_glad(raw, index) for raw in view["gladiators"] if raw["armatura"]]
        self.by_id = {g.gid: g for g in self.glads}
        self.cells: list[Glad | None] = [None] * self.geo.size
        for g in self.glads:
            if g.sq >= 0:
                self.cells[g.sq] = g
        self.any_harass = any(g.harass for g in self.glads)
        lanistae = view["lanistae"]
        self.vox = [int(entry["vox"]) for entry in lanistae]
        self.out = [bool(entry["out"]) for entry in lanistae]
        self.hits = [self._hits(seat) for seat in range(self.players)]
        self.steps = distances(rules.width, rules.height)
        self._reach: dict[int, list[Glad]] | None = None
        self._nearest: list[int] | None = None
        self._values: dict[tuple[int, bool], tuple[float, float]] = {}

    def _hits(self, seat: int) -> int:
        alive = [g for g in self.glads if g.seat == seat and g.sq >= 0]
        return hits_left(len(alive), sum(g.wounded for g in alive), self.multi)

    # --- who is where ----------------------------------------------------------------------

    def on_board(self) -> list[Glad]:
        return [g for g in self.glads if g.sq >= 0]

    def mine(self) -> list[Glad]:
        return [g for g in self.glads if g.sq >= 0 and g.seat == self.seat]

    def enemies_of(self, g: Glad) -> list[Glad]:
        return [e for e in self.glads if e.sq >= 0 and e.seat != g.seat]

    def at(self, square: int) -> Glad | None:
        return self.cells[square]

    def relocate(self, g: Glad, square: int, facing: int) -> None:
        """Move `g` on this board (to weigh a place); moving an enemy forgets his zones."""
        if g.seat != self.seat:
            self._reach = self._nearest = None
        if g.sq >= 0 and self.cells[g.sq] is g:
            self.cells[g.sq] = None
        g.sq, g.facing = square, facing
        if square >= 0:
            self.cells[square] = g

    def targets(self, a: Glad, now: bool = True) -> list[Glad]:
        """Enemies `a` may attack (`now`: not those wounded this turn)."""
        if a.sq < 0 or a.hindered:
            return []
        found = []
        cells = self.cells
        for square in attack_zone(self.geo, a):
            d = cells[square]
            if d is None or d.seat == a.seat or (now and d.hurt):
                continue
            if "sharp" in d.talents and self.steps[a.sq][d.sq] > 1:
                continue
            found.append(d)
        return found

    def enemy_reach(self, square: int) -> list[Glad]:
        """The enemies of our seat (not hindered) that may attack `square` where they stand."""
        if self._reach is None:
            reach: dict[int, list[Glad]] = {}
            for e in self.glads:
                if e.sq >= 0 and e.seat != self.seat and not e.hindered:
                    for target in attack_zone(self.geo, e):
                        reach.setdefault(target, []).append(e)
            self._reach = reach
        return self._reach.get(square, [])

    def nearest_enemy(self, square: int) -> int:
        """Steps from `square` to the nearest enemy of our seat (0 with none)."""
        if self._nearest is None:
            enemies = [e.sq for e in self.glads if e.sq >= 0 and e.seat != self.seat]
            self._nearest = [min((row[e] for e in enemies), default=0) for row in self.steps]
        return self._nearest[square]

    def threatens(self, e: Glad, g: Glad) -> bool:
        """Whether `e` could attack `g` where both stand (ignoring this turn's wounds)."""
        return not e.hindered and g.sq in attack_zone(self.geo, e)

    # --- combat modifiers ------------------------------------------------------------------

    def in_danger(self, square: int, seat: int, exclude: tuple[int, int]) -> bool:
        """Whether `square` is in the danger zone of a hostile gladiator not in `exclude`."""
        geo, cells = self.geo, self.cells
        for near in geo.adjacent[square]:
            e = cells[near]
            if e is None or e.seat == seat or e.gid in exclude or e.hindered:
                continue
            if geo.danger[e.sq][e.facing] == square:
                return True
        return False

    def threatening(self, g: Glad, involved: tuple[int, int]) -> int:
        """ "Threatening gladiator": enemies with `g` in their front zone, outside the attack,
        not themselves in the danger zone of one of their enemies outside it."""
        geo, cells = self.geo, self.cells
        count = 0
        for near in geo.adjacent[g.sq]:
            t = cells[near]
            if t is None or t.seat == g.seat or t.gid in involved:
                continue
            if g.sq in geo.front[t.sq][t.facing] and not self.in_danger(t.sq, t.seat, involved):
                count += 1
        return count

    def harassed(self, g: Glad) -> bool:
        if not self.any_harass:
            return False
        geo, cells = self.geo, self.cells
        for near in geo.adjacent[g.sq]:
            e = cells[near]
            if (
                e is not None
                and e.seat != g.seat
                and e.harass
                and not e.hindered
                and geo.danger[e.sq][e.facing] == g.sq
            ):
                return True
        return False

    def bases(self, a: Glad, d: Glad, bonus: int = 0) -> tuple[int, int]:
        """(attack, defence) scores before the dice ("Combat modifiers", "The Traits")."""
        geo, rules = self.geo, self.rules
        involved = (a.gid, d.gid)
        att = a.att[d.heavy]
        if self.harassed(a):
            att = max(0, att - 1)
        position = POSITION[geo.relative_position(d.sq, d.facing, a.sq)]
        attack = att + rules.vox_attack[self.vox[a.seat]] + bonus + position
        if not a.stoic:
            attack -= self.threatening(a, involved)
        defence = d.dfn[a.heavy]
        if self.harassed(d):
            defence = max(0, defence - 1)
        if a.bow:
            defence += geo.squares_between(a.sq, d.sq)
        if d.massive and a.sq not in geo.front[d.sq][d.facing]:
            defence -= 2
        if not d.stoic:
            defence -= self.threatening(d, involved)
            if d.held:
                defence -= 1
        return attack, defence

    def has_room(self, a: Glad, d: Glad) -> bool:
        """ "Pushed back gladiator": whether `d` has a free square to be pushed into."""
        geo = self.geo
        width, cells = geo.width, self.cells
        ra, fa = divmod(a.sq, width)  # geo.coords, inlined: this runs for every attack weighed
        rd, fd = divmod(d.sq, width)
        x, y = fd + (fd > fa) - (fd < fa), rd + (rd > ra) - (rd < ra)
        if 0 <= x < width and 0 <= y < geo.height and cells[y * width + x] is None:
            return True
        steps = self.steps[a.sq]
        here = steps[d.sq]
        for square in geo.adjacent[d.sq]:
            sy, sx = divmod(square, width)
            near = max(abs(sx - x), abs(sy - y)) == 1
            if near and cells[square] is None and steps[square] > here:
                return True
        return False

    # --- what hits are worth -----------------------------------------------------------------

    def hit_values(self, d: Glad) -> tuple[float, float]:
        """(one wound, a bite) on `d`, in hits his familia loses, with the game's last hit."""
        key = (d.seat, d.wounded)
        known = self._values.get(key)
        if known is not None:
            return known
        alive = [g for g in self.glads if g.seat == d.seat and g.sq >= 0]
        n, w = len(alive), sum(g.wounded for g in alive)
        before = self.hits[d.seat]
        bitten = hits_left(n - 1, w - 1 if d.wounded else w, self.multi)
        wound = bitten if d.wounded else hits_left(n, w + 1, self.multi)
        end = LEAVE if self.multi else WIN
        found = self._values[key] = (
            before - wound + (end if wound == 0 else 0.0),
            before - bitten + (end if bitten == 0 else 0.0),
        )
        return found

    def attack_value(
        self, a: Glad, d: Glad, pa: Dist, pd: Dist, bonus: int = 0, hinder: bool = False
    ) -> float:
        """Expected hits of the attack of `a` on `d`, for `a`'s side."""
        attack, defence = self.bases(a, d, bonus)
        fail, push, wound, bite = outcomes(attack, defence, pa, pd)
        if hinder:
            return fail * FAIL + (push + wound + bite) * HINDER
        one, bitten = self.hit_values(d)
        if "tough" in d.talents:
            wound, bite = wound + bite, 0.0
        if self.has_room(a, d):
            return fail * FAIL + push * PUSH + wound * one + bite * bitten
        return fail * FAIL + push * one + (wound + bite) * bitten


# --- the place of one gladiator ------------------------------------------------------------------


class Placer:
    """Scores where a gladiator stands: attacks offered minus attacks suffered, plus approach."""

    def __init__(self, world: World, mine: Dist, theirs: Dist) -> None:
        self.world = world
        self.mine = mine
        self.theirs = theirs

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
        offence = self.offence(g)
        value = -DANGER_WEIGHT * self.danger(g)
        if offence and offence[0] > 0:
            value += offence[0] + SECOND_TARGET * sum(max(0.0, v) for v in offence[1:])
        else:
            value += self.approach(g)
        return value

    def score_at(self, g: Glad, square: int, facing: int) -> float:
        world = self.world
        old = (g.sq, g.facing)
        world.relocate(g, square, facing)
        try:
            return self.score(g)
        finally:
            world.relocate(g, *old)

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

    def best_move(self, g: Glad) -> tuple[float, int, int]:
        """(gain, square, facing) of `g`'s best move; a gain of 0 for staying put."""
        here = self.score(g)
        best = (0.0, g.sq, g.facing)
        for square, facing in self.destinations(g):
            gain = self.score_at(g, square, facing) - here
            if gain > best[0]:
                best = (gain, square, facing)
        return best


# --- the cards ------------------------------------------------------------------------------


def card_worth(card: Card) -> float:
    """What holding a card is worth: its die for combat, its best numbers, Prima quality."""
    worth = 0.03 * card.die + 0.04 * max(card.movement, card.combat)
    worth += 0.02 * card.vox + 0.02 * card.draw
    return worth + (PRIMA_VALUE.get(card.ability, 0.1) * 0.3 if card.prima else 0.0)


def hand_need(size: int) -> float:
    """What one more card is worth with `size` cards in hand."""
    return {0: 0.6, 1: 0.45, 2: 0.3, 3: 0.2, 4: 0.12}.get(size, 0.06)


def pick_kinds(actions: list[Action], *kinds: str) -> list[Action]:
    return [a for a in actions if a.kind in kinds]
