"""A campaign read without SQLAlchemy (store/quick.py), from SQLite and from PostgreSQL: the same
records as the full store's reads, only for a database already at the newest migration, a
failure said as one StoreError, and everything else asked of it done by the full store."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import psycopg
import pytest

from colosseum.careers import campaign as campaign_module
from colosseum.careers.campaign import Campaign
from colosseum.careers.simulate import simulate_campaign
from colosseum.careers.snapshot import storage
from colosseum.store import Store, StoreError
from colosseum.store.location import head_in_files
from colosseum.store.quick import PostgresReader, QuickStore, quick_store, sqlite_file

from .conftest import NO_POSTGRES, POSTGRES


@pytest.fixture
def played(url: str, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    """The URL of a database (SQLite, PostgreSQL) holding a campaign with a snapshot and
    events after it."""
    monkeypatch.setattr(
        campaign_module, "storage", lambda: storage().model_copy(update={"snapshot_every": 7})
    )
    store = Store(url)
    name = simulate_campaign(store, 3, 3, seed=5).campaign
    store.close()
    return url, name


def test_a_campaign_reads_alike_through_both(played: tuple[str, str]) -> None:
    url, name = played
    full = Store(url)
    quick = quick_store(url)
    assert isinstance(quick, QuickStore)
    row = full.campaigns.find(name)
    assert row is not None and quick.campaigns.find(f"  {name.upper()} ") == row
    snapshot, after, last = full.campaigns.read(row.id)
    assert snapshot is not None and after  # the fixture's campaign has both
    assert quick.campaigns.read(row.id) == (snapshot, after, last)  # times and payloads too
    opened, fast = Campaign.open(full, name), Campaign.open(quick, name)
    assert fast.sheets == opened.sheets and fast.seq == opened.seq == last
    assert quick._full is None  # reading a campaign never opened the full store
    assert quick.campaigns.find("nobody") is None
    quick.close()
    full.close()


def test_what_it_does_not_read_itself_the_full_store_does(played: tuple[str, str]) -> None:
    url, name = played
    quick = quick_store(url)
    assert quick is not None
    assert name in quick.campaigns.names()  # not its own: the full store's
    assert quick._full is not None
    row = quick.campaigns.find(name)
    assert row is not None
    quick.campaigns.drop_snapshot(row.id)  # a write
    assert quick.campaigns.read(row.id)[0] is None
    assert Store(url).campaigns.read(row.id)[0] is None
    quick.close()


@pytest.mark.parametrize(
    "url",
    [
        "postgresql+asyncpg://someone@localhost/db",
        "mysql+pymysql://someone@localhost/db",
        "sqlite://",
        "sqlite:///:memory:",
        "sqlite:///c.db?mode=ro",
    ],
)
def test_only_a_plain_sqlite_file_or_postgresql_url_is_read_quickly(url: str) -> None:
    assert sqlite_file(url) is None
    assert quick_store(url) is None


def test_a_server_it_cannot_connect_to_is_left_to_the_full_store() -> None:
    assert quick_store("postgresql+psycopg://someone@127.0.0.1:9/db") is None


def test_a_missing_file_or_not_a_database_is_left_to_the_full_store(tmp_path: Path) -> None:
    assert quick_store(f"sqlite:///{tmp_path / 'none.db'}") is None
    assert not (tmp_path / "none.db").exists()  # not made by looking
    (tmp_path / "text.db").write_text("not a database")
    assert quick_store(f"sqlite:///{tmp_path / 'text.db'}") is None


def test_a_database_behind_the_newest_migration_is_left_to_the_full_store(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'c.db'}"
    Store(url).close()
    assert quick_store(url) is not None
    with sqlite3.connect(tmp_path / "c.db") as connection:
        connection.execute("UPDATE alembic_version SET version_num = '0008'")
    assert quick_store(url) is None  # the full store migrates it


def test_a_failing_read_is_one_store_error(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'c.db'}"
    Store(url).close()
    quick = quick_store(url)
    assert quick is not None
    with sqlite3.connect(tmp_path / "c.db") as connection:
        connection.execute("ALTER TABLE campaign_snapshots RENAME TO gone")
    with pytest.raises(StoreError, match=r"cannot read .*c\.db: no such table"):
        quick.campaigns.read(1)
    quick.close()


@NO_POSTGRES
def test_a_postgresql_database_behind_the_newest_migration_is_left_to_the_full_store() -> None:
    assert POSTGRES
    quick = quick_store(POSTGRES)
    assert quick is not None and isinstance(quick.reader, PostgresReader)
    quick.close()
    head = head_in_files()
    with psycopg.connect(POSTGRES.replace("+psycopg", ""), autocommit=True) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '0008'")
        try:
            assert quick_store(POSTGRES) is None  # the full store migrates it
        finally:
            connection.execute("UPDATE alembic_version SET version_num = %s", (head,))


@NO_POSTGRES
@pytest.mark.parametrize("driver", ["", "+psycopg", "+psycopg2"])
def test_a_postgresql_url_naming_either_driver_or_none_is_read_quickly(driver: str) -> None:
    assert POSTGRES
    url = POSTGRES.replace("postgresql+psycopg://", f"postgresql{driver}://")
    quick = quick_store(url)
    assert quick is not None and isinstance(quick.reader, PostgresReader)
    assert quick.campaigns.find("nobody at all") is None
    quick.close()


@NO_POSTGRES
def test_a_failing_postgresql_read_is_one_store_error_and_the_next_read_works() -> None:
    """psycopg2 leaves a failed transaction open until it is rolled back: the reader ends
    every read so that one bad statement does not refuse the ones after it."""
    assert POSTGRES
    quick = quick_store(POSTGRES)
    assert quick is not None
    failing = pytest.raises(StoreError, match=r"cannot read the PostgreSQL database: .*nowhere")
    with failing, quick.reader.reading() as run:
        run("SELECT seq FROM nowhere WHERE campaign = :campaign", {"campaign": 1})
    assert quick.campaigns.find("nobody at all") is None
    writing = pytest.raises(StoreError, match="read-only transaction")  # it writes nothing
    with writing, quick.reader.reading() as run:
        run("DELETE FROM events WHERE campaign = :campaign", {"campaign": -1})
    quick.close()
