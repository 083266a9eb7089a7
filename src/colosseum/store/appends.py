"""The append of an action to a web table's log, as statements compiled once per dialect and
run in one transaction for a batch (the group commit of `TableLog.append`, tables.py): each
table's length and count of undos read with its row locked, each append checked, then the
lengths advanced, the actions inserted and the clocks spent, one statement each for the
whole batch. On PostgreSQL the transaction notifies the other server processes (`CHANNEL`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Dialect, bindparam, insert, null, select, text, update
from sqlalchemy.exc import IntegrityError

from . import faults
from .errors import Conflict, SeatRevoked, TableClosed
from .schema import game_tables, table_actions, table_seats
from .table_rows import StoredAction

CHANNEL = "colosseum_tables"  # PostgreSQL NOTIFY channel: '<table id> <length>'

# The statements of every append. They run through `exec_driver_sql`, compiled once per
# dialect (`_Compiled`): SQLAlchemy's per-execution work (cache lookup, parameter and result
# set-up) cost about 0.1 ms a statement, most of what an append cost a game server.
_LENGTH = (
    select(game_tables.c.length, game_tables.c.status, game_tables.c.outcome, game_tables.c.undone)
    .where(game_tables.c.id == bindparam("table"))
    .with_for_update()
)
_HOLDER = select(table_seats.c.token_hash, table_seats.c.account).where(
    table_seats.c.table_id == bindparam("table"), table_seats.c.seat == bindparam("seat")
)
_ADVANCE = (
    update(game_tables)
    .where(game_tables.c.id == bindparam("table"), game_tables.c.length == bindparam("expected"))
    .values(
        length=bindparam("new_length"),
        status=bindparam("new_status"),
        updated=bindparam("now"),
        decider=bindparam("decider"),
        failure=null(),
        turn_started=bindparam("turn_started"),
    )
)
_SPEND = (
    update(table_seats)
    .where(table_seats.c.table_id == bindparam("table"), table_seats.c.seat == bindparam("seat"))
    .values(time_left_ms=bindparam("left"))
)
_INSERT_ACTION = (
    insert(table_actions)
    .inline()
    .values(
        table_id=bindparam("table"),
        seq=bindparam("new_length"),
        seat=bindparam("seat"),
        notation=bindparam("notation"),
        created=bindparam("created"),
        time_left_ms=bindparam("acted_ms"),
    )
)


class _Compiled:
    """A statement compiled for one dialect: its SQL and how its parameters are passed
    (in order for a positional paramstyle such as SQLite's, by name otherwise)."""

    def __init__(self, statement: Any, dialect: Dialect) -> None:
        compiled = statement.compile(dialect=dialect)
        self.sql = str(compiled)
        self.order = tuple(compiled.positiontup or ()) if compiled.positional else None

    def params(self, values: dict[str, Any]) -> Any:
        return values if self.order is None else tuple(values[name] for name in self.order)


@dataclass(frozen=True, slots=True)
class AppendSQL:
    """The append's statements for one dialect, and how it stores a timestamp."""

    length: _Compiled
    holder: _Compiled
    advance: _Compiled
    insert: _Compiled
    spend: _Compiled
    stamp: Callable[[datetime], Any]

    @classmethod
    def of(cls, dialect: Dialect) -> AppendSQL:
        stored = game_tables.c.updated.type.dialect_impl(dialect)
        stamp = stored.bind_processor(dialect) or (lambda value: value)
        return cls(
            _Compiled(_LENGTH, dialect),
            _Compiled(_HOLDER, dialect),
            _Compiled(_ADVANCE, dialect),
            _Compiled(_INSERT_ACTION, dialect),
            _Compiled(_SPEND, dialect),
            stamp,
        )


@dataclass(slots=True)
class Append:
    """An append waiting for the commit of its batch, and then what came of it."""

    table_id: str
    expected: int
    seat: int
    notation: str
    status: str
    decider: str | None = None  # who decides after this action
    token_hash: str | None = None  # the hash of the token presented (a human seat)
    account: int | None = None  # the account whose sign-in acts (a seat it must hold)
    turn_started: datetime | None = None  # when the next decider's turn began (a person's)
    time_left_ms: int | None = None  # the acting seat's clock after the action (None: none)
    undone: int = 0  # the actions taken back by undo the acting copy of the table knows of
    acted_ms: int | None = None  # the acting seat's clock as it acted (kept for undo)
    at: datetime | None = None  # when it was played by the caller's clock (None: now)
    outcome: StoredAction | Exception | None = None


def advance(connection: Connection, sql: AppendSQL, batch: list[Append], now: datetime) -> None:
    """The appends of a batch inside its transaction: each table's length read with its row
    locked (PostgreSQL holds the lock until the commit; SQLite's write lock is held already),
    each append checked against the length the ones before it left, then the lengths
    advanced and the actions inserted, one statement each for the whole batch."""
    lengths: dict[str, int | None] = {}
    undone: dict[str, int] = {}
    closed: set[str] = set()
    for table_id in sorted({request.table_id for request in batch}):
        stored = connection.exec_driver_sql(
            sql.length.sql, sql.length.params({"table": table_id})
        ).first()
        lengths[table_id] = None if stored is None else int(stored[0])
        if stored is not None:
            undone[table_id] = int(stored[3])
        if stored is not None and (stored[1] == "abandoned" or stored[2] is not None):
            closed.add(table_id)
    accepted = []
    for request in batch:
        found = lengths[request.table_id]
        if request.table_id in closed:
            request.outcome = TableClosed(f"table {request.table_id} was abandoned or resigned")
            continue
        if found != request.expected or undone.get(request.table_id) != request.undone:
            request.outcome = Conflict(request.table_id, request.expected, found)
            continue
        presented = request.token_hash is not None or request.account is not None
        if presented and not holds(connection, sql, request):
            what = "this token" if request.token_hash is not None else "this account"
            request.outcome = SeatRevoked(
                f"seat {request.seat} of table {request.table_id} is no longer held by {what}"
            )
            continue
        lengths[request.table_id] = request.expected + 1
        accepted.append(request)
    if not accepted:
        return
    stamp = sql.stamp(now)
    rows = [
        {
            "table": request.table_id,
            "expected": request.expected,
            "new_length": request.expected + 1,
            "new_status": request.status,
            "decider": request.decider,
            "seat": request.seat,
            "notation": request.notation,
            "acted_ms": request.acted_ms,
            "now": stamp,
            "created": stamp if request.at is None else sql.stamp(request.at),
            "turn_started": None
            if request.turn_started is None
            else sql.stamp(request.turn_started),
        }
        for request in accepted
    ]
    advanced = connection.exec_driver_sql(
        sql.advance.sql, [sql.advance.params(row) for row in rows]
    ).rowcount
    if advanced != len(accepted):  # cannot happen with the rows locked: refuse the batch
        raise IntegrityError("advance lengths", None, Exception(f"{advanced} of {len(accepted)}"))
    connection.exec_driver_sql(sql.insert.sql, [sql.insert.params(row) for row in rows])
    spent = [
        {"table": r.table_id, "seat": r.seat, "left": r.time_left_ms}
        for r in accepted
        if r.time_left_ms is not None
    ]
    if spent:
        connection.exec_driver_sql(sql.spend.sql, [sql.spend.params(row) for row in spent])
    for request in accepted:
        notify(connection, request.table_id, request.expected + 1)
        faults.checkpoint("table-append")
        request.outcome = StoredAction(request.expected + 1, request.seat, request.notation)


def holds(connection: Connection, sql: AppendSQL, request: Append) -> bool:
    """Whether the acting seat still holds the token hash the request presented and (when
    an account acts) still belongs to that account."""
    stored = connection.exec_driver_sql(
        sql.holder.sql, sql.holder.params({"table": request.table_id, "seat": request.seat})
    ).first()
    if stored is None:
        return False
    if request.token_hash is not None and stored[0] != request.token_hash:
        return False
    return request.account is None or stored[1] == request.account


def notify(connection: Connection, table_id: str, length: int) -> None:
    """Tell every listening server process (PostgreSQL only) when this transaction commits."""
    if connection.dialect.name == "postgresql":
        connection.execute(
            text("SELECT pg_notify(:channel, :payload)"),
            {"channel": CHANNEL, "payload": f"{table_id} {length}"},
        )
