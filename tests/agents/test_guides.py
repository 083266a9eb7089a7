"""Heuristic players as guides of the search (agents/base.py `Guide`, agents/ismcts.py): their
preferences cover the legal actions, favour the move they play, and become the search's prior
with `guide=scores`."""

from __future__ import annotations

import random

import pytest

import colosseum
from colosseum.agents import InvalidAgent, make_agent
from colosseum.agents.base import Guide
from colosseum.agents.ismcts import ISMCTSAgent

GUIDED_GAMES = ("ludus-gladiatorius", "jugula")


@pytest.mark.parametrize("game", GUIDED_GAMES)
@pytest.mark.parametrize("players", [2, 3])
def test_preferences_favour_the_move_the_heuristic_plays(game: str, players: int) -> None:
    heuristic = make_agent("heuristic", game)
    assert isinstance(heuristic, Guide)
    checked = 0
    for seed in range(3):
        state = colosseum.new_game(game, players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            legal = {str(action) for action in state.legal_actions()}
            weights = heuristic.preferences(state, seat, random.Random(0))
            assert set(weights) <= legal
            assert all(weight >= 0 for weight in weights.values())
            played = heuristic.choose(state, seat, random.Random(0))
            assert weights[str(played)] == max(weights.values())
            checked += 1
            actions = state.legal_actions()
            # mostly the heuristic's moves, some random ones for positions it would not reach
            state.apply(played if rng.random() < 0.8 else actions[rng.randrange(len(actions))])
    assert checked > 100


@pytest.mark.parametrize("game", GUIDED_GAMES)
def test_a_search_guided_by_scores_starts_from_the_favourite(game: str) -> None:
    state = colosseum.new_game(game, players=2, seed=4)
    heuristic = make_agent("heuristic", game)
    rng = random.Random(4)
    while len(state.legal_actions()) < 3:
        seat = state.current_player
        assert seat is not None
        state.apply(heuristic.choose(state, seat, rng))
    seat = state.current_player
    assert seat is not None
    guided = make_agent("ismcts:iterations=1,policy=heuristic,prior=0.8,guide=scores", game)
    assert isinstance(guided, ISMCTSAgent) and guided.scores
    expected = heuristic.choose(state, seat, random.Random(1))
    assert guided.choose(state, seat, random.Random(1)) == expected


def test_the_guidance_is_the_normalised_preferences() -> None:
    state = colosseum.new_game("ludus", players=2, seed=2)
    seat = state.current_player
    assert seat is not None
    agent = make_agent("ismcts:iterations=5,policy=heuristic,guide=scores", "ludus")
    assert isinstance(agent, ISMCTSAgent)
    guidance = agent._guidance(state, seat, random.Random(0))
    assert sum(guidance.values()) == pytest.approx(1.0)
    assert len(guidance) == len(state.legal_actions())
    agent.scores = False
    assert list(agent._guidance(state, seat, random.Random(0)).values()) == [1.0]


def test_a_bad_guide_is_refused() -> None:
    with pytest.raises(InvalidAgent, match="not move or scores"):
        make_agent("ismcts:guide=oracle", "ludus")


def test_jugula_and_ludus_search_by_the_heuristics_scores_ludi_by_its_move() -> None:
    """Jugula's and Ludus' default guidance is spread by the heuristic's values (docs/agents.md:
    in Jugula with all of it on the heuristic's move the search never left that move; in Ludus
    the spread pays once rollouts end at the round's end); Ludi keeps it on the move."""
    for game in ("jugula", "ludus"):
        agent = make_agent("ismcts", game)
        assert isinstance(agent, ISMCTSAgent) and agent.scores
    ludi = make_agent("ismcts", "ludi")
    assert isinstance(ludi, ISMCTSAgent) and not ludi.scores
    on_the_move = make_agent("ismcts:guide=move", "jugula")
    assert isinstance(on_the_move, ISMCTSAgent) and not on_the_move.scores
