"""Real processes for the concurrency and crash tests: forked from the test (so they start
without importing Colosseum again), each running `colosseum` commands; what each command
printed and its exit code come back through a file."""

from __future__ import annotations

import json
import multiprocessing
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from colosseum.cli.app import app
from colosseum.store import faults


def run_commands(commands: Sequence[Sequence[str]], report: str, env: dict[str, str]) -> None:
    """The child: each command in turn, its exit code and output appended to `report`."""
    faults.reset()
    os.environ.update(env)
    runner = CliRunner(env={"COLUMNS": "100", "NO_COLOR": "1"})
    for args in commands:
        result = runner.invoke(app, list(args), input="")
        line = {"args": list(args), "code": result.exit_code, "output": result.output}
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            line["exception"] = repr(result.exception)
        with open(report, "a", encoding="utf-8") as file:
            file.write(json.dumps(line) + "\n")
    os._exit(0)


def start(
    commands: Sequence[Sequence[str]], report: Path, env: dict[str, str] | None = None
) -> Any:
    context = multiprocessing.get_context("fork")
    process = context.Process(target=run_commands, args=(commands, str(report), env or {}))
    process.start()
    return process


def results(report: Path) -> list[dict[str, Any]]:
    if not report.exists():
        return []
    return [json.loads(line) for line in report.read_text().splitlines()]
