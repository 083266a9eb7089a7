"""The Jugula heuristic's picture of the arena: the gladiators, where they stand, their attacks.

Part of a Jugula player of rules of thumb, reading only its seat's view and the legal actions.

It rebuilds the arena from `state.view(seat)` and scores everything in "hits": one wound is a
hit, a gladiator biting the dust two, and a familia's distance to defeat is the number of hits
it can still take. An attack is worth its expected hits, from the die distributions of the cards
each lanista may commit (the known cards left out). A gladiator's place is worth the attacks it
offers next turn minus the attacks it suffers first, plus a pull towards the enemy. A card is
played for the effect whose gain most exceeds the card's worth in hand.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache, lru_cache
from operator import attrgetter
from typing import Any

from ....core.actions import Action
from ..board import Geometry, geometry
from ..data import Card, Catalog, Rules
from .dice import HINDERING, NO_ROOM, ROOM, Dist, Terms, terms_value

View = dict[str, Any]

FACINGS = "nesw"
POSITION = {"front": 0, "flank": 1, "rear": 2, "back": 3}
DANGER_WEIGHT = 0.6  # how much an enemy's attack on us counts against a place
SECOND_TARGET = 0.3  # worth of a gladiator's second target, relative to the first
APPROACH = 0.05  # per square between a gladiator without a target and the nearest enemy
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


@cache
def _square_index(width: int, height: int) -> dict[str, int]:
    """Each square's index by name (never changed once made)."""
    return {name: i for i, name in enumerate(geometry(width, height).names)}


def _glad(raw: dict[str, Any], index: dict[str, int]) -> Glad:
    # every view entry `_read_glad` reads (equal entries read alike): a gladiator once read
    key = (
        id(index),  # a `_square_index` table, kept for good: its id is its own
        raw["id"],
        raw["seat"],
        str(raw["armatura"]),
        raw["square"],
        raw["facing"],
        raw["wounded"],
        raw["heavy"],
        tuple(raw["att"]),
        tuple(raw["def"]),
        raw["mp"],
        raw["range"],
        tuple(raw["traits"]),
        raw["markers_held"],
        raw["hindered"],
        raw["wounded_this_turn"],
        raw["marker"] == "card",
        tuple(raw["talents"]),
    )
    found = _GLADS.get(key)
    if found is None:
        if len(_GLADS) >= _GLADS_KEPT:
            _GLADS.clear()
        found = _GLADS[key] = _GLAD_FIELDS(_read_glad(raw, index))
    return Glad(*found)  # a new one each time: a `World` moves its gladiators to weigh places


# Gladiators read lately, as field tuples, by the view entries they were read from.
_GLADS: dict[tuple[Any, ...], tuple[Any, ...]] = {}
_GLADS_KEPT = 4096


def _read_glad(raw: dict[str, Any], index: dict[str, int]) -> Glad:
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


_GLAD_FIELDS = attrgetter(*(f.name for f in fields(Glad)))  # every field, for `World.key`


_ZONES: dict[tuple[int, int, int, int, int, bool, bool], frozenset[int]] = {}


def attack_zone(geo: Geometry, g: Glad) -> frozenset[int]:
    """The squares `g` may attack from where he stands ("Eligible targets", "Range")."""
    return zone_at(geo, g, g.sq, g.facing)


def zone_at(geo: Geometry, g: Glad, square: int, facing: int) -> frozenset[int]:
    """The squares `g` could attack from `square` facing `facing`."""
    key = (geo.width, geo.height, square, facing, g.reach, g.bow, g.massive)
    found = _ZONES.get(key)
    if found is None:
        found = _ZONES[key] = frozenset(geo.attack_zone(square, facing, g.reach, g.bow, g.massive))
    return found


@lru_cache(maxsize=64)
def zones(
    width: int, height: int, reach: int, bow: bool, massive: bool
) -> tuple[frozenset[int], ...]:
    """`zone_at` of a gladiator of this reach, bow and massiveness, by `square * 4 + facing`."""
    geo = geometry(width, height)
    return tuple(
        frozenset(geo.attack_zone(square, facing, reach, bow, massive))
        for square in range(geo.size)
        for facing in range(4)
    )


@cache
def distances(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """Steps between every two squares, diagonals counting one."""
    size = width * height
    return tuple(
        tuple(max(abs(a % width - b % width), abs(a // width - b // width)) for b in range(size))
        for a in range(size)
    )


@lru_cache(maxsize=1024)
def _nearest(width: int, height: int, enemies: tuple[int, ...]) -> tuple[int, ...]:
    """Steps from each square to the nearest of `enemies` (0 with none); never changed."""
    return tuple(min((row[e] for e in enemies), default=0) for row in distances(width, height))


class World:
    """The arena of one view: gladiators, board, Vox Populi, and each familia's hits left."""

    def __init__(self, view: View, catalog: Catalog) -> None:
        rules = catalog.rules
        self.rules: Rules = rules
        self.geo = geometry(rules.width, rules.height)
        self.seat = int(view["seat"])
        self.players = int(view["players"])
        self.multi = self.players > 2
        self.index = index = _square_index(rules.width, rules.height)
        self.glads = [_glad(raw, index) for raw in view["gladiators"] if raw["armatura"]]
        self.by_id = {g.gid: g for g in self.glads}
        self.cells: list[Glad | None] = [None] * self.geo.size
        for g in self.glads:
            if g.sq >= 0:
                self.cells[g.sq] = g
        self.harassers = [g for g in self.glads if g.harass]
        self.any_harass = bool(self.harassers)
        lanistae = view["lanistae"]
        self.vox = [int(entry["vox"]) for entry in lanistae]
        self.out = [bool(entry["out"]) for entry in lanistae]
        self.hits = [self._hits(seat) for seat in range(self.players)]
        self.steps = distances(rules.width, rules.height)
        self._reach: dict[int, list[Glad]] | None = None
        self._nearest: tuple[int, ...] | None = None
        self._values: dict[tuple[int, bool], tuple[float, float]] = {}
        self._key: tuple[Any, ...] | None = None
        self._overlaid = False
        self._foes: dict[int, frozenset[int]] = {}

    def _hits(self, seat: int) -> int:
        alive = [g for g in self.glads if g.seat == seat and g.sq >= 0]
        return hits_left(len(alive), sum(g.wounded for g in alive), self.multi)

    # --- who is where ----------------------------------------------------------------------

    def key(self) -> tuple[Any, ...]:
        """Everything of this arena a place's worth reads: the rules (by identity: hold them
        while the key is kept), seat, players, Vox Populi and every gladiator's fields."""
        if self._key is None:
            glads = tuple(map(_GLAD_FIELDS, self.glads))
            key: tuple[Any, ...] = (id(self.rules), self.seat, self.players, tuple(self.vox), glads)
            if self._overlaid:  # the board no longer follows the gladiators' squares
                key += (tuple(-1 if g is None else g.gid for g in self.cells),)
            self._key = key
        return self._key

    def save(self) -> tuple[tuple[Any, ...], dict[int, frozenset[int]]]:
        """What `restore` needs once gladiators moved to weigh places are back."""
        return self.key(), self._foes.copy()

    def restore(self, saved: tuple[tuple[Any, ...], dict[int, frozenset[int]]]) -> None:
        """The key and squares `save` read, the gladiators being back where they stood."""
        if not self._overlaid:
            self._key, self._foes = saved

    def on_board(self) -> list[Glad]:
        return [g for g in self.glads if g.sq >= 0]

    def mine(self) -> list[Glad]:
        return [g for g in self.glads if g.sq >= 0 and g.seat == self.seat]

    def enemies_of(self, g: Glad) -> list[Glad]:
        return [e for e in self.glads if e.sq >= 0 and e.seat != g.seat]

    def square_of(self, name: str) -> int:
        """`geo.names.index(name)`, from a table."""
        found = self.index.get(name)
        if found is None:
            raise ValueError(f"{name!r} is not a square of the arena")
        return found

    def at(self, square: int) -> Glad | None:
        return self.cells[square]

    def relocate(self, g: Glad, square: int, facing: int) -> None:
        """Move `g` on this board (to weigh a place); moving an enemy forgets his zones."""
        if g.seat != self.seat:
            self._reach = self._nearest = None
        self._key = None
        self._foes.clear()
        other = self.cells[square] if square >= 0 else None
        if other is not None and other is not g:
            self._overlaid = True  # that gladiator's square is emptied when `g` leaves it
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
        return self.reach().get(square, [])

    def reach(self) -> dict[int, list[Glad]]:
        """`enemy_reach` of every square some enemy reaches."""
        if self._reach is None:
            reach: dict[int, list[Glad]] = {}
            for e in self.glads:
                if e.sq >= 0 and e.seat != self.seat and not e.hindered:
                    for target in attack_zone(self.geo, e):
                        reach.setdefault(target, []).append(e)
            self._reach = reach
        return self._reach

    def nearest_enemy(self, square: int) -> int:
        """Steps from `square` to the nearest enemy of our seat (0 with none)."""
        return self.nearest()[square]

    def nearest(self) -> tuple[int, ...]:
        """`nearest_enemy` of every square."""
        if self._nearest is None:
            enemies = tuple(e.sq for e in self.glads if e.sq >= 0 and e.seat != self.seat)
            self._nearest = _nearest(self.rules.width, self.rules.height, enemies)
        return self._nearest

    def foes(self, seat: int) -> frozenset[int]:
        """The squares of the board holding a gladiator not of `seat`."""
        found = self._foes.get(seat)
        if found is None:
            cells = self.cells
            # a gladiator in `cells` stands on his own square (`relocate`): the cells holding
            # one are among the gladiators' squares, fewer to read than the board
            found = frozenset(
                g.sq
                for g in self.glads
                if g.sq >= 0 and (c := cells[g.sq]) is not None and c.seat != seat
            )
            self._foes[seat] = found
        return found

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
        """ "Harassment": an enemy Harasser (not hindered) next to `g` with him in his danger
        zone."""
        if not self.any_harass:
            return False
        geo, cells = self.geo, self.cells
        if g.sq >= 0:  # the harassers alone, each where `cells` holds him (so next to `g`)
            for e in self.harassers:
                if (
                    e.sq >= 0
                    and cells[e.sq] is e
                    and e.seat != g.seat
                    and not e.hindered
                    and geo.danger[e.sq][e.facing] == g.sq
                ):
                    return True
            return False
        for near in geo.adjacent[g.sq]:
            other = cells[near]
            if (
                other is not None
                and other.seat != g.seat
                and other.harass
                and not other.hindered
                and geo.danger[other.sq][other.facing] == g.sq
            ):
                return True
        return False

    def bases(self, a: Glad, d: Glad, bonus: int = 0) -> tuple[int, int]:
        """(attack, defence) scores before the dice ("Combat modifiers", "The Traits")."""
        geo, rules = self.geo, self.rules
        involved = (a.gid, d.gid)
        att = a.att[d.heavy]
        harass = self.any_harass  # `harassed`'s own shortcut, spared two calls an attack
        if harass and self.harassed(a):
            att = max(0, att - 1)
        position = POSITION[geo.relative_position(d.sq, d.facing, a.sq)]
        attack = att + rules.vox_attack[self.vox[a.seat]] + bonus + position
        if not a.stoic:
            attack -= self.threatening(a, involved)
        defence = d.dfn[a.heavy]
        if harass and self.harassed(d):
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
        return terms_value(self.attack_terms(a, d, bonus, hinder), pa, pd)

    def attack_terms(self, a: Glad, d: Glad, bonus: int = 0, hinder: bool = False) -> Terms:
        """What `attack_value` reads of the arena for the attack of `a` on `d` (no dice)."""
        attack, defence = self.bases(a, d, bonus)
        if hinder:
            return (attack, defence, HINDERING, False, 0.0, 0.0)
        one, bitten = self.hit_values(d)
        kind = ROOM if self.has_room(a, d) else NO_ROOM
        return (attack, defence, kind, "tough" in d.talents, one, bitten)


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
