"""Bad input gets a specific exception with a message a user can act on, and changes nothing:
illegal and malformed actions, wrong options, player counts and game ids, broken records."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import colosseum
from colosseum import (
    Action,
    ColosseumError,
    IllegalAction,
    InvalidOption,
    InvalidRecord,
    State,
    UnknownGame,
)


def _midgame() -> State:
    state = colosseum.new_game("ludus", players=3, seed=21)
    for index in range(17):
        actions = state.legal_actions()
        state.apply(actions[index % len(actions)])
    return state


def _finished() -> State:
    state = colosseum.new_game("ludus", players=2, seed=4, options={"round_limit": 1})
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1])
    return state


def _assert_refused(state: State, action: Any, *fragments: str) -> str:
    """`apply(action)` raises IllegalAction whose message holds `fragments`; nothing changes."""
    position = state.to_position()
    played = state.actions_played()
    legal = state.legal_actions()
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    message = str(caught.value)
    for fragment in fragments:
        assert fragment in message, message
    assert state.to_position() == position
    assert state.actions_played() == played
    assert state.legal_actions() == legal
    return message


# --- actions --------------------------------------------------------------------------------


def test_illegal_action_object_is_refused_and_changes_nothing() -> None:
    state = _midgame()
    _assert_refused(state, Action("attack", 9), "attack 9", "not legal")
    _assert_refused(state, Action("fly"), "fly")


def test_illegal_notation_lists_the_legal_actions() -> None:
    state = _midgame()
    legal = [str(a) for a in state.legal_actions()]
    kind = legal[0].split()[0]
    message = _assert_refused(state, f"{kind} nowhere", f"{kind} nowhere", "not legal", legal[0])
    assert "legal:" in message


def test_garbage_notation_names_the_kinds_expected() -> None:
    state = _midgame()
    kinds = {str(a).split()[0] for a in state.legal_actions()}
    message = _assert_refused(state, "fly to the moon", "fly to the moon", "expected")
    assert all(kind in message for kind in kinds)
    _assert_refused(state, "")
    _assert_refused(state, "   ")
    _assert_refused(state, "place\tSA\nattack 3")


@pytest.mark.parametrize("wrong", [42, None, b"end", ["end"], {"kind": "end"}, 3.5])
def test_wrong_type_of_action_is_refused(wrong: Any) -> None:
    state = _midgame()
    _assert_refused(state, wrong, type(wrong).__name__)


def test_a_legal_action_after_a_refused_one_still_works() -> None:
    state = _midgame()
    with pytest.raises(IllegalAction):
        state.apply("nonsense")
    action = state.legal_actions()[0]
    state.apply(action)
    assert state.actions_played()[-1] == str(action)


def test_applying_after_game_over_is_refused() -> None:
    state = _finished()
    assert state.is_terminal()
    _assert_refused(state, "end", "game is over")
    _assert_refused(state, Action("end"), "game is over")
    _assert_refused(state, "place blank", "game is over")


def test_illegal_action_is_a_value_error_and_a_colosseum_error() -> None:
    assert issubclass(IllegalAction, ValueError)
    assert issubclass(IllegalAction, ColosseumError)


# --- options, players, games ----------------------------------------------------------------


def test_unknown_option_is_named_with_the_known_ones() -> None:
    with pytest.raises(InvalidOption) as caught:
        colosseum.new_game("ludus", players=2, seed=1, options={"speed": 3})
    assert "speed" in str(caught.value)
    assert "round_limit" in str(caught.value)


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        ("many", "whole number"),
        (2.5, "whole number"),
        (True, "whole number"),
        (None, "whole number"),
        (-1, "below 0"),
        (-3, "below 0"),
        (100_000, "above"),
    ],
)
def test_wrong_option_type_or_range(value: Any, fragment: str) -> None:
    with pytest.raises(InvalidOption) as caught:
        colosseum.new_game("ludus", players=2, seed=1, options={"round_limit": value})
    assert "round_limit" in str(caught.value)
    assert fragment in str(caught.value)


def test_option_given_as_text_is_converted() -> None:
    state = colosseum.new_game("ludus", players=2, seed=1, options={"round_limit": " 7 "})
    assert state.options["round_limit"] == 7


@pytest.mark.parametrize("players", [0, 1, 6, 99, -2])
def test_wrong_player_count(players: int) -> None:
    with pytest.raises(InvalidOption) as caught:
        colosseum.new_game("ludus", players=players, seed=1)
    message = str(caught.value)
    assert "2 to 5" in message and str(players) in message


@pytest.mark.parametrize("players", ["2", 2.0, True, None])
def test_wrong_player_count_type(players: Any) -> None:
    with pytest.raises(InvalidOption) as caught:
        colosseum.new_game("ludus", players=players, seed=1)
    assert "players" in str(caught.value)


@pytest.mark.parametrize("seed", ["7", 1.5, True])
def test_wrong_seed_type(seed: Any) -> None:
    with pytest.raises(InvalidOption) as caught:
        colosseum.new_game("ludus", players=2, seed=seed)
    assert "seed" in str(caught.value)


@pytest.mark.parametrize("game_id", ["chess", "", "ludi-gladiatorius-x", "lud"])
def test_unknown_game(game_id: str) -> None:
    with pytest.raises(UnknownGame) as caught:
        colosseum.new_game(game_id, players=2, seed=1)
    message = str(caught.value)
    assert repr(game_id) in message
    assert "ludus-gladiatorius" in message, "the message lists the known games"
    assert issubclass(UnknownGame, ColosseumError)


def test_unknown_game_for_a_position() -> None:
    position = colosseum.new_game("ludus", players=2, seed=1).to_position()
    with pytest.raises(UnknownGame):
        colosseum.from_position("chess", position)


# --- records --------------------------------------------------------------------------------


def _record() -> dict[str, Any]:
    return _midgame().record()


def _refused_record(record: Any, *fragments: str) -> None:
    with pytest.raises(InvalidRecord) as caught:
        colosseum.replay(record)
    for fragment in fragments:
        assert fragment in str(caught.value), str(caught.value)


@pytest.mark.parametrize("field", ["game", "version", "options", "players", "seed", "actions"])
def test_record_missing_a_field(field: str) -> None:
    record = _record()
    del record[field]
    _refused_record(record, field)


def test_record_of_an_unknown_game() -> None:
    record = _record()
    record["game"] = "chess"
    _refused_record(record, "chess")


def test_record_of_another_version() -> None:
    record = _record()
    record["version"] = 99
    _refused_record(record, "version", "99")


def test_record_with_a_bad_action_in_the_middle() -> None:
    record = _record()
    record["actions"][8] = "attack 9"
    _refused_record(record, "action 9", "attack 9")


def test_record_with_garbage_after_the_actions() -> None:
    record = _record()
    record["actions"].append("dance")
    _refused_record(record, f"action {len(record['actions'])}", "dance")


@pytest.mark.parametrize("actions", ["place blank", [1, 2], None, [["end"]]])
def test_record_with_malformed_actions(actions: Any) -> None:
    record = _record()
    record["actions"] = actions
    _refused_record(record, "actions")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("options", {"round_limit": -1}),
        ("options", {"bogus": 1}),
        ("options", []),
        ("players", 9),
        ("players", "two"),
        ("seed", "abc"),
    ],
)
def test_record_that_cannot_start_its_game(field: str, value: Any) -> None:
    record = _record()
    record[field] = value
    _refused_record(record)


@pytest.mark.parametrize("record", [None, [], "record", 7])
def test_record_that_is_not_an_object(record: Any) -> None:
    _refused_record(record)


def test_record_with_a_broken_start_position() -> None:
    state = colosseum.from_position(
        "ludus-gladiatorius", colosseum.new_game("ludus", players=2, seed=1).to_position()
    )
    state.apply(state.legal_actions()[0])
    record = copy.deepcopy(state.record())
    del record["start"]["life"]
    _refused_record(record, "life")


def test_a_good_record_still_replays() -> None:
    record = _record()
    assert colosseum.replay(record).to_position() == _midgame().to_position()
