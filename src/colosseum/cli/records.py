"""Reading a saved game record and replaying it move by move."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..core.errors import InvalidRecord
from ..core.registry import replay
from ..core.state import State


def load_record(path: Path) -> dict[str, Any]:
    """The JSON record in `path`; InvalidRecord if it cannot be read or is not a JSON object."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise InvalidRecord(f"cannot read {path}: {error.strerror or error}") from error
    except UnicodeDecodeError as error:
        raise InvalidRecord(f"{path} is not a text file: {error.reason}") from error
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidRecord(f"{path} is not JSON: {error}") from error
    if not isinstance(record, dict):
        raise InvalidRecord(f"{path} holds a JSON {type(record).__name__}, not a game record")
    return record


def replay_moves(record: dict[str, Any]) -> tuple[State, list[tuple[int | None, str]]]:
    """The final state of `record` and its actions, each with the seat that played it."""
    final = replay(record)  # validates the whole record, with the kernel's messages
    state = replay({**record, "actions": []})
    moves = []
    for notation in record["actions"]:
        moves.append((state.current_player, notation))
        state.apply(notation)
    return final, moves
