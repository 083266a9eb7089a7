"""Inputs that cannot break an engine: whatever JSON a person or a file gives `new_game`,
`from_position` or `replay`, the answer is a state or one of Colosseum's own errors.

Also the input classes an outside fuzzing found, one test each: option names and option sets
of the wrong type, numbers that do not fit, data folders that cannot be opened, and states that
must pickle and deep-copy at any length (process pools and Ray ship them).
"""

from __future__ import annotations

import contextlib
import copy
import json
import math
import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import colosseum
from colosseum import ColosseumError, DataError, InvalidOption, InvalidRecord, State
from colosseum.core import registry
from colosseum.core.positions import migrate
from colosseum.sim.match import new_simulated_game

GAME_IDS = sorted(registry.games())

json_leaves = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
)
json_values = st.recursive(
    json_leaves,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


def _played(game_id: str, seed: int, steps: int) -> State:
    """A game of `game_id` after up to `steps` random actions (its cap set, so it ends)."""
    state = new_simulated_game(game_id, 2, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    return state


_SAMPLES = {
    game_id: [_played(game_id, seed, 25 * seed) for seed in range(4)] for game_id in GAME_IDS
}


def _only_our_errors(call: Any, *args: Any, **kwargs: Any) -> None:
    with contextlib.suppress(ColosseumError):
        call(*args, **kwargs)


def _replace(document: Any, path: list[Any], value: Any) -> Any:
    """`document` with the value at `path` (keys and list indices) replaced by `value`."""
    if not path:
        return value
    if isinstance(document, dict) and path[0] in document:
        changed = dict(document)
        changed[path[0]] = _replace(document[path[0]], path[1:], value)
        return changed
    if isinstance(document, list) and isinstance(path[0], int) and path[0] < len(document):
        changed_list = list(document)
        changed_list[path[0]] = _replace(document[path[0]], path[1:], value)
        return changed_list
    return document


def _paths(document: Any, prefix: list[Any] | None = None) -> list[list[Any]]:
    """Every path to a value inside `document`."""
    prefix = prefix or []
    found = [prefix]
    if isinstance(document, dict):
        for key, value in document.items():
            found += _paths(value, [*prefix, key])
    elif isinstance(document, list):
        for index, value in enumerate(document[:6]):
            found += _paths(value, [*prefix, index])
    return found


# --- any JSON, every entry point ----------------------------------------------------------


@given(
    game_id=st.sampled_from([*GAME_IDS, "ludus", "chess"]) | json_values,
    players=json_values,
    seed=json_values,
    options=json_values,
)
@settings(max_examples=300)
def test_new_game_answers_any_json_with_a_state_or_our_error(
    game_id: Any, players: Any, seed: Any, options: Any
) -> None:
    _only_our_errors(colosseum.new_game, game_id, players, seed, options)


@given(
    game_id=st.sampled_from(GAME_IDS),
    names=st.lists(st.text(max_size=12), max_size=3),
    values=st.lists(json_values, min_size=3, max_size=3),
)
@settings(max_examples=300)
def test_any_option_values_get_a_state_or_invalid_option(
    game_id: str, names: list[str], values: list[Any]
) -> None:
    known = [spec.name for spec in registry.games()[game_id].options]
    options = {name: value for name, value in zip([*known[:2], *names], values, strict=False)}
    with contextlib.suppress(InvalidOption, DataError):
        colosseum.new_game(game_id, 2, 1, options)


@given(
    game_id=st.sampled_from(GAME_IDS),
    sample=st.integers(0, 3),
    kind=st.sampled_from(["position", "record"]),
    data=st.data(),
)
@settings(max_examples=800)
def test_any_change_to_a_position_or_record_gives_a_state_or_invalid_record(
    game_id: str, sample: int, kind: str, data: st.DataObject
) -> None:
    """One value anywhere in a real position or record replaced by any JSON value."""
    state = _SAMPLES[game_id][sample]
    document = state.to_position() if kind == "position" else state.record()
    path = data.draw(st.sampled_from(_paths(document)))
    changed = _replace(document, path, data.draw(json_values))
    with contextlib.suppress(InvalidRecord):
        if kind == "position":
            colosseum.from_position(game_id, changed)
        else:
            colosseum.replay(changed)


@given(document=json_values, game_id=st.sampled_from(GAME_IDS))
@settings(max_examples=200)
def test_from_position_and_replay_answer_any_json_with_invalid_record(
    document: Any, game_id: str
) -> None:
    for call in (
        lambda: colosseum.from_position(game_id, document),
        lambda: colosseum.replay(document),
    ):
        with contextlib.suppress(InvalidRecord):
            call()


# --- the classes of input found by fuzzing --------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("options", [{1: True}, {None: 3}, {("a",): 1}])
def test_an_option_name_that_is_not_text_is_refused(game_id: str, options: Any) -> None:
    with pytest.raises(InvalidOption, match="option name is text"):
        colosseum.new_game(game_id, 2, 1, options)


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("options", [[], ["data"], "round_limit=3", 7, True])
def test_options_that_are_not_a_mapping_are_refused(game_id: str, options: Any) -> None:
    with pytest.raises(InvalidOption, match="mapping of name to value"):
        colosseum.new_game(game_id, 2, 1, options)


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("folder", ["/no/such/folder", "x" * 300, "bad\0name"])
def test_a_data_folder_that_cannot_be_opened(game_id: str, folder: str) -> None:
    """A new game says DataError; a position or a record naming it says InvalidRecord."""
    with pytest.raises(DataError, match="data folder"):
        colosseum.new_game(game_id, 2, 1, {"data": folder})
    state = _SAMPLES[game_id][1]
    position = state.to_position()
    position["options"] = {**position["options"], "data": folder}  # type: ignore[dict-item]
    with pytest.raises(InvalidRecord, match="data folder"):
        colosseum.from_position(game_id, position)
    record = state.record()
    record["options"] = {**record["options"], "data": folder}  # type: ignore[dict-item]
    with pytest.raises(InvalidRecord, match="data folder"):
        colosseum.replay(record)


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("number", [math.inf, -math.inf, math.nan, 1e300, 2.5])
def test_numbers_that_do_not_fit_are_refused(game_id: str, number: float) -> None:
    """`inf` (which Python's JSON reader accepts as Infinity) and numbers beyond any count, in
    every number field of a position, the RNG's included: InvalidRecord, never OverflowError."""
    position = _SAMPLES[game_id][2].to_position()
    numeric = [path for path in _paths(position) if _is_number(_at(position, path))]
    assert numeric
    for path in numeric:
        with pytest.raises(InvalidRecord):
            colosseum.from_position(game_id, _replace(position, path, number))


def _at(document: Any, path: list[Any]) -> Any:
    for part in path:
        document = document[part]
    return document


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


# --- pickle and deepcopy ----------------------------------------------------------------------


def _long_game(game_id: str, actions: int) -> State:
    """A game with `actions` actions played: several capped random games' worth in a row."""
    seed = 0
    state = new_simulated_game(game_id, 2, seed)
    rng = random.Random(0)
    played = 0
    while played < actions:
        if state.is_terminal():
            seed += 1
            state = new_simulated_game(game_id, 2, seed)
            played = 0
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        played += 1
    return state


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_states_pickle_and_deepcopy_mid_game(game_id: str) -> None:
    state = _SAMPLES[game_id][3]
    for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert copied.to_position() == state.to_position()
        assert copied.record() == state.record()
        assert copied.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_states_pickle_and_deepcopy_at_any_length(game_id: str) -> None:
    """The action log of thousands of actions (a game's own, then a long one built from real
    notations, beyond the recursion limit) survives pickle and deepcopy, clones included."""
    state = _long_game(game_id, 300)
    played = state.actions_played()
    long_log = None
    for notation in [f"{n}" for n in range(20_000)] + played:
        long_log = (notation, long_log)
    state._log = long_log
    clone = state.clone()
    for copied in (pickle.loads(pickle.dumps(clone)), copy.deepcopy(clone)):
        assert copied.actions_played() == clone.actions_played()
        assert len(copied.actions_played()) == 20_000 + len(played)
        assert copied.to_position() == clone.to_position()


# --- versions and migrations ---------------------------------------------------------------


def test_a_document_from_a_newer_colosseum_is_refused() -> None:
    with pytest.raises(InvalidRecord, match="newer Colosseum"):
        migrate("position", {"version": 3}, 2, {}, "jugula")


def test_a_version_without_a_migration_is_refused_by_name() -> None:
    with pytest.raises(InvalidRecord, match="cannot carry over to version 3"):
        migrate("record", {"version": 1}, 3, {1: lambda d: d}, "ludi-gladiatorii")


@pytest.mark.parametrize("version", [None, "2", 2.0, True])
def test_a_version_that_is_not_a_whole_number(version: Any) -> None:
    with pytest.raises(InvalidRecord, match="whole-number version"):
        migrate("position", {"version": version}, 2, {}, "jugula")


def test_migrations_run_in_order_from_the_written_version() -> None:
    steps = {
        1: lambda d: {**d, "added": ["one"]},
        2: lambda d: {**d, "added": [*d["added"], "two"]},
    }
    assert migrate("position", {"version": 1}, 3, steps, "ludus-gladiatorius") == {
        "version": 3,
        "added": ["one", "two"],
    }
    assert migrate("position", {"version": 2, "added": []}, 3, steps, "g")["added"] == ["two"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_this_versions_positions_and_records_load(game_id: str) -> None:
    state = _SAMPLES[game_id][2]
    position = json.loads(json.dumps(state.to_position()))
    assert colosseum.from_position(game_id, position).to_position() == state.to_position()
    record = json.loads(json.dumps(state.record()))
    assert colosseum.replay(record).to_position() == state.to_position()
