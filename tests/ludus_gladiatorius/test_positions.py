"""Positions that cannot be impossible: the typed schema (`position.py`), the invariants a
reachable position keeps (`invariants.py`), the published JSON Schema and its documentation.

Every broken position is refused with an `InvalidRecord` naming the field; none is accepted to
fail later. Each case below is one invariant, named after the rule it rests on.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import colosseum
from colosseum import InvalidRecord
from colosseum.games.ludus_gladiatorius.position import LudusPosition

from .helpers import (
    GAME,
    KIND,
    KINDS,
    LION,
    MURMILLO,
    RETIARIUS,
    THRAEX,
    Position,
    notations,
)

ROOT = Path(__file__).parents[2]
SCHEMA_FILE = ROOT / "docs" / "positions" / "ludus-gladiatorius.schema.json"
DOC_FILE = ROOT / "docs" / "positions" / "ludus-gladiatorius.md"
M, R, T, L = MURMILLO - 1, RETIARIUS - 1, THRAEX - 1, LION - 1

Edit = Callable[[dict[str, Any]], object]


def _base(**options: Any) -> Position:
    """Murmillo (seat 0) acting next to the Thraex (seat 1); Retiarius and Lion far off."""
    return (
        Position(**options)
        .at(murmillo="g5", thraex="h5", retiarius="a4", lion="m6")
        .acting(MURMILLO, order=[MURMILLO, THRAEX, RETIARIUS, LION])
    )


def _refused(position: dict[str, Any], field: str) -> str:
    with pytest.raises(InvalidRecord) as caught:
        colosseum.from_position(GAME, position)
    message = str(caught.value)
    assert f"position field {field}" in message, message
    return message


def test_positions_the_base_position_is_accepted() -> None:
    """The position the cases below break is itself a valid one."""
    state = _base().build()
    assert "attack 3" in notations(state)


# --- what fuzzing found accepted before the schema ------------------------------------------

FUZZ_FOUND: list[tuple[str, Edit, str]] = [
    ("carry_negative", lambda p: p["carry"].__setitem__(M, -5), f"carry.{M}"),
    ("duplicated_order", lambda p: p.__setitem__("order", [M, T, T, R]), "order"),
    ("winners_mid_game", lambda p: p.__setitem__("winners", [7]), "winners.0"),
    ("winners_of_a_real_seat_mid_game", lambda p: p.__setitem__("winners", [0]), "winners"),
    ("life_as_a_fraction", lambda p: p["life"].__setitem__(M, 2.9), f"life.{M}"),
    (
        "unrevealed_naming_gladiator_99",
        lambda p: p.__setitem__("unrevealed", [{"gladiator": 99, "counter": 0, "ruled_out": 0}]),
        "unrevealed.0.gladiator",
    ),
    ("infinity_in_a_number", lambda p: p.__setitem__("step", float("inf")), "step"),
    ("infinity_in_a_list", lambda p: p["life"].__setitem__(M, float("inf")), f"life.{M}"),
    ("nan_as_rng", lambda p: p.__setitem__("rng", float("nan")), "rng"),
]


@pytest.mark.parametrize(
    ("edit", "field"), [c[1:] for c in FUZZ_FOUND], ids=[c[0] for c in FUZZ_FOUND]
)
def test_positions_fuzzing_finds_are_refused(edit: Edit, field: str) -> None:
    """Each of these was once accepted and failed later (IndexError, OverflowError) or was
    silently changed (2.9 life cut to 2)."""
    position = _base().pos
    edit(position)
    _refused(position, field)


def test_positions_a_round_past_the_round_limit_is_refused() -> None:
    """Winning (our round limit): with a limit of 30 no round 999 is ever played."""
    position = _base(round_limit=30).round(999).pos
    _refused(position, "round")
    assert _base(round_limit=30).round(30).build().view(None)["round"] == 30


# --- the schema: types and shapes ------------------------------------------------------------

SCHEMA_CASES: list[tuple[str, Edit, str]] = [
    ("unknown_field", lambda p: p.__setitem__("speed", 3), "speed"),
    ("bool_for_a_number", lambda p: p.__setitem__("step", True), "step"),
    ("number_for_a_bool", lambda p: p.__setitem__("moved", 1), "moved"),
    ("number_as_text", lambda p: p.__setitem__("round", "1"), "round"),
    ("rng_above_64_bits", lambda p: p.__setitem__("rng", 1 << 64), "rng"),
    ("rng_negative", lambda p: p.__setitem__("rng", -1), "rng"),
    ("short_list", lambda p: p["life"].pop(), "life"),
    ("long_list", lambda p: p["attacked"].append(False), "attacked"),
    ("counter_code_unknown", lambda p: p["counter"].__setitem__(M, 7), f"counter.{M}"),
    ("status_unknown", lambda p: p["counter_status"].__setitem__(M, 3), f"counter_status.{M}"),
    (
        "mask_rules_out_the_blank",
        lambda p: p["counter_mask"].__setitem__(M, 1),
        f"counter_mask.{M}",
    ),
    ("pending_as_a_list", lambda p: p.__setitem__("pending", [0, 2, False]), "pending"),
    ("option_of_the_wrong_type", lambda p: p["options"].__setitem__("round_limit", "9"), "options"),
    ("unknown_option", lambda p: p["options"].__setitem__("speed", 3), "options.speed"),
    ("players_out_of_range", lambda p: p.__setitem__("players", 6), "players"),
    (
        "data_folder_missing",
        lambda p: p["options"].__setitem__("data", "/no/such/dir"),
        "options.data",
    ),
    ("hex_name_malformed", lambda p: p["hex"].__setitem__(M, "G-5"), f"hex.{M}"),
]


@pytest.mark.parametrize(
    ("edit", "field"), [c[1:] for c in SCHEMA_CASES], ids=[c[0] for c in SCHEMA_CASES]
)
def test_positions_the_schema_refuses_wrong_types_and_shapes(edit: Edit, field: str) -> None:
    """Strict types: no number for a flag, no flag or text for a number, no fraction, no
    unknown field; lists of their exact length; codes in their ranges."""
    position = _base().pos
    edit(position)
    _refused(position, field)


# --- the rules: one invariant each -----------------------------------------------------------


def _set(field: str, index: int, value: Any) -> Edit:
    return lambda p: p[field].__setitem__(index, value)


def _counter(number: int, code: str, status: str = "hidden") -> Edit:
    def edit(p: dict[str, Any]) -> None:
        pos = Position.__new__(Position)
        pos.pos = p
        pos.counter(number, code, status)

    return edit


def _all(*edits: Edit) -> Edit:
    def edit(p: dict[str, Any]) -> None:
        for one in edits:
            one(p)

    return edit


def _pending(attacker: int, defender: int, recover: bool = False) -> Edit:
    def edit(p: dict[str, Any]) -> None:
        p["phase"] = "defend"
        p["attacked"][attacker] = True
        p["pending"] = {"attacker": attacker, "defender": defender, "recover_net": recover}

    return edit


def _netted(g: int) -> Edit:
    """Entangled, its counter forfeit (Net Attack)."""
    return _all(_set("entangled", g, True), _set("counter_status", g, 2))


def _placing(p: dict[str, Any]) -> None:
    p["phase"] = "place"
    p["step"] = 1
    for g in p["order"][1:]:
        p["counter"][g] = -1


RULE_CASES: list[tuple[str, Edit, str]] = [
    # Set Up: the gladiators of each lanista, one per hex, life
    ("set_up_owner_seat_outside_the_game", _set("owner", T, 2), f"owner.{T}"),
    ("set_up_a_seat_with_three_gladiators", _set("owner", T, 0), "owner"),
    (
        "set_up_owner_contradicts_the_gladiators_option",
        _all(_set("owner", M, 1), _set("owner", T, 0)),
        "owner",
    ),
    ("set_up_hex_not_in_the_arena", _set("hex", M, "z9"), f"hex.{M}"),
    ("set_up_gladiator_not_in_the_game_stands", _set("hex", 3, "c3"), "hex.3"),
    ("set_up_start_hex_of_a_gladiator_not_in_the_game", _set("start_hex", 3, "c3"), "start_hex.3"),
    ("set_up_two_gladiators_on_one_hex", _set("hex", L, "h5"), "hex"),
    ("set_up_life_above_the_sheet", _set("life", M, 8), f"life.{M}"),
    ("set_up_standing_with_no_life", _set("life", M, 0), f"life.{M}"),
    ("set_up_fallen_with_life_left", _set("hex", L, None), f"life.{L}"),
    # Special Actions 2-3: the record sheets' quantities
    (
        "special_actions_the_blank_is_not_counted",
        _set("remaining", M * KINDS, 1),
        f"remaining.{M * KINDS}",
    ),
    (
        "special_actions_more_than_the_sheet",
        _all(_counter(MURMILLO, "SA"), _set("remaining", M * KINDS + KIND["SA"], 2)),
        f"remaining.{M * KINDS + KIND['SA']}",
    ),
    (
        "special_actions_a_special_not_on_the_sheet",
        _set("counter", M, KIND["FS"]),
        f"remaining.{M * KINDS + KIND['FS']}",
    ),
    (
        "special_actions_kept_more_counters_than_rounds_played",
        lambda p: p.__setitem__("unrevealed", [{"gladiator": M, "counter": 0, "ruled_out": 0}]),
        "unrevealed",
    ),
    (
        "special_actions_a_kept_counter_ruled_out_by_its_own_mask",
        lambda p: (
            p.__setitem__("round", 2),
            p.__setitem__("unrevealed", [{"gladiator": M, "counter": 1, "ruled_out": 2}]),
            p["remaining"].__setitem__(M * KINDS + 1, 1),
        ),
        "unrevealed.0.ruled_out",
    ),
    (
        "special_actions_kept_counter_of_a_gladiator_not_in_the_game",
        lambda p: (
            p.__setitem__("round", 2),
            p.__setitem__("unrevealed", [{"gladiator": 3, "counter": 0, "ruled_out": 0}]),
        ),
        "unrevealed.0.gladiator",
    ),
    # Game Play 2 and the Definitions: face down, face up
    (
        "game_play_2_no_counter_but_a_status",
        _all(_set("counter", M, -1), _set("counter_status", M, 1)),
        "counter",
    ),
    (
        "definitions_savage_attack_that_defended",
        _all(_counter(MURMILLO, "SA"), _set("defended", M, True)),
        f"counter.{M}",
    ),
    (
        "definitions_doughty_defence_that_attacked",
        _all(_counter(MURMILLO, "DD"), _set("attacked", M, True)),
        f"counter.{M}",
    ),
    ("game_play_2_the_blank_revealed", _set("counter_status", M, 1), f"counter_status.{M}"),
    (
        "combat_3_feint_revealed_without_an_attack",
        _counter(THRAEX, "F", "revealed"),
        f"counter_status.{T}",
    ),
    (
        "combat_4_dodge_revealed_without_a_defence",
        _counter(MURMILLO, "D", "revealed"),
        f"counter_status.{M}",
    ),
    (
        "combat_3_feint_still_face_down_after_attacking",
        _all(_counter(THRAEX, "F"), _set("attacked", T, True)),
        f"counter_status.{T}",
    ),
    (
        "combat_4_dodge_still_face_down_after_defending",
        _all(_counter(THRAEX, "D"), _set("defended", T, True)),
        f"counter_status.{T}",
    ),
    (
        "special_actions_a_counter_ruled_out_by_its_own_mask",
        _all(_counter(MURMILLO, "D"), _set("counter_mask", M, 1 << KIND["D"])),
        f"counter_mask.{M}",
    ),
    (
        "special_actions_a_usable_counter_marked_spent",
        _set("counter_status", M, 2),
        f"counter_status.{M}",
    ),
    (
        "definitions_no_defence_without_savage_attack",
        _set("no_defence", T, True),
        f"no_defence.{T}",
    ),
    (
        "definitions_savage_attack_revealed_without_no_defence",
        _all(_counter(THRAEX, "SA", "revealed"), _set("attacked", T, True)),
        f"no_defence.{T}",
    ),
    ("definitions_no_attack_without_doughty_defence", _set("no_attack", T, True), f"no_attack.{T}"),
    ("definitions_doughty_defence_carries_at_most_its_roll", _set("carry", M, 20), f"carry.{M}"),
    ("definitions_carry_of_a_gladiator_not_in_the_game", _set("carry", 3, 1), "carry.3"),
    (
        "definitions_round_flag_of_a_gladiator_not_in_the_game",
        _set("defended", 3, True),
        "defended.3",
    ),
    # Net Attack
    ("net_attack_entangled_without_a_net_attack", _netted(T), f"entangled.{T}"),
    (
        "net_attack_two_entangled",
        _all(_netted(T), _netted(L)),
        "entangled",
    ),
    (
        "net_attack_entangled_off_the_net",
        _all(
            _counter(RETIARIUS, "NA", "revealed"),
            _set("attacked", R, True),
            _netted(T),
            lambda p: p.__setitem__("net", "c3"),
        ),
        f"entangled.{T}",
    ),
    ("net_attack_net_in_the_arena_never_thrown", lambda p: p.__setitem__("net", "c3"), "net"),
    ("net_attack_net_hex_not_in_the_arena", lambda p: p.__setitem__("net", "z9"), "net"),
    # Game Play 1-3: order, step, phase
    (
        "game_play_1_order_names_a_gladiator_not_in_the_game",
        lambda p: p.__setitem__("order", [M, T, R, 3]),
        "order.3",
    ),
    (
        "game_play_1_order_and_starting_hexes_differ",
        lambda p: p.__setitem__("order", [M, T, R]),
        "start_hex",
    ),
    ("game_play_3_step_outside_the_order", lambda p: p.__setitem__("step", 4), "step"),
    (
        "winning_one_lanista_left_yet_not_over",
        lambda p: [p["hex"].__setitem__(g, None) or p["life"].__setitem__(g, 0) for g in (T, L)],
        "hex",
    ),
    (
        "game_play_3_pending_attack_outside_phase_defend",
        _all(_pending(M, T), lambda p: p.__setitem__("phase", "act")),
        "pending",
    ),
    (
        "game_play_2_placing_counters_after_step",
        lambda p: (_placing(p), p["counter"].__setitem__(L, 0)),
        f"counter.{L}",
    ),
    (
        "game_play_2_moving_while_placing",
        lambda p: (_placing(p), p.__setitem__("moved", True)),
        "moved",
    ),
    (
        "game_play_2_fighting_while_placing",
        lambda p: (_placing(p), p["defended"].__setitem__(T, True)),
        f"defended.{T}",
    ),
    (
        "game_play_2_moved_while_placing",
        lambda p: (_placing(p), p["hex"].__setitem__(L, "m5")),
        f"hex.{L}",
    ),
    ("game_play_2_acting_without_a_counter", _set("counter", L, -1), f"counter.{L}"),
    (
        "net_attack_the_entangled_cannot_act",
        _all(
            _counter(RETIARIUS, "NA", "revealed"),
            _set("attacked", R, True),
            _netted(T),
            lambda p: p.update(net="h5", step=1),
        ),
        "step",
    ),
    ("game_play_3a_moving_without_having_moved", lambda p: p.__setitem__("phase", "move"), "moved"),
    (
        "game_play_3a_allowance_beyond_any_move",
        lambda p: p.__setitem__("allowance", 40),
        "allowance",
    ),
    # Combat 2-4: the pending attack
    ("combat_3_pending_attacker_not_the_active_gladiator", _pending(T, M), "pending.attacker"),
    ("combat_2_pending_defender_of_the_same_lanista", _pending(M, R), "pending.defender"),
    ("combat_2_pending_defender_not_adjacent", _pending(M, L), "pending.defender"),
    (
        "combat_4_pending_defender_already_defended",
        _all(_pending(M, T), _set("defended", T, True)),
        "pending.defender",
    ),
    (
        "net_recovery_by_a_gladiator_not_the_retiarius",
        _pending(M, T, recover=True),
        "pending.recover_net",
    ),
    # Winning
    (
        "winning_over_with_several_lanistae_and_no_limit",
        lambda p: p.__setitem__("phase", "over"),
        "phase",
    ),
    (
        "winning_over_with_the_wrong_winner",
        lambda p: (
            [p["hex"].__setitem__(g, None) or p["life"].__setitem__(g, 0) for g in (T, L)],
            p.__setitem__("phase", "over"),
            p.__setitem__("winners", [1]),
        ),
        "winners",
    ),
]


@pytest.mark.parametrize(
    ("edit", "field"), [c[1:] for c in RULE_CASES], ids=[c[0] for c in RULE_CASES]
)
def test_positions_no_game_reaches_these(edit: Edit, field: str) -> None:
    """The position breaks one rule (named by the case) that every reachable position keeps;
    it is refused naming the field, where before it was accepted to fail or mislead later."""
    position = _base().pos
    edit(position)
    _refused(position, field)


def test_positions_a_game_over_is_accepted_with_its_winners() -> None:
    """Winning: the last lanista standing (seat 0) has won; that position loads."""
    position = _base().pos
    for g in (T, L):
        position["hex"][g] = None
        position["life"][g] = 0
    position["phase"] = "over"
    position["winners"] = [0]
    state = colosseum.from_position(GAME, position)
    assert state.is_terminal() and state.winners() == [0]


# --- the published schema and its documentation ----------------------------------------------


def test_positions_schema_file_is_generated_from_the_model() -> None:
    """docs/positions/ludus-gladiatorius.schema.json is `LudusPosition.model_json_schema()`.

    After changing the model, regenerate it with
    `COLOSSEUM_REGENERATE=1 .venv/bin/pytest tests/ludus_gladiatorius/test_positions.py`."""
    schema = LudusPosition.model_json_schema()
    if os.environ.get("COLOSSEUM_REGENERATE") == "1":
        SCHEMA_FILE.write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n")
    stored = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert stored == schema, (
        "the published schema is stale: regenerate it with "
        "COLOSSEUM_REGENERATE=1 .venv/bin/pytest tests/ludus_gladiatorius/test_positions.py"
    )


def test_positions_schema_describes_every_field_written() -> None:
    """The model's fields are exactly what `to_position` writes."""
    written = set(_base().build().to_position())
    assert set(LudusPosition.model_fields) == written


def test_positions_the_documented_example_loads_and_means_what_it_says() -> None:
    """The example of docs/positions/ludus-gladiatorius.md is a valid position: the Murmillo,
    his Savage Attack face down, is attacked and may only take the blow (Definitions: SA)."""
    block = re.search(r"```json\n(.*?)```", DOC_FILE.read_text(encoding="utf-8"), re.S)
    assert block is not None
    state = colosseum.from_position(GAME, json.loads(block.group(1)))
    assert state.current_player == 0
    assert notations(state) == ["no-defence"]


def test_positions_the_document_names_every_field() -> None:
    text = DOC_FILE.read_text(encoding="utf-8")
    for field in LudusPosition.model_fields:
        assert f"`{field}`" in text, field
