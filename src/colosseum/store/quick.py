"""A campaign read from a SQLite file without SQLAlchemy, for the commands that only read one
(`career show`, `standings`, `history`): Python's own sqlite3 runs the SQL of `records.py`,
the campaign's snapshot and the events after it in one transaction.

Only a plain `sqlite:///FILE` URL of a file already at the newest migration is read this way
(`quick_store` says None otherwise, and the caller opens the full `Store`, which migrates).
Everything else asked of it — a write, a page of history, the list of campaigns — goes to the
full store, opened the first time it is needed.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import StoreError
from .location import head_in_files
from .records import (
    EVENTS_AFTER,
    FIND_CAMPAIGN,
    LAST_SEQ,
    SNAPSHOT,
    CampaignRow,
    Snapshot,
    StoredEvent,
    campaign_row,
    name_key,
    snapshot_of,
    stored_event,
)

if TYPE_CHECKING:
    from .database import Store

PREFIX = "sqlite:///"
BUSY_MS = 30_000  # as long as the full store waits for a writer (database.py)


def sqlite_file(url: str) -> Path | None:
    """The file of a plain `sqlite:///FILE` URL (no options, not in memory), else None."""
    if not url.startswith(PREFIX) or "?" in url:
        return None
    name = url.removeprefix(PREFIX)
    if not name or name == ":memory:":
        return None
    return Path(name)


def quick_store(url: str) -> QuickStore | None:
    """A reader of the SQLite file at `url` if it exists and is at the newest migration;
    None for anything else (the full store then opens it, migrating it if it must)."""
    path = sqlite_file(url)
    head = head_in_files()
    if path is None or head is None or not path.is_file():
        return None
    try:
        connection = sqlite3.connect(path, isolation_level=None)
    except sqlite3.Error:
        return None
    try:
        connection.execute(f"PRAGMA busy_timeout={BUSY_MS}")
        rows = connection.execute("SELECT version_num FROM alembic_version").fetchall()
    except sqlite3.Error:
        rows = []
    if rows != [(head,)]:
        connection.close()
        return None
    return QuickStore(url, connection)


class QuickStore:
    """A SQLite database read without SQLAlchemy; `full()` is the same database as a `Store`."""

    def __init__(self, url: str, connection: sqlite3.Connection) -> None:
        self.url = url
        self.connection = connection
        self._full: Store | None = None
        self.campaigns = QuickCampaigns(self)

    def full(self) -> Store:
        """The full store of this database, opened when first asked for."""
        if self._full is None:
            from .database import Store

            self._full = Store(self.url)
        return self._full

    def close(self) -> None:
        self.connection.close()
        if self._full is not None:
            self._full.close()


class QuickCampaigns:
    """The campaigns' reads of `CampaignLog` that opening a campaign needs; every other
    method is the full store's."""

    def __init__(self, store: QuickStore) -> None:
        self._store = store

    def find(self, name: str) -> CampaignRow | None:
        """The campaign of this name (trimmed, ignoring case), or None."""
        with self._reading() as run:
            rows = run(FIND_CAMPAIGN, {"key": name_key(name)})
        return campaign_row(rows[0]) if rows else None

    def read(self, campaign: int) -> tuple[Snapshot | None, list[StoredEvent], int]:
        """In one transaction: the latest snapshot, the events after it, the last number."""
        with self._reading() as run:
            found = run(SNAPSHOT, {"campaign": campaign})
            snapshot = snapshot_of(found[0]) if found else None
            after = {"campaign": campaign, "after": 0 if snapshot is None else snapshot.seq}
            events = [stored_event(row) for row in run(EVENTS_AFTER, after)]
            last = events[-1].seq if events else run(LAST_SEQ, {"campaign": campaign})[0][0]
        return snapshot, events, int(last or 0)

    @contextmanager
    def _reading(self) -> Iterator[Callable[[str, dict[str, Any]], list[Any]]]:
        """A read transaction and the function that runs a statement in it; a database
        failure as one StoreError line."""
        connection = self._store.connection

        def run(sql: str, parameters: dict[str, Any]) -> list[Any]:
            return connection.execute(sql, parameters).fetchall()

        try:
            connection.execute("BEGIN")
            try:
                yield run
            finally:
                connection.execute("COMMIT")
        except sqlite3.Error as error:
            where = self._store.url.removeprefix(PREFIX)
            raise StoreError(f"cannot read {where}: {error}") from None

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):  # not set yet (a copy being made): never the full store's
            raise AttributeError(name)
        return getattr(self._store.full().campaigns, name)
