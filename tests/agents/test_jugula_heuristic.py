"""The Jugula heuristic agent: legal, blind to what its seat may not know, better than random."""

from __future__ import annotations

import random
from typing import Any, NoReturn

import pytest

from colosseum import new_game
from colosseum.agents import RandomAgent, make_agent
from colosseum.agents.base import Agent
from colosseum.core.actions import Action
from colosseum.core.state import State
from colosseum.games.jugula.data import load_catalog
from colosseum.games.jugula.heuristic import JugulaHeuristic, World
from tests.jugula.fights import CAT, att, bench, deal, dfn, fight, pick
from tests.jugula.helpers import Table, two_sides
from tests.jugula.test_combat import BOWMAN


def _beyond_the_view(*_: object) -> NoReturn:
    raise AssertionError("the agent read the state beyond its view and legal actions")


class ViewOnly(State):
    """A state stripped to what an agent may read: its view, the legal actions, the options.
    A `State` by type, as the compiled agent asks, but anything else it read fails (State's
    own fields are never set; its other methods refuse)."""

    current_player = property(_beyond_the_view)
    _legal_actions = _apply = is_terminal = winners = clone = _beyond_the_view
    _resample_hidden = _position_body = _beyond_the_view

    def __init__(self, state: State, seat: int) -> None:  # State's own __init__ not run
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
                blind = ViewOnly(state, seat)
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


# --- the rulebook's "may": the heuristic's choices ------------------------------------------------


def _choice(state: State) -> str:
    seat = state.current_player
    assert seat is not None
    return str(JugulaHeuristic().choose(state, seat, random.Random(0)))


def _parried(vox: tuple[int, int], defender_cards: tuple[str, ...]) -> State:
    """Seat 0's Thraex attacks seat 1's Hoplomachus, who parries: seat 1 decides on the +1."""
    t = Table()
    t.place(0, "thraex", "d4", "n")
    t.place(1, "hoplomachus", "d5", "s")
    bench(t)
    t.vox(0, vox[0])
    t.vox(1, vox[1])
    t.attacks(0)
    a_base = att("thraex", "hoplomachus") + CAT.rules.vox_attack[vox[0]]
    a_card, d_card = pick(a_base, dfn("hoplomachus", "thraex"), "parry")
    deal(t, 0, a_card)
    t.hand(1, d_card, *defender_cards)
    t.do("attack d4 d5", f"card {a_card}", f"card {d_card}")
    assert t.legal() == ["acclaim", "decline"]
    return t.state


def test_attack_outcome_takes_the_crowds_point_by_default() -> None:
    """Attack outcome ("may immediately increase his Vox Populi"): without a reason to refuse,
    the heuristic takes the +1."""
    assert _choice(_parried((0, 0), ("impetus", "plausus"))) == "acclaim"


def test_attack_outcome_declines_the_point_that_would_cost_virtus() -> None:
    """Attack outcome / Virtus: holding Virtus (usable only without the highest Vox Populi), it
    declines a +1 that would make it the crowd's favourite for almost nothing (4 to 5 changes
    neither the attack bonus nor the hand limit)."""
    assert _choice(_parried((4, 4), ("virtus", "impetus", "plausus"))) == "decline"


def test_vox_populi_changes_draws_beyond_ten_with_room_in_hand() -> None:
    """Vox Populi changes ("can draw"): at 10 with a small hand it draws the extra card."""
    t = Table()
    two_sides(t)
    t.hand(0, "impetus", "virtus")
    t.vox(0, 9)
    t.turn(0)
    t.do("play impetus vox")
    assert _choice(t.state) == "extra"


def test_pursuing_a_bowman_does_not_follow_into_the_enemys_reach() -> None:
    """Pursuing from a distance is a choice: the Sagittarius (Bow: never attacks an adjacent
    gladiator) stays back rather than step next to the Hoplomachus he pushed."""
    t = Table(BOWMAN)
    t.place(0, "sagittarius", "d2", "n")
    t.place(1, "hoplomachus", "d5", "s")
    bench(t)
    t.attacks(0)
    a_base = att("sagittarius", "hoplomachus")
    fight(t, "d2", "d5", *pick(a_base, dfn("hoplomachus", "sagittarius") + 2, "push"))
    assert set(t.legal()) == {"pursue", "hold"}
    assert _choice(t.state) == "hold"
