"""The Jugula heuristic agent: legal, blind to what its seat may not know, better than random."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from colosseum import new_game
from colosseum.agents import RandomAgent, make_agent
from colosseum.agents.base import Agent
from colosseum.agents.heuristic.jugula import JugulaHeuristic, World
from colosseum.core.actions import Action
from colosseum.core.state import State
from colosseum.games.jugula.data import load_catalog


class ViewOnly:
    """A state stripped to what an agent may read: its view, the legal actions, the options."""

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self._seat = seat
        self.options = state.options

    def view(self, seat: int | None) -> dict[str, Any]:
        assert seat == self._seat, "the agent asked for another seat's view"
        return self._state.view(seat)

    def legal_actions(self) -> list[Action]:
        return self._state.legal_actions()


def play(
    players: int, seed: int, agents: list[Agent], check: bool = False
) -> tuple[list[int], int]:
    """A full game; every heuristic choice must be legal (and, with `check`, made from the
    seat's view alone). Returns the winners and the number of heuristic decisions."""
    state = new_game("jugula", players=players, seed=seed)
    rng = random.Random(seed)
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        agent = agents[seat]
        if isinstance(agent, JugulaHeuristic):
            decisions += 1
            if check:
                blind = cast(State, ViewOnly(state, seat))
                action = agent.choose(blind, seat, random.Random(decisions))
                assert agent.choose(state, seat, random.Random(decisions)) == action
            else:
                action = agent.choose(state, seat, rng)
            assert action in state.legal_actions()
        else:
            action = agent.choose(state, seat, rng)
        state.apply(action)
    return state.winners(), decisions


def test_registered_as_the_jugula_heuristic() -> None:
    assert isinstance(make_agent("heuristic", "jugula"), JugulaHeuristic)


def test_reads_traits_from_the_view() -> None:
    """The arena it rebuilds from the view knows each armatura's traits and numbers."""
    familiae = "sagittarius,crupellarius,scissor,dimachaerius/retiarius,veles,hoplomachus,secutor"
    state = new_game("jugula", players=2, seed=3, options={"familiae": familiae})
    world = World(state.view(0), load_catalog())
    glads = {(g.seat, g.code): g for g in world.glads}
    assert glads[(0, "sagittarius")].bow and glads[(0, "sagittarius")].reach == 5
    assert glads[(0, "crupellarius")].massive
    assert glads[(0, "scissor")].stoic and glads[(1, "secutor")].stoic
    assert glads[(0, "dimachaerius")].harass
    assert glads[(1, "retiarius")].net_ready and glads[(1, "veles")].reach == 2
    hoplomachus = glads[(1, "hoplomachus")]
    assert hoplomachus.reach == 1 and not (hoplomachus.bow or hoplomachus.stoic)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (3, 3), (4, 4)])
def test_only_legal_actions_over_full_games(players: int, seed: int) -> None:
    """The heuristic against random and against itself, seats alternating."""
    agents: list[Agent] = [
        JugulaHeuristic() if k % 2 == seed % 2 else RandomAgent() for k in range(players)
    ]
    _, decisions = play(players, seed, agents)
    assert decisions > 0
    _, decisions = play(players, seed + 100, [JugulaHeuristic() for _ in range(players)])
    assert decisions > 0


@pytest.mark.parametrize("players", [2, 3])
def test_decides_from_its_view_alone(players: int) -> None:
    """Given only the view, the legal actions and the options, it chooses what it chooses with
    the whole state in hand."""
    agents: list[Agent] = [JugulaHeuristic()] + [RandomAgent() for _ in range(players - 1)]
    _, decisions = play(players, 21, agents, check=True)
    assert decisions > 0


def test_choice_unchanged_by_determinized_hidden_cards() -> None:
    """Hands, decks and face-down cards dealt again as its seat may imagine them: the view is
    the same, and so is every choice."""
    state = new_game("jugula", players=2, seed=8)
    agents: list[Agent] = [JugulaHeuristic(), JugulaHeuristic()]
    rng = random.Random(8)
    checked = 0
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        action = agents[seat].choose(state, seat, random.Random(0))
        if checked < 120:
            for k in range(3):
                other = state.determinize(seat, random.Random(k))
                assert other.view(seat) == state.view(seat)
                assert agents[seat].choose(other, seat, random.Random(0)) == action
            checked += 1
        state.apply(action if rng.random() < 0.9 else rng.choice(state.legal_actions()))
    assert checked > 20


def test_beats_random_clearly() -> None:
    wins = 0.0
    games = 30
    for seed in range(games):
        agents: list[Agent] = [JugulaHeuristic(), RandomAgent()]
        if seed % 2:
            agents.reverse()
        winners, _ = play(2, 500 + seed, agents)
        mine = [k for k, agent in enumerate(agents) if isinstance(agent, JugulaHeuristic)]
        wins += sum(1 for k in mine if k in winners) / len(winners)
    assert wins >= 0.85 * games
