"""The heuristic player under the rules of format version 2: Savage Attack and Doughty Defence
bind their gladiator all round even face down (Definitions: SA, DD), and special actions are
revealed when declared (Game Play 3b.3-4)."""

from __future__ import annotations

import random

from colosseum.agents import make_agent
from colosseum.games.ludus_gladiatorius.data import load_catalog
from colosseum.games.ludus_gladiatorius.heuristic import counter_scores

from .helpers import GAME, LION, MURMILLO, RETIARIUS, THRAEX, Position


def test_heuristic_defends_whenever_the_rules_allow() -> None:
    """Offered a defence it defends; with a Savage Attack face down it is offered none and
    takes the blow (the only legal action), so Savage Attack no longer tempts it to decline."""
    heuristic = make_agent("heuristic", GAME)
    for code, expected in (("blank", "defend"), ("D", "defend"), ("SA", "no-defence")):
        state = (
            Position()
            .at(murmillo="g5", thraex="h5", retiarius="a4", lion="m6")
            .counter(MURMILLO, code)
            .acting(THRAEX, order=[THRAEX, MURMILLO, RETIARIUS, LION])
            .build()
        )
        state.apply("attack 1")
        assert str(heuristic.choose(state, 0, random.Random(0))) == expected, code


def test_heuristic_prefers_dodge_to_savage_attack_when_struck_first() -> None:
    """Game Play 2: with an opponent near who acts first, the Murmillo would rather keep his
    defence (and his attack): Dodge first, Savage Attack (no defence all round) last."""
    state = (
        Position()
        .at(murmillo="g5", thraex="h5", retiarius="a4", lion="m6")
        .placing(MURMILLO, order=[THRAEX, MURMILLO, RETIARIUS, LION])
        .build()
    )
    scores = counter_scores(state.view(0), MURMILLO, load_catalog().arena)
    assert scores["D"] > scores["DD"] > scores["SA"]
    own = ("blank", "SA", "DD", "D")  # the Murmillo's sheet
    assert max(own, key=scores.__getitem__) == "D"
