"""The cards and the crowd: drawing, reshuffling, discarding, and the Vox Populi track.

Each lanista has his own 24 cards (catalog indices). A card is always in exactly one of his
piles: `hand`, `deck` (top = last), `discard`, `aside` (the Prima Jugula cards set aside),
`removed` (out of the game) or `in_play` (played, its effect not yet resolved), or committed
face down to the attack or round in progress (`Fight`, `bids`); `card_places` lists them all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from ...core.actions import Action, Event, public_event
from . import arena
from .model import DECK, NOBODY, OVERFLOW

if TYPE_CHECKING:
    from .fields import JugulaFields


def forget_top(state: JugulaFields, seat: int) -> None:
    """Nobody knows the order of the deck of `seat` any more (it was shuffled)."""
    if state.top_known[seat]:
        arena.put(state, "top_known", seat, 0)
    if state.top_public[seat]:
        arena.put(state, "top_public", seat, 0)


def reshuffle(state: JugulaFields, seat: int, events: list[Event]) -> bool:
    """Draw Effect: an empty deck is re-formed by shuffling the discard pile; False if both
    are empty."""
    if state.deck[seat]:
        return True
    if not state.discard[seat]:
        return False
    deck = state.discard[seat]
    state.discard[seat] = []
    state.rng.shuffle(deck)
    state.deck[seat] = deck
    forget_top(state, seat)
    # the deck now holds what everybody saw in the discard pile, so the hand is known too
    shown = state.shown[:]
    shown[seat] = state.hand[seat][:]
    state.shown = shown
    events.append(
        Event("reshuffle", {"seat": seat, "cards": len(deck)}, rule="jugula.cards.reshuffle")
    )
    return True


def take_top(state: JugulaFields, seat: int, events: list[Event]) -> int:
    """The top card of the deck (reshuffling first if needed), or -1 if there is none."""
    if not state.deck[seat] and not reshuffle(state, seat, events):
        return -1
    if state.top_known[seat]:
        arena.put(state, "top_known", seat, state.top_known[seat] - 1)
    if state.top_public[seat]:
        arena.put(state, "top_public", seat, state.top_public[seat] - 1)
    return state.deck[seat].pop()


def draw(state: JugulaFields, seat: int, count: int, events: list[Event], *, rule: str) -> int:
    """Draw Effect: draw `count` cards (by `rule`: the effect, an ability, Vox Populi beyond
    10); a draw with no card left in deck or discard is lost. Returns the number drawn."""
    drawn = 0
    for _ in range(count):
        card = take_top(state, seat, events)
        if card < 0:
            break
        state.hand[seat].append(card)
        drawn += 1
    if drawn:
        events.append(public_event("draw", {"seat": seat, "cards": drawn}, rule))
    return drawn


def can_draw(state: JugulaFields, seat: int) -> bool:
    return bool(state.deck[seat] or state.discard[seat])


def leave_hand(state: JugulaFields, seat: int, card: int) -> None:
    """Take `card` out of the hand, forgetting that it was known there."""
    state.hand[seat].remove(card)
    if card in state.shown[seat]:
        shown = state.shown[:]
        shown[seat] = [c for c in shown[seat] if c != card]
        state.shown = shown
    if state.compelled[seat] == card:
        compelled = state.compelled[:]
        compelled[seat] = NOBODY
        state.compelled = compelled


def discard_from_hand(
    state: JugulaFields, seat: int, card: int, events: list[Event], *, rule: str
) -> None:
    leave_hand(state, seat, card)
    state.discard[seat].append(card)
    code = state.catalog.cards[card].code
    events.append(Event("discard", {"seat": seat, "card": code}, rule=rule))


def gain_vox(
    state: JugulaFields, seat: int, amount: int, events: list[Event], *, rule: str
) -> None:
    """Vox Populi changes: move the marker right (by `rule`), never beyond 10; for each point
    that could not be made the lanista "can draw" a card: a decision (OVERFLOW) pushed for him."""
    if amount <= 0:
        return
    rules = state.catalog.rules
    level = state.vox[seat] + amount
    overflow = max(0, level - rules.vox_max)
    state.vox[seat] = min(level, rules.vox_max)
    events.append(
        Event("vox", {"seat": seat, "level": state.vox[seat], "change": amount}, rule=rule)
    )
    if overflow and rules.vox_overflow_draw:
        state.tasks.append((OVERFLOW, seat, overflow * rules.vox_overflow_draw))


Task = tuple[Any, ...]


def _legal_overflow(state: JugulaFields, task: Task) -> list[Action]:
    """Drawing beyond 10 is offered card by card while a card can be drawn."""
    if not can_draw(state, task[1]):
        return []
    return [Action("extra"), Action("enough")]


def _apply_overflow(state: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    """ "Vox Populi changes": one more card from the deck for a point beyond 10, or no more."""
    _, seat, left = task
    state.tasks.pop()
    if action.kind == "enough":
        events.append(
            Event("no_extra_draw", {"seat": seat, "declined": left}, rule="jugula.vox.overflow")
        )
        return
    draw(state, seat, 1, events, rule="jugula.vox.overflow")
    if left > 1:
        state.tasks.append((OVERFLOW, seat, left - 1))


def lose_vox(
    state: JugulaFields, seat: int, amount: int, events: list[Event], *, rule: str
) -> None:
    """Vox Populi changes: move the marker left (by `rule`), never below 0."""
    if amount <= 0:
        return
    state.vox[seat] = max(0, state.vox[seat] - amount)
    events.append(
        Event("vox", {"seat": seat, "level": state.vox[seat], "change": -amount}, rule=rule)
    )


def rivals(state: JugulaFields, seat: int) -> list[int]:
    """The opponents still in the arena."""
    return [s for s in range(state.num_players) if s != seat and not state.out[s]]


def lead(state: JugulaFields, seat: int, points: int) -> bool:
    """At least `points` higher than every opponent's Vox Populi (a loop: asked of the hand's
    cards at every turn, where a generator in all() costs a frame more)."""
    vox, out = state.vox, state.out
    mine = vox[seat]
    for other in range(state.num_players):  # `rivals`, without making the list
        if other != seat and not out[other] and mine - vox[other] < points:
            return False
    return True


def highest(state: JugulaFields, seat: int) -> bool:
    """ "If your Vox Populi is...": higher than every opponent's (strictly)."""
    return lead(state, seat, 1)


def commit_choices(s: JugulaFields, seat: int, verb: str) -> list[Action]:
    """A face-down card from the hand (never the last one: "Last but not least!", nor the card
    a Dubitatio compels him to play next turn) or the deck's top; a hand card only when there
    is no deck to take from."""
    hand = [c for c in s.hand[seat] if c != s.compelled[seat]]
    deck = can_draw(s, seat)
    found = []
    if len(s.hand[seat]) >= 2 or not deck:
        found = [Action(verb, s.catalog.cards[c].code) for c in hand]
    if deck:
        found.append(Action(verb, "deck"))
    if not found:
        found = [Action(verb, s.catalog.cards[c].code) for c in s.hand[seat]]
    if not found:
        found.append(Action(verb, "none"))
    return found


def commit_card(s: JugulaFields, seat: int, choice: str) -> int:
    """The card id committed (leaving the hand), DECK, or NOBODY for no card at all."""
    if choice == "deck":
        return DECK
    if choice == "none":
        return NOBODY
    card = s.catalog.card_by_code[choice]
    leave_hand(s, seat, card)
    return card


def fight_cards(s: JugulaFields) -> list[tuple[int, int]]:
    """(seat, card) of every card on the table for the attack in progress: the committed ones
    (face down or revealed) and any set aside by Resilient."""
    fight = s.fight
    if fight is None:
        return []
    found = [
        (s.fighters[fight.attacker].seat, fight.a_card),
        (s.fighters[fight.defender].seat, fight.d_card),
        *fight.discards,
    ]
    return [(seat, card) for seat, card in found if card >= 0]


def clear_fight(s: JugulaFields) -> None:
    """The attack is over: its cards go to their owners' discard piles."""
    for seat, card in fight_cards(s):
        s.discard[seat].append(card)
    s.fight = None


def card_places(s: JugulaFields, seat: int) -> list[int]:
    """Every card of `seat`, wherever it is: each of his 24 cards appears exactly once."""
    places = [
        *s.hand[seat],
        *s.deck[seat],
        *s.discard[seat],
        *s.aside[seat],
        *s.removed[seat],
        *s.in_play[seat],
        *(card for owner, card in fight_cards(s) if owner == seat),
    ]
    if s.bids[seat] >= 0:
        places.append(s.bids[seat])
    return places


LEGAL: Final[dict[int, Callable[[JugulaFields, Task], list[Action]]]] = {OVERFLOW: _legal_overflow}
APPLY: Final[dict[int, Callable[[JugulaFields, Task, Action, list[Event]], None]]] = {
    OVERFLOW: _apply_overflow
}
