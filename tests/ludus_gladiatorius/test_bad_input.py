"""Ludus Gladiatorius bad input: the `gladiators` and `data` options, broken positions and broken
data folders each raise a specific exception naming the problem."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

import colosseum
from colosseum import DataError, InvalidOption, InvalidRecord

from .helpers import GAME, LION, MURMILLO, THRAEX, Position, event

# --- the gladiators option ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "value", "fragment"),
    [
        (2, "1,2", "needs 4 numbers"),
        (3, "1,2,3,4", "needs 3 numbers"),
        (2, "1,1,2,3", "at most once"),
        (3, "1,2,9", "1-5"),
        (3, "0,1,2", "1-5"),
        (2, "a,b,c,d", "numbers 1-5"),
        (2, 1235, "takes text"),
    ],
)
def test_gladiators_option_refuses_bad_values(players: int, value: Any, fragment: str) -> None:
    with pytest.raises(InvalidOption) as caught:
        colosseum.new_game("ludus", players=players, seed=1, options={"gladiators": value})
    assert "gladiators" in str(caught.value)
    assert fragment in str(caught.value)


def test_data_option_naming_a_missing_folder(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere"
    with pytest.raises(DataError) as caught:
        colosseum.new_game("ludus", players=2, seed=1, options={"data": str(missing)})
    assert str(missing) in str(caught.value)


# --- broken positions -----------------------------------------------------------------------


def _position() -> dict[str, Any]:
    return Position().at(murmillo="g5", thraex="h5", retiarius="a4", lion="m6").pos


def _refused(position: Any, *fragments: str) -> str:
    with pytest.raises(InvalidRecord) as caught:
        colosseum.from_position(GAME, position)
    message = str(caught.value)
    for fragment in fragments:
        assert fragment in message, message
    return message


FIELDS = sorted(set(_position()) - {"seed"})


@pytest.mark.parametrize("field", FIELDS)
def test_position_missing_a_field(field: str) -> None:
    position = _position()
    del position[field]
    _refused(position, field)


@pytest.mark.parametrize("name", ["z99", "a1", "g", "", 5, ["g5"]])
def test_position_with_a_bad_hex_name(name: Any) -> None:
    position = _position()
    position["hex"][MURMILLO - 1] = name
    _refused(position, "hex.0")


def test_position_with_the_net_on_a_bad_hex() -> None:
    position = _position()
    position["net"] = "q42"
    _refused(position, "q42")


def test_position_with_two_gladiators_on_one_hex() -> None:
    position = _position()
    position["hex"][LION - 1] = position["hex"][THRAEX - 1]
    _refused(position, "same hex")


@pytest.mark.parametrize(
    ("edit", "fragment"),
    [
        (lambda p: p["life"].__setitem__(0, 99), "life"),
        (lambda p: p["life"].__setitem__(0, -1), "life"),
        (lambda p: p["life"].__setitem__(0, 0), "no life"),
        (lambda p: p.__setitem__("phase", "dance"), "phase"),
        (lambda p: p.__setitem__("players", 9), "players"),
        (lambda p: p.__setitem__("remaining", [0]), "remaining"),
        (lambda p: p["remaining"].__setitem__(1, -1), "remaining.1"),
        (lambda p: p["counter"].__setitem__(0, 9), "counter"),
        (lambda p: p["owner"].__setitem__(0, 7), "owner"),
        (lambda p: p["hex"].__setitem__(3, "c3"), "belongs to no seat"),
        (lambda p: p.__setitem__("step", 9), "step"),
        (lambda p: p.__setitem__("rng", "abc"), "rng"),
        (lambda p: p.__setitem__("attacked", "yes"), "attacked"),
        (lambda p: p.__setitem__("game", "jugula"), "jugula"),
        (lambda p: p.__setitem__("version", 3), "version"),
        (lambda p: (p.__setitem__("phase", "defend"), p.__setitem__("pending", None)), "pending"),
    ],
)
def test_position_with_contradictory_fields(edit: Any, fragment: str) -> None:
    position = _position()
    edit(position)
    _refused(position, fragment)


@pytest.mark.parametrize("position", [None, [], "position", 3])
def test_position_that_is_not_an_object(position: Any) -> None:
    _refused(position)


def test_position_with_an_unknown_option() -> None:
    """A broken position raises InvalidRecord (docs/kernel.md), whatever part is broken."""
    position = _position()
    position["options"] = {**position["options"], "speed": 3}
    _refused(position, "speed")


def test_position_whose_order_names_a_gladiator_not_in_play() -> None:
    """The Hoplomachus (4) is not in this game: it cannot be the one acting."""
    position = _position()
    position["order"] = [3, 0, 1, 2, 4]
    position["step"] = 0
    _refused(position, "order")


def test_position_whose_pending_attack_names_an_unknown_gladiator() -> None:
    position = _position()
    position["phase"] = "defend"
    position["pending"] = [MURMILLO - 1, 9, False]
    _refused(position, "pending")


def test_a_broken_position_changes_nothing_already_loaded() -> None:
    good = _position()
    state = colosseum.from_position(GAME, copy.deepcopy(good))
    broken = copy.deepcopy(good)
    broken["hex"][0] = "z99"
    with pytest.raises(InvalidRecord):
        colosseum.from_position(GAME, broken)
    assert state.to_position() == colosseum.from_position(GAME, good).to_position()


# --- broken data folders --------------------------------------------------------------------


def _new_with(folder: Path) -> colosseum.State:
    return colosseum.new_game(
        "ludus", players=2, seed=1, options={"data": str(folder), "gladiators": "1,2,3,5"}
    )


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _refused_data(folder: Path, file: str, *fragments: str) -> None:
    with pytest.raises(DataError) as caught:
        _new_with(folder)
    message = str(caught.value)
    assert file in message, message
    for fragment in fragments:
        assert fragment in message, message


def test_data_copy_of_the_bundled_files_plays(ludus_data_copy: Path) -> None:
    state = _new_with(ludus_data_copy)
    assert not state.is_terminal()


def test_data_own_numbers_take_effect(ludus_data_copy: Path) -> None:
    """A user's data folder changes the game: here the Lion's movement is 3."""
    _edit(ludus_data_copy / "gladiators.toml", "movement = 6", "movement = 3")
    start = _new_with(ludus_data_copy).to_position()
    position = Position()
    position.pos["options"] = start["options"]
    state = position.at(lion="g5", murmillo="a4", retiarius="m4", thraex="d9").acting(LION).build()
    assert event(state.apply("move"), "boost_roll").data["allowance"] in (3, 4)


def test_data_malformed_toml(ludus_data_copy: Path) -> None:
    (ludus_data_copy / "gladiators.toml").write_text("[[gladiator]\nnumber = ", encoding="utf-8")
    _refused_data(ludus_data_copy, "gladiators.toml", "not valid TOML")


def test_data_schema_violation_names_the_field(ludus_data_copy: Path) -> None:
    _edit(ludus_data_copy / "gladiators.toml", "life = 7", "life = 0")
    _refused_data(ludus_data_copy, "gladiators.toml", "life")


def test_data_wrong_value_type(ludus_data_copy: Path) -> None:
    _edit(ludus_data_copy / "gladiators.toml", "movement = 6", 'movement = "fast"')
    _refused_data(ludus_data_copy, "gladiators.toml", "movement")


def test_data_unknown_special_action(ludus_data_copy: Path) -> None:
    _edit(ludus_data_copy / "gladiators.toml", "FS = 2", "XX = 2")
    _refused_data(ludus_data_copy, "gladiators.toml", "XX")


def test_data_unknown_field(ludus_data_copy: Path) -> None:
    _edit(ludus_data_copy / "rules.toml", "[fast_speed]\n", "[fast_speed]\nturbo = true\n")
    _refused_data(ludus_data_copy, "rules.toml", "turbo")


def test_data_arena_with_a_bad_character(ludus_data_copy: Path) -> None:
    _edit(ludus_data_copy / "arena.toml", '"#.....1.....#"', '"#.....1..X..#"')
    _refused_data(ludus_data_copy, "arena.toml", "X")


def test_data_dice_file_missing_a_die(ludus_data_copy: Path) -> None:
    _edit(ludus_data_copy / "dice.toml", "[dice.mighty]", "[dice.mightier]")
    _refused_data(ludus_data_copy, "dice.toml", "mighty")


def test_data_gladiator_rolling_an_undefined_die(ludus_data_copy: Path) -> None:
    _edit(ludus_data_copy / "gladiators.toml", '"standard"', '"golden"')
    _refused_data(ludus_data_copy, "dice.toml", "golden")


def test_data_missing_file(ludus_data_copy: Path) -> None:
    (ludus_data_copy / "rules.toml").unlink()
    _refused_data(ludus_data_copy, "rules.toml", "missing")


def test_data_error_is_a_colosseum_error() -> None:
    assert issubclass(DataError, colosseum.ColosseumError)
