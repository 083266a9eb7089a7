"""The tables' clocks as stored (the rules of time controls are web/clocks.py's): which
clocked tables have a person's clock running, and ending a table whose deciding seat ran out
of time, checked in one transaction as a resignation is (`TableLog.resign`).

A table's clock is `game_tables.clock` (its time control), `game_tables.turn_started` (when
the deciding person's turn began) and each seat's `table_seats.time_left_ms`; an append keeps
the last two in its own transaction (`TableLog.append`), so that every process, and a server
restarted, computes the same deadline from the store alone.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Engine, exists, select, update

from .appends import notify
from .errors import Conflict, TableClosed
from .schema import game_tables, table_seats
from .table_rows import HUMAN_DECIDES, NOBODY_DECIDES, UNFINISHED, TableRow, seats_of, table_row
from .transactions import writing

BATCH = 500  # running clocks read at once by the sweep


class Clocks:
    """The running clocks of one database's tables."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def running(self, after: str = "", limit: int = BATCH) -> list[TableRow]:
        """Tables one may still act at where a person decides and a clock is kept (a seat
        has time left stored), their id above `after`, ordered by id, at most `limit`: the
        sweep reads them a batch at a time and checks each one's deadline."""
        clocked = exists().where(
            table_seats.c.table_id == game_tables.c.id, table_seats.c.time_left_ms.is_not(None)
        )
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(game_tables)
                .where(
                    game_tables.c.status.in_(UNFINISHED),
                    game_tables.c.decider == HUMAN_DECIDES,
                    game_tables.c.turn_started.is_not(None),
                    game_tables.c.id > after,
                    clocked,
                )
                .order_by(game_tables.c.id)
                .limit(limit)
            ).all()
            seats = seats_of(connection, [row.id for row in rows])
        return [table_row(row, seats.get(row.id, ())) for row in rows]

    def timeout(self, table_id: str, expected: int, outcome: dict[str, Any], now: datetime) -> None:
        """End the table as `outcome` says (a seat ran out of time: status "over", nobody
        decides) if it is still unfinished (else `TableClosed`) and its log still `expected`
        actions long (else `Conflict`: an action came first, and the caller decides again),
        in one transaction, its row locked."""
        with writing(self.engine) as connection:
            stored = connection.execute(
                select(game_tables.c.length, game_tables.c.status, game_tables.c.outcome)
                .where(game_tables.c.id == table_id)
                .with_for_update()
            ).first()
            if stored is None or stored.status not in UNFINISHED or stored.outcome is not None:
                raise TableClosed(f"table {table_id} is over or abandoned")
            if int(stored.length) != expected:
                raise Conflict(table_id, expected, int(stored.length))
            connection.execute(
                update(game_tables)
                .where(game_tables.c.id == table_id, game_tables.c.length == expected)
                .values(status="over", outcome=outcome, decider=NOBODY_DECIDES, updated=now)
            )
            notify(connection, table_id, -1)
