"""What the API shows of the games and tables: a game's entry in the catalogue with the
options a network client may set, and a table's public summary (never its seed or salt before
it is over, unless it is a practice table; never a token, nor an account's id)."""

from __future__ import annotations

from typing import Any

from ..core.options import OptionSpec
from ..core.registry import GameInfo, game_definition
from ..store import TableRow
from .live import LiveTable, fairness, seat_public


def game_entry(info: GameInfo) -> dict[str, Any]:
    """A game and the options a network client may set."""
    return {
        "id": info.id,
        "title": info.title,
        "summary": info.summary,
        "min_players": info.min_players,
        "max_players": info.max_players,
        "options": [option_entry(spec) for spec in info.options if not spec.local],
    }


def option_entry(spec: OptionSpec) -> dict[str, Any]:
    return {
        "name": spec.name,
        "type": spec.type.__name__,
        "default": spec.default,
        "description": spec.description,
        "choices": list(spec.choices),
        "minimum": spec.minimum,
        "maximum": spec.maximum,
    }


def table_summary(live: LiveTable) -> dict[str, Any]:
    """What anyone may know of a table: never its seed or salt before it is over (unless
    it is a practice table)."""
    summary = row_summary(live.row)
    summary.update(
        version=live.version,
        status=live.status(),
        current=live.current(),
        winners=live.winners(),
        **fairness(live.row, live.finished),
        **live.clock(),
    )
    return summary


def row_summary(row: TableRow) -> dict[str, Any]:
    """A table as the lobby lists it, from its stored row."""
    finished = row.status in ("over", "abandoned", "record")
    return {
        "id": row.id,
        "game": row.game,
        "title": game_definition(row.game).info.title,
        "players": [seat_public(s) for s in row.seats],
        "free_seats": [s.seat for s in row.seats if s.free],
        "options": row.options,
        "status": row.status,
        "version": row.length,
        "created": row.created.isoformat(),
        "updated": row.updated.isoformat(),
        "spectate": f"/tables/{row.id}",
        "hints": row.hints,
        "rated": row.rated,
        "failure": row.failure,
        "outcome": row.outcome,
        "clock": row.clock,
        **fairness(row, finished),
    }
