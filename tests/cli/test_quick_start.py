"""A quick start for `colosseum career ...` (issue 53): the entry point loads no simulator,
progress bar, full-screen interface or server, and a store already at the newest migration
opens without Alembic. Checked by what a fresh interpreter has loaded, never by timing
(docs/performance.md, "Starting a career command", has the times)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from colosseum.careers.campaign import Campaign
from colosseum.store import Store
from colosseum.store.database import head_revision, stored_revision
from colosseum.store.location import MIGRATIONS, head_in_files

from ..store.conftest import NO_POSTGRES, database_url, unique

LOADED = """
import json, sys
{setup}
print(json.dumps(sorted(sys.modules)))
"""

# Never needed to start a command that reads a campaign.
HEAVY = (
    "alembic",
    "colosseum.sim",
    "colosseum.sim.backends",
    "colosseum.cli.tui",
    "colosseum.cli.reports",
    "colosseum.ratings",
    "rich.progress",
    "multiprocessing",
    "textual",
    "ray",
    "numpy",
    "fastapi",
    "uvicorn",
    "matplotlib",
)


def modules_after(setup: str) -> set[str]:
    code = LOADED.format(setup=setup)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


def heavy_in(loaded: set[str]) -> list[str]:
    return sorted(
        name for name in loaded for heavy in HEAVY if name == heavy or name.startswith(heavy + ".")
    )


def test_the_entry_point_loads_nothing_heavy() -> None:
    assert heavy_in(modules_after("from colosseum.cli.app import app, main")) == []


def test_the_career_group_loads_nothing_heavy(tmp_path: Path) -> None:
    """`career show` on a campaign-less database: the entry point, the career group and an
    up-to-date store (made beforehand) — and still no Alembic nor simulator."""
    url = f"sqlite:///{tmp_path / 'c.db'}"
    Store(url).close()
    setup = (
        "from colosseum.cli.app import main\n"
        "try:\n"
        f"    main(['career', 'show', 'Nowhere', '--database', {url!r}])\n"
        "except SystemExit:\n"
        "    pass\n"
    )
    loaded = modules_after(setup)
    assert "colosseum.cli.career" in loaded and "colosseum.store.database" in loaded
    assert heavy_in(loaded) == []


@pytest.mark.parametrize(
    "command", [["show", "Quick"], ["show", "Quick", "Fred"], ["standings", "Quick"]]
)
@pytest.mark.parametrize("database", ["sqlite", pytest.param("postgresql", marks=NO_POSTGRES)])
def test_reading_a_campaign_loads_no_sqlalchemy(
    tmp_path: Path, command: list[str], database: str
) -> None:
    """`career show` and `standings` of a campaign on an up-to-date database: read with the
    driver alone (Python's sqlite3, psycopg2; store/quick.py), and with the data cache warm
    (the first process fills it) no data file's schema either; the sheets printed are the
    campaign's."""
    url = database_url(database, tmp_path)
    if database == "postgresql":  # one server for every test: a campaign of its own
        command = [unique(part) if part == "Quick" else part for part in command]
    four = [
        ["Blimyx", "thraex"],
        ["Asinus", "retiarius"],
        ["Mina", "veles"],
        ["Crassus", "murmillo"],
    ]
    fred = {"lanista": "Fred", "gladiators": four, "servitor": "medicus"}
    Campaign.create(Store(url), command[1]).record("ludus_created", fred)
    setup = (
        "from colosseum.cli.app import main\n"
        "try:\n"
        f"    main(['career', *{command!r}, '--database', {url!r}])\n"
        "except SystemExit as ended:\n"
        "    assert not ended.code, ended.code\n"
    )
    modules_after(setup)  # the first process may fill the data cache
    loaded = modules_after(setup)
    assert "colosseum.store.quick" in loaded
    assert not {n for n in loaded if n == "sqlalchemy" or n.startswith("sqlalchemy.")}
    assert not {n for n in loaded if n.endswith(".data_files") or n == "colosseum.store.database"}
    if database == "postgresql":  # psycopg2, not the store's psycopg, which is slower to load
        assert "psycopg2" in loaded and "psycopg" not in loaded
    assert heavy_in(loaded) == []
    shown = subprocess.run(
        [sys.executable, "-m", "colosseum", "career", *command, "--database", url],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "Fred" in shown


def test_an_up_to_date_store_opens_without_alembic(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'c.db'}"
    Store(url).close()  # made and migrated here, in this process
    setup = f"from colosseum.store import Store\nStore({url!r}).close()\n"
    loaded = modules_after(setup)
    assert not any(name == "alembic" or name.startswith("alembic.") for name in loaded)


def test_a_store_behind_the_newest_migration_is_upgraded(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'c.db'}")
    with store.engine.begin() as connection:
        connection.exec_driver_sql("UPDATE alembic_version SET version_num = 'nonesuch'")
    assert stored_revision(store.engine) == "nonesuch"
    store.close()
    with pytest.raises(Exception, match="nonesuch"):  # Alembic decides, and knows no such one
        Store(f"sqlite:///{tmp_path / 'c.db'}")


def test_a_new_file_is_made_at_the_newest_revision(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'new.db'}")
    assert stored_revision(store.engine) == head_revision()


def test_the_head_read_from_the_files_is_alembics() -> None:
    """The migration files' own lines name the head Alembic finds: a new revision needs no
    constant updated, and a file this reading cannot follow leaves the choice to Alembic."""
    assert head_in_files() == head_revision()


def test_every_migration_file_names_its_revision_as_the_reading_expects() -> None:
    for path in sorted((MIGRATIONS / "versions").glob("[0-9]*.py")):
        text = path.read_text(encoding="utf-8")
        assert re.search(r'^revision = "[^"]+"$', text, re.MULTILINE), path.name
        assert re.search(r'^down_revision = ("[^"]+"|None)$', text, re.MULTILINE), path.name


def test_the_head_of_a_branching_or_unreadable_folder_is_left_to_alembic(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text('revision = "a"\ndown_revision = None\n')
    (tmp_path / "b.py").write_text('revision = "b"\ndown_revision = "a"\n')
    assert head_in_files(tmp_path) == "b"
    (tmp_path / "c.py").write_text('revision: str = "c"\ndown_revision: str | None = "b"\n')
    assert head_in_files(tmp_path) == "c"
    (tmp_path / "d.py").write_text('revision = "d"\ndown_revision = "b"\n')
    assert head_in_files(tmp_path) is None  # two heads
    (tmp_path / "e.py").write_text('revision = "e"\ndown_revision = ("c", "d")\n')
    assert head_in_files(tmp_path) == "e"  # a merge
    (tmp_path / "f.py").write_text("revision = make_id()\ndown_revision = 'e'\n")
    assert head_in_files(tmp_path) is None
