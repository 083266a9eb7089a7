"""Guessing what a seat cannot see: where everyone stood when the round's counters were
placed (public, in the view), and guesses of face-down counters weighed by a belief."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import colosseum
from colosseum import ColosseumError
from colosseum.agents import make_agent

from .helpers import (
    CODES,
    GAME,
    KIND,
    LION,
    MURMILLO,
    THRAEX,
    Position,
    gladiator_view,
)


def test_the_view_keeps_where_each_gladiator_stood_when_the_counters_were_placed() -> None:
    """A gladiator that moves keeps its round's starting hex in the view until the next
    round's counters, when every starting hex is where its gladiator then stands (a move
    that ends the round is followed at once by the next round's starting hexes)."""
    state = colosseum.new_game(GAME, players=2, seed=4)
    heuristic = make_agent("heuristic", GAME)
    rng = random.Random(4)
    moves = new_rounds = 0
    while not state.is_terminal() and new_rounds < 3:
        seat = state.current_player
        assert seat is not None
        events = state.apply(heuristic.choose(state, seat, rng))
        view = state.view(seat)
        new_round = any(event.kind == "round_start" for event in events)
        for event in events:
            moved = event.kind == "moved" and event.data["from"] != event.data["to"]
            if moved and not new_round:
                entry = gladiator_view(view, event.data["gladiator"])
                assert entry["hex"] == event.data["to"]
                assert entry["start_hex"] == event.data["from"]
                moves += 1
            if event.kind == "round_start":
                assert all(g["start_hex"] == g["hex"] for g in view["gladiators"])
                new_rounds += 1
    assert moves and new_rounds == 3


def test_a_position_keeps_the_starting_hexes() -> None:
    state = colosseum.new_game(GAME, players=2, seed=4)
    for _ in range(12):
        state.apply(state.legal_actions()[-1])
    position = state.to_position()
    again = colosseum.from_position(GAME, position)
    assert again.view(0) == state.view(0)
    assert again.to_position()["start_hex"] == position["start_hex"]


def _thraex_face_down(*ruled_out: str) -> Position:
    """Seat 1's Thraex has a face-down Feint; the Murmillo (seat 0) acts."""
    return (
        Position()
        .at(murmillo="g5", thraex="h5", retiarius="a4", lion="m6")
        .counter(THRAEX, "F", ruled_out=ruled_out)
        .counter(LION, "FS")
        .acting(MURMILLO)
    )


def test_a_weighted_guess_draws_a_counter_by_its_weight() -> None:
    """Weights 3 : 1 on a Savage Attack and the blank: about three guesses in four are the
    Savage Attack, none is anything else, and the sheet is crossed off to match."""
    state = _thraex_face_down().build()
    guesses = Counter()
    for k in range(400):
        guess = state.determinize_counters(0, random.Random(k), {THRAEX: {"SA": 3.0, "blank": 1}})
        position = guess.to_position()
        code = CODES[position["counter"][THRAEX - 1]]
        guesses[code] += 1
        left = position["remaining"][(THRAEX - 1) * 7 + KIND["SA"]]
        assert left == (1 if code == "SA" else 2)
    assert set(guesses) == {"SA", "blank"}
    assert 0.68 < guesses["SA"] / 400 < 0.82


def test_a_weighted_guess_never_makes_a_counter_ruled_out_in_public() -> None:
    """All the weight on a Savage Attack that everyone knows it is not: the guess falls back
    to an even draw among what is left."""
    state = _thraex_face_down("SA").build()
    codes = {
        CODES[
            state.determinize_counters(0, random.Random(k), {THRAEX: {"SA": 1.0}}).to_position()[
                "counter"
            ][THRAEX - 1]
        ]
        for k in range(100)
    }
    assert "SA" not in codes and len(codes) >= 2


def test_a_weighted_guess_leaves_unlisted_counters_to_the_even_draw() -> None:
    state = _thraex_face_down().build()
    lion = Counter(
        CODES[
            state.determinize_counters(0, random.Random(k), {THRAEX: {"D": 1.0}}).to_position()[
                "counter"
            ][LION - 1]
        ]
        for k in range(300)
    )
    assert set(lion) == {"blank", "FS", "SA"}


@pytest.mark.parametrize(
    ("weights", "message"),
    [
        ({MURMILLO: {"SA": 1.0}}, "not an opponent of seat 0"),
        ({9: {"SA": 1.0}}, "not an opponent of seat 0"),
    ],
)
def test_a_weighted_guess_refuses_gladiators_it_cannot_guess(
    weights: dict[int, dict[str, float]], message: str
) -> None:
    state = _thraex_face_down().build()
    before = state.to_position()
    with pytest.raises(ColosseumError, match=message):
        state.determinize_counters(0, random.Random(0), weights)
    assert state.to_position() == before


def test_a_weighted_guess_needs_a_face_down_counter() -> None:
    state = Position().at(murmillo="g5", thraex="h5").placing(MURMILLO).build()
    with pytest.raises(ColosseumError, match="no face-down counter"):
        state.determinize_counters(0, random.Random(0), {THRAEX: {"SA": 1.0}})
