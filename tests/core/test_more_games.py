"""Games beyond the three built in, named by COLOSSEUM_GAMES (core/registry.py): every process
of a run imports them as it imports the built-in ones; one that does not load is one error."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

GAME = """
import dataclasses
from colosseum.core.registry import register
from colosseum.games.ludus_gladiatorius import DEFINITION as LUDUS

INFO = dataclasses.replace(LUDUS.info, id="ludus-again", aliases=(), title="Ludus again")
DEFINITION = dataclasses.replace(LUDUS, info=INFO)
register(DEFINITION)
"""


def games_listed(folder: Path, packages: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "COLOSSEUM_GAMES": packages, "PYTHONPATH": str(folder)}
    return subprocess.run(
        [sys.executable, "-m", "colosseum", "games", "--json"],
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_package_named_there_is_a_game_of_every_tool(tmp_path: Path) -> None:
    (tmp_path / "again_game.py").write_text(GAME)
    done = games_listed(tmp_path, " again_game ,")
    assert done.returncode == 0, done.stderr
    listed = json.loads(done.stdout)
    assert listed["ludus-again"]["title"] == "Ludus again" and "jugula" in listed


def test_a_package_that_does_not_load_is_one_error_line(tmp_path: Path) -> None:
    (tmp_path / "empty_game.py").write_text("")  # no DEFINITION
    for packages in ("no_such_game", "empty_game"):
        done = games_listed(tmp_path, packages)
        assert done.returncode == 2
        assert done.stderr.startswith(f"error: the game package {packages!r} (COLOSSEUM_GAMES)")
        assert "Traceback" not in done.stderr
