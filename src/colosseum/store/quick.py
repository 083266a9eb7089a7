"""A campaign read without SQLAlchemy, for the commands that only read one (`career show`,
`standings`): the database's own driver runs the SQL of `records.py`, the campaign's snapshot
and the events after it in one transaction. The driver is Python's sqlite3 for SQLite and
psycopg2 for PostgreSQL: the store itself talks to PostgreSQL through psycopg (3), whose import
alone takes about five times psycopg2's (docs/store.md, "Reading without SQLAlchemy").

Only a plain `sqlite:///FILE` URL of a file, or a `postgresql://...` one (bare, `+psycopg` or
`+psycopg2`: SQLAlchemy's names of the drivers), of a database already at the newest migration
is read this way (`quick_store` says None otherwise, and the caller opens the full `Store`,
which migrates). Everything else asked of it — a write, a page of history, the list of
campaigns — goes to the full store, opened the first time it is needed.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

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
    import psycopg2.extensions

    from .database import Store

PREFIX = "sqlite:///"
POSTGRES_SCHEMES = ("postgresql://", "postgresql+psycopg://", "postgresql+psycopg2://")
BUSY_MS = 30_000  # as long as the full store waits for a writer (database.py)
VERSION = "SELECT version_num FROM alembic_version"

Run = Callable[[str, dict[str, Any]], list[Any]]


class Reader(Protocol):
    """One connection of a driver: read transactions, a failure said as one StoreError."""

    def reading(self) -> AbstractContextManager[Run]: ...

    def close(self) -> None: ...


def sqlite_file(url: str) -> Path | None:
    """The file of a plain `sqlite:///FILE` URL (no options, not in memory), else None."""
    if not url.startswith(PREFIX) or "?" in url:
        return None
    name = url.removeprefix(PREFIX)
    if not name or name == ":memory:":
        return None
    return Path(name)


def quick_store(url: str) -> QuickStore | None:
    """A reader of the database at `url` if its driver is at hand and it is at the newest
    migration; None for anything else (the full store then opens it, migrating it if it
    must, or says what is wrong)."""
    head = head_in_files()
    if head is None:
        return None
    reader = _sqlite(url) if url.startswith(PREFIX) else _postgres(url)
    if reader is None:
        return None
    try:
        with reader.reading() as run:
            rows = [tuple(row) for row in run(VERSION, {})]
    except StoreError:  # not a Colosseum database (yet): no such table
        rows = []
    if rows != [(head,)]:
        reader.close()
        return None
    return QuickStore(url, reader)


def _sqlite(url: str) -> Reader | None:
    path = sqlite_file(url)
    if path is None or not path.is_file():
        return None
    try:
        connection = sqlite3.connect(path, isolation_level=None)
        connection.execute(f"PRAGMA busy_timeout={BUSY_MS}")
    except sqlite3.Error:
        return None
    return SqliteReader(connection, str(path))


def _postgres(url: str) -> Reader | None:
    """A connection for a `postgresql[+psycopg|+psycopg2]://` URL (libpq reads the rest of it
    as it is: user, password, host, port, database and options)."""
    scheme = next((scheme for scheme in POSTGRES_SCHEMES if url.startswith(scheme)), None)
    if scheme is None:
        return None
    try:
        import psycopg2
    except ImportError:
        return None
    try:
        connection = psycopg2.connect("postgresql://" + url.removeprefix(scheme))
    except psycopg2.Error:
        return None
    return PostgresReader(connection)


class SqliteReader:
    """Python's sqlite3: a transaction begun and ended by hand (no implicit ones)."""

    def __init__(self, connection: sqlite3.Connection, where: str) -> None:
        self.connection = connection
        self.where = where

    @contextmanager
    def reading(self) -> Iterator[Run]:
        connection = self.connection

        def run(sql: str, parameters: dict[str, Any]) -> list[Any]:
            return connection.execute(sql, parameters).fetchall()

        try:
            connection.execute("BEGIN")
            try:
                yield run
            finally:
                connection.execute("COMMIT")
        except sqlite3.Error as error:
            raise StoreError(f"cannot read {self.where}: {error}") from None

    def close(self) -> None:
        self.connection.close()


_NAMED = re.compile(r"(?<!:):([a-z_]+)")  # `:campaign` as SQLAlchemy's text() writes it


class PostgresReader:
    """psycopg2: each read one read-only transaction, the statements' `:name` parameters
    written as the driver's `%(name)s`."""

    def __init__(self, connection: psycopg2.extensions.connection) -> None:
        import psycopg2

        self._error = psycopg2.Error
        self.connection = connection
        connection.set_session(readonly=True, autocommit=False)
        self._statements: dict[str, str] = {}

    @contextmanager
    def reading(self) -> Iterator[Run]:
        connection = self.connection

        def run(sql: str, parameters: dict[str, Any]) -> list[Any]:
            statement = self._statements.get(sql)
            if statement is None:
                statement = self._statements[sql] = _NAMED.sub(r"%(\1)s", sql)
            with connection.cursor() as cursor:
                cursor.execute(statement, parameters)
                return cursor.fetchall()

        try:
            try:
                yield run
            finally:
                connection.rollback()  # a read-only transaction: nothing to keep
        except self._error as error:
            reason = str(error).splitlines()[0] if str(error) else type(error).__name__
            raise StoreError(f"cannot read the PostgreSQL database: {reason}") from None

    def close(self) -> None:
        self.connection.close()


class QuickStore:
    """A database read without SQLAlchemy; `full()` is the same database as a `Store`."""

    def __init__(self, url: str, reader: Reader) -> None:
        self.url = url
        self.reader = reader
        self._full: Store | None = None
        self.campaigns = QuickCampaigns(self)

    def full(self) -> Store:
        """The full store of this database, opened when first asked for."""
        if self._full is None:
            from .database import Store

            self._full = Store(self.url)
        return self._full

    def close(self) -> None:
        self.reader.close()
        if self._full is not None:
            self._full.close()


class QuickCampaigns:
    """The campaigns' reads of `CampaignLog` that opening a campaign needs; every other
    method is the full store's."""

    def __init__(self, store: QuickStore) -> None:
        self._store = store

    def find(self, name: str) -> CampaignRow | None:
        """The campaign of this name (trimmed, ignoring case), or None."""
        with self._store.reader.reading() as run:
            rows = run(FIND_CAMPAIGN, {"key": name_key(name)})
        return campaign_row(rows[0]) if rows else None

    def read(self, campaign: int) -> tuple[Snapshot | None, list[StoredEvent], int]:
        """In one transaction: the latest snapshot, the events after it, the last number."""
        with self._store.reader.reading() as run:
            found = run(SNAPSHOT, {"campaign": campaign})
            snapshot = snapshot_of(found[0]) if found else None
            after = {"campaign": campaign, "after": 0 if snapshot is None else snapshot.seq}
            events = [stored_event(row) for row in run(EVENTS_AFTER, after)]
            last = events[-1].seq if events else run(LAST_SEQ, {"campaign": campaign})[0][0]
        return snapshot, events, int(last or 0)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):  # not set yet (a copy being made): never the full store's
            raise AttributeError(name)
        return getattr(self._store.full().campaigns, name)
