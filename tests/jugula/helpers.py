"""Hand-built Jugula positions for the rules tests.

`Table` starts a real game with the familiae asked for, then clears the arena so a test can put
gladiators, cards and Vox Populi exactly where a rule (or a rulebook example) needs them, and
hands the turn to a seat: from there on only the engine's own legal actions are applied.
"""

from __future__ import annotations

from colosseum import new_game
from colosseum.games.jugula import arena, rules
from colosseum.games.jugula.data import Card, Catalog
from colosseum.games.jugula.model import (
    ATTACK_PICK,
    END_TURN,
    FACING_LETTERS,
    MOVE,
    MOVE_NORMAL,
    NOBODY,
    PLAY,
    PLAY_TURN,
)
from colosseum.games.jugula.state import JugulaState

# Four different armaturae per seat, none with a talent: the plainest familiae.
PLAIN = "thraex,murmillo,veles,provocator/retiarius,secutor,hoplomachus,scissor"


class Table:
    """A Jugula game whose arena, hands and Vox Populi a test sets by hand."""

    def __init__(self, familiae: str = PLAIN, players: int = 2, **options: object) -> None:
        state = new_game(
            "jugula", players=players, seed=7, options={"familiae": familiae, **options}
        )
        assert isinstance(state, JugulaState)
        self.state = state
        for g in range(len(state.fighters)):
            arena.lift(state, g)
        state.zone = list(range(players))
        state.tasks = []
        state.order = list(range(players))
        self.events: list = []

    # --- building the position ---------------------------------------------------------------

    def g(self, seat: int, code: str) -> int:
        """The gladiator of `seat` with armatura `code`."""
        s = self.state
        return next(g for g in arena.familia(s, seat) if arena.armatura(s, g).code == code)

    def sq(self, name: str) -> int:
        return self.state.catalog.rules.squares.index(name)

    def at(self, name: str) -> int:
        """The gladiator on square `name`."""
        return self.state.board[self.sq(name)]

    def place(self, seat: int, code: str, square: str, facing: str, wounded: bool = False) -> int:
        g = self.g(seat, code)
        arena.place(self.state, g, self.sq(square), FACING_LETTERS.index(facing.lower()))
        self.state.wounds[g] = 1 if wounded else 0
        return g

    def hand(self, seat: int, *codes: str) -> None:
        """Make the hand of `seat` exactly `codes`; every other card goes back into the deck."""
        s = self.state
        wanted = [s.catalog.card_by_code[c] for c in codes]
        for pile in (s.deck[seat], s.discard[seat], s.aside[seat], s.removed[seat]):
            for card in wanted:
                if card in pile:
                    pile.remove(card)
        for card in s.hand[seat]:
            if card not in wanted:
                if s.catalog.cards[card].prima and card not in s.deck[seat]:
                    s.aside[seat].append(card)
                else:
                    s.deck[seat].append(card)
        s.hand[seat] = wanted
        s.shown[seat] = []

    def deck_top(self, seat: int, *codes: str) -> None:
        """Put `codes` on top of the deck, the first one on the very top."""
        s = self.state
        for code in reversed(codes):
            card = s.catalog.card_by_code[code]
            for pile in (
                s.deck[seat],
                s.discard[seat],
                s.aside[seat],
                s.removed[seat],
                s.hand[seat],
            ):
                if card in pile:
                    pile.remove(card)
            s.deck[seat].append(card)

    def vox(self, seat: int, level: int) -> None:
        self.state.vox[seat] = level

    # --- handing over the decision ---------------------------------------------------------------

    def _settle(self) -> JugulaState:
        s = self.state
        s._legal = None
        rules.settle(s, self.events)
        return s

    def turn(self, seat: int) -> JugulaState:
        """It is `seat`'s turn: he plays a card."""
        s = self.state
        s.turn_seat = seat
        s.tasks = [(END_TURN, seat), (PLAY, seat, PLAY_TURN)]
        return self._settle()

    def attacks(self, seat: int, count: int = 1, bonus: int = 0) -> JugulaState:
        """`seat` has played a card for `count` attacks (the card itself is not modelled)."""
        s = self.state
        s.turn_seat = seat
        s.tasks = [(END_TURN, seat), (ATTACK_PICK, seat, count, NOBODY, bonus, 0)]
        return self._settle()

    def moves(self, g: int, mp: int | None = None) -> JugulaState:
        """Gladiator `g` is moving with `mp` MP (his own by default)."""
        s = self.state
        seat = s.fighters[g].seat
        s.turn_seat = seat
        left = arena.mp(s, g) if mp is None else mp
        s.tasks = [(END_TURN, seat), (MOVE, seat, g, left, MOVE_NORMAL, NOBODY)]
        return self._settle()

    def do(self, *notations: str) -> JugulaState:
        """Apply actions by notation, each of which must be legal."""
        for notation in notations:
            self.events += self.state.apply(notation)
        return self.state

    def legal(self) -> list[str]:
        return [str(a) for a in self.state.legal_actions()]


# --- shared by the rules tests ---


def spec(catalog: Catalog, code: str) -> Card:
    """The card `code` of the catalog."""
    return catalog.cards[catalog.card_by_code[code]]


def codes(t: Table, cards: list[int]) -> list[str]:
    """Card ids as their codes."""
    return [t.state.catalog.cards[c].code for c in cards]


def arrange(
    t: Table,
    seat: int,
    *,
    deck: tuple[str, ...] | None = None,
    discard: tuple[str, ...] = (),
    removed: tuple[str, ...] = (),
    rest: str = "deck",
) -> None:
    """After `Table.hand`: put `discard` and `removed` on those piles and make the deck exactly
    `deck` (top first) when given; the Jugula cards left over go to the pile `rest`."""
    s = t.state
    index = s.catalog.card_by_code
    chosen = {index[c] for c in (*(deck or ()), *discard, *removed)}
    for pile in (s.deck[seat], s.discard[seat], s.aside[seat], s.removed[seat]):
        pile[:] = [c for c in pile if c not in chosen]
    s.discard[seat] += [index[c] for c in discard]
    s.removed[seat] += [index[c] for c in removed]
    if deck is None:
        return
    leftover = s.deck[seat]
    s.deck[seat] = [index[c] for c in reversed(deck)]
    if rest == "deck":
        s.deck[seat][:0] = leftover
    else:
        getattr(s, rest)[seat].extend(leftover)


def two_sides(t: Table) -> None:
    """Four gladiators a side, far apart: nobody can attack, everyone can move."""
    t.place(0, "thraex", "b2", "n")
    t.place(0, "murmillo", "d2", "n")
    t.place(0, "veles", "f2", "n")
    t.place(0, "provocator", "h2", "n")
    t.place(1, "retiarius", "b7", "s")
    t.place(1, "secutor", "d7", "s")
    t.place(1, "hoplomachus", "f7", "s")
    t.place(1, "scissor", "h7", "s")
