"""What the store refuses: a database it cannot use, a write that lost a race."""

from __future__ import annotations

from ..core.errors import ColosseumError


class StoreError(ColosseumError):
    """A database that cannot be opened, read or upgraded; the message says which and why."""


class Conflict(StoreError):
    """An append whose expected sequence number is no longer the log's last: someone else
    wrote first. Nothing was stored; re-read and decide again."""

    def __init__(self, aggregate: int | str, expected: int, found: int | None) -> None:
        self.aggregate = aggregate
        self.expected = expected
        self.found = found  # None: the aggregate was deleted
        what = "was deleted" if found is None else f"is at event #{found}, not #{expected}"
        super().__init__(f"log {aggregate} {what}")


class NameTaken(StoreError):
    """A new aggregate named like an existing one (names compare trimmed, ignoring case)."""


class SeatRevoked(StoreError):
    """An action presented with a token its seat no longer holds (the seat was taken from
    the lobby meanwhile). Nothing was stored."""


class TableClosed(StoreError):
    """An action at a table that was abandoned. Nothing was stored."""
