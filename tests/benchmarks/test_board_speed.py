"""The board drawing benchmark (benchmarks/board_speed.py) run at its smallest, so it cannot
rot: every game, a few boards, one JSON line each with its figures."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

ROOT = Path(__file__).resolve().parents[2]


def test_every_game_drawn_and_timed() -> None:
    command = [sys.executable, "benchmarks/board_speed.py", "--games", "1", "--steps", "3"]
    command += ["--players", "3", "--passes", "2"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(text) for text in done.stdout.splitlines()]
    assert [line["game"] for line in lines] == ["jugula", "ludi-gladiatorii", "ludus-gladiatorius"]
    for line in lines:
        assert line["players"] == 3 and line["boards"] == 9, line  # three seats, three steps
        assert 0 < line["best_ms"] <= line["median_ms"], line
