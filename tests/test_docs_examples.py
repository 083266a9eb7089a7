"""Every example of README.md and docs/ runs and ends (issue 47, point 2).

The fenced blocks of the Markdown files are examples: ```python blocks run in a fresh
interpreter in an empty folder; ```sh (also bash, shell, console) blocks run their `colosseum`
commands one after the other in an empty folder, with stdin closed (a human seat leaves at once)
and their own database, and must exit with code 0. A block that must not run carries
`<!-- not run: REASON -->` on the line before it: it is reported as skipped with that reason
(`pytest -rs` lists them), never left out silently. A shell block that is not marked may hold
only `colosseum` commands. Blocks of other languages (json, text, ...) are not examples; an
unlabelled block that looks like commands is refused, so a command cannot hide from the test
without a label.

The timeout of each run guards against a hang (the bug of point 2: an example that never ends);
it is no measurement.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FILES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
SHELL = {"sh", "bash", "shell", "console"}
HANG_GUARD = 120  # seconds a block may take before it counts as hanging
_FENCE = re.compile(r"^```([\w-]*)[^\n]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
_NOT_RUN = re.compile(r"<!--\s*not run:\s*(.+?)\s*-->\s*$")
_COMMAND_WORDS = ("colosseum", "make", "pip", ".venv/", "python", "uv ")


@dataclass(frozen=True)
class Block:
    """A fenced block: where it is, its language, its text, and why it is not run (if not)."""

    path: Path
    line: int
    language: str
    text: str
    not_run: str | None

    @property
    def name(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def blocks(path: Path) -> list[Block]:
    text = path.read_text(encoding="utf-8")
    found = []
    for match in _FENCE.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        before = text[: match.start()].rstrip("\n").rsplit("\n", 1)[-1]
        marker = _NOT_RUN.search(before)
        language = match.group(1).lower()
        found.append(
            Block(path, line, language, match.group(2), marker.group(1) if marker else None)
        )
    return found


ALL = [block for path in FILES for block in blocks(path)]
PYTHON = [block for block in ALL if block.language in {"python", "py"}]
SHELLS = [block for block in ALL if block.language in SHELL]


def commands(block: Block) -> list[str]:
    """The command lines of a shell block: continuations joined, comments and prompts off."""
    lines = block.text.replace("\\\n", " ").splitlines()
    if block.language == "console":
        lines = [line[2:] for line in lines if line.startswith("$ ")]
    return [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]


def _environment(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COLOSSEUM_", "RAY_"))}
    env.update(
        HOME=str(folder),
        XDG_DATA_HOME=str(folder / "data"),
        COLOSSEUM_DATABASE_URL=f"sqlite:///{folder / 'colosseum.db'}",
        COLUMNS="80",
        NO_COLOR="1",
        PYTHONHASHSEED="0",
    )
    return env


def _skip_if_marked(block: Block) -> None:
    if block.not_run is not None:
        pytest.skip(f"{block.name} not run: {block.not_run}")


@pytest.mark.parametrize("block", PYTHON, ids=[b.name for b in PYTHON])
def test_point_2_every_python_example_runs_and_ends(block: Block, tmp_path: Path) -> None:
    _skip_if_marked(block)
    script = tmp_path / "example.py"
    script.write_text(block.text, encoding="utf-8")
    _run([sys.executable, str(script)], tmp_path, f"{block.name}: the example")


@pytest.mark.parametrize("block", SHELLS, ids=[b.name for b in SHELLS])
def test_point_2_every_shell_example_runs_and_ends(block: Block, tmp_path: Path) -> None:
    _skip_if_marked(block)
    lines = commands(block)
    others = [line for line in lines if not line.startswith("colosseum ")]
    assert not others, (
        f"{block.name}: a block that runs holds only `colosseum` commands; mark it "
        f"`<!-- not run: REASON -->` or move these out: {others}"
    )
    program = str(Path(sys.executable).with_name("colosseum"))
    for line in lines:
        argv = [program, *shlex.split(line, comments=True)[1:]]
        _run(argv, tmp_path, f"{block.name}: `{line}`")


def _run(argv: list[str], folder: Path, what: str) -> None:
    """Run `argv` in `folder` with stdin closed: it must end within the hang guard, exit 0."""
    try:
        done = subprocess.run(
            argv,
            cwd=folder,
            env=_environment(folder),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=HANG_GUARD,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{what} did not end within {HANG_GUARD} s")
    assert done.returncode == 0, f"{what}:\n{done.stderr[-3000:]}"


def test_point_2_no_unlabelled_block_hides_a_command() -> None:
    hidden = [
        block.name
        for block in ALL
        if not block.language
        and any(line.lstrip().startswith(_COMMAND_WORDS) for line in block.text.splitlines())
    ]
    assert not hidden, f"label these blocks sh (and mark them if they must not run): {hidden}"


def test_point_2_every_skipped_example_says_why() -> None:
    """The list of examples not run, each with its reason (printed with `pytest -s`)."""
    skipped = [(block.name, block.not_run) for block in ALL if block.not_run is not None]
    for name, reason in skipped:
        assert reason and len(reason) > 8, f"{name}: say why it is not run"
        print(f"not run: {name}: {reason}")
    assert PYTHON and SHELLS
