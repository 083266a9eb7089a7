"""Opening the store: the URL, the engine, and the Alembic migrations run on start.

A database already at the newest revision costs one query to open: the newest revision is read
from the migration files' `revision = "..."` lines and compared with `alembic_version`; Alembic
is imported only to upgrade a database behind it (or one it cannot read that way).

SQLite gets a write-ahead log, full sync (a committed event survives a killed process), a
30-second busy wait, and writes that take the lock when they begin (`BEGIN IMMEDIATE`), so
concurrent writers queue instead of failing. A file that is not a database, or a server that
cannot be reached, is one `StoreError` line.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from .accounts import Accounts
from .campaigns import CampaignLog
from .errors import StoreError
from .location import MIGRATIONS, default_url, head_in_files
from .tables import TableLog
from .transactions import WRITE

if TYPE_CHECKING:
    from alembic.config import Config

    from .ratings import Ratings

# Connections to a database server: as many as a game server's threads may use at once.
SERVER_POOL = {"pool_size": 16, "max_overflow": 16}
_PG_MIGRATION_LOCK = 0x636F6C6F  # pg_advisory_xact_lock key serializing migrations


class Store:
    """One database, migrated to the current schema; its repositories as attributes (the
    ratings', which bring the rating model, made when first used)."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        try:
            pool = {} if self.url.startswith("sqlite") else SERVER_POOL
            self.engine: Engine = create_engine(self.url, **pool)
        except (SQLAlchemyError, ValueError) as error:
            raise StoreError(f"cannot use database {self.url!r}: {error}") from None
        except ModuleNotFoundError as error:  # the database's driver is not installed
            hint = "pip install 'colosseum[postgres]'" if error.name == "psycopg" else ""
            raise StoreError(
                f"cannot use database {self.url!r}: its driver {error.name} is not installed"
                + (f": {hint}" if hint else "")
            ) from None
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_connect)
            event.listen(self.engine, "begin", _sqlite_begin)
        try:
            migrate(self.engine)
        except DBAPIError as error:
            self.engine.dispose()
            reason = str(error.orig).splitlines()[0] if error.orig else str(error)
            raise StoreError(
                f"{_where(self.url)} is not a usable Colosseum database: {reason}"
            ) from None
        self.campaigns = CampaignLog(self.engine)
        self.tables = TableLog(self.engine)
        self.accounts = Accounts(self.engine)

    @cached_property
    def ratings(self) -> Ratings:
        """The ratings' repository (stateless: two made at once by two threads are alike)."""
        from .ratings import Ratings

        return Ratings(self.engine)

    def close(self) -> None:
        self.engine.dispose()


def head_revision() -> str:
    """The newest migration's revision id, as Alembic finds it (imports Alembic)."""
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(_config()).get_current_head()
    assert head is not None
    return head


def stored_revision(engine: Engine) -> str | None:
    """The revision `alembic_version` holds, by one plain query; None when the table is
    missing, holds no single row, or cannot be read."""
    try:
        with engine.connect() as connection:
            rows = connection.execute(text("SELECT version_num FROM alembic_version")).all()
    except DBAPIError:
        return None
    return str(rows[0][0]) if len(rows) == 1 else None


def current_revision(engine: Engine) -> str | None:
    """The database's revision, as Alembic reads it (imports Alembic)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def migrate(engine: Engine) -> None:
    """Bring the database to the newest revision, one process at a time (a lock taken in
    the migration's own transaction); a database already there is not touched, and costs
    one query when the migration files name their head."""
    head = head_in_files()
    if head is not None and stored_revision(engine) == head:
        return
    head = head_revision()
    if current_revision(engine) == head:
        return
    with engine.connect().execution_options(**WRITE) as connection:
        sqlite = engine.dialect.name == "sqlite"
        if sqlite:  # a table rebuilt by a migration must not trip its foreign keys
            connection.connection.driver_connection.execute("PRAGMA foreign_keys=OFF")  # type: ignore[union-attr]
        try:
            with connection.begin():
                _upgrade(connection, head)
        finally:
            if sqlite:
                connection.connection.driver_connection.execute("PRAGMA foreign_keys=ON")  # type: ignore[union-attr]


def _upgrade(connection: Connection, head: str) -> None:
    from alembic import command
    from alembic.runtime.migration import MigrationContext

    if connection.dialect.name == "postgresql":
        connection.execute(text(f"SELECT pg_advisory_xact_lock({_PG_MIGRATION_LOCK})"))
    if MigrationContext.configure(connection).get_current_revision() == head:
        return
    config = _config()
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


def _config() -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def _where(url: str) -> str:
    return url.removeprefix("sqlite:///") if url.startswith("sqlite:///") else "the database"


def _sqlite_connect(connection: Any, _record: Any) -> None:
    """Write-ahead log, full sync, foreign keys, a busy wait; transactions begun by us."""
    connection.isolation_level = None
    cursor = connection.cursor()
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _sqlite_begin(connection: Connection) -> None:
    """A writing transaction takes SQLite's write lock at once, so two writers queue on the
    busy wait instead of one failing when it upgrades its read lock."""
    writes = connection.get_execution_options().get("colosseum_write", False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if writes else "BEGIN")
