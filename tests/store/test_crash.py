"""A combat finishes or never happened: a process killed at every checkpoint of a combat (the
deterministic fault hook of store/faults.py, `os._exit` at the Nth checkpoint: before a step,
inside its transaction, after its commit) leaves a campaign `career verify` accepts, and
`career resume` (or, killed before the draw was stored, the same `fight` again) ends with the
very events of an uninterrupted combat. With a snapshot kept at every append, a kill between
the events and their snapshot (one transaction) leaves both or neither: the snapshot always
agrees with the log."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from colosseum.careers import campaign as campaign_module
from colosseum.careers.campaign import Campaign
from colosseum.careers.snapshot import storage
from colosseum.cli.app import app
from colosseum.store import Store, faults

from .processes import results, start

FRED = "Blimyx:thraex,Asinus:retiarius,Minimea:veles,Crassus:murmillo"
MILLER = "Ajax:secutor,Brutus:scissor,Celer:veles,Decius:hoplomachus"


def _fight(url: str) -> list[str]:
    return [
        "career",
        "fight",
        "Gallia",
        "Fred",
        "Miller",
        "--auto",
        "-p",
        "random,random",
        "-s",
        "21",
        "--database",
        url,
    ]


def _events(url: str) -> list[tuple[str, Any]]:
    return [(e.kind, e.payload) for e in Campaign.open(Store(url), "Gallia").log()]


def _base(tmp_path: Path) -> Path:
    path = tmp_path / "base.db"
    url = f"sqlite:///{path}"
    runner = CliRunner()
    for lanista, four, servitor in (("Fred", FRED, "medicus"), ("Miller", MILLER, "lupa")):
        args = ["career", "new", "Gallia", lanista, "-g", four, "--servitor", servitor]
        assert runner.invoke(app, [*args, "--database", url]).exit_code == 0
    with sqlite3.connect(path) as connection:  # everything in the file itself, for copies
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path


def _run(path: Path, tmp_path: Path, name: str, env: dict[str, str]) -> list[dict[str, Any]]:
    report = tmp_path / f"{name}.jsonl"
    process = start([_fight(f"sqlite:///{path}")], report, env)
    process.join(timeout=300)
    return [{"exitcode": process.exitcode}, *results(report)]


@pytest.mark.parametrize("every", [None, 1], ids=["snapshots-as-shipped", "snapshot-per-append"])
def test_a_combat_killed_at_every_checkpoint_resumes_to_the_same_result(
    tmp_path: Path, every: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    if every is not None:  # the forked writers inherit it
        monkeypatch.setattr(
            campaign_module,
            "storage",
            lambda: storage().model_copy(update={"snapshot_every": every}),
        )
    base = _base(tmp_path)
    whole = tmp_path / "whole.db"
    shutil.copy(base, whole)
    trace = tmp_path / "trace.txt"
    (status, ran) = _run(whole, tmp_path, "whole", {faults.FAULT_TRACE: str(trace)})
    assert status["exitcode"] == 0 and ran["code"] == 0, ran
    expected = _events(f"sqlite:///{whole}")
    checkpoints = trace.read_text().splitlines()
    assert len(checkpoints) >= 20  # draw, two hires, fight, Fatum, two post-arena, end: x3
    assert any("append" in c for c in checkpoints)
    assert any("snapshot" in c for c in checkpoints) == (every == 1)
    runner = CliRunner()
    for number in range(1, len(checkpoints) + 1):
        killed = tmp_path / f"killed{number}.db"
        shutil.copy(base, killed)
        url = f"sqlite:///{killed}"
        (status, *_) = _run(killed, tmp_path, f"k{number}", {faults.FAULT_AT: str(number)})
        where = checkpoints[number - 1]
        assert status["exitcode"] == faults.EXIT_CODE, where
        verified = runner.invoke(app, ["career", "verify", "Gallia", "--database", url])
        assert verified.exit_code == 0, (where, verified.output)
        assert "DISAGREES" not in verified.output and "other rules" not in verified.output
        if Campaign.open(Store(url), "Gallia").combats:
            finished = runner.invoke(app, ["career", "resume", "Gallia", "--database", url])
            assert finished.exit_code == 0, (where, finished.output)
        elif _events(url) != expected:  # killed before the draw was stored: never happened
            assert not [kind for kind, _ in _events(url) if kind.startswith("combat")], where
            finished = runner.invoke(app, _fight(url))
            assert finished.exit_code == 0, (where, finished.output)
        assert _events(url) == expected, where
