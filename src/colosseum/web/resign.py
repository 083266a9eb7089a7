"""A table ended before its game: a seat's player resigns (docs/web.md, "Resigning"), or the
deciding seat's clock runs out (`enforce`; "Clocks", `clocks.py`).

The engines have no hook to take a player out of a game, so a resignation always ends the
table: the resigning seat loses and every other seat wins (with three or more players they
are tied: the games offer no common standing to rank them by). The table's row records it as
`outcome = {"kind": "resigned", "seat": s, "at": version}` with status "over", in one
transaction checked as an append is (store `TableLog.resign`): the table still unfinished,
its log still as long as the request saw, the seat still held by the token presented or by
the signed-in account. From then on the table takes no action, and its seed and salt, record
and replay open as for any finished table.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from ..store import Conflict, SeatRevoked, Store, TableClosed, TableRow
from ..store.clocks import Clocks
from .clocks import expired
from .errors import STATUS, BadToken, NotYourSeat, StaleVersion, TableError
from .tokens import token_hash

if TYPE_CHECKING:
    from .live import LiveTable


class Tables(Protocol):
    """What ending a table needs of the server's tables (`service.TableService`)."""

    store: Store
    clocks: Clocks

    def table(self, table_id: str, sync: bool = True) -> LiveTable: ...

    def seat_of(
        self,
        live: LiveTable,
        token: str | None,
        account: int | None = None,
        wanted: int | None = None,
    ) -> int | None: ...

    def sync(self, live: LiveTable) -> None: ...

    def refresh_row(self, live: LiveTable) -> None: ...


class TableOver(TableError):
    """A request to end a table that has ended already (a second resignation)."""


STATUS[TableOver] = 409


def closed_reason(row: TableRow) -> str:
    """Why nobody may act at an ended table, in words a person can act on."""
    outcome = row.outcome or {}
    if outcome.get("kind") == "resigned":
        return (
            f"seat {outcome.get('seat')} resigned at table {row.id}: the game is over, "
            "nobody may act at it"
        )
    if outcome.get("kind") == "timeout":
        return (
            f"seat {outcome.get('seat')} ran out of time at table {row.id}: the game is over, "
            "nobody may act at it"
        )
    if row.status == "abandoned":
        return f"table {row.id} was abandoned: nobody may act at it"
    return f"table {row.id} is over: nobody may act at it"


def resign(
    service: Tables,
    table_id: str,
    token: str | None,
    account: int | None = None,
    wanted: int | None = None,
) -> tuple[LiveTable, int]:
    """End the table by the resignation of the request's seat (its token's, else the
    signed-in `account`'s, `wanted` when it holds several): the table and the seat."""
    live = service.table(table_id)
    seat = service.seat_of(live, token, account, wanted)
    if seat is None:
        raise NotYourSeat(
            f"only a player may resign, for his own seat: send the seat's token or sign in "
            f"as its account (table {table_id})"
        )
    with live.lock:
        version, row = live.version, live.row
        ended = live.finished
    if ended:
        raise TableOver(_over(row))
    outcome: dict[str, Any] = {"kind": "resigned", "seat": seat, "at": version}
    presented = None if token is None else token_hash(token)
    holder = account if token is None else None
    try:
        service.store.tables.resign(table_id, seat, version, outcome, presented, holder)
    except TableClosed:
        service.refresh_row(live)
        raise TableOver(_over(live.row)) from None
    except Conflict:
        service.sync(live)
        raise StaleVersion(
            f"an action was accepted a moment ago; the table is at version {live.version}: "
            "look at it and resign again if you still wish to"
        ) from None
    except SeatRevoked:
        if holder is not None:
            raise NotYourSeat(
                f"seat {seat} of table {table_id} is no longer your account's"
            ) from None
        raise BadToken(f"this token no longer holds seat {seat} of table {table_id}") from None
    service.refresh_row(live)
    return live, seat


def _over(row: TableRow) -> str:
    outcome = row.outcome or {}
    if outcome.get("kind") == "resigned":
        return f"seat {outcome.get('seat')} resigned at table {row.id} already: it is over"
    if outcome.get("kind") == "timeout":
        return f"seat {outcome.get('seat')} ran out of time at table {row.id}: it is over"
    if row.status == "abandoned":
        return f"table {row.id} was abandoned: there is nothing to resign"
    return f"table {row.id} is over already: there is nothing to resign"


def enforce(service: Tables, live: LiveTable, now: datetime) -> bool:
    """End the table if its deciding seat's time ran out at `now` (checked against the
    row as stored, in the store's transaction against its length); whether it ended it."""
    if live.row.clock is None:
        return False
    for _ in range(3):  # an action accepted meanwhile: look again
        with live.lock:
            row, seat, version = live.row, live.current(), live.version
        if not expired(row, seat, now):
            return False
        stored = service.store.tables.find(row.id)  # another process may have acted
        if stored is not None and (stored.length != version or stored != row):
            service.sync(live)
            service.refresh_row(live)
            with live.lock:
                row, seat, version = live.row, live.current(), live.version
            if not expired(row, seat, now):
                return False
        assert seat is not None
        outcome = {"kind": "timeout", "seat": seat, "at": version}
        try:
            service.clocks.timeout(row.id, version, outcome, now)
        except TableClosed:
            service.refresh_row(live)
            return False
        except Conflict:
            service.sync(live)
            service.refresh_row(live)
            continue
        service.refresh_row(live)
        return True
    return False
