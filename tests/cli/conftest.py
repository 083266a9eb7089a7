"""Fixtures for the command-line tests: a CliRunner on a 100-column terminal, and panes of a
real terminal (tmux.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from colosseum.cli.app import app

from .tmux import Pane

Invoke = Callable[..., Result]


@pytest.fixture
def invoke() -> Invoke:
    """Run `colosseum ARGS` in-process; `input` feeds stdin."""
    runner = CliRunner(env={"COLUMNS": "100", "NO_COLOR": "1"})

    def run(args: Sequence[str], input: str | None = None) -> Result:
        return runner.invoke(app, list(args), input=input)

    return run


@pytest.fixture
def pane_factory() -> Iterator[Callable[..., Any]]:
    """Start panes running a command in tmux (`start(command, kind=Pane)`, `kind` a subclass
    for more ways to wait); each is closed at the end of the test."""
    panes: list[Pane] = []

    def start(command: list[str], kind: type[Pane] = Pane) -> Pane:
        panes.append(kind(command))
        return panes[-1]

    yield start
    for pane in panes:
        pane.close()
