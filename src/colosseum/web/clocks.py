"""Clocks (docs/web.md, "Clocks"): the time control a table is created with, and what
happens when a seat's time runs out.

A time control is `{"kind": "none"}` (or null), `{"kind": "days", "days": d}` (d in 1, 2, 3,
5, 7, 14: each move within d days of the turn's start, nothing saved up), or `{"kind":
"live", "minutes": m, "increment": i}` (a bank of m minutes per seat, 1 to 180, that runs
while the seat decides; i seconds, 0 to 60, added after each of its moves). Only a person's
seat (a guest's or an account's) has a clock: a computer seat's time never runs. The clock
of the deciding seat runs from `turn_started` (when its turn began: the table's last action,
or the moment its last free seat was taken); the store keeps that and each seat's
`time_left_ms` (as it was when the seat's turn last began or ended), so any process, or the
server restarted, computes the same deadline: `turn_started + time_left_ms`.

Policy when time runs out: the table ends as `{"kind": "timeout", "seat": s, "at": n}`
(n actions were played), the late seat losing and every other seat winning, tied, as after
a resignation; its seed, record and replay open. It is checked (`resign.enforce`) every minute
by the sweep (upkeep.py) and whenever the table is read or acted at: an action arriving after the
deadline is refused (409, "seat s ran out of time") and ends the table.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from ..store import TableRow
from .errors import STATUS, BadRequest, TableError

DAY_MS = 86_400_000
DAYS = (1, 2, 3, 5, 7, 14)  # the days-per-move controls offered
MINUTES = (1, 180)  # a live clock's bank, at least and at most
INCREMENT = (0, 60)  # seconds added after each move, at least and at most


class TimedOut(TableError):
    """An action (or a resignation) after the deciding seat's time ran out."""


STATUS[TimedOut] = 409


def control(clock: object) -> dict[str, Any] | None:
    """The time control as stored (None: no clock), checked; `BadRequest` naming the
    field otherwise (the API's model refuses the same clocks with a 422 first)."""
    if clock is None:
        return None
    if not isinstance(clock, Mapping):
        raise BadRequest("clock: null, or an object with a kind: none, days or live")
    kind = clock.get("kind")
    fields = set(clock) - {"kind"}
    if kind == "none" and not fields:
        return None
    if kind == "days" and fields == {"days"}:
        days = clock["days"]
        if _whole(days) and days in DAYS:
            return {"kind": "days", "days": days}
        raise BadRequest(f"clock.days: one of {', '.join(map(str, DAYS))}")
    if kind == "live" and fields <= {"minutes", "increment"} and "minutes" in fields:
        minutes, increment = clock["minutes"], clock.get("increment", 0)
        if not (_whole(minutes) and MINUTES[0] <= minutes <= MINUTES[1]):
            raise BadRequest(f"clock.minutes: a whole number from {MINUTES[0]} to {MINUTES[1]}")
        if not (_whole(increment) and INCREMENT[0] <= increment <= INCREMENT[1]):
            raise BadRequest(
                f"clock.increment: a whole number of seconds from {INCREMENT[0]} to {INCREMENT[1]}"
            )
        return {"kind": "live", "minutes": minutes, "increment": increment}
    raise BadRequest(
        'clock: {"kind": "none"}, {"kind": "days", "days": d} or '
        '{"kind": "live", "minutes": m, "increment": s}'
    )


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def full(clock: Mapping[str, Any]) -> int:
    """A seat's time at the start (a live bank), or for each move (days), in ms."""
    if clock["kind"] == "days":
        return int(clock["days"]) * DAY_MS
    return int(clock["minutes"]) * 60_000


def initial(clock: Mapping[str, Any] | None, human: bool) -> int | None:
    """A new seat's time left in ms: None for a computer seat or a table without clock."""
    return full(clock) if clock is not None and human else None


def left_ms(row: TableRow, seat: int, deciding: int | None, now: datetime) -> int | None:
    """The seat's time left at `now` in ms (never below 0); None: it has no clock."""
    stored = row.seats[seat].time_left_ms
    if row.clock is None or stored is None:
        return None
    if seat != deciding or row.turn_started is None:
        return stored
    spent = int((now - row.turn_started) / timedelta(milliseconds=1))
    return max(0, stored - spent)


def deadline(row: TableRow, deciding: int | None) -> datetime | None:
    """When the deciding seat's time runs out; None: no clock runs."""
    if deciding is None or row.clock is None or row.turn_started is None:
        return None
    stored = row.seats[deciding].time_left_ms
    if stored is None:
        return None
    return row.turn_started + timedelta(milliseconds=stored)


def after_move(row: TableRow, seat: int, now: datetime) -> int | None:
    """The acting seat's time left once its action is accepted at `now` (None: it has no
    clock): days per move start afresh next turn; a live bank loses the time spent and
    gains the increment."""
    clock = row.clock
    if clock is None or row.seats[seat].time_left_ms is None:
        return None
    if clock["kind"] == "days":
        return full(clock)
    left = left_ms(row, seat, seat, now)
    assert left is not None
    return left + int(clock.get("increment", 0)) * 1000


def moved(row: TableRow, seat: int, left: int | None, started: datetime | None) -> TableRow:
    """The row after seat's action: its clock and when the next turn began."""
    seats = row.seats
    if left is not None:
        seats = tuple(
            dataclasses.replace(s, time_left_ms=left) if s.seat == seat else s for s in seats
        )
    return dataclasses.replace(row, seats=seats, turn_started=started)


def shown(row: TableRow, deciding: int | None, now: datetime) -> dict[str, Any]:
    """What anyone may see of the clock: the time control and each seat's time left in
    seconds (the deciding seat's computed to `now`; null: the seat has no clock)."""
    times = []
    for seat in range(len(row.seats)):
        left = left_ms(row, seat, deciding, now)
        times.append(None if left is None else round(left / 1000, 1))
    ends = deadline(row, deciding)
    return {
        "clock": row.clock,
        "time_left": times,
        "deadline": None if ends is None else ends.isoformat(),
    }


def expired(row: TableRow, deciding: int | None, now: datetime) -> bool:
    ends = deadline(row, deciding)
    return ends is not None and now >= ends


def late_reason(row: TableRow) -> str:
    seat = (row.outcome or {}).get("seat")
    return f"seat {seat} ran out of time at table {row.id}: the game is over"
