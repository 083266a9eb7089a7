"""The bundled data validated once and kept between processes (core/data_cache.py): what the
cache gives equals what the files give checked anew; a change to a module or data file, a
broken or foreign cache file, an unwritable folder or `COLOSSEUM_DATA_CACHE=off` fall back to
loading; a process whose data comes from the cache never imports the files' schemas."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from colosseum.careers.data import Tables
from colosseum.careers.data_files import read_tables
from colosseum.core import data_cache
from colosseum.core.data_cache import cached, code_key
from colosseum.games.jugula.data import Catalog
from colosseum.games.jugula.data_files import read_catalog


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv(data_cache.ENVIRONMENT, raising=False)
    return tmp_path / "colosseum"


def counting(value: object) -> tuple[list[int], object]:
    calls: list[int] = []

    def load() -> object:
        calls.append(1)
        return value

    return calls, load


def test_a_value_is_made_once_then_read_from_the_cache(folder: Path) -> None:
    calls, load = counting({"a": (1, 2)})
    assert cached("thing", dict, load) == {"a": (1, 2)}  # type: ignore[arg-type]
    assert cached("thing", dict, load) == {"a": (1, 2)}  # type: ignore[arg-type]
    assert len(calls) == 1
    assert [p.name for p in folder.glob("thing-*.pickle")] == [f"thing-{code_key()}.pickle"]


def test_a_broken_or_foreign_file_is_loaded_anew_and_replaced(folder: Path) -> None:
    calls, load = counting({"b": 1})
    path = folder / f"thing-{code_key()}.pickle"
    folder.mkdir()
    path.write_bytes(b"\x80\x05not a pickle")
    assert cached("thing", dict, load) == {"b": 1}  # type: ignore[arg-type]
    path.write_bytes(b"")  # a write cut short
    assert cached("thing", dict, load) == {"b": 1}  # type: ignore[arg-type]
    assert cached("thing", list, lambda: [1]) == [1]  # a dict kept: not what is asked
    assert len(calls) == 2


def test_older_keys_files_are_removed(folder: Path) -> None:
    folder.mkdir()
    (folder / "thing-0123.pickle").write_bytes(b"old")
    (folder / "other-0123.pickle").write_bytes(b"another name's")
    cached("thing", int, lambda: 3)
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["other-0123.pickle", f"thing-{code_key()}.pickle"]


def test_no_folder_to_write_still_loads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "file").write_text("a file where the folder would be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "file"))
    assert cached("thing", int, lambda: 4) == 4


def test_turned_off_it_neither_reads_nor_writes(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(data_cache.ENVIRONMENT, "off")
    calls, load = counting(5)
    assert cached("thing", int, load) == 5  # type: ignore[arg-type]
    assert cached("thing", int, load) == 5  # type: ignore[arg-type]
    assert len(calls) == 2 and not folder.exists()


def test_the_key_follows_every_module_and_data_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "a.py").write_text("A = 1\n")
    (package / "sub" / "b.toml").write_text("b = 1\n")
    monkeypatch.setattr(data_cache, "PACKAGE", package)

    def key() -> str:
        code_key.cache_clear()
        return code_key()

    first = key()
    assert key() == first
    (package / "notes.txt").write_text("not code")
    assert key() == first
    (package / "sub" / "b.toml").write_text("b = 22\n")  # the size changes
    assert key() != first
    second = key()
    os.utime(package / "a.py", ns=(1, 1))  # the time changes
    assert key() != second
    code_key.cache_clear()


def test_the_cached_data_is_the_data_checked_anew() -> None:
    """What processes take from the cache (written by the first to load) equals the files
    read and checked now."""
    from colosseum.careers.data import load_tables
    from colosseum.games.jugula.data import load_catalog

    assert load_tables() == read_tables("")
    assert load_catalog() == read_catalog("")
    assert isinstance(load_tables(), Tables) and isinstance(load_catalog(), Catalog)


def test_a_process_with_a_warm_cache_imports_no_schema(tmp_path: Path) -> None:
    code = (
        "import json, sys\n"
        "from colosseum.careers.data import load_tables\n"
        "load_tables()\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    environment = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}

    def modules() -> set[str]:
        done = subprocess.run(
            [sys.executable, "-c", code], env=environment, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        return set(json.loads(done.stdout.splitlines()[-1]))

    schemas = {"colosseum.careers.data_files", "colosseum.games.jugula.data_files"}
    assert schemas <= modules()  # the first process checks the files
    assert not schemas & modules()  # the next one takes them from the cache
