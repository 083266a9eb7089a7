"""What cards, effects, attacks and each card's ability are worth to the Jugula heuristic,
in hits."""

from __future__ import annotations

from collections.abc import Callable

from ....core.actions import Action
from ..data import Card, Catalog
from .dice import HINDER, Dist, die_dist, dist_of, terms_value
from .placer import Placer
from .world import (
    ATTACK_MIN,
    DANGER_WEIGHT,
    KEEP,
    MOVE_MIN,
    PRIMA_VALUE,
    VOX_ATTACK,
    VOX_HAND,
    VOX_POINT,
    Glad,
    View,
    World,
    card_worth,
    hand_need,
    pick_kinds,
)

# By catalog (its id, the catalog held): the dice distributions of lists of card codes.
_CODE_DISTS: dict[int, tuple[Catalog, dict[tuple[str, ...], Dist]]] = {}


class Valuer:
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
            return die_dist(self.card(top[0]).die)
        if not entry["deck_count"]:
            return self.codes_dist(entry["discard"])
        return self.codes_dist(self.unknown_cards(seat))

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
        return self.codes_dist(codes)

    def codes_dist(self, codes: list[str]) -> Dist:
        """`dist_of` the dice of these cards, found again if these cards were weighed lately."""
        kept = _CODE_DISTS.get(id(self.catalog))
        if kept is None or kept[0] is not self.catalog:
            if len(_CODE_DISTS) >= 8:
                _CODE_DISTS.clear()
            kept = _CODE_DISTS[id(self.catalog)] = (self.catalog, {})
        dists = kept[1]
        key = tuple(codes)
        found = dists.get(key)
        if found is None:
            if len(dists) >= 1024:
                dists.clear()
            found = dists[key] = dist_of(self.card(c).die for c in codes)
        return found

    def commit_cost(self, code: str) -> float:
        """What a hand card committed to combat costs: its worth and the hand it thins."""
        return KEEP * self.worth(code) + 0.5 * hand_need(len(self.hand) - 1)

    def choices(self, verb: str) -> list[tuple[Action, Dist, float]]:
        """Each legal commit with its die distribution and its cost."""
        found = []
        for action in pick_kinds(self.actions, verb):
            code = str(action.args[0])
            if code == "deck":
                found.append((action, self.deck_dist(), 0.0))
            elif code == "none":
                found.append((action, die_dist(0), 0.0))
            else:
                found.append((action, die_dist(self.card(code).die), self.commit_cost(code)))
        return found

    # --- attacks ------------------------------------------------------------------------------

    def attack_options(self) -> list[tuple[float, Action]]:
        """Each legal attack with its value (best commit included), best first."""
        if self._options is None:
            self._options = self._attack_options()
        return self._options

    def _attack_options(self) -> list[tuple[float, Action]]:
        world = self.world
        found = []
        for action in pick_kinds(self.actions, "attack", "hinder"):
            a = world.at(world.square_of(str(action.args[0])))
            d = world.at(world.square_of(str(action.args[1])))
            if a is None or d is None:
                continue
            value = self.best_commit_value(a, d, action.kind == "hinder")
            found.append((value, action))
        found.sort(key=lambda item: -item[0])
        return found

    def best_commit_value(self, a: Glad, d: Glad, hinder: bool, bonus: int = 0) -> float:
        theirs = self.enemy_dist(d.seat)
        options = [(self.deck_dist(), 0.0)]
        if len(self.hand) >= 2:
            options += [(die_dist(self.card(c).die), self.commit_cost(c)) for c in self.hand]
        terms = self.world.attack_terms(a, d, bonus, hinder)  # the arena's part, read once
        return max(terms_value(terms, pa, theirs) - cost for pa, cost in options)

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
        handler = ABILITY_GAINS.get(card.ability)
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

    def move_then_attack(self, g: Glad) -> float:
        """The best attack `g` can make right after a move."""
        world, placer = self.world, self.placer
        if not any(d.hurt for d in world.glads if d.sq >= 0 and d.seat != g.seat):
            return placer.best_attack_after_move(g)  # no target to leave out: from his plan
        best = -1.0
        old = (g.sq, g.facing)
        for square, facing in placer.destinations(g):
            world.relocate(g, square, facing)
            offence = placer.offence(g, now=True)
            if offence:
                best = max(best, offence[0] - 0.5 * DANGER_WEIGHT * placer.danger(g))
        world.relocate(g, *old)
        return best


# --- abilities --------------------------------------------------------------------------------


def _recall_gain(c: Valuer, card: Card) -> float:
    best = max((c.worth(code) for code in c.me["discard"]), default=0.0)
    return best + hand_need(len(c.hand) - 1) - 0.1


def _ardor_gain(c: Valuer, card: Card) -> float:
    bonus = c.catalog.rules.abilities.ardor_oris_attack
    best = -1.0
    for a in c.world.mine():
        cost = c.world.hit_values(a)[0]
        for d in c.world.targets(a):
            best = max(best, c.best_commit_value(a, d, False, bonus) - cost)
    return best


def _heal_gain(c: Valuer, card: Card) -> float:
    return 1.0


def _fraus_gain(c: Valuer, card: Card) -> float:
    stars = c.catalog.rules.abilities.fraus_fraudis_stars
    best = c.best_prima(stars, exact=True)
    if best is None:
        return 0.0
    return 2 * PRIMA_VALUE.get(best.ability, 0.1) + c.draw_gain(2) * 0.5


def _impetus_gain(c: Valuer, card: Card) -> float:
    best = 0.0
    for g in c.world.mine():
        if not g.hindered:
            best = max(best, c.move_then_attack(g))
    return best


def _infamis_gain(c: Valuer, card: Card) -> float:
    return c.move_gain(1) + c.vox_gain(1) + c.draw_gain(1)


def _panem_gain(c: Valuer, card: Card) -> float:
    gains = sorted(
        [c.move_gain(card.movement), c.vox_gain(card.vox), c.draw_gain(card.draw)], reverse=True
    )
    return gains[0] + gains[1]


def _par_pari_gain(c: Valuer, card: Card) -> float:
    return 0.8 * c.move_gain(1)


def _plausus_gain(c: Valuer, card: Card) -> float:
    return 0.05 + (c.other_play(card.code) if c.highest_vox() else 0.0)


def _virtus_gain(c: Valuer, card: Card) -> float:
    return 2 * VOX_POINT + c.other_play(card.code)


def _fulmen_gain(c: Valuer, card: Card) -> float:
    return c.draw_gain(2) + max(c.move_gain(1), c.combat_gain(1))


def _paro_gain(c: Valuer, card: Card) -> float:
    most = max(int(entry["hand_count"]) for entry in c.view["lanistae"] if entry["seat"] != c.seat)
    return 0.05 * max(0, most - 3)


def _animus_gain(c: Valuer, card: Card) -> float:
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


def _dubitatio_gain(c: Valuer, card: Card) -> float:
    return max(
        c.move_gain(card.movement),
        c.vox_gain(card.vox),
        c.combat_gain(card.combat),
        c.draw_gain(card.draw),
    )


def _fatalitas_gain(c: Valuer, card: Card) -> float:
    return 1.0


def _formido_gain(c: Valuer, card: Card) -> float:
    return c.vox_gain(4) + c.other_play(card.code) - 0.1


def _potestas_gain(c: Valuer, card: Card) -> float:
    return c.other_play(card.code)


def _temperare_gain(c: Valuer, card: Card) -> float:
    extra = c.other_play(card.code) + c.draw_gain(2) if c.highest_vox() else 0.0
    return 0.1 + extra


ABILITY_GAINS: dict[str, Callable[[Valuer, Card], float]] = {
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
