"""A Jugula player of rules of thumb, reading only its seat's view and the legal actions.

It rebuilds the arena from `state.view(seat)` and scores everything in "hits": one wound is a
hit, a gladiator biting the dust two, and a familia's distance to defeat is the number of hits
it can still take. An attack is worth its expected hits, from the die distributions of the cards
each lanista may commit (the known cards left out). A gladiator's place is worth the attacks it
offers next turn minus the attacks it suffers first, plus a pull towards the enemy. A card is
played for the effect whose gain most exceeds the card's worth in hand.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from ...core.actions import Action
from ...core.state import State
from ...games.jugula.board import Geometry, geometry
from ...games.jugula.data import Card, Catalog, Rules, load_catalog
from ...games.jugula.movement import Terrain

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
        (fa, ra), (fd, rd) = geo.coords(a.sq), geo.coords(d.sq)
        x, y = fd + (fd > fa) - (fd < fa), rd + (rd > ra) - (rd < ra)
        if 0 <= x < geo.width and 0 <= y < geo.height and self.cells[y * geo.width + x] is None:
            return True
        steps = self.steps[a.sq]
        here = steps[d.sq]
        for square in geo.adjacent[d.sq]:
            sx, sy = geo.coords(square)
            near = max(abs(sx - x), abs(sy - y)) == 1
            if near and self.cells[square] is None and steps[square] > here:
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
        return [(sq, f) for sq, f, _, _ in land.search(g.facing, g.mp)]

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


def _pick(actions: list[Action], *kinds: str) -> list[Action]:
    return [a for a in actions if a.kind in kinds]


class _Chooser:
    """One decision: the view, the arena, the cards known, and a handler per decision kind."""

    def __init__(self, view: View, actions: list[Action], catalog: Catalog) -> None:
        self.view = view
        self.actions = actions
        self.catalog = catalog
        self.seat = int(view["seat"])
        self.world = World(view, catalog)
        self.me = view["lanistae"][self.seat]
        self.hand: list[str] = list(self.me["hand"])
        self._dists: dict[tuple[str, int], Dist] = {}
        self._attacks: dict[int, list[float]] = {}
        self._gains: list[tuple[float, int]] | None = None
        self._options: list[tuple[float, Action]] | None = None
        self._move_values: list[tuple[Action, float]] | None = None
        self.placer = Placer(self.world, self.deck_dist(), self.enemy_dist())

    # --- cards --------------------------------------------------------------------------------

    def card(self, code: str) -> Card:
        return self.catalog.cards[self.catalog.card_by_code[code]]

    def worth(self, code: str) -> float:
        return card_worth(self.card(code))

    def unknown_cards(self, seat: int) -> list[str]:
        """The cards of `seat` in his hand or deck that the view does not place."""
        entry = self.view["lanistae"][seat]
        seen: set[str] = set()
        for key in ("discard", "removed", "prima_aside", "in_play", "hand_known"):
            seen.update(entry[key])
        seen.update(entry["deck_top_public"])
        fight = self.view["fight"]
        if fight and fight["revealed"]:
            seen.update(c for c in (fight["attacker_card"], fight["defender_card"]) if c)
        if seat == self.seat:
            seen.update(self.hand)
            seen.update(c for c in (entry.get("bid_card"),) if c)
            if fight:
                seen.update(c for c in (fight["attacker_card"], fight["defender_card"]) if c)
        return [c.code for c in self.catalog.cards if c.code not in seen]

    def deck_dist(self, seat: int | None = None) -> Dist:
        """The die of the top card of a deck, as far as `self.seat` knows it."""
        seat = self.seat if seat is None else seat
        known = self._dists.get(("deck", seat))
        if known is None:
            known = self._dists[("deck", seat)] = self._deck_dist(seat)
        return known

    def _deck_dist(self, seat: int) -> Dist:
        entry = self.view["lanistae"][seat]
        top = entry.get("deck_top_known") or entry["deck_top_public"]
        if top:
            return dist_of([self.card(top[0]).die])
        if not entry["deck_count"]:
            return dist_of(self.card(c).die for c in entry["discard"])
        return dist_of(self.card(c).die for c in self.unknown_cards(seat))

    def enemy_dist(self, seat: int | None = None) -> Dist:
        """The die of a card an enemy commits, hand or deck alike (any enemy: None)."""
        key = ("enemy", -1 if seat is None else seat)
        known = self._dists.get(key)
        if known is None:
            known = self._dists[key] = self._enemy_dist(seat)
        return known

    def _enemy_dist(self, seat: int | None) -> Dist:
        if seat is None:
            rivals = [p for p in range(self.world.players) if p != self.seat]
            codes = [c for p in rivals for c in self.unknown_cards(p)]
        else:
            codes = self.unknown_cards(seat)
        return dist_of(self.card(c).die for c in codes)

    def commit_cost(self, code: str) -> float:
        """What a hand card committed to combat costs: its worth and the hand it thins."""
        return KEEP * self.worth(code) + 0.5 * hand_need(len(self.hand) - 1)

    def choices(self, verb: str) -> list[tuple[Action, Dist, float]]:
        """Each legal commit with its die distribution and its cost."""
        found = []
        for action in _pick(self.actions, verb):
            code = str(action.args[0])
            if code == "deck":
                found.append((action, self.deck_dist(), 0.0))
            elif code == "none":
                found.append((action, dist_of([0]), 0.0))
            else:
                found.append((action, dist_of([self.card(code).die]), self.commit_cost(code)))
        return found

    # --- attacks ------------------------------------------------------------------------------

    def attack_options(self) -> list[tuple[float, Action]]:
        """Each legal attack with its value (best commit included), best first."""
        if self._options is None:
            self._options = self._attack_options()
        return self._options

    def _attack_options(self) -> list[tuple[float, Action]]:
        world = self.world
        names = world.geo.names
        found = []
        for action in _pick(self.actions, "attack", "hinder"):
            a = world.at(names.index(str(action.args[0])))
            d = world.at(names.index(str(action.args[1])))
            if a is None or d is None:
                continue
            value = self.best_commit_value(a, d, action.kind == "hinder")
            found.append((value, action))
        found.sort(key=lambda item: -item[0])
        return found

    def best_commit_value(self, a: Glad, d: Glad, hinder: bool, bonus: int = 0) -> float:
        world = self.world
        theirs = self.enemy_dist(d.seat)
        options = [(self.deck_dist(), 0.0)]
        if len(self.hand) >= 2:
            options += [(dist_of([self.card(c).die]), self.commit_cost(c)) for c in self.hand]
        return max(
            world.attack_value(a, d, pa, theirs, bonus, hinder) - cost for pa, cost in options
        )

    def current_attacks(self, bonus: int = 0) -> list[float]:
        """The values of every attack available now, best first (commits included)."""
        known = self._attacks.get(bonus)
        if known is None:
            known = self._attacks[bonus] = self._current_attacks(bonus)
        return known

    def _current_attacks(self, bonus: int) -> list[float]:
        world = self.world
        values = []
        for a in world.mine():
            for d in world.targets(a):
                value = self.best_commit_value(a, d, False, bonus)
                if a.net_ready and not d.hindered:
                    value = max(value, self.best_commit_value(a, d, True, bonus))
                values.append(value)
        values.sort(reverse=True)
        return values

    def combat_gain(self, count: int) -> float:
        gain, weight = 0.0, 1.0
        for value in self.current_attacks()[:count]:
            if value <= ATTACK_MIN:
                break
            gain += weight * value
            weight *= 0.8
        return gain

    # --- moves --------------------------------------------------------------------------------

    def move_gains(self) -> list[tuple[float, int]]:
        """(gain, gladiator) of each gladiator's best move this turn, best first."""
        if self._gains is None:
            gains = []
            for g in self.world.mine():
                if g.hindered:
                    gains.append((HINDER, g.gid))
                else:
                    gains.append((self.placer.best_move(g)[0], g.gid))
            gains.sort(reverse=True)
            self._gains = gains
        return self._gains

    def move_gain(self, count: int) -> float:
        return sum(gain for gain, _ in self.move_gains()[:count] if gain > MOVE_MIN)

    # --- the other effects --------------------------------------------------------------------

    def vox_gain(self, amount: int) -> float:
        rules = self.world.rules
        now = self.world.vox[self.seat]
        after = min(now + amount, rules.vox_max)
        gain = VOX_ATTACK * (rules.vox_attack[after] - rules.vox_attack[now])
        gain += VOX_HAND * (rules.vox_hand[after] - rules.vox_hand[now])
        gain += VOX_POINT * (after - now)
        return gain + hand_need(len(self.hand)) * max(0, now + amount - rules.vox_max)

    def draw_gain(self, count: int, size: int | None = None) -> float:
        """Drawing `count` cards with `size` cards left in hand (the card played is gone)."""
        size = len(self.hand) - 1 if size is None else size
        limit = self.world.rules.vox_hand[self.world.vox[self.seat]]
        deck = int(self.me["deck_count"]) + len(self.me["discard"])
        gain = 0.0
        for k in range(min(count, deck)):
            gain += hand_need(size + k) if size + k < limit else 0.02
        return gain

    def prima_gain(self, stars: int) -> float:
        best = self.best_prima(stars)
        if best is None:
            return 0.0
        return PRIMA_VALUE.get(best.ability, 0.1) + hand_need(len(self.hand) - 1)

    def best_prima(self, stars: int, exact: bool = False) -> Card | None:
        cards = [self.card(c) for c in self.me["prima_aside"]]
        cards = [c for c in cards if (c.cost == stars if exact else c.cost <= stars)]
        return max(cards, key=lambda c: PRIMA_VALUE.get(c.ability, 0.1), default=None)

    def effect_gain(self, effect: str, value: int) -> float:
        if effect == "move":
            return self.move_gain(value)
        if effect == "combat":
            return self.combat_gain(value)
        if effect == "vox":
            return self.vox_gain(value)
        if effect == "draw":
            return self.draw_gain(value)
        if effect == "upgrade":
            return self.prima_gain(value)
        return 0.0

    def highest_vox(self) -> bool:
        vox = self.world.vox
        rivals = [p for p in range(self.world.players) if p != self.seat and not self.world.out[p]]
        return all(vox[self.seat] > vox[p] for p in rivals)

    def other_play(self, code: str) -> float:
        """The best plain effect of another hand card ("play another card")."""
        best = 0.0
        for other in self.hand:
            if other == code:
                continue
            card = self.card(other)
            for effect, value in self.card_effects(card):
                best = max(best, self.effect_gain(effect, value) - KEEP * card_worth(card))
        return max(best, 0.0)

    @staticmethod
    def card_effects(card: Card) -> list[tuple[str, int]]:
        return [
            ("move", card.movement),
            ("vox", card.vox),
            ("combat", card.combat),
            ("draw", card.draw),
            ("upgrade", card.upgrade),
        ]

    def ability_gain(self, card: Card) -> float:
        """What playing `card` for its ability is worth now (0 or less: better not)."""
        handler = _ABILITY_GAINS.get(card.ability)
        return handler(self, card) if handler else -1.0

    def play_value(self, action: Action) -> float:
        if action.kind == "pass":
            return 0.0
        code, effect = str(action.args[0]), str(action.args[1])
        card = self.card(code)
        if effect == "ability":
            gain = self.ability_gain(card)
        else:
            value = dict(self.card_effects(card))[effect]
            gain = self.effect_gain(effect, value)
        return gain - KEEP * card_worth(card)

    # --- the decisions ------------------------------------------------------------------------

    def choose(self, rng: random.Random) -> Action:
        handler = _HANDLERS.get(str(self.view["decision"]))
        if handler is not None:
            choice = handler(self)
            if choice is not None:
                return choice
        return self.actions[rng.randrange(len(self.actions))]

    def _play(self) -> Action | None:
        return max(self.actions, key=self.play_value)

    def _effects(self) -> Action | None:
        return max(self.actions, key=self.chosen_effect_gain)

    def chosen_effect_gain(self, action: Action) -> float:
        """The gain of the effect an `effects` action picks from the card in play."""
        played = self.card(self.me["in_play"][-1]) if self.me["in_play"] else None
        fixed = played is not None and played.ability in ("crowd_favourite", "draw_then_strike")
        effect = str(action.args[0])
        value = 1 if fixed or played is None else dict(self.card_effects(played))[effect]
        return self.effect_gain(effect, value)

    def _move_pick(self) -> Action | None:
        world = self.world
        names = world.geo.names
        options: dict[int, Action] = {}
        for action in _pick(self.actions, "move", "shake"):
            g = world.at(names.index(str(action.args[0])))
            if g is not None:
                options[g.gid] = action
        for gain, gid in self.move_gains():
            if gid in options and gain > MOVE_MIN:
                return options[gid]
        done = _pick(self.actions, "done")
        return done[0] if done else None

    def _move(self) -> Action | None:
        choice, best_value = None, 0.0
        for action, value in self.move_values():
            if choice is None or (action.kind == "to" and value > best_value + 1e-9):
                choice, best_value = action, value
        return choice

    def move_values(self) -> list[tuple[Action, float]]:
        """Staying (if legal) and each destination of the gladiator moving, with the worth of
        his place for us (Dementia moves an enemy: his place's worth for him, negated)."""
        if self._move_values is None:
            self._move_values = self._place_values()
        return self._move_values

    def _place_values(self) -> list[tuple[Action, float]]:
        world = self.world
        names = world.geo.names
        moves = _pick(self.actions, "to")
        g = self.mover(moves)
        if g is None:
            return []
        sign = 1.0 if g.seat == self.seat else -1.0
        score: Callable[[Glad, int, int], float]
        score = self.placer.score_at if sign > 0 else self.enemy_place
        here = sign * score(g, g.sq, g.facing)
        values = [(action, here) for action in _pick(self.actions, "stay")]
        for action in moves:
            square = names.index(str(action.args[0]))
            facing = FACINGS.index(str(action.args[1]))
            values.append((action, sign * score(g, square, facing)))
        return values

    def enemy_place(self, g: Glad, square: int, facing: int) -> float:
        """Dementia: how good an enemy's place is for him (what we attack minus suffer)."""
        world, placer = self.world, self.placer
        old = (g.sq, g.facing)
        world.relocate(g, square, facing)
        try:
            value = 0.0
            for m in world.mine():
                if world.threatens(m, g):
                    value -= world.attack_value(m, g, placer.mine, placer.theirs)
                if world.threatens(g, m):
                    value += world.attack_value(g, m, placer.theirs, placer.mine)
            return value
        finally:
            world.relocate(g, *old)

    def mover(self, moves: list[Action]) -> Glad | None:
        """The gladiator a move decision is about: the one standing on a destination (a facing
        change), else one next to every first step of the paths."""
        world = self.world
        names = world.geo.names
        for action in moves:
            g = world.at(names.index(str(action.args[0])))
            if g is not None:
                return g
        firsts = {names.index(str(a.args[2]).split("-")[0][:-1]) for a in moves}
        candidates = [
            g for g in world.on_board() if all(sq in world.geo.adjacent[g.sq] for sq in firsts)
        ]
        candidates.sort(key=lambda g: g.seat != self.seat)
        return candidates[0] if candidates else None

    def _aware(self) -> Action | None:
        world = self.world
        g = world.at(world.geo.names.index(str(self.actions[0].args[0])))
        if g is None:
            return None
        return max(
            self.actions,
            key=lambda a: self.placer.score_at(g, g.sq, FACINGS.index(str(a.args[1]))),
        )

    def _attack(self) -> Action | None:
        options = self.attack_options()
        done = _pick(self.actions, "done")
        if options and (options[0][0] > ATTACK_MIN or not done):
            return options[0][1]
        return done[0] if done else None

    def _commit(self) -> Action | None:
        fight = self.view["fight"]
        world = self.world
        a, d = world.by_id[int(fight["attacker"])], world.by_id[int(fight["defender"])]
        choices = self.choices("card")
        if a.seat == self.seat:
            theirs = self.enemy_dist(d.seat)
            bonus, hinder = int(fight["bonus"]), bool(fight["hinder"])
            return max(
                choices,
                key=lambda c: world.attack_value(a, d, c[1], theirs, bonus, hinder) - c[2],
            )[0]
        if fight["attacker_card"] == "deck":
            theirs = self.deck_dist(a.seat)
        else:
            theirs = self.enemy_dist(a.seat)
        bonus, hinder = int(fight["bonus"]), bool(fight["hinder"])
        return min(
            choices,
            key=lambda c: world.attack_value(a, d, theirs, c[1], bonus, hinder) + c[2],
        )[0]

    def _push(self) -> Action | None:
        """Into the tightest square: next to walls and gladiators, where a push wounds."""
        world = self.world
        names = world.geo.names

        def free_around(action: Action) -> int:
            square = names.index(str(action.args[0]))
            return sum(1 for near in world.geo.adjacent[square] if world.cells[near] is None)

        return min(self.actions, key=free_around)

    def _pursue(self) -> Action | None:
        fight = self.view["fight"]
        world = self.world
        a = world.by_id[int(fight["attacker"])]
        d = world.by_id.get(int(fight["defender"]))
        geo = world.geo
        squares = [
            sq
            for sq in geo.front[a.sq][a.facing]
            if world.cells[sq] is None and (d is None or d.sq < 0 or sq in geo.adjacent[d.sq])
        ]
        if not squares:
            return _pick(self.actions, "pursue")[0]
        here = self.placer.score(a)
        there = sum(self.placer.score_at(a, sq, a.facing) for sq in squares) / len(squares)
        return _pick(self.actions, "pursue" if there >= here - 0.05 else "hold")[0]

    def _discard(self) -> Action | None:
        return min(self.actions, key=lambda a: self.worth(str(a.args[0])))

    def _sacrifice(self) -> Action | None:
        discards = _pick(self.actions, "discard")
        if len(self.hand) > 3 and discards:
            worst = min(discards, key=lambda a: self.worth(str(a.args[0])))
            if self.worth(str(worst.args[0])) < 0.25:
                return worst
        return _pick(self.actions, "done")[0]

    def _rival(self) -> Action | None:
        world = self.world
        played = self.card(self.me["in_play"][-1]).ability if self.me["in_play"] else ""
        lanistae = self.view["lanistae"]

        def key(action: Action) -> float:
            seat = int(action.args[0])
            if played == "force_discard":
                return float(lanistae[seat]["hand_count"])
            if played == "intimidation":
                return -float(world.vox[seat]) - 10 * world.hits[seat]
            return float(world.vox[seat])

        return max(self.actions, key=key)

    def _recall(self) -> Action | None:
        return max(self.actions, key=lambda a: self.worth(str(a.args[0])))

    def _restore(self) -> Action | None:
        def key(action: Action) -> float:
            worth = self.worth(str(action.args[1]))
            return worth if int(action.args[0]) == self.seat else -worth

        return max(self.actions, key=key)

    def _prima(self) -> Action | None:
        takes = _pick(self.actions, "take")
        if not takes:
            return _pick(self.actions, "done")[0]
        return max(takes, key=lambda a: PRIMA_VALUE.get(self.card(str(a.args[0])).ability, 0.1))

    def _impetus(self) -> Action | None:
        world = self.world
        names = world.geo.names
        return max(self.actions, key=lambda a: self.impetus_value(a, names, world))

    def impetus_value(self, action: Action, names: tuple[str, ...], world: World) -> float:
        g = world.at(names.index(str(action.args[0])))
        if g is None:
            return -1.0
        if action.args[1] == "attack":
            attacks = [self.best_commit_value(g, d, False) for d in world.targets(g)]
            return max(attacks, default=-1.0) + self.placer.best_move(g)[0]
        return self.move_then_attack(g)

    def move_then_attack(self, g: Glad) -> float:
        """The best attack `g` can make right after a move."""
        world, placer = self.world, self.placer
        best = -1.0
        old = (g.sq, g.facing)
        for square, facing in placer.destinations(g):
            world.relocate(g, square, facing)
            offence = placer.offence(g, now=True)
            if offence:
                best = max(best, offence[0] - 0.5 * DANGER_WEIGHT * placer.danger(g))
        world.relocate(g, *old)
        return best

    def _order_top(self) -> Action | None:
        return max(self.actions, key=lambda a: self.card(str(a.args[0])).die)

    def _perfidia(self) -> Action | None:
        seeds = _pick(self.actions, "seed")
        if not seeds:
            return _pick(self.actions, "done")[0]
        return max(seeds, key=lambda a: PRIMA_VALUE.get(self.card(str(a.args[0])).ability, 0.1))

    def _dementia(self) -> Action | None:
        world = self.world
        names = world.geo.names

        def danger(action: Action) -> float:
            e = world.at(names.index(str(action.args[0])))
            if e is None:
                return 0.0
            return sum(
                world.attack_value(e, m, self.placer.theirs, self.placer.mine)
                for m in world.mine()
                if world.threatens(e, m)
            )

        return max(self.actions, key=danger)

    def _temperare(self) -> Action | None:
        removes = _pick(self.actions, "remove")
        done = _pick(self.actions, "done")
        if removes:
            worst = min(removes, key=lambda a: self.worth(str(a.args[0])))
            if not done or self.card(str(worst.args[0])).die <= 1:
                return worst
        return done[0] if done else None

    def _execute(self) -> Action | None:
        world = self.world
        names = world.geo.names

        def value(action: Action) -> float:
            g = world.at(names.index(str(action.args[0])))
            return world.hit_values(g)[0] if g is not None else 0.0

        return max(self.actions, key=value)

    def _heal(self) -> Action | None:
        return self.actions[0]

    def _resilient(self) -> Action | None:
        return _pick(self.actions, "swap")[0]

    def _bid(self) -> Action | None:
        deck = [a for a in self.actions if a.args[0] == "deck"]
        if deck:
            return deck[0]
        return min(self.actions, key=lambda a: self.worth(str(a.args[0])))

    def _first(self) -> Action | None:
        mine = [a for a in self.actions if int(a.args[0]) == self.seat]
        return mine[0] if mine else None

    def _zone(self) -> Action | None:
        return self.actions[0]

    def _pick_armatura(self) -> Action | None:
        def rank(action: Action) -> int:
            code = str(action.args[0])
            return ARMATURA_ORDER.index(code) if code in ARMATURA_ORDER else len(ARMATURA_ORDER)

        return min(self.actions, key=rank)

    def _deploy(self) -> Action | None:
        """Central squares first, heavies first, each facing the middle of the arena."""
        geo = self.world.geo
        cx, cy = (geo.width - 1) / 2, (geo.height - 1) / 2
        heavy = {g.code: g.heavy for g in self.world.glads if g.seat == self.seat}

        def score(action: Action) -> float:
            square = geo.names.index(str(action.args[1]))
            x, y = geo.coords(square)
            dx, dy = ((0, 1), (1, 0), (0, -1), (-1, 0))[FACINGS.index(str(action.args[2]))]
            facing = dx * (cx - x) + dy * (cy - y)
            spread = abs(x - cx) + abs(y - cy)
            return facing - spread + (0.5 if heavy.get(str(action.args[0])) else 0.0)

        return max(self.actions, key=score)


# --- abilities --------------------------------------------------------------------------------


def _recall_gain(c: _Chooser, card: Card) -> float:
    best = max((c.worth(code) for code in c.me["discard"]), default=0.0)
    return best + hand_need(len(c.hand) - 1) - 0.1


def _ardor_gain(c: _Chooser, card: Card) -> float:
    bonus = c.catalog.rules.abilities.ardor_oris_attack
    best = -1.0
    for a in c.world.mine():
        cost = c.world.hit_values(a)[0]
        for d in c.world.targets(a):
            best = max(best, c.best_commit_value(a, d, False, bonus) - cost)
    return best


def _heal_gain(c: _Chooser, card: Card) -> float:
    return 1.0


def _fraus_gain(c: _Chooser, card: Card) -> float:
    stars = c.catalog.rules.abilities.fraus_fraudis_stars
    best = c.best_prima(stars, exact=True)
    if best is None:
        return 0.0
    return 2 * PRIMA_VALUE.get(best.ability, 0.1) + c.draw_gain(2) * 0.5


def _impetus_gain(c: _Chooser, card: Card) -> float:
    best = 0.0
    for g in c.world.mine():
        if not g.hindered:
            best = max(best, c.move_then_attack(g))
    return best


def _infamis_gain(c: _Chooser, card: Card) -> float:
    return c.move_gain(1) + c.vox_gain(1) + c.draw_gain(1)


def _panem_gain(c: _Chooser, card: Card) -> float:
    gains = sorted(
        [c.move_gain(card.movement), c.vox_gain(card.vox), c.draw_gain(card.draw)], reverse=True
    )
    return gains[0] + gains[1]


def _par_pari_gain(c: _Chooser, card: Card) -> float:
    return 0.8 * c.move_gain(1)


def _plausus_gain(c: _Chooser, card: Card) -> float:
    return 0.05 + (c.other_play(card.code) if c.highest_vox() else 0.0)


def _virtus_gain(c: _Chooser, card: Card) -> float:
    return 2 * VOX_POINT + c.other_play(card.code)


def _fulmen_gain(c: _Chooser, card: Card) -> float:
    return c.draw_gain(2) + max(c.move_gain(1), c.combat_gain(1))


def _paro_gain(c: _Chooser, card: Card) -> float:
    most = max(int(entry["hand_count"]) for entry in c.view["lanistae"] if entry["seat"] != c.seat)
    return 0.05 * max(0, most - 3)


def _animus_gain(c: _Chooser, card: Card) -> float:
    gains = sorted(
        [
            c.move_gain(card.movement),
            c.vox_gain(card.vox),
            c.combat_gain(card.combat),
            c.draw_gain(card.draw),
        ],
        reverse=True,
    )
    return gains[0] + gains[1]


def _dubitatio_gain(c: _Chooser, card: Card) -> float:
    return max(
        c.move_gain(card.movement),
        c.vox_gain(card.vox),
        c.combat_gain(card.combat),
        c.draw_gain(card.draw),
    )


def _fatalitas_gain(c: _Chooser, card: Card) -> float:
    return 1.0


def _formido_gain(c: _Chooser, card: Card) -> float:
    return c.vox_gain(4) + c.other_play(card.code) - 0.1


def _potestas_gain(c: _Chooser, card: Card) -> float:
    return c.other_play(card.code)


def _temperare_gain(c: _Chooser, card: Card) -> float:
    extra = c.other_play(card.code) + c.draw_gain(2) if c.highest_vox() else 0.0
    return 0.1 + extra


_ABILITY_GAINS: dict[str, Callable[[_Chooser, Card], float]] = {
    "recall_from_discard": _recall_gain,
    "reckless_attack": _ardor_gain,
    "heal_wound": _heal_gain,
    "take_two_prima": _fraus_gain,
    "move_and_attack": _impetus_gain,
    "crowd_favourite": _infamis_gain,
    "bread_and_circuses": _panem_gain,
    "evasive_move": _par_pari_gain,
    "applause": _plausus_gain,
    "underdog": _virtus_gain,
    "draw_then_strike": _fulmen_gain,
    "force_discard": _paro_gain,
    "two_effects": _animus_gain,
    "effect_and_compel": _dubitatio_gain,
    "execution": _fatalitas_gain,
    "intimidation": _formido_gain,
    "silence_rival": _potestas_gain,
    "trim_deck": _temperare_gain,
}

_HANDLERS: dict[str, Callable[[_Chooser], Action | None]] = {
    "pick_armatura": _Chooser._pick_armatura,
    "zone": _Chooser._zone,
    "deploy": _Chooser._deploy,
    "bid": _Chooser._bid,
    "first_player": _Chooser._first,
    "play": _Chooser._play,
    "effects": _Chooser._effects,
    "move_pick": _Chooser._move_pick,
    "move": _Chooser._move,
    "aware": _Chooser._aware,
    "attack": _Chooser._attack,
    "commit": _Chooser._commit,
    "resilient": _Chooser._resilient,
    "push": _Chooser._push,
    "pursue": _Chooser._pursue,
    "discard": _Chooser._discard,
    "sacrifice": _Chooser._sacrifice,
    "rival": _Chooser._rival,
    "recall": _Chooser._recall,
    "restore": _Chooser._restore,
    "heal": _Chooser._heal,
    "prima": _Chooser._prima,
    "impetus": _Chooser._impetus,
    "order_top": _Chooser._order_top,
    "perfidia": _Chooser._perfidia,
    "dementia": _Chooser._dementia,
    "temperare": _Chooser._temperare,
    "execute": _Chooser._execute,
}


# --- preferences (the search's prior) -----------------------------------------------------------


def _play_scores(c: _Chooser) -> list[float]:
    return [c.play_value(action) for action in c.actions]


def _effect_scores(c: _Chooser) -> list[float]:
    return [c.chosen_effect_gain(action) for action in c.actions]


def _move_pick_scores(c: _Chooser) -> list[float]:
    """A gladiator's move is worth its best gain; ending the moves, the least gain worth it."""
    names = c.world.geo.names
    gains = {gid: gain for gain, gid in c.move_gains()}
    scores = []
    for action in c.actions:
        if action.kind not in ("move", "shake"):
            scores.append(MOVE_MIN if action.kind == "done" else 0.0)
            continue
        g = c.world.at(names.index(str(action.args[0])))
        scores.append(gains.get(g.gid, 0.0) if g is not None else 0.0)
    return scores


def _move_scores(c: _Chooser) -> list[float]:
    values = {str(action): value for action, value in c.move_values()}
    lowest = min(values.values(), default=0.0)
    return [values.get(str(action), lowest) for action in c.actions]


def _attack_scores(c: _Chooser) -> list[float]:
    """Each attack's value with its best commit; ending the turn, the least attack worth it."""
    values = {str(action): value for value, action in c.attack_options()}
    lowest = min(values.values(), default=0.0)
    return [
        ATTACK_MIN if action.kind == "done" else values.get(str(action), lowest)
        for action in c.actions
    ]


def _commit_scores(c: _Chooser) -> list[float]:
    """The expected hits of the fight for us with each card committed, its cost off."""
    fight = c.view["fight"]
    world = c.world
    a, d = world.by_id[int(fight["attacker"])], world.by_id[int(fight["defender"])]
    bonus, hinder = int(fight["bonus"]), bool(fight["hinder"])
    values = {}
    if a.seat == c.seat:
        theirs = c.enemy_dist(d.seat)
        for action, dist, cost in c.choices("card"):
            values[str(action)] = world.attack_value(a, d, dist, theirs, bonus, hinder) - cost
    else:
        theirs = c.deck_dist(a.seat) if fight["attacker_card"] == "deck" else c.enemy_dist(a.seat)
        for action, dist, cost in c.choices("card"):
            values[str(action)] = -world.attack_value(a, d, theirs, dist, bonus, hinder) - cost
    lowest = min(values.values(), default=0.0)
    return [values.get(str(action), lowest) for action in c.actions]


# Decisions whose every option the heuristic values in hits; the others put all preference
# on the heuristic's own choice.
_SCORERS: dict[str, Callable[[_Chooser], list[float]]] = {
    "play": _play_scores,
    "effects": _effect_scores,
    "move_pick": _move_pick_scores,
    "move": _move_scores,
    "attack": _attack_scores,
    "commit": _commit_scores,
}
TEMPERATURE = 0.1  # hits: an option 0.1 hits worse is e^-1 times as preferred


class JugulaHeuristic:
    """Heuristic agent for Jugula (never reads hidden information)."""

    name = "heuristic"

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        view = state.view(seat)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        catalog = load_catalog(str(state.options["data"]))
        return _Chooser(view, actions, catalog).choose(rng)

    def preferences(self, state: State, seat: int, rng: random.Random) -> dict[str, float]:
        """A softmax of the values the heuristic gives each option, its choice a little above
        the best; all on its choice where it values only that one."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return {str(actions[0]): 1.0}
        chooser = _Chooser(state.view(seat), actions, load_catalog(str(state.options["data"])))
        scorer = _SCORERS.get(str(chooser.view["decision"]))
        scores = scorer(chooser) if scorer is not None else None
        chosen = chooser.choose(rng)
        if scores is None:
            return {str(chosen): 1.0}
        top = max(scores) + 0.1 * TEMPERATURE  # its own choice first among equals
        scores[actions.index(chosen)] = top
        return {
            str(action): math.exp((score - top) / TEMPERATURE)
            for action, score in zip(actions, scores, strict=True)
        }
