"""Format versions: stored positions and records keep loading and replaying to the same state.

The fixtures in `fixtures/` were written by version 2. A later change to the position or record
format must bump `VERSION` and register a migration, or these tests fail: a stored file that no
longer loads, or replays to another state, is a broken promise to whoever kept it.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import colosseum
from colosseum import InvalidRecord
from colosseum.games.ludus_gladiatorius.model import VERSION

from .helpers import GAME, KIND, MURMILLO, THRAEX, gladiator_view, notations

FIXTURES = Path(__file__).parent / "fixtures"


def _load(name: str) -> Any:
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


def test_versions_the_current_version_is_the_fixtures() -> None:
    """The stored fixtures are of the current version; bumping it means writing new ones."""
    assert VERSION == 2
    assert _load("position_v2_defend.json")["version"] == VERSION
    assert _load("record_v2.json")["version"] == VERSION


def test_versions_a_stored_position_keeps_loading_unchanged() -> None:
    """A version-2 position (a defence decision in round 3, counters kept face down from
    earlier rounds) loads and writes back exactly the same."""
    stored = _load("position_v2_defend.json")
    state = colosseum.from_position(GAME, copy.deepcopy(stored))
    assert state.to_position() == stored
    assert state.view(None)["phase"] == "defend"


def test_versions_a_stored_record_replays_to_the_same_state() -> None:
    """A version-2 record of a whole seeded game replays to the stored final position."""
    state = colosseum.replay(_load("record_v2.json"))
    assert state.is_terminal()
    assert state.to_position() == _load("record_v2_final_position.json")


def test_versions_a_version_1_position_is_carried_over() -> None:
    """Version 1 wrote `pending` and `unrevealed` entries as lists, and kept a Feint face down
    after its attack until a shield showed. Carried over: objects, and the Feint face up, as
    version 2 reveals it when the attack is declared (Game Play 3b.3)."""
    stored = _load("position_v1_feint.json")
    assert stored["version"] == 1 and isinstance(stored["pending"], list)
    state = colosseum.from_position(GAME, stored)
    position = state.to_position()
    assert position["version"] == VERSION
    assert position["pending"] == {
        "attacker": THRAEX - 1,
        "defender": MURMILLO - 1,
        "recover_net": False,
    }
    assert position["unrevealed"][1] == {
        "gladiator": THRAEX - 1,
        "counter": KIND["SA"],
        "ruled_out": 0,
    }
    assert gladiator_view(state.view(0), THRAEX)["counter"] == "F"
    assert notations(state) == ["defend", "no-defence"]


def test_versions_a_version_1_position_the_new_rules_cannot_reach_is_refused() -> None:
    """Version 1 let a gladiator with Savage Attack face down defend (the counter was then
    lost); version 2 does not (Definitions: SA), so such a position is refused, naming why."""
    stored = _load("position_v1_feint.json")
    stored["counter"][MURMILLO - 1] = KIND["SA"]
    stored["remaining"][(MURMILLO - 1) * 7 + KIND["SA"]] -= 1
    stored["counter_status"][MURMILLO - 1] = 2
    stored["defended"][MURMILLO - 1] = True
    stored["phase"] = "act"
    stored["pending"] = None
    with pytest.raises(InvalidRecord, match=r"counter\.0: a gladiator with Savage Attack may not"):
        colosseum.from_position(GAME, stored)


def test_versions_a_version_1_record_is_refused_not_replayed_under_new_rules() -> None:
    """A version-1 record's actions were chosen under version 1's rules; replaying them under
    version 2's could fail or reach another state, so it is refused with a clear message."""
    record = _load("record_v2.json")
    record["version"] = 1
    with pytest.raises(InvalidRecord, match=r"version 1 of ludus-gladiatorius.*cannot carry"):
        colosseum.replay(record)


def test_versions_a_newer_version_is_refused() -> None:
    position = _load("position_v2_defend.json")
    position["version"] = VERSION + 1
    with pytest.raises(InvalidRecord, match="newer"):
        colosseum.from_position(GAME, position)


def test_versions_a_broken_version_1_position_is_refused_not_crashed() -> None:
    """The migration rewrites only what has the version-1 shape; anything else is left to the
    checks, which name the field."""
    stored = _load("position_v1_feint.json")
    stored["pending"] = [1, 2]
    stored["counter"] = "many"
    with pytest.raises(InvalidRecord, match="position field"):
        colosseum.from_position(GAME, stored)
