"""The package as a user installs it: a wheel built from this tree, installed in a new virtual
environment without any extra. The three games play through the API and the command line, and
the commands that need an extra say which one in a line."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
UV = shutil.which("uv", path=str(Path(sys.executable).parent)) or shutil.which("uv")

NOT_SOURCES = (
    ".git",
    ".venv",
    ".venv-compiled",
    "build",
    "dist",
    "site",
    "*.egg-info",
    "__pycache__",
    ".*_cache",
)

pytestmark = pytest.mark.skipif(UV is None, reason="uv is not installed (make installs it)")

PLAY_ALL = """
import colosseum
for game in ("ludus-gladiatorius", "ludi-gladiatorii", "jugula"):
    cap = "turn_limit" if game == "jugula" else "round_limit"
    state = colosseum.new_game(game, players=2, seed=3, options={cap: "40"})
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    again = colosseum.replay(state.record())
    assert again.to_position() == state.to_position()
    print(game, state.winners())
"""


def run(*command: str | Path, cwd: Path, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
        check=check,
    )


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bin folder of a new virtual environment holding the wheel and nothing extra."""
    folder = tmp_path_factory.mktemp("package")
    assert UV is not None
    # Built from a copy (the build writes beside the sources), as pip builds from PyPI: the
    # source archive first, then the wheel from it, so a file the archive misses is missed.
    source = folder / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*NOT_SOURCES))
    run(UV, "build", "--out-dir", folder / "dist", source, cwd=folder)
    (wheel,) = (folder / "dist").glob("colosseum-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "colosseum/py.typed" in names
    assert any(name.endswith("licenses/LICENSE") for name in names)
    assert any(name.startswith("colosseum/games/jugula/data/") for name in names)
    for game in ("jugula", "ludi_gladiatorii", "ludus_gladiatorius"):  # `master`'s networks
        assert any(
            name.startswith(f"colosseum/games/{game}/data/") and name.endswith("-guide.npz")
            for name in names
        )
    venv = folder / "venv"
    run(UV, "venv", "--quiet", "--python", sys.executable, venv, cwd=folder)
    python = venv / "bin" / "python"
    run(UV, "pip", "install", "--quiet", "--python", python, wheel, cwd=folder)
    return venv / "bin"


def test_the_core_installs_without_the_extras(installed: Path) -> None:
    packages = set(json.loads(run(installed / "python", "-c", FROZEN, cwd=installed).stdout))
    assert {"colosseum", "typer", "rich", "pydantic"} <= packages, packages
    for extra in ("sqlalchemy", "alembic", "psycopg", "fastapi", "uvicorn"):
        assert extra not in packages


FROZEN = """
import importlib.metadata, json
print(json.dumps(sorted(d.metadata["Name"].lower() for d in importlib.metadata.distributions())))
"""


def test_the_three_games_play_through_the_api(installed: Path, tmp_path: Path) -> None:
    done = run(installed / "python", "-c", PLAY_ALL, cwd=tmp_path)
    lines = done.stdout.splitlines()
    assert [line.split()[0] for line in lines] == [
        "ludus-gladiatorius",
        "ludi-gladiatorii",
        "jugula",
    ]
    where = run(
        installed / "python", "-c", "import colosseum; print(colosseum.__file__)", cwd=tmp_path
    )
    assert str(installed.parent) in where.stdout  # the wheel's copy, not this tree's


@pytest.mark.parametrize(
    ("game", "cap"),
    [("ludus", "round_limit=30"), ("ludi", "round_limit=20"), ("jugula", "turn_limit=60")],
)
def test_the_three_games_play_at_the_command_line(
    installed: Path, tmp_path: Path, game: str, cap: str
) -> None:
    record = tmp_path / "game.json"
    run(
        installed / "colosseum",
        "play",
        game,
        "--players",
        "random,heuristic",
        "--seed",
        "5",
        "--option",
        cap,
        "--save",
        record,
        cwd=tmp_path,
    )
    replayed = run(installed / "colosseum", "replay", record, cwd=tmp_path)
    assert replayed.returncode == 0
    assert json.loads(record.read_text())["actions"]


@pytest.mark.parametrize(
    ("command", "extra"),
    [(("career", "list"), "store"), (("career", "--help"), "store"), (("serve",), "web")],
)
def test_a_command_that_needs_an_extra_names_it(
    installed: Path, tmp_path: Path, command: tuple[str, ...], extra: str
) -> None:
    done = run(installed / "colosseum", *command, cwd=tmp_path, check=False)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert f"pip install 'colosseum[{extra}]'" in lines[0]
    assert "Traceback" not in done.stderr
