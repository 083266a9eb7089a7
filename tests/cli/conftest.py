"""Fixtures for the command-line tests: a CliRunner on a 100-column terminal."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from typer.testing import CliRunner, Result

from colosseum.cli.app import app

Invoke = Callable[..., Result]


@pytest.fixture
def invoke() -> Invoke:
    """Run `colosseum ARGS` in-process; `input` feeds stdin."""
    runner = CliRunner(env={"COLUMNS": "100", "NO_COLOR": "1"})

    def run(args: Sequence[str], input: str | None = None) -> Result:
        return runner.invoke(app, list(args), input=input)

    return run
