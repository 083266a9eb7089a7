"""The web tables' repository: each table its record and a log of actions, appended to and
cut back only by an undo (rewind.py), which every append notices (the table counts undos).

`append(id, expected, seat, notation, status)` stores the action as number expected+1 only if
the log still ends at `expected` (and no undo rewrote it since): the table's length is read
with its row locked (PostgreSQL holds the lock until the commit; SQLite holds its write lock),
checked, advanced and the action inserted in one transaction (the unique (table, seq) key is
the last guard); otherwise `Conflict` and nothing is stored. In the same transaction it checks
that the table is not abandoned nor ended by a resignation (`TableClosed`) and, for a human
seat, that the seat's stored token hash is still the one the request presented (`SeatRevoked`:
a seat taken from the lobby a moment before cannot be played with its old invitation) or, for a
seat played by an account's sign-in, that the seat is still held by that account
(`table_seats.account`), and records which kind of seat decides next.
On SQLite, appends waiting for the write lock are committed together (a group commit). On
PostgreSQL the same transaction sends `NOTIFY colosseum_tables, '<id> <length>'`, delivered
to every listening server process when it commits.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from datetime import datetime
from functools import cached_property
from typing import Any

from sqlalchemy import (
    Engine,
    case,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from .appends import Append, AppendSQL, advance, holds, notify
from .errors import Conflict, SeatRevoked, StoreError, TableClosed
from .schema import game_tables, table_actions, table_seats
from .table_rows import (
    COMPUTER_DECIDES,
    HUMAN_DECIDES,
    NOBODY_DECIDES,
    UNFINISHED,
    StoredAction,
    TableRow,
    seats_of,
    table_row,
)
from .times import utc_now
from .transactions import transaction, writer_turn, writing


class TableLog:
    """The game tables of one database and their action logs."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._waiting: list[Append] = []  # appends queued for this process's next commit
        self._waiting_guard = threading.Lock()

    @cached_property
    def sql(self) -> AppendSQL:
        """The append's statements, compiled on first use (a careers command never needs
        them; two threads compiling at once make the same)."""
        return AppendSQL.of(self.engine.dialect)

    def create(self, table: TableRow) -> None:
        """Store a new table with its seats (its log empty)."""
        if not table.seats:
            raise StoreError(f"table {table.id} has no seats")
        try:
            json.dumps(table.options)
        except (TypeError, ValueError) as error:
            raise StoreError(f"table options must be plain JSON: {error}") from None
        with writing(self.engine) as connection:
            connection.execute(
                insert(game_tables).values(
                    id=table.id,
                    game=table.game,
                    version=table.version,
                    players=table.players,
                    options=table.options,
                    seed=table.seed,
                    private=table.private,
                    length=0,
                    status=table.status,
                    created=table.created,
                    updated=table.updated,
                    hints=table.hints,
                    practice=table.practice,
                    salt=table.salt,
                    failure=table.failure,
                    decider=table.decider,
                    clock=table.clock,
                    turn_started=table.turn_started,
                    rated=table.rated,
                )
            )
            connection.execute(
                insert(table_seats),
                [
                    {
                        "table_id": table.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "name": s.name,
                        "token_hash": s.token_hash,
                        "claimed": s.claimed,
                        "account": s.account,
                        "time_left_ms": s.time_left_ms,
                    }
                    for s in table.seats
                ],
            )

    def find(self, table_id: str) -> TableRow | None:
        """The table with this id, or None."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(game_tables).where(game_tables.c.id == table_id)
            ).first()
            if row is None:
                return None
            return table_row(row, seats_of(connection, [table_id])[table_id])

    def listed(self, statuses: Sequence[str], limit: int = 200) -> list[TableRow]:
        """Public tables in one of `statuses`, the most recently active first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(game_tables)
                .where(game_tables.c.status.in_(statuses), game_tables.c.private.is_(False))
                .order_by(game_tables.c.updated.desc())
                .limit(limit)
            ).all()
            seats = seats_of(connection, [row.id for row in rows])
        return [table_row(row, seats.get(row.id, ())) for row in rows]

    def awaiting_computer(self) -> list[str]:
        """The ids of the tables not over, not abandoned and not failed whose next decision
        is a computer seat's, or not known yet (tables stored before the store kept it)."""
        decider = game_tables.c.decider
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(game_tables.c.id).where(
                    game_tables.c.status.in_(UNFINISHED),
                    game_tables.c.failure.is_(None),
                    (decider == COMPUTER_DECIDES) | decider.is_(None),
                )
            ).all()
        return [str(row.id) for row in rows]

    def note_decider(self, table_id: str, length: int, decider: str) -> None:
        """Keep who decides at a table whose decider was not known, if its log still has
        `length` actions."""
        with writing(self.engine) as connection:
            connection.execute(
                update(game_tables)
                .where(
                    game_tables.c.id == table_id,
                    game_tables.c.length == length,
                    game_tables.c.decider.is_(None),
                )
                .values(decider=decider)
            )

    def abandon(self, before: datetime) -> list[str]:
        """Every table one may still act at whose last change is older than `before` ends
        as abandoned (nobody decides there any more); their ids."""
        idle = (game_tables.c.status.in_(UNFINISHED), game_tables.c.updated < before)
        with writing(self.engine) as connection:
            found = connection.execute(
                select(game_tables.c.id).where(*idle).with_for_update()
            ).all()
            ids = [str(row.id) for row in found]
            for start in range(0, len(ids), 500):
                connection.execute(
                    update(game_tables)
                    .where(game_tables.c.id.in_(ids[start : start + 500]), *idle)
                    .values(status="abandoned", decider=NOBODY_DECIDES, updated=utc_now())
                )
            for table_id in ids:
                notify(connection, table_id, -1)
        return ids

    def mark_failed(self, table_id: str, reason: str) -> bool:
        """Note why the table stopped (a computer seat failed); False if there is no such
        table."""
        with writing(self.engine) as connection:
            done = connection.execute(
                update(game_tables)
                .where(game_tables.c.id == table_id)
                .values(failure=reason[:500] or "failed")
            ).rowcount
            if done:
                notify(connection, table_id, -1)
        return bool(done)

    def load(self, table_id: str, after: int = 0) -> list[StoredAction]:
        """The table's actions numbered above `after`, oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(table_actions.c.seq, table_actions.c.seat, table_actions.c.notation)
                .where(table_actions.c.table_id == table_id, table_actions.c.seq > after)
                .order_by(table_actions.c.seq)
            ).all()
        return [StoredAction(int(r.seq), int(r.seat), str(r.notation)) for r in rows]

    def since(self, table_id: str, after: int) -> tuple[int, int, list[StoredAction]] | None:
        """The table's length, its count of actions taken back by undo, and its actions
        numbered above `after` (read only when the log is longer); None: no such table.
        A length below `after`, or a count that changed, tells of an undo."""
        with self.engine.connect() as connection:
            header = connection.execute(
                select(game_tables.c.length, game_tables.c.undone).where(
                    game_tables.c.id == table_id
                )
            ).first()
            if header is None:
                return None
            length, undone = int(header.length), int(header.undone)
            if length <= after:
                return length, undone, []
            rows = connection.execute(
                select(table_actions.c.seq, table_actions.c.seat, table_actions.c.notation)
                .where(table_actions.c.table_id == table_id, table_actions.c.seq > after)
                .order_by(table_actions.c.seq)
            ).all()
        actions = [StoredAction(int(r.seq), int(r.seat), str(r.notation)) for r in rows]
        return length, undone, actions

    def append(
        self,
        table_id: str,
        expected: int,
        seat: int,
        notation: str,
        status: str,
        decider: str | None = None,
        token_hash: str | None = None,
        account: int | None = None,
        turn_started: datetime | None = None,
        time_left_ms: int | None = None,
        undone: int = 0,
        acted_ms: int | None = None,
        at: datetime | None = None,
    ) -> StoredAction:
        """Store `notation` as action expected+1 if the log still ends at `expected`, and set
        the table's status and who decides next (`decider`); else `Conflict` and nothing is
        stored. With `token_hash` (a human seat's action), the seat must still hold that
        hash, and with `account` (an action of a signed-in account) the seat must still be
        that account's (else `SeatRevoked`); an abandoned table takes no action
        (`TableClosed`). The same transaction keeps when the next decider's turn began
        (`turn_started`, None when no person decides) and, on a clocked table, the acting
        seat's time left (`time_left_ms`, None: not changed) and, with the action, its time
        left as it acted (`acted_ms`) and when (`at`, by the caller's clock; None: now).
        `undone` is the number of actions taken back that the caller's copy of the table
        knows of (`TableRow.undone`): a log rewritten by an undo since is a `Conflict` too,
        even if as long as expected.

        On SQLite the appends of this process that wait for the write lock are committed
        together by the first to get it (a group commit: one sync to disk for all, each
        with its own check, a conflict of one leaving the others stored)."""
        request = Append(
            table_id,
            expected,
            seat,
            notation,
            status,
            decider,
            token_hash,
            account,
            turn_started,
            time_left_ms,
            undone,
            acted_ms,
            at,
        )
        if self.engine.dialect.name != "sqlite":
            self._write([request])
        else:
            with self._waiting_guard:
                self._waiting.append(request)
            with writer_turn(self.engine):
                if request.outcome is None:
                    with self._waiting_guard:
                        batch, self._waiting = self._waiting, []
                    self._write(batch)
        if isinstance(request.outcome, Exception):
            raise request.outcome
        assert request.outcome is not None
        return request.outcome

    def _write(self, batch: list[Append]) -> None:
        """Commit a batch of appends in one transaction; each gets its own outcome."""
        now = utc_now()
        try:
            with transaction(self.engine) as connection:
                advance(connection, self.sql, batch, now)
        except IntegrityError:
            if len(batch) > 1:  # each alone, so that only the faulty one fails
                for request in batch:
                    self._write([request])
            else:
                request = batch[0]
                request.outcome = Conflict(
                    request.table_id, request.expected, self.length(request.table_id)
                )
        except Exception as error:  # nothing of the batch was stored
            for request in batch:
                request.outcome = error

    def claim(
        self,
        table_id: str,
        seat: int,
        name: str,
        token_hash: str | None,
        presented: str | None = None,
        account: int | None = None,
        now: datetime | None = None,
    ) -> bool:
        """Mark a free human seat taken, with its name and (when given) a new token hash and
        the account that takes it; False when it was taken already, is reserved for an
        account (or, with `presented`, when the seat no longer holds that token hash). One
        conditional update decides: of two racing claims one wins. An open table whose last
        free seat this was is playing."""
        values: dict[str, Any] = {"claimed": True, "name": name}
        if token_hash is not None:
            values["token_hash"] = token_hash
        if account is not None:
            values["account"] = account
        unclaimed = [*_seat_is(table_id, seat), table_seats.c.account.is_(None)]
        if presented is not None:
            unclaimed.append(table_seats.c.token_hash == presented)
        return self._change_seat(table_id, unclaimed, values, now)

    def open_reserved(
        self, table_id: str, seat: int, account: int, now: datetime | None = None
    ) -> bool:
        """The account's first opening of a seat reserved for it: the seat is taken; False
        when it is not reserved for that account or was opened already."""
        held = [*_seat_is(table_id, seat), table_seats.c.account == account]
        return self._change_seat(table_id, held, {"claimed": True}, now)

    def rename(self, table_id: str, seat: int, name: str, presented: str) -> bool:
        """A guest names his seat (and so sits in it): only while the seat holds the token
        hash `presented` and belongs to no account; False otherwise."""
        guest = [
            *_seat_is(table_id, seat, unclaimed=False),
            table_seats.c.token_hash == presented,
            table_seats.c.account.is_(None),
        ]
        return self._change_seat(table_id, guest, {"name": name, "claimed": True})

    def bind(self, table_id: str, seat: int, presented: str, account: int, name: str) -> bool:
        """A guest's seat kept by the account he registered: from now on it is the account's
        (named by it), its token still working; only while the seat holds the token hash
        `presented` and belongs to no account, else False."""
        guest = [
            *_seat_is(table_id, seat, unclaimed=False),
            table_seats.c.token_hash == presented,
            table_seats.c.account.is_(None),
        ]
        values = {"name": name, "claimed": True, "account": account}
        return self._change_seat(table_id, guest, values)

    def _change_seat(
        self, table_id: str, where: list[Any], values: dict[str, Any], now: datetime | None = None
    ) -> bool:
        """One conditional update of a seat; when it took, the table's status follows (an
        open table whose last free seat was taken is playing, and a person deciding there
        starts his turn at `now`) and its watchers are told."""
        now = now if now is not None else utc_now()
        with writing(self.engine) as connection:
            done = connection.execute(update(table_seats).where(*where).values(**values)).rowcount
            if done:
                free = connection.execute(
                    select(func.count())
                    .select_from(table_seats)
                    .where(
                        table_seats.c.table_id == table_id,
                        table_seats.c.kind == "human",
                        table_seats.c.claimed.is_(False),
                    )
                ).scalar()
                changed = update(game_tables).where(game_tables.c.id == table_id)
                if not free:
                    changed = changed.where(game_tables.c.status == "open")
                    changed = changed.values(
                        status="playing",
                        updated=utc_now(),
                        turn_started=case(  # a person decides: his turn (clock) begins
                            (game_tables.c.decider == HUMAN_DECIDES, now),
                            else_=game_tables.c.turn_started,
                        ),
                    )
                else:
                    changed = changed.values(updated=utc_now())
                connection.execute(changed)
                notify(connection, table_id, -1)
        return bool(done)

    def resign(
        self,
        table_id: str,
        seat: int,
        expected: int,
        outcome: dict[str, Any],
        token_hash: str | None = None,
        account: int | None = None,
    ) -> None:
        """End the table as `outcome` says (a seat resigned; status "over", nobody decides),
        checked as an append is, in one transaction: the table not over or abandoned
        (`TableClosed`), its log still `expected` actions long (`Conflict`), the seat still
        holding the token hash presented or still the account's (`SeatRevoked`)."""
        request = Append(table_id, expected, seat, "", "over", None, token_hash, account)
        with writing(self.engine) as connection:
            stored = connection.execute(
                select(game_tables.c.length, game_tables.c.status)
                .where(game_tables.c.id == table_id)
                .with_for_update()
            ).first()
            if stored is None or stored.status not in UNFINISHED:
                raise TableClosed(f"table {table_id} is over or abandoned")
            if int(stored.length) != expected:
                raise Conflict(table_id, expected, int(stored.length))
            presented = token_hash is not None or account is not None
            if presented and not holds(connection, self.sql, request):
                raise SeatRevoked(f"seat {seat} of table {table_id} is no longer held")
            connection.execute(
                update(game_tables)
                .where(game_tables.c.id == table_id, game_tables.c.length == expected)
                .values(status="over", outcome=outcome, decider=NOBODY_DECIDES, updated=utc_now())
            )
            notify(connection, table_id, -1)

    def held_by(self, account: int, limit: int = 200) -> list[TableRow]:
        """The tables where `account` holds a seat (or one is reserved for it), at most
        `limit`: those one may still act at first, each group the most recently active
        first. Two queries, whatever their number: the tables, then their seats."""
        unfinished = case((game_tables.c.status.in_(UNFINISHED), 0), else_=1)
        mine = select(table_seats.c.table_id).where(table_seats.c.account == account)
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(game_tables)
                .where(game_tables.c.id.in_(mine))
                .order_by(unfinished, game_tables.c.updated.desc(), game_tables.c.id)
                .limit(limit)
            ).all()
            seats = seats_of(connection, [row.id for row in rows])
        return [table_row(row, seats.get(row.id, ())) for row in rows]

    def length(self, table_id: str) -> int | None:
        with self.engine.connect() as connection:
            value = connection.execute(
                select(game_tables.c.length).where(game_tables.c.id == table_id)
            ).scalar()
        return None if value is None else int(value)

    def count(self) -> int:
        with self.engine.connect() as connection:
            return int(
                connection.execute(select(func.count()).select_from(game_tables)).scalar_one()
            )


def _seat_is(table_id: str, seat: int, unclaimed: bool = True) -> list[Any]:
    """The conditions naming a person's seat (one nobody sat in yet, when `unclaimed`)."""
    found = [
        table_seats.c.table_id == table_id,
        table_seats.c.seat == seat,
        table_seats.c.kind == "human",
    ]
    if unclaimed:
        found.append(table_seats.c.claimed.is_(False))
    return found
