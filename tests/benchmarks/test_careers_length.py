"""The Careers length benchmark (benchmarks/careers_length.py) run at its smallest, so it
cannot rot: one tiny campaign on SQLite, every figure in its JSON line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

ROOT = Path(__file__).resolve().parents[2]
FIGURES = (
    "events",
    "build_s",
    "verified",
    "show_s",
    "history_s",
    "standings_s",
    "open_s",
    "open_first_s",
    "page_bytes",
    "page_s",
    "new_ludus_s",
    "fight_s",
    "fight_store_s",
)


def test_careers_length_at_50_events_reports_every_figure(tmp_path: Path) -> None:
    command = [sys.executable, "benchmarks/careers_length.py", "--sizes", "50", "--repeat", "1"]
    command += ["--database", "sqlite", "--cache", str(tmp_path)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    line, marks = (json.loads(text) for text in done.stdout.splitlines())
    assert line["database"] == "sqlite" and line["size"] == 50
    assert not [figure for figure in FIGURES if figure not in line], line
    assert line["events"] >= 50 and line["verified"] is True
    assert line["page_bytes"] > 0 and line["show_bytes"] > 0
    assert set(marks["targets"].values()) == {None}  # 5,000 and 50,000 not measured
    assert "show_under_0.3s_at_5000: not measured" in done.stderr
    assert list(tmp_path.glob("careers_length_50_*.db"))  # built once, kept for the next run
