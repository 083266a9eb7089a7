"""What each lanista has in front of them, and the small bookkeeping every rule uses:
coins and points from the centre, gladiators and buildings in and out of play, reshuffles.

The helpers that report an event take the `rule` it applies (`Event.rule`) from their caller,
which knows why the coin, point, gladiator or building moves."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...core.actions import Event, public_event
from .data import BuildingEffect, EventEffect
from .model import NOBODY, PHASE

if TYPE_CHECKING:
    from .fields import LudiFields


def has_effect(s: LudiFields, seat: int, effect: BuildingEffect) -> bool:
    """Whether `seat` owns a building with this effect."""
    return effect in s.effects[seat]


def effects_of(s: LudiFields, seat: int) -> frozenset[BuildingEffect]:
    """The effects of `seat`'s buildings: asked several times at every step, so kept on the
    state (`LudiFields.effects`, which the rules read directly where they ask at every step)
    and made again when his buildings change (`buildings_changed`)."""
    return s.effects[seat]


def buildings_changed(s: LudiFields, seat: int | None = None) -> None:
    """Make the `effects_of` `seat` again (None: of every seat, or the buildings were
    replaced)."""
    specs = s.catalog.buildings
    if seat is None:
        s.effects = [frozenset(specs[b].effect for b in owned) for owned in s.buildings]
    else:
        s.effects[seat] = frozenset(specs[b].effect for b in s.buildings[seat])


def count_effect(s: LudiFields, seat: int, effect: BuildingEffect) -> int:
    """How many of `seat`'s buildings have this effect."""
    if effect not in s.effects[seat]:  # `has_effect`: the usual answer, without a call
        return 0
    buildings = s.catalog.buildings
    return sum(1 for b in s.buildings[seat] if buildings[b].effect == effect)


def event_is(s: LudiFields, code: EventEffect) -> bool:
    """Whether the Historiae event of this round is `code`."""
    return s.event != NOBODY and s.catalog.events[s.event].code == code


def capacity(s: LudiFields, seat: int) -> int:
    """Gladiators a lanista may keep: one per building (Auction 0); a barracks counts twice."""
    return len(s.buildings[seat]) + count_effect(s, seat, "barracks")


def has_room(s: LudiFields, seat: int) -> bool:
    """ "Available buildings": more room than gladiators (needed to start or join an auction)."""
    return capacity(s, seat) > len(s.gladiators[seat])


def owner_of(s: LudiFields, card: int) -> int:
    for seat, cards in enumerate(s.gladiators):
        if card in cards:
            return seat
    return NOBODY


def gain_coins(
    s: LudiFields, seat: int, amount: int, events: list[Event], why: str, *, rule: str
) -> int:
    """Coins from the centre; when the 36 tokens run out, a lanista gets what is left."""
    amount = min(amount, s.supply_coins)
    if amount > 0:
        s.supply_coins -= amount
        s.coins[seat] += amount
        events.append(public_event("coins", {"seat": seat, "gain": amount, "why": why}, rule))
    return amount


def pay_coins(
    s: LudiFields, seat: int, amount: int, events: list[Event], why: str, *, rule: str
) -> None:
    """Coins back to the centre (callers check that the lanista can pay)."""
    if amount > 0:
        s.coins[seat] -= amount
        s.supply_coins += amount
        events.append(public_event("coins", {"seat": seat, "pay": amount, "why": why}, rule))


def gain_points(
    s: LudiFields, seat: int, amount: int, events: list[Event], why: str, *, rule: str
) -> None:
    """Victory points from the centre; Triumphus adds a coin for each point obtained."""
    amount = min(amount, s.supply_points)
    if amount <= 0:
        return
    s.supply_points -= amount
    s.points[seat] += amount
    events.append(public_event("points", {"seat": seat, "gain": amount, "why": why}, rule))
    if event_is(s, "triumphus"):
        gain_coins(s, seat, amount, events, "Triumphus", rule="ludi.historiae.triumphus")


def take_gladiator(
    s: LudiFields, seat: int, card: int, events: list[Event], how: str, *, rule: str
) -> None:
    """A gladiator enters `seat`'s ludus straightened."""
    s.gladiators[seat].append(card)
    s.turned[card] = False
    s.chained[card] = False
    code = s.catalog.gladiators[card].code
    events.append(public_event("gladiator_in", {"seat": seat, "gladiator": code, "how": how}, rule))


def discard_gladiator(
    s: LudiFields, card: int, events: list[Event], why: str, *, rule: str
) -> None:
    """A gladiator leaves play: novices back to the centre, veterans to the discard pile."""
    seat = owner_of(s, card)
    if seat != NOBODY:
        s.gladiators[seat].remove(card)
        if s.champion[seat] == card:
            s.champion[seat] = NOBODY
    if s.favor[card]:
        s.favor[card] = False
        s.supply_favor += 1
    s.turned[card] = False
    s.chained[card] = False
    s.trample_ready[card] = False
    if s.catalog.gladiators[card].veteran:
        s.veteran_discard.append(card)
    else:
        s.centre_novices.append(card)
    code = s.catalog.gladiators[card].code
    events.append(
        public_event("gladiator_out", {"seat": seat, "gladiator": code, "why": why}, rule)
    )


def draw_from(s: LudiFields, pile: list[int], discard: list[int]) -> int:
    """The top card of `pile` (its last element); an empty pile is first rebuilt by shuffling
    its discards (Auctions 1, Combat 4, Historiae)."""
    if not pile and discard:
        pile.extend(discard)
        discard.clear()
        s.rng.shuffle(pile)
    return pile.pop() if pile else NOBODY


def draw_veteran(s: LudiFields) -> int:
    return draw_from(s, s.veteran_pile, s.veteran_discard)


def veterans_left(s: LudiFields) -> int:
    return len(s.veteran_pile) + len(s.veteran_discard)


def draw_combat(s: LudiFields) -> int:
    return draw_from(s, s.combat_pile, s.combat_discard)


def building_enters(
    s: LudiFields, seat: int, building: int, events: list[Event], how: str, *, rule: str
) -> None:
    """A building enters play: its points and coins on entry, the Forum's coin, champions."""
    spec = s.catalog.buildings[building]
    if how == "built" and has_effect(s, seat, "build_income"):
        gain_coins(s, seat, 1, events, "Forum", rule="ludi.buildings.forum")
    s.buildings[seat].append(building)
    buildings_changed(s, seat)
    events.append(
        public_event("building_in", {"seat": seat, "building": spec.code, "how": how}, rule)
    )
    if spec.coins:
        gain_coins(s, seat, spec.coins, events, spec.name, rule="ludi.buildings.entry-benefits")
    if spec.points:
        gain_points(s, seat, spec.points, events, spec.name, rule="ludi.buildings.entry-benefits")
    if spec.effect == "champions" and s.options["champions"]:
        order = [(seat + i) % s.num_players for i in range(s.num_players)]
        s.champion_queue.extend(order)


def building_leaves(
    s: LudiFields, seat: int, building: int, events: list[Event], why: str, *, rule: str
) -> None:
    """A building returns to the centre (demolished or destroyed)."""
    s.buildings[seat].remove(building)
    buildings_changed(s, seat)
    if s.options["building_selection"]:
        s.building_deck.insert(0, building)
    else:
        s.centre_buildings.append(building)
    code = s.catalog.buildings[building].code
    events.append(public_event("building_out", {"seat": seat, "building": code, "why": why}, rule))


def show_buildings(s: LudiFields) -> None:
    """Building selection variant: keep the shown row full from the face-down deck."""
    shown = s.catalog.rules.selection_shown
    while len(s.centre_buildings) < shown and s.building_deck:
        s.centre_buildings.append(s.building_deck.pop())


_NOT_PLAYING: Final[tuple[int, ...]] = (PHASE["draft"], PHASE["over"])


def novice_for_sale(s: LudiFields) -> bool:
    """Cubiculum: the active lanista, deciding in their own turn, can buy a novice now (they
    own a Cubiculum, the centre has a novice, they have the price)."""
    seat = s.active
    if s.decider != seat or not s.centre_novices or s.coins[seat] < s.catalog.rules.novice_price:
        return False  # asked at every step: the usual answers first, without a call
    return "novice_income" in s.effects[seat] and s.phase not in _NOT_PLAYING  # `has_effect`
