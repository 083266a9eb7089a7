"""What the API shows of the games and tables: a game's entry in the catalogue with the
options a network client may set, and a table's public summary (never its seed or salt before
it is over, unless it is a practice table; never a token, nor an account's id)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.options import OptionSpec
from ..core.registry import GameInfo, game_definition
from ..store import SeatRow, Store, TableRow
from ..store.match_queue import stored_ratings
from ..store.rating_model import Rating, shown
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
        "suggested": list(spec.suggested),
        "minimum": spec.minimum,
        "maximum": spec.maximum,
    }


def table_summary(live: LiveTable, ratings: SeatRatings | None = None) -> dict[str, Any]:
    """What anyone may know of a table: never its seed or salt before it is over (unless
    it is a practice table); each player's rating from `ratings` (`seat_ratings`)."""
    summary = row_summary(live.row, ratings)
    summary.update(
        version=live.version,
        status=live.status(),
        current=live.current(),
        winners=live.winners(),
        **fairness(live.row, live.finished),
        **live.clock(),
    )
    return summary


def row_summary(row: TableRow, ratings: SeatRatings | None = None) -> dict[str, Any]:
    """A table as the lobby lists it, from its stored row; each player's rating from
    `ratings` (`seat_ratings`; None: no ratings)."""
    finished = row.status in ("over", "abandoned", "record")
    return {
        "id": row.id,
        "game": row.game,
        "title": game_definition(row.game).info.title,
        "players": [rated_seat(s, row.game, ratings) for s in row.seats],
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


@dataclass(frozen=True, slots=True)
class SeatRatings:
    """Displayed ratings by (account, game), and the computer levels' accounts by level."""

    shown: Mapping[tuple[int, str], int]
    levels: Mapping[str, int]

    def of(self, seat: SeatRow, game: str) -> int | None:
        """The seat's account's rating in `game` (a computer seat: its level's), or None."""
        account = _account(seat, self)
        return None if account is None else self.shown.get((account, game))


def seat_ratings(store: Store, rows: Sequence[TableRow]) -> SeatRatings:
    """The displayed ratings of the accounts seated at these tables (and of the computer
    levels seated there) in each table's game, read in one query; unrated ones left out."""
    levels = {level: account for account, level in store.ratings.computers().items()}
    empty = SeatRatings({}, levels)
    pairs = {
        (a, row.game) for row in rows for s in row.seats if (a := _account(s, empty)) is not None
    }
    stored = stored_ratings(store.engine, pairs)
    return SeatRatings({pair: shown(Rating(r.mu, r.sigma)) for pair, r in stored.items()}, levels)


def _account(seat: SeatRow, ratings: SeatRatings) -> int | None:
    return seat.account if seat.account is not None else ratings.levels.get(seat.kind)


def lobby_summaries(store: Store, rows: Sequence[TableRow]) -> list[dict[str, Any]]:
    """The tables as the lobby lists them, with their players' ratings (one lookup for all)."""
    ratings = seat_ratings(store, rows)
    return [row_summary(row, ratings) for row in rows]


def rated_seat(seat: SeatRow, game: str, ratings: SeatRatings | None) -> dict[str, Any]:
    """A seat as anyone may see it, with its displayed rating in `game` (null: none)."""
    return {**seat_public(seat), "rating": None if ratings is None else ratings.of(seat, game)}
