"""The rows of the web tables as the store gives them back: a table, its seats, an action; and
how they are read from the database."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, select

from .schema import accounts, table_seats
from .times import aware


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat: who plays it (`human` or an agent spec), a display name, and for a human
    seat the hash of its token, whether someone sat down, and the account that holds it or
    for which it is reserved (None: a guest's seat, by its token)."""

    seat: int
    kind: str
    name: str
    token_hash: str | None = None
    claimed: bool = False
    account: int | None = None
    time_left_ms: int | None = None  # a clocked table: left when its turn last began or ended

    @property
    def human(self) -> bool:
        return self.kind == "human"

    @property
    def free(self) -> bool:
        """A person's seat nobody sat in and reserved for nobody: the lobby offers it."""
        return self.kind == "human" and not self.claimed and self.account is None

    @property
    def computer(self) -> bool:
        """A seat an agent plays (not a person's, not an uploaded record's)."""
        return self.kind not in ("human", "record")


# Who decides next, as `TableRow.decider` keeps it (None: not known, to be checked).
HUMAN_DECIDES = "human"
COMPUTER_DECIDES = "computer"
NOBODY_DECIDES = "none"
UNFINISHED = ("open", "playing")  # the statuses of a table one may still act at
ENDED = ("over", "abandoned")  # statuses at which the service takes no action


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table's identity and record header: the game, its version, options, seed; whether
    it is a practice table (its seed public), the salt of its seed's commitment, why it
    stopped if a computer seat failed, and which kind of seat decides next."""

    id: str
    game: str
    version: int
    players: int
    options: dict[str, Any]
    seed: int
    private: bool
    length: int
    status: str
    created: datetime
    updated: datetime
    seats: tuple[SeatRow, ...]
    hints: bool = False  # its players may ask the search for hints
    practice: bool = False  # its creator chose the seed: everyone sees it
    salt: str | None = None  # of the seed's commitment; None: no commitment published
    failure: str | None = None  # why a computer seat could not play
    decider: str | None = None  # HUMAN_DECIDES, COMPUTER_DECIDES, NOBODY_DECIDES; None: unknown
    outcome: dict[str, Any] | None = None  # how it ended other than by its rules (a resignation)
    clock: dict[str, Any] | None = None  # its time control (web/clocks.py); None: no clock
    turn_started: datetime | None = None  # when the deciding person's turn began
    undone: int = 0  # actions ever taken back by undo (checked by every append)
    rated: bool = False  # its result moves its accounts' ratings
    rated_at: datetime | None = None  # when the ratings took its result in


@dataclass(frozen=True, slots=True)
class StoredAction:
    """One accepted action: its number (1, 2, ...), the seat that played it, its notation."""

    seq: int
    seat: int
    notation: str


def seats_of(connection: Connection, ids: Sequence[str]) -> dict[str, tuple[SeatRow, ...]]:
    """The seats of the tables `ids`; an account's seat named by the account's name as it
    is now (a deleted account's replaced name included)."""
    if not ids:
        return {}
    found: dict[str, list[SeatRow]] = {}
    for start in range(0, len(ids), 500):
        rows = connection.execute(
            select(table_seats, accounts.c.name.label("account_name"))
            .select_from(table_seats.outerjoin(accounts, accounts.c.id == table_seats.c.account))
            .where(table_seats.c.table_id.in_(list(ids[start : start + 500])))
            .order_by(table_seats.c.table_id, table_seats.c.seat)
        ).all()
        for r in rows:
            name = r.account_name if r.account_name is not None else r.name
            account = None if r.account is None else int(r.account)
            left = None if r.time_left_ms is None else int(r.time_left_ms)
            found.setdefault(str(r.table_id), []).append(
                SeatRow(
                    int(r.seat),
                    str(r.kind),
                    str(name),
                    r.token_hash,
                    bool(r.claimed),
                    account,
                    left,
                )
            )
    return {key: tuple(value) for key, value in found.items()}


def table_row(row: Any, seats: Sequence[SeatRow]) -> TableRow:
    return TableRow(
        id=str(row.id),
        game=str(row.game),
        version=int(row.version),
        players=int(row.players),
        options=dict(row.options),
        seed=int(row.seed),
        private=bool(row.private),
        length=int(row.length),
        status=str(row.status),
        created=row.created,
        updated=row.updated,
        seats=tuple(seats),
        hints=bool(row.hints),
        practice=bool(row.practice),
        salt=row.salt,
        failure=row.failure,
        decider=row.decider,
        outcome=row.outcome,
        clock=row.clock,
        turn_started=aware(row.turn_started),
        undone=int(row.undone),
        rated=bool(row.rated),
        rated_at=aware(row.rated_at),
    )
