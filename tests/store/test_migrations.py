"""Alembic migrations run on start (store/database.py): a database made by the version
before the store package (tests/store/fixtures/careers_v0.db, made with that version's CLI)
upgrades in place and replays to the same sheets."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from typer.testing import CliRunner

from colosseum.careers.campaign import Campaign
from colosseum.cli.app import app
from colosseum.store import Store
from colosseum.store.database import current_revision, head_revision
from colosseum.store.schema import metadata

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
