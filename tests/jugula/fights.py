"""Shared pieces of the combat, traits/talents and victory tests.

The expected scores are computed here from the data files (armatura numbers, card dice) and the
rulebook's stated modifiers written in the tests themselves, never from the engine's scoring, so
a wrong rule makes a test fail.
"""

from __future__ import annotations

from colosseum.games.jugula.data import Armatura, load_catalog

from .helpers import Table

CAT = load_catalog()

# Two cards that only pad a hand so the committed card is never the last one ("Last but not
# least!"); whichever is not the committed card is used.
PADDING = ("acta_est_fabula", "ardor_oris")


def spec(code: str) -> Armatura:
    return CAT.armaturae[CAT.armatura_by_code[code]]


def att(attacker: str, defender: str, wounded: bool = False) -> int:
    """The attacker's ATT against the defender's class ("+ ATT" in "Combat modifiers")."""
    return spec(attacker).sides[int(wounded)].att[int(spec(defender).heavy)]


def dfn(defender: str, attacker: str, wounded: bool = False) -> int:
    """The defender's DEF against the attacker's class ("+ DEF")."""
    return spec(defender).sides[int(wounded)].defence[int(spec(attacker).heavy)]


def die(card: str) -> int:
    return CAT.cards[CAT.card_by_code[card]].die


def deal(t: Table, seat: int, card: str) -> None:
    """`seat` holds `card` and one padding card."""
    t.hand(seat, card, next(p for p in PADDING if p != card))


def seat_at(t: Table, square: str) -> int:
    return t.state.fighters[t.at(square)].seat


def fight(
    t: Table,
    attacker: str,
    defender: str,
    a_card: str,
    d_card: str,
    kind: str = "attack",
    dealt: bool = True,
) -> tuple[int, int]:
    """Declare an attack from square `attacker` on square `defender`, both lanistae commit the
    given cards from their hands (dealt first unless `dealt` is False; "deck" takes the top
    card), and return the (attack, defence) scores the engine reported."""
    if dealt:
        if a_card != "deck":
            deal(t, seat_at(t, attacker), a_card)
        if d_card != "deck":
            deal(t, seat_at(t, defender), d_card)
    t.do(f"{kind} {attacker} {defender}", f"card {a_card}", f"card {d_card}")
    return last_scores(t)


def last_scores(t: Table) -> tuple[int, int]:
    found = [e.data for e in t.events if e.kind == "scores"]
    assert found, "no attack was resolved"
    return found[-1]["attack"], found[-1]["defence"]


def kinds(t: Table) -> list[str]:
    return [e.kind for e in t.events]


def attacks_from(t: Table, square: str) -> set[str]:
    """The squares the gladiator on `square` may attack now."""
    return {a.split()[2] for a in t.legal() if a.startswith("attack ") and a.split()[1] == square}


def where(t: Table, g: int) -> str | None:
    """The square of gladiator `g`, None once off the arena."""
    square = t.state.square[g]
    return None if square < 0 else CAT.rules.squares[square]


def facing(t: Table, g: int) -> str:
    return "nesw"[t.state.facing[g]]


def outcome(attack: int, defence: int) -> str:
    """ "Attack outcome", the most favourable to the attacker: the defender higher parries, a
    tie does nothing, higher pushes back, twice wounds, four times bites the dust."""
    if defence > attack:
        return "parry"
    if attack == defence:
        return "tie"
    if attack >= 4 * defence:
        return "bite"
    if attack >= 2 * defence:
        return "wound"
    return "push"


def final(base: int, card: str) -> int:
    """A final combat score: the die plus the modifiers, never below 1 (the sidebar)."""
    return max(1, base + die(card))


def pick(a_base: int, d_base: int, wanted: str, avoid: tuple[str, ...] = ()) -> tuple[str, str]:
    """Two cards (attacker's, defender's) whose dice give the `wanted` outcome when added to
    the attacker's and defender's modifiers (the tests also check the exact scores); none of
    `avoid` (say, the card in play)."""
    codes = [c.code for c in CAT.cards if c.code not in avoid]
    found = [
        (a, d)
        for a in codes
        for d in codes
        if outcome(final(a_base, a), final(d_base, d)) == wanted
    ]
    assert found, f"no cards give {wanted} for {a_base} against {d_base}"
    return found[0]


# Squares out of the way where the gladiators a test does not use stand, facing the wall, so
# each familia keeps four gladiators (no victory condition is met by accident).
RESERVE = (
    (("a1", "s"), ("b1", "s"), ("c1", "s"), ("a2", "w")),
    (("h8", "n"), ("g8", "n"), ("f8", "n"), ("h7", "e")),
)


def bench(t: Table) -> None:
    """Place every gladiator not yet in the arena on his familia's reserve squares."""
    s = t.state
    for seat in range(s.num_players):
        free = [(sq, f) for sq, f in RESERVE[seat] if s.board[t.sq(sq)] < 0]
        for g in range(seat * CAT.rules.familia, (seat + 1) * CAT.rules.familia):
            if s.square[g] < 0 and s.wounds[g] < 2:
                square, face = free.pop(0)
                t.place(seat, spec_of(t, g).code, square, face)


def spec_of(t: Table, g: int) -> Armatura:
    return CAT.armaturae[t.state.fighters[g].armatura]
