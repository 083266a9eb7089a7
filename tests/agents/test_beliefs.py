"""Beliefs (agents/beliefs.py): guesses weighed by how the guide would have chosen, read from
the searching seat's view alone."""

from __future__ import annotations

import math
import random
from collections import Counter
from functools import partial

import pytest

import colosseum
from colosseum.agents import InvalidAgent, make_agent
from colosseum.agents.beliefs import SHARP_TEMPERATURE
from colosseum.agents.ismcts import ISMCTSAgent
from colosseum.core.state import State
from colosseum.games.ludus_gladiatorius.data import load_catalog
from colosseum.games.ludus_gladiatorius.heuristic import TEMPERATURE, counter_scores
from colosseum.games.ludus_gladiatorius.search import belief as ludus

from ..ludus_gladiatorius.helpers import CODES, MURMILLO, THRAEX, Position

GUESSES = 2000


def _thraex_counter(state: State, seat: int, temperature: float = TEMPERATURE) -> Counter[str]:
    sample = ludus(state, seat, temperature)
    rng = random.Random(1)
    return Counter(CODES[sample(rng).to_position()["counter"][THRAEX - 1]] for _ in range(GUESSES))


def _acting_murmillo(thraex_stood: str) -> State:
    """Seat 1's Thraex placed a Feint face down, standing at `thraex_stood` when he did; he
    now stands next to the Murmillo (seat 0), who acts first."""
    position = (
        Position()
        .at(murmillo="g5", thraex="h5", retiarius="a4", lion="m6")
        .counter(THRAEX, "F")
        .acting(MURMILLO, order=[MURMILLO, THRAEX, 2, 5])
    )
    position.set("start_hex", ["g5", "a4", thraex_stood, None, "m6"])
    return position.build()


def test_the_ludus_belief_weighs_a_face_down_counter_by_the_guides_preference() -> None:
    """Each code the Thraex could have placed is guessed in proportion to the softmax of the
    heuristic's score for it, judged from where everyone stood at the placing."""
    state = _acting_murmillo(thraex_stood="h5")
    view = state.view(0)
    arena = load_catalog(str(state.options["data"])).arena
    scores = counter_scores(view, THRAEX, arena, board="start_hex")
    options = ["blank", "SA", "F", "D"]  # the Thraex's sheet, nothing used yet
    weights = {code: math.exp(scores[code] / TEMPERATURE) for code in options}
    total = sum(weights.values())
    guessed = _thraex_counter(state, 0)
    assert set(guessed) == set(options)
    for code in options:
        assert guessed[code] / GUESSES == pytest.approx(weights[code] / total, abs=0.04)


def test_the_ludus_belief_judges_the_board_when_the_counters_were_placed() -> None:
    """Next to the Murmillo, who strikes first, the heuristic would have placed a defence
    (Dodge, its sheet having no Doughty Defence); far from everyone, a blank."""
    near = _thraex_counter(_acting_murmillo(thraex_stood="h5"), 0)
    far = _thraex_counter(_acting_murmillo(thraex_stood="m4"), 0)
    assert near.most_common(1)[0][0] == "D"
    assert far.most_common(1)[0][0] == "blank"


def test_a_sharp_belief_guesses_the_guides_choice_more_often() -> None:
    """At temperature 0.5 (`belief=sharp`) the Dodge the heuristic would have placed is
    e^2 times as likely as the Feint it ranks next, against e^0.5 at its own 2."""
    state = _acting_murmillo(thraex_stood="h5")
    sharp = _thraex_counter(state, 0, SHARP_TEMPERATURE)
    guide = _thraex_counter(state, 0)
    assert sharp["D"] / sharp["F"] == pytest.approx(math.exp(2), rel=0.25)
    assert guide["D"] / guide["F"] == pytest.approx(math.exp(0.5), rel=0.15)


def _mid_round(seed: int) -> tuple[State, int]:
    """A heuristic game at an activation with an opponent's counter face down."""
    state = colosseum.new_game("ludus", players=2, seed=seed)
    heuristic = make_agent("heuristic", "ludus")
    rng = random.Random(seed)
    while True:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        hidden = [g for g in view["gladiators"] if g["counter"] == "hidden"]
        if view["phase"] == "act" and hidden and len(state.legal_actions()) > 1:
            return state, seat
        state.apply(heuristic.choose(state, seat, rng))


@pytest.mark.parametrize("guess", [1, 2, 3])
def test_the_ludus_belief_reads_only_the_view(guess: int) -> None:
    """States the seat cannot tell apart give the same guesses, and the same search choice."""
    state, seat = _mid_round(seed=6)
    other = state.determinize(seat, random.Random(guess))
    assert other.view(seat) == state.view(seat)
    assert other.to_position() != state.to_position()
    for k in range(20):
        mine = ludus(state, seat)(random.Random(k)).to_position()
        assert ludus(other, seat)(random.Random(k)).to_position() == mine
    searcher = make_agent("ismcts:iterations=60,belief=guide", "ludus")
    choice = searcher.choose(state, seat, random.Random(5))
    again = make_agent("ismcts:iterations=60,belief=guide", "ludus")
    assert again.choose(other, seat, random.Random(5)) == choice


def test_specs_choose_the_belief() -> None:
    agent = make_agent("ismcts:belief=guide", "ludus")
    assert isinstance(agent, ISMCTSAgent) and agent.belief is ludus
    agent = make_agent("ismcts:belief=sharp", "ludus")
    assert isinstance(agent, ISMCTSAgent) and isinstance(agent.belief, partial)
    assert agent.belief.keywords == {"temperature": SHARP_TEMPERATURE}
    agent = make_agent("ismcts:belief=even", "ludus")
    assert isinstance(agent, ISMCTSAgent) and agent.belief is None
    with pytest.raises(InvalidAgent, match="not even, guide or sharp"):
        make_agent("ismcts:belief=psychic", "ludus")
    for name in ("guide", "sharp"):
        with pytest.raises(InvalidAgent, match="jugula has no belief"):
            make_agent(f"ismcts:belief={name}", "jugula")


def test_ludus_guesses_counters_by_the_sharp_belief_by_default() -> None:
    """Ludus' default search guesses face-down counters as the heuristic would have placed
    them, at the sharp temperature; Ludi and Jugula have no belief and guess evenly."""
    agent = make_agent("ismcts", "ludus")
    assert isinstance(agent, ISMCTSAgent) and isinstance(agent.belief, partial)
    assert agent.belief.func is ludus
    assert agent.belief.keywords == {"temperature": SHARP_TEMPERATURE}
    for game in ("ludi", "jugula"):
        agent = make_agent("ismcts", game)
        assert isinstance(agent, ISMCTSAgent) and agent.belief is None
