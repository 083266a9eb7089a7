"""Game records at the terminal: saving one with its header (who played, when, the result),
reading one back, and replaying it move by move.

A record is the kernel's (`State.record()`: game, version, options, players, seed, actions)
with a `tags` header, like a PGN's tag pairs: `players` (seat -> a human's name, or `human`,
or the agent spec that played it), `humans` (the seats people played), `date`, `result`,
`capped` (a cap option ended the game, not the rules) and `colosseum` (the version that wrote
it). `colosseum.replay` ignores the header; a record
without one (written before headers existed) loads as before.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import Any

from .. import __version__
from ..core.errors import InvalidRecord
from ..core.registry import replay
from ..core.state import State

TAGS = "tags"
UNFINISHED = "*"  # PGN's mark for a game still in progress


def result_words(state: State) -> str:
    """The result as the header gives it: "seat 1 wins", "seats 0 and 2 share the win",
    "nobody wins", or `*` for a game not over."""
    if not state.is_terminal():
        return UNFINISHED
    winners = state.winners()
    if not winners:
        return "nobody wins"
    if len(winners) == 1:
        return f"seat {winners[0]} wins"
    return f"seats {' and '.join(str(w) for w in winners)} share the win"


HUMAN = "human"


def tagged_record(
    state: State,
    specs: Sequence[str],
    names: Mapping[int, str] | None = None,
    played_on: date | None = None,
) -> dict[str, Any]:
    """`state.record()` with its header; `specs[seat]` is `human` or an agent spec, `names`
    the humans' names by seat."""
    names = names or {}
    humans = [seat for seat, spec in enumerate(specs) if spec.lower() == HUMAN]
    record: dict[str, Any] = dict(state.record())
    record[TAGS] = {
        "players": {
            str(seat): names.get(seat, HUMAN) if seat in humans else spec
            for seat, spec in enumerate(specs)
        },
        "humans": humans,
        "date": (played_on or date.today()).isoformat(),
        "result": result_words(state),
        "capped": state.capped(),
        "colosseum": __version__,
    }
    return record


def check_writable(path: Path) -> None:
    """Refuse, before the first move, a path the record could not be written to: a folder, a
    missing folder, one this user may not write in (OSError with the reason)."""
    if path.is_dir():
        raise IsADirectoryError(f"{path} is a folder")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise FileNotFoundError(f"no folder {folder}")
    if path.exists() and not os.access(path, os.W_OK):
        raise PermissionError(f"{path} cannot be written")
    if not os.access(folder, os.W_OK):
        raise PermissionError(f"{folder} cannot be written in")


def save_record(
    state: State, path: Path, specs: Sequence[str], names: Mapping[int, str] | None = None
) -> None:
    """Write the record with its header to `path`, whole or not at all (a temporary file
    replaced in one step: a crash never leaves half a record). OSError if it cannot."""
    text = json.dumps(tagged_record(state, specs, names), indent=2) + "\n"
    folder = path.parent if str(path.parent) else Path(".")
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def load_record(path: Path) -> dict[str, Any]:
    """The JSON record in `path`; InvalidRecord if it cannot be read, is not a JSON object,
    or has a header that is not one."""
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
    check_tags(record)
    return record


def check_tags(record: Mapping[str, Any]) -> None:
    """A header, when there is one, is an object whose `players` maps seats to text."""
    tags = record.get(TAGS)
    if tags is None:
        return
    if not isinstance(tags, Mapping):
        raise InvalidRecord("record field 'tags' must be an object (the record's header)")
    players = tags.get("players", {})
    if not isinstance(players, Mapping) or not all(
        isinstance(seat, str) and seat.isdigit() and isinstance(who, str)
        for seat, who in players.items()
    ):
        raise InvalidRecord("the header's 'players' must map seat numbers to names or agents")
    humans = tags.get("humans", [])
    if not isinstance(humans, list) or not all(
        isinstance(seat, int) and not isinstance(seat, bool) for seat in humans
    ):
        raise InvalidRecord("the header's 'humans' must be a list of seat numbers")


def recorded_players(record: Mapping[str, Any]) -> tuple[list[str], dict[int, str]] | None:
    """Who played each seat by the record's header: the specs (`human` for a person) and the
    humans' names by seat; None for a record without a header."""
    tags = record.get(TAGS)
    if not isinstance(tags, Mapping) or "players" not in tags:
        return None
    players, humans = tags["players"], set(tags.get("humans", []))
    count = record.get("players")
    seats = [str(seat) for seat in range(count)] if isinstance(count, int) else []
    if sorted(players, key=int) != seats:
        raise InvalidRecord(f"the header names the players of seats {sorted(players)}, not all")
    specs = [HUMAN if seat in humans else str(players[str(seat)]) for seat in range(len(seats))]
    names = {seat: str(players[str(seat)]) for seat in humans if players[str(seat)] != HUMAN}
    return specs, names


def replay_moves(record: dict[str, Any]) -> tuple[State, list[tuple[int | None, str]]]:
    """The final state of `record` and its actions, each with the seat that played it."""
    final = replay(record)  # validates the whole record, with the kernel's messages
    state = replay({**record, "actions": []})
    moves = []
    for notation in record["actions"]:
        moves.append((state.current_player, notation))
        state.apply(notation)
    return final, moves
