"""The kernel's public contract (docs/kernel.md), checked for every registered game.

Random playouts (termination, decisions until the end, JSON-safe views, actions and events),
the view-leak property of `determinize`, replay determinism, position round trips (RNG
included) and clone independence. Hypothesis drives seeds and action-index sequences.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import colosseum
from colosseum import Action, ColosseumError, Event, State
from colosseum.core import registry
from colosseum.sim.match import new_simulated_game

# The registry read through colosseum.core, so that this module is still collected should
# `colosseum.games` ever be shadowed again (test_games_stays_callable_after_a_game_is_loaded).
REGISTERED = registry.games()
GAME_IDS = sorted(REGISTERED)
SETUPS = [
    (game_id, players)
    for game_id, info in REGISTERED.items()
    for players in range(info.min_players, info.max_players + 1)
]
SETUP_IDS = [f"{game_id}-{players}p" for game_id, players in SETUPS]
MAX_STEPS = 20_000

seeds = st.integers(min_value=0, max_value=2**63 - 1)
choices = st.lists(st.integers(min_value=0, max_value=10**6), max_size=160)
setups = st.sampled_from(SETUPS)


def json_round_trip(value: Any) -> Any:
    return json.loads(json.dumps(value))


def walk(state: State, indices: list[int]) -> list[str]:
    """Apply legal_actions()[i % n] for each index until the game ends; the notations played."""
    played = []
    for index in indices:
        if state.is_terminal():
            break
        actions = state.legal_actions()
        action = actions[index % len(actions)]
        state.apply(action)
        played.append(str(action))
    return played


def new(setup: tuple[str, int], seed: int) -> State:
    """A new game with the game's cap set explicitly (the default is the rulebook's, uncapped),
    so random playouts end within a bound."""
    game_id, players = setup
    return new_simulated_game(game_id, players, seed)


# --- the registry ---------------------------------------------------------------------------


def test_games_lists_every_game_with_its_options() -> None:
    games = colosseum.games()
    assert "ludus-gladiatorius" in games
    for game_id, info in games.items():
        assert info.id == game_id
        assert info.title
        assert 1 <= info.min_players <= info.max_players
        for spec in info.options:
            assert spec.name and spec.description
            assert isinstance(spec.default, spec.type)
            assert spec.parse(spec.default) == spec.default
            assert spec.describe()


def test_games_stays_callable_after_a_game_is_loaded() -> None:
    """`colosseum.games()` is the contract's listing; loading a game must not replace it."""
    colosseum.new_game("ludus", players=2, seed=1)
    assert callable(colosseum.games), f"colosseum.games is now {colosseum.games!r}"
    assert "ludus-gladiatorius" in colosseum.games()
    assert "ludus-gladiatorius" in colosseum.games()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_games_answer_to_their_id_and_aliases(game_id: str) -> None:
    info = REGISTERED[game_id]
    for name in (game_id, game_id.upper(), f"  {game_id} ", *info.aliases):
        state = colosseum.new_game(name, players=info.min_players, seed=1)
        assert state.game_id == game_id


# --- a new game -----------------------------------------------------------------------------


@pytest.mark.parametrize("setup", SETUPS, ids=SETUP_IDS)
def test_new_game_starts_with_a_decision(setup: tuple[str, int]) -> None:
    state = new(setup, 5)
    assert not state.is_terminal()
    assert state.current_player in range(setup[1])
    actions = state.legal_actions()
    assert actions and all(isinstance(a, Action) for a in actions)
    assert len(set(actions)) == len(actions), "no duplicate actions"
    assert state.winners() == []
    assert state.returns() == [0.0] * setup[1]
    assert state.num_players == setup[1]


@pytest.mark.parametrize("setup", SETUPS, ids=SETUP_IDS)
def test_notation_of_every_legal_action_is_accepted_back(setup: tuple[str, int]) -> None:
    state = new(setup, 8)
    walk(state, [3, 1, 4, 1, 5, 9, 2, 6])
    for action in state.legal_actions():
        by_action, by_notation, shouted = state.clone(), state.clone(), state.clone()
        events = by_action.apply(action)
        by_notation.apply(str(action))
        shouted.apply("  " + str(action).upper().replace(" ", "   ") + " ")
        assert by_action.to_position() == by_notation.to_position() == shouted.to_position()
        assert all(isinstance(e, Event) for e in events)
        assert json_round_trip(action.to_json()) == action.to_json()
        assert action.to_json()["notation"] == str(action)
        rebuilt = json_round_trip(action.to_json())
        assert Action(rebuilt["kind"], *rebuilt["args"]) == action


def test_new_game_without_a_seed_draws_one_and_still_replays() -> None:
    state = colosseum.new_game("ludus", players=3)
    walk(state, list(range(40)))
    record = state.record()
    assert isinstance(record["seed"], int)
    assert colosseum.replay(record).to_position() == state.to_position()


def test_the_same_seed_and_actions_give_the_same_game() -> None:
    a = colosseum.new_game("ludus", players=4, seed=99)
    b = colosseum.new_game("ludus", players=4, seed=99)
    walk(a, list(range(300)))
    walk(b, list(range(300)))
    assert a.to_position() == b.to_position()
    others = {
        json.dumps(colosseum.new_game("ludus", players=4, seed=s).view(None)) for s in range(10)
    }
    assert len(others) > 1, "different seeds give different games"


# --- random playouts ------------------------------------------------------------------------


def check_playout(state: State, rnd: random.Random, determinize_every: int) -> int:
    seats = range(state.num_players)
    steps = 0
    while not state.is_terminal():
        assert steps < MAX_STEPS, "the game did not end"
        seat = state.current_player
        assert seat in seats
        actions = state.legal_actions()
        assert actions
        events = state.apply(actions[rnd.randrange(len(actions))])
        steps += 1
        for event in events:
            assert json_round_trip(event.to_json()) == event.to_json()
            assert event.visible_to is None or event.visible_to <= set(seats)
        if steps % determinize_every == 0:
            for p in seats:
                view = state.view(p)
                assert json_round_trip(view) == view
                assert state.determinize(p, random.Random(steps)).view(p) == view
            assert json_round_trip(state.view(None)) == state.view(None)
    assert state.current_player is None
    assert state.legal_actions() == []
    winners = state.winners()
    assert winners and set(winners) <= set(seats)
    returns = state.returns()
    assert len(returns) == state.num_players
    assert abs(sum(returns) - 1.0) < 1e-9
    assert all(returns[s] > 0 for s in winners)
    return steps


@pytest.mark.parametrize("setup", SETUPS, ids=SETUP_IDS)
def test_random_playouts_follow_the_contract(setup: tuple[str, int]) -> None:
    for seed in range(12):
        state = new(setup, seed)
        check_playout(state, random.Random(seed), determinize_every=5)
        record = json_round_trip(state.record())
        assert colosseum.replay(record).to_position() == state.to_position()


@pytest.mark.soak
@pytest.mark.parametrize("setup", SETUPS, ids=SETUP_IDS)
def test_soak_random_playouts_follow_the_contract(setup: tuple[str, int]) -> None:
    for seed in range(1000):
        state = new(setup, 50_000 + seed)
        check_playout(state, random.Random(seed), determinize_every=2)
        assert colosseum.replay(state.record()).to_position() == state.to_position()


# --- hidden information ---------------------------------------------------------------------


@given(setup=setups, seed=seeds, indices=choices, k=st.integers(0, 2**32))
def test_view_leak_property_for_every_seat(
    setup: tuple[str, int], seed: int, indices: list[int], k: int
) -> None:
    state = new(setup, seed)
    for stop in range(0, len(indices) + 1, 8):
        walk(state, indices[stop : stop + 8])
        for seat in range(state.num_players):
            guess = state.determinize(seat, random.Random(k + stop))
            assert guess.view(seat) == state.view(seat)
            if state.current_player == seat:
                assert guess.legal_actions() == state.legal_actions()


@given(setup=setups, seed=seeds, indices=choices)
def test_determinize_leaves_the_real_state_alone_and_is_seeded(
    setup: tuple[str, int], seed: int, indices: list[int]
) -> None:
    state = new(setup, seed)
    walk(state, indices)
    before = state.to_position()
    for seat in range(state.num_players):
        a = state.determinize(seat, random.Random(1))
        b = state.determinize(seat, random.Random(1))
        assert a.to_position() == b.to_position(), "the same rng gives the same guess"
        if not a.is_terminal():
            action = a.legal_actions()[0]
            a.apply(action)
            b.apply(action)
            assert a.to_position() == b.to_position()
    assert state.to_position() == before


def test_determinize_reseeds_the_rng() -> None:
    """Future dice of a determinized state are not the real ones."""
    state = colosseum.new_game("ludus", players=2, seed=3)
    walk(state, list(range(30)))
    real = state.to_position()["rng"]
    guesses = {state.determinize(0, random.Random(k)).to_position()["rng"] for k in range(10)}
    assert real not in guesses
    assert len(guesses) == 10


def test_determinize_refuses_a_seat_outside_the_game() -> None:
    state = colosseum.new_game("ludus", players=2, seed=3)
    for seat in (-1, 2, 7):
        with pytest.raises(ColosseumError):
            state.determinize(seat, random.Random(0))


def test_a_determinized_state_has_no_record() -> None:
    state = colosseum.new_game("ludus", players=2, seed=3)
    with pytest.raises(ColosseumError):
        state.determinize(0, random.Random(0)).record()


# --- replay and positions -------------------------------------------------------------------


@given(setup=setups, seed=seeds, indices=choices)
def test_replay_of_a_record_reaches_the_same_position(
    setup: tuple[str, int], seed: int, indices: list[int]
) -> None:
    state = new(setup, seed)
    played = walk(state, indices)
    record = state.record()
    assert record["actions"] == played
    assert record["game"] == state.game_id and record["players"] == setup[1]
    replayed = colosseum.replay(json_round_trip(record))
    assert replayed.to_position() == state.to_position()
    assert replayed.record() == record


@given(setup=setups, seed=seeds, before=choices, after=choices)
def test_position_round_trip_continues_identically(
    setup: tuple[str, int], seed: int, before: list[int], after: list[int]
) -> None:
    state = new(setup, seed)
    walk(state, before)
    position = state.to_position()
    assert json_round_trip(position) == position
    loaded = colosseum.from_position(state.game_id, json_round_trip(position))
    assert loaded.to_position() == position
    assert loaded.view(None) == state.view(None)
    assert loaded.legal_actions() == state.legal_actions()
    for index in after:
        if state.is_terminal():
            assert loaded.is_terminal()
            break
        actions = state.legal_actions()
        assert loaded.legal_actions() == actions
        action = actions[index % len(actions)]
        events = [e.to_json() for e in state.apply(action)]
        assert [e.to_json() for e in loaded.apply(str(action))] == events
        assert loaded.to_position() == state.to_position()
    # a state loaded from a position records it as its start, and replays from there
    replayed = colosseum.replay(json_round_trip(loaded.record()))
    assert replayed.to_position() == loaded.to_position()


# --- clones ---------------------------------------------------------------------------------


@given(setup=setups, seed=seeds, before=choices, after=choices)
def test_clones_are_independent(
    setup: tuple[str, int], seed: int, before: list[int], after: list[int]
) -> None:
    state = new(setup, seed)
    walk(state, before)
    original = state.to_position()
    original_view = state.view(None)
    clone = state.clone()
    assert clone.to_position() == original
    walk(clone, after)
    assert state.to_position() == original
    assert state.view(None) == original_view
    assert state.actions_played() == colosseum.replay(state.record()).actions_played()
    # and the other way round
    clone_position = clone.to_position()
    walk(state, after[::-1] or [0])
    assert clone.to_position() == clone_position


def test_a_loaded_state_keeps_its_own_copy_of_the_start_position() -> None:
    """Editing the dict given to from_position afterwards must not rewrite the game's record."""
    position = colosseum.new_game("ludus", players=2, seed=1).to_position()
    state = colosseum.from_position("ludus-gladiatorius", position)
    state.apply(state.legal_actions()[0])
    expected = json.dumps(state.record(), sort_keys=True)
    position["life"][0] = 1
    position["rng"] = 12345
    assert json.dumps(state.record(), sort_keys=True) == expected
    assert colosseum.replay(state.record()).to_position() == state.to_position()


def test_editing_a_returned_record_does_not_change_the_state() -> None:
    position = colosseum.new_game("ludus", players=2, seed=1).to_position()
    state = colosseum.from_position("ludus-gladiatorius", position)
    state.apply(state.legal_actions()[0])
    expected = json.dumps(state.record(), sort_keys=True)
    record = state.record()
    record["start"]["rng"] = 5
    record["options"]["round_limit"] = 2
    record["actions"].append("end")
    assert json.dumps(state.record(), sort_keys=True) == expected


def test_editing_a_returned_view_or_position_does_not_change_the_state() -> None:
    state = colosseum.new_game("ludus", players=2, seed=1)
    before = state.to_position()
    view = state.view(0)
    view["gladiators"][0]["life"] = 0
    position = state.to_position()
    for value in position.values():
        if isinstance(value, list) and value and isinstance(value[0], int):
            value[0] = -99
    assert state.to_position() == before
    assert state.view(0) != view
