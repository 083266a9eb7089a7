"""Random Jugula games at two, three and four lanistae, checking after every action what the
rulebook never lets go wrong: each lanista's 24 cards are each in exactly one place ("Jugula
Cards", "Draw Effect"), one gladiator per square ("A gladiator may NEVER move into ... a square
occupied by another figure"), the Vox Populi on its track from 0 to 10 ("Vox Populi changes"),
the hand limit and the one-card minimum at the end of every turn ("Maximum hand size", "Last
but not least!"), Hindrance markers on a card or on one gladiator ("Hindrance"), and the game
ends. A few games run by default; COLOSSEUM_SOAK=1 plays many more."""

from __future__ import annotations

import random

import pytest

import colosseum
from colosseum.core.actions import Action
from colosseum.games.jugula.cards import card_places
from colosseum.games.jugula.state import JugulaState

MAX_STEPS = 20_000
# Actions a bloodthirsty lanista prefers: abilities, combat, attacks, wounds.
EAGER = ("ability", "combat", "attack", "execute", "pursue", "use")


def pick(rng: random.Random, legal: list[Action], policy: str) -> Action:
    if policy == "eager":
        keen = [a for a in legal if a.kind in EAGER or (a.args and a.args[-1] in EAGER)]
        if keen and rng.random() < 0.8:
            return rng.choice(keen)
    return rng.choice(legal)


def check_cards(s: JugulaState) -> None:
    size = len(s.catalog.cards)
    for seat in range(s.num_players):
        places = card_places(s, seat)
        assert sorted(places) == list(range(size)), f"seat {seat}'s cards"
        assert set(s.shown[seat]) <= set(s.hand[seat])
        assert all(s.catalog.cards[c].prima for c in s.aside[seat])


def check_arena(s: JugulaState) -> None:
    rules = s.catalog.rules
    assert len(s.board) == rules.width * rules.height
    on_board = [g for g in s.board if g >= 0]
    assert len(on_board) == len(set(on_board)), "a gladiator on two squares"
    for square, g in enumerate(s.board):
        if g >= 0:
            assert s.square[g] == square
    for g, square in enumerate(s.square):
        seat = s.fighters[g].seat
        assert s.wounds[g] in (0, 1, 2)
        if square >= 0:
            assert s.board[square] == g
            assert s.wounds[g] < 2, "a gladiator who bit the dust is still in the arena"
            assert not s.out[seat], "a familia out of the arena still has a figure in it"
            assert 0 <= s.facing[g] < 4
    for g in range(len(s.fighters)):
        holders = [owner for owner, victim in enumerate(s.marker) if victim == g]
        assert s.held[g] == len(holders)
        if holders:
            assert s.square[g] >= 0
    for owner, victim in enumerate(s.marker):
        index = s.fighters[owner].armatura
        if index >= 0 and not s.catalog.armaturae[index].hindrance:
            assert victim == -2


def check_crowd(s: JugulaState) -> None:
    rules = s.catalog.rules
    for level in s.vox:
        assert 0 <= level <= rules.vox_max == 10


def check_turn_end(s: JugulaState, seat: int) -> None:
    """At the end of a turn: no more cards than the Vox Populi allows, and never none."""
    if s.out[seat]:
        return
    rules = s.catalog.rules
    assert len(s.hand[seat]) <= rules.vox_hand[s.vox[seat]], "hand over the limit"
    if s.deck[seat] or s.discard[seat]:
        assert len(s.hand[seat]) >= rules.hand_minimum, "a turn ended with no card in hand"


def playout(seed: int, players: int, policy: str = "random", **options: object) -> JugulaState:
    s = colosseum.new_game("jugula", players=players, seed=seed, options=options)
    assert isinstance(s, JugulaState)
    rng = random.Random(seed)
    turn_seat = None
    for _ in range(MAX_STEPS):
        check_cards(s)
        check_arena(s)
        check_crowd(s)
        if s.is_terminal():
            break
        seat = s.current_player
        assert seat is not None and not s.out[seat]
        legal = s.legal_actions()
        assert legal
        events = s.apply(pick(rng, legal, policy))
        for event in events:
            if event.kind in ("turn", "game_over"):
                if turn_seat is not None:
                    check_turn_end(s, turn_seat)
                turn_seat = event.data.get("seat")
    else:
        pytest.fail(f"no end after {MAX_STEPS} actions")
    check_cards(s)
    assert s.is_terminal()
    assert s.current_player is None and s.legal_actions() == []
    winners = s.winners()
    assert winners and all(not s.out[w] for w in winners)
    assert s.fight is None
    return s


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("policy", ["random", "eager"])
def test_random_playouts_keep_every_invariant(players: int, policy: str) -> None:
    """A few games per player count and policy, every invariant after every action."""
    for k in range(3):
        playout(1_000 + 17 * k + players, players, policy, turn_limit=150)


def test_short_games_end_by_the_turn_limit() -> None:
    """Our turn limit (docs/rules/jugula.md, off unless set) ends any game."""
    for players in (2, 3, 4):
        s = playout(5, players, turn_limit=12)
        assert s.turns <= 13 and s.capped()


def test_some_random_games_end_in_victory() -> None:
    """Winning the game / Victory: the fight ends when a familia is beaten, before the judges'
    turn limit."""
    for seed in range(20):
        s = playout(seed, 2, "eager", turn_limit=400)
        if not s.capped():
            break
    else:
        pytest.fail("no random game ended in victory")
    beaten = [seat for seat in (0, 1) if seat not in s.winners()]
    assert len(s.winners()) == 1 and len(beaten) == 1


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("policy", ["random", "eager"])
def test_soak_many_random_playouts(players: int, policy: str) -> None:
    """Hundreds of games per player count and policy (COLOSSEUM_SOAK=1)."""
    for seed in range(300):
        playout(50_000 + seed * 7_919 + players, players, policy, turn_limit=400)


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4])
def test_soak_playouts_with_talents_and_options(players: int) -> None:
    """Hundreds of games with talents, upgrades, wounded starters, Manicarius and Sacerdos."""
    familiae = [
        "thraex+aware+fast,murmillo+impressive,veles+dodge,provocator+tough",
        "retiarius+souple,secutor+sturdy+brute,laquearius+sharp,crupellarius+resilient",
        "dimachaerius+dexter,scissor+butcher,sagittarius+perfidious,hoplomachus+leader",
        "veles+wounded,thraex+att+att,retiarius+mp,murmillo+def+wounded",
    ][:players]
    for seed in range(150):
        playout(
            90_000 + seed * 104_729 + players,
            players,
            "eager" if seed % 2 else "random",
            turn_limit=400,
            familiae="/".join(familiae),
            vox=",".join(str(seed % 4) for _ in range(players)),
            prima="/".join(
                "audacia+fatalitas" if p == seed % players else "" for p in range(players)
            ),
        )
