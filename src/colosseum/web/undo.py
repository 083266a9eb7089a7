"""Undo at a web table (docs/web.md, "Undo"), by the terminal's rule (core/undo.py): the seat
deciding takes back its own last decision and the computers' decisions after it, never a
decision of another person's seat, never across a die roll, a draw or a reveal, and never
once the game is over.

The store takes the actions back in one transaction checked as an append is (store/rewind.py):
the log still as long as the request saw and rewritten by no other undo, the seat still held
by the token presented or by the signed-in account. Every copy of the table, in this process
or another, starts again from the stored record when it learns of the undo.

Clock: the seat's time runs on as though the actions taken back had never been played, from
the moment it played the first of them: its time left then, less the time since (so an undo
neither gives back time nor adds an increment; a computer's thinking after it counts as the
seat's). The other seats' clocks are as they were.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from ..core.undo import Step, UndoRefused, check_steps, undo_start
from ..store import Conflict, SeatRevoked, TableClosed
from ..store.rewind import Played, Rewind, played_since, rewind
from .errors import (
    STATUS,
    BadToken,
    NotAvailable,
    NotYourSeat,
    NotYourTurn,
    StaleVersion,
    TableError,
)
from .live import LiveTable, decider_of
from .resign import closed_reason
from .tokens import token_hash

if TYPE_CHECKING:
    from .service import TableService


class CannotUndo(TableError):
    """Undo where the rule forbids it (core/undo.py); the message says why."""


STATUS[CannotUndo] = 409


def undo(
    service: TableService,
    table_id: str,
    version: int,
    token: str | None,
    account: int | None = None,
    wanted: int | None = None,
) -> tuple[LiveTable, int, int]:
    """Take back the last decision of the request's seat (its token's, else the signed-in
    `account`'s: `wanted`, or the deciding seat when it holds several) at a table seen at
    `version`: the table, the seat and how many actions were taken back."""
    live = service.table(table_id)
    if wanted is None and token is None and account is not None:
        deciding = live.current()
        if deciding is not None and live.seat_row(deciding).account == account:
            wanted = deciding
    seat = service.seat_of(live, token, account, wanted)
    if seat is None:
        raise NotYourSeat(
            f"only a player may undo, his own decisions: send the seat's token or sign in as "
            f"its account (table {table_id})"
        )
    with live.lock:
        row, state, steps = live.row, live.state.clone(), list(live.steps)
        finished = live.finished or row.outcome is not None
    if finished:
        raise NotAvailable(closed_reason(row) if row.outcome else "the game is over: no undo")
    if version != len(steps):
        raise StaleVersion(
            f"the table is at version {len(steps)}, not {version}: look at it again and undo "
            "if you still wish to"
        )
    if state.current_player != seat:
        raise NotYourTurn(f"undo is for the seat deciding, and seat {seat} is not deciding")
    person = [not s.computer for s in row.seats]
    try:
        start = undo_start([step.seat for step in steps], seat, person.__getitem__)
    except UndoRefused as refused:
        raise CannotUndo(str(refused)) from None
    back = LiveTable.start(row).state  # the state the undo returns to
    for step in steps[:start]:
        back.apply(step.notation)
    replayed = back.clone()
    trial = []
    for step in steps[start:]:
        before = replayed.clone()
        events = tuple(replayed.apply(step.notation))
        trial.append(Step(step.seat, step.notation, before, replayed.clone(), events))
    try:
        check_steps(trial, seat)
    except UndoRefused as refused:
        raise CannotUndo(str(refused)) from None
    now = service.now()
    played = played_since(service.store.tables, table_id, start)
    to = Rewind(start, row.status, decider_of(back, row.seats), now, _time_left(played, now))
    presented = None if token is None else token_hash(token)
    holder = account if token is None else None
    try:
        rewind(
            service.store.tables, table_id, seat, version, row.undone, to, presented, holder, now
        )
    except TableClosed:
        service.refresh_row(live)
        raise NotAvailable(closed_reason(live.row)) from None
    except Conflict:
        service.sync(live)
        raise StaleVersion(
            f"the table changed a moment ago; it is at version {live.version}: look at it "
            "and undo again if you still wish to"
        ) from None
    except SeatRevoked:
        if holder is not None:
            raise NotYourSeat(f"seat {seat} of table {table_id} is no longer yours") from None
        raise BadToken(f"this token no longer holds seat {seat} of table {table_id}") from None
    service.refresh_row(live)  # the row's count of undos changed: the copy starts again
    service.sync(live)
    return live, seat, version - start


def _time_left(played: list[Played], now: datetime) -> int | None:
    """The undoing seat's clock: its time left as it played the first action taken back,
    less the time since (None: no clock)."""
    first = played[0] if played else None
    if first is None or first.time_left_ms is None:
        return None
    spent = int((now - first.created) / timedelta(milliseconds=1))
    return max(0, first.time_left_ms - spent)
