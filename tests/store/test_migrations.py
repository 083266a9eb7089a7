"""Alembic migrations run on start (store/database.py): a database made by the version
before the store package (tests/store/fixtures/careers_v0.db, made with that version's CLI)
upgrades in place and replays to the same sheets."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, insert
from typer.testing import CliRunner

from colosseum.careers.campaign import Campaign
from colosseum.careers.simulate import simulate_campaign
from colosseum.careers.snapshot import storage
from colosseum.cli.app import app
from colosseum.store import Store
from colosseum.store.database import current_revision, head_revision
from colosseum.store.location import MIGRATIONS
from colosseum.store.schema import campaigns, events, metadata

FIXTURES = Path(__file__).with_name("fixtures")


def test_a_database_of_the_previous_version_upgrades_in_place(tmp_path: Path) -> None:
    path = tmp_path / "careers.db"
    shutil.copy(FIXTURES / "careers_v0.db", path)
    expected = json.loads((FIXTURES / "careers_v0_gallia.json").read_text())
    store = Store(f"sqlite:///{path}")
    assert current_revision(store.engine) == head_revision()
    gallia = Campaign.open(store, " gallia ")
    assert len(gallia.log()) == expected["events"]
    assert {k: s.to_json() for k, s in gallia.sheets.items()} == expected["sheets"]
    assert store.campaigns.names() == ["Gallia", "Roma"]
    runner = CliRunner()
    url = f"sqlite:///{path}"
    assert runner.invoke(app, ["career", "verify", "Gallia", "--database", url]).exit_code == 0
    fought = runner.invoke(
        app,
        [
            "career",
            "fight",
            "gallia",
            "fred",
            "MILLER",
            "--auto",
            "-p",
            "random,random",
            "-s",
            "9",
            "--database",
            url,
        ],
    )
    assert fought.exit_code == 0, fought.output
    assert runner.invoke(app, ["career", "verify", "Gallia", "--database", url]).exit_code == 0


def test_a_new_database_is_made_at_the_newest_revision(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'new.db'}")
    assert current_revision(store.engine) == head_revision()
    Store(f"sqlite:///{tmp_path / 'new.db'}")  # opening again changes nothing
    assert current_revision(store.engine) == head_revision()


def test_the_migrations_make_the_schema_the_code_declares(tmp_path: Path) -> None:
    """What `migrations/` builds is what `schema.py` declares: no column, table, index or
    foreign key missing or different on either side (Alembic's autogenerate comparison)."""
    store = Store(f"sqlite:///{tmp_path / 'new.db'}")
    with store.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        differences = compare_metadata(context, metadata)
    assert [
        d for d in differences if d[0] != "remove_table" or d[1].name != "alembic_version"
    ] == []


def test_campaigns_of_revision_0008_get_their_snapshot_when_first_read(tmp_path: Path) -> None:
    """0009 adds the snapshots: a long campaign stored before it has none, replays whole once
    and keeps one; reading it then replays only what follows."""
    made = Store(f"sqlite:///{tmp_path / 'made.db'}")
    name = simulate_campaign(made, 3, 4, 7).campaign
    row = made.campaigns.find(name)
    assert row is not None
    log = made.campaigns.load(row.id)
    assert len(log) > storage().snapshot_every
    old = create_engine(f"sqlite:///{tmp_path / 'old.db'}")
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with old.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0008")
        connection.execute(
            insert(campaigns).values(
                id=1,
                name=name,
                name_key=name.casefold(),
                created=log[0].created,
                settings=row.settings,
            )
        )
        connection.execute(
            insert(events),
            [
                {
                    "campaign": 1,
                    "seq": e.seq,
                    "kind": e.kind,
                    "payload": e.payload,
                    "created": e.created,
                }
                for e in log
            ],
        )
    old.dispose()
    store = Store(f"sqlite:///{tmp_path / 'old.db'}")
    assert current_revision(store.engine) == head_revision()
    assert store.campaigns.read(1)[0] is None
    first = Campaign.open(store, name)
    snapshot = store.campaigns.read(1)[0]
    assert snapshot is not None and snapshot.seq == first.seq == len(log)
    again = Campaign.open(store, name)
    assert not again.recent
    assert {k: s.to_json() for k, s in again.sheets.items()} == {
        k: s.to_json() for k, s in Campaign.open(made, name).sheets.items()
    }
