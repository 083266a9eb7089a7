"""`colosseum serve` refuses in one line what it cannot use: a database that is not one, a
missing `web` extra (naming the extra to install)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from .conftest import Invoke


def test_a_file_that_is_no_database_is_one_error_line(invoke: Invoke, tmp_path: Path):
    bad = tmp_path / "notes.db"
    bad.write_text("not a database, just words " * 100)
    result = invoke(["serve", "--database", f"sqlite:///{bad}"])
    assert result.exit_code == 2
    assert result.output.startswith("error: ")
    assert str(bad) in result.output and len(result.output.strip().splitlines()) == 1


def test_without_the_web_extra_it_names_the_extra(invoke: Invoke, monkeypatch: pytest.MonkeyPatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "uvicorn" else real(name, *a)
    )
    result = invoke(["serve"])
    assert result.exit_code == 2
    assert "pip install 'colosseum[web]'" in result.output
    assert "uvicorn" in result.output
