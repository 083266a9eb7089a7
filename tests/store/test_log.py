"""The campaigns' repository (store/campaigns.py): appends checked against the expected
sequence number in their own transaction, names compared trimmed and ignoring case, one line
for a file that is no database."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from colosseum.cli.app import app
from colosseum.store import Conflict, NameTaken, NewEvent, Store, StoreError

from .conftest import unique


def test_an_append_after_the_expected_event_is_refused_and_stores_nothing(url: str) -> None:
    store = Store(url)
    row, _ = store.campaigns.create(unique("Gallia"), {}, [NewEvent("a", {"n": 1})])
    store.campaigns.append(row.id, 1, [NewEvent("b", {}), NewEvent("c", {})])
    with pytest.raises(Conflict) as refused:
        store.campaigns.append(row.id, 1, [NewEvent("stale", {})])
    assert (refused.value.expected, refused.value.found) == (1, 3)
    assert [e.kind for e in store.campaigns.load(row.id)] == ["a", "b", "c"]
    assert [e.seq for e in store.campaigns.load(row.id, after=1)] == [2, 3]


def test_a_deleted_campaign_refuses_appends(url: str) -> None:
    store = Store(url)
    row, _ = store.campaigns.create(unique("Gallia"), {}, [NewEvent("a", {})])
    assert store.campaigns.delete(row.id) == 1
    with pytest.raises(Conflict) as refused:
        store.campaigns.append(row.id, 1, [NewEvent("b", {})])
    assert refused.value.found is None
    assert store.campaigns.find(row.name) is None


def test_names_are_trimmed_and_compared_ignoring_case(url: str) -> None:
    store = Store(url)
    name = unique("Gallia")
    row, _ = store.campaigns.create(f"  {name} ", {})
    assert row.name == name
    with pytest.raises(NameTaken):
        store.campaigns.create(name.upper(), {})
    found = store.campaigns.find(f" {name.lower()}")
    assert found is not None and found.id == row.id


@pytest.mark.parametrize("content", [b"not a database at all\n" * 100, b"SQLite format 3\x00junk"])
def test_a_file_that_is_no_database_is_one_error_line(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "careers.db"
    path.write_bytes(content)
    with pytest.raises(StoreError, match="is not a usable Colosseum database"):
        Store(f"sqlite:///{path}")
    result = CliRunner().invoke(app, ["career", "list", "--database", f"sqlite:///{path}"])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in result.output
