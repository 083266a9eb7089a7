"""Undo at a web table, in the store: the last actions of its log taken back.

`rewind` deletes the actions numbered above `back_to` and sets the table back, checked as an
append is, in one transaction: the table unfinished and not ended otherwise (`TableClosed`),
its log still `expected` actions long and rewritten by no other undo since the caller read
it (`Conflict`), the seat still held by the token hash presented or by the account
(`SeatRevoked`). The table's `undone` grows by the number of actions taken back, so a copy of
the table that missed the undo cannot append after the rewritten log, even once it is as
long again (`TableLog.append` checks `undone` with the length). Which actions may be taken
back is the web's decision (web/undo.py); the store only keeps the log consistent.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, select, update

from .appends import Append, holds, notify
from .errors import Conflict, SeatRevoked, TableClosed
from .schema import game_tables, table_actions, table_seats
from .table_rows import UNFINISHED
from .tables import TableLog
from .times import aware, utc_now
from .transactions import writing


@dataclass(frozen=True, slots=True)
class Played:
    """An action of the log with when it was played and its seat's clock as it acted."""

    seq: int
    seat: int
    notation: str
    created: datetime
    time_left_ms: int | None


@dataclass(frozen=True, slots=True)
class Rewind:
    """What the table becomes: its log `back_to` actions long, who decides then, and the
    clock of the seat that takes its actions back (None: no clock)."""

    back_to: int
    status: str
    decider: str | None
    turn_started: datetime | None
    time_left_ms: int | None


def played_since(log: TableLog, table_id: str, after: int) -> list[Played]:
    """The table's actions numbered above `after`, oldest first, with their times."""
    with log.engine.connect() as connection:
        rows = connection.execute(
            select(
                table_actions.c.seq,
                table_actions.c.seat,
                table_actions.c.notation,
                table_actions.c.created,
                table_actions.c.time_left_ms,
            )
            .where(table_actions.c.table_id == table_id, table_actions.c.seq > after)
            .order_by(table_actions.c.seq)
        ).all()
    return [
        Played(
            int(r.seq),
            int(r.seat),
            str(r.notation),
            aware(r.created),
            None if r.time_left_ms is None else int(r.time_left_ms),
        )
        for r in rows
    ]


def rewind(
    log: TableLog,
    table_id: str,
    seat: int,
    expected: int,
    undone: int,
    to: Rewind,
    token_hash: str | None = None,
    account: int | None = None,
    now: datetime | None = None,
) -> None:
    """Take back the actions above `to.back_to` for `seat` (see the module's docstring);
    nothing changes when a check fails."""
    if not 0 <= to.back_to < expected:
        raise ValueError(f"cannot rewind a log of {expected} actions to {to.back_to}")
    request = Append(table_id, expected, seat, "", to.status, to.decider, token_hash, account)
    with writing(log.engine) as connection:
        stored = connection.execute(
            select(
                game_tables.c.length,
                game_tables.c.status,
                game_tables.c.outcome,
                game_tables.c.undone,
            )
            .where(game_tables.c.id == table_id)
            .with_for_update()
        ).first()
        if stored is None or stored.status not in UNFINISHED or stored.outcome is not None:
            raise TableClosed(f"table {table_id} is over or abandoned")
        if int(stored.length) != expected or int(stored.undone) != undone:
            raise Conflict(table_id, expected, int(stored.length))
        presented = token_hash is not None or account is not None
        if presented and not holds(connection, log.sql, request):
            raise SeatRevoked(f"seat {seat} of table {table_id} is no longer held")
        connection.execute(
            delete(table_actions).where(
                table_actions.c.table_id == table_id, table_actions.c.seq > to.back_to
            )
        )
        connection.execute(
            update(game_tables)
            .where(game_tables.c.id == table_id, game_tables.c.length == expected)
            .values(
                length=to.back_to,
                undone=undone + expected - to.back_to,
                status=to.status,
                decider=to.decider,
                turn_started=to.turn_started,
                updated=now if now is not None else utc_now(),
            )
        )
        if to.time_left_ms is not None:
            connection.execute(
                update(table_seats)
                .where(table_seats.c.table_id == table_id, table_seats.c.seat == seat)
                .values(time_left_ms=to.time_left_ms)
            )
        notify(connection, table_id, -1)  # not a length this process may know already
