"""`colosseum simulate` and `colosseum bench`: JSON shapes and reproducibility."""

from __future__ import annotations

import importlib.util
import json
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import colosseum
from colosseum.cli.app import app

from .conftest import Invoke

SIMULATE = ["simulate", "ludus", "--games", "12", "--players", "random,heuristic", "--seed", "9"]


def test_simulate_json(invoke: Invoke) -> None:
    result = invoke([*SIMULATE, "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    for key in ("game", "games", "players", "win_rate", "mean_steps", "seat_win_rate", "draws"):
        assert key in summary
    assert summary["game"] == "ludus-gladiatorius"
    assert summary["games"] == 12
    assert summary["players"] == ["random", "heuristic"]
    assert set(summary["win_rate"]) == {"random", "heuristic"}
    assert all(0 <= rate <= 1 for rate in summary["win_rate"].values())
    # Every Ludus game has a winner (shared wins count 1/k each), so rates sum to one.
    assert sum(summary["win_rate"].values()) == pytest.approx(1)
    assert sum(summary["seat_win_rate"]) == pytest.approx(1)
    assert summary["min_steps"] <= summary["mean_steps"] <= summary["max_steps"]


def test_simulate_merges_players_with_the_same_agent(invoke: Invoke) -> None:
    args = ["simulate", "ludus", "-n", "6", "-p", "random,random", "-s", "2", "--json"]
    summary = json.loads(invoke(args).stdout)
    assert summary["win_rate"] == {"random": pytest.approx(1)}
    assert sum(summary["player_win_rate"]) == pytest.approx(1)


def test_simulate_does_not_depend_on_jobs(invoke: Invoke) -> None:
    one = invoke([*SIMULATE, "--json", "--jobs", "1"])
    two = invoke([*SIMULATE, "--json", "--jobs", "2"])
    assert one.exit_code == two.exit_code == 0, two.output
    first, second = json.loads(one.stdout), json.loads(two.stdout)
    first.pop("seconds")
    second.pop("seconds")
    assert first == second


def test_simulate_table(invoke: Invoke) -> None:
    result = invoke(["simulate", "ludus", "-n", "4", "-p", "random,random", "-s", "1"])
    assert result.exit_code == 0
    assert "Win rate" in result.stdout
    assert "4 games, seed 1" in result.stdout


def test_simulate_options_reach_the_games(invoke: Invoke) -> None:
    args = [*SIMULATE, "--json", "--option", "round_limit=2", "-p", "random,random"]
    summary = json.loads(invoke(args).stdout)
    assert summary["options"]["round_limit"] == 2
    assert summary["max_steps"] < 40
    assert summary["capped"] == summary["games"]  # no random Ludus game ends in two rounds


def test_simulate_sets_the_cap_and_reports_the_games_it_cut_short(invoke: Invoke) -> None:
    """The rulebook's game has no cap; a simulation sets the game's own (30 rounds of Ludus)
    unless told otherwise, and `capped` counts the games that it ended."""
    summary = json.loads(invoke([*SIMULATE, "--json", "-p", "random,random"]).stdout)
    assert summary["options"]["round_limit"] == 30
    assert 0 <= summary["capped"] <= summary["games"]
    with_heuristic = json.loads(invoke([*SIMULATE, "--json", "-p", "heuristic,random"]).stdout)
    assert with_heuristic["capped"] < with_heuristic["games"]


def test_bench_json(invoke: Invoke) -> None:
    result = invoke(["bench", "ludus", "--json", "--seconds", "0.05"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert set(figures) == {"ludus-gladiatorius"}
    ludus = figures["ludus-gladiatorius"]
    assert set(ludus) == {
        "steps_per_s",
        "games_per_s",
        "clones_per_s",
        "games",
        "capped",
        "compiled",
    }
    assert ludus["compiled"] is colosseum.compiled()
    assert all(ludus[key] > 0 for key in ("steps_per_s", "games_per_s", "clones_per_s"))
    assert 0 <= ludus["capped"] <= ludus["games"]


def test_bench_every_game_as_a_table(invoke: Invoke) -> None:
    result = invoke(["bench", "--seconds", "0.03"])
    assert result.exit_code == 0
    assert "ludus-gladiatorius" in result.stdout
    assert "Clones/s" in result.stdout
    assert ("Build: compiled (mypyc)" in result.stdout) is colosseum.compiled()


def _one_line_error(result: Result) -> str:
    """The error of a failed command: one line on stderr, no traceback."""
    assert result.exit_code not in (0, None), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output
    return lines[0]


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_point_9_ray_with_no_cluster_at_the_address_is_one_line(invoke: Invoke) -> None:
    pytest.importorskip("ray", reason="the ray extra is not installed")
    address = f"127.0.0.1:{_closed_port()}"
    result = invoke(["simulate", "ludus", "-n", "2", "--backend", "ray", "--address", address])
    line = _one_line_error(result)
    assert f"the Ray cluster {address}" in line and "nothing answers" in line


def test_point_9_ray_auto_without_a_cluster_is_one_line(
    invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What Ray raises for `--address auto` with no cluster running (measured with Ray 2.60),
    without starting or finding one: whatever runs on this machine stays out of the test."""
    ray = pytest.importorskip("ray", reason="the ray extra is not installed")

    def no_cluster(*args: object, **kwargs: object) -> None:
        raise ConnectionError(
            "Could not find any running Ray instance. Please specify the one to connect to "
            "by setting `--address` flag or `RAY_ADDRESS` environment variable."
        )

    monkeypatch.setattr(ray, "init", no_cluster)
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    result = invoke(["simulate", "ludus", "-n", "2", "--backend", "ray", "--address", "auto"])
    line = _one_line_error(result)
    assert "the Ray cluster auto" in line and "Could not find any running Ray instance" in line


def test_ray_not_installed_is_one_line(invoke: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "ray" else real(name, *a)
    )
    line = _one_line_error(invoke(["simulate", "ludus", "-n", "2", "--backend", "ray"]))
    assert "pip install 'colosseum[ray]'" in line


def _at_80_columns(args: list[str]) -> str:
    """`colosseum ARGS` on an 80-column terminal: its output, every line checked to fit."""
    result = CliRunner(env={"COLUMNS": "80", "NO_COLOR": "1"}).invoke(app, args)
    assert result.exit_code == 0, result.output
    for line in result.stdout.splitlines():
        assert len(line) <= 80, line
        assert "…" not in line, f"a cell cut at 80 columns: {line!r}"
    return result.stdout


def test_point_9_bench_fits_80_columns() -> None:
    out = _at_80_columns(["bench", "--seconds", "0.02"])
    for heading in ("Steps/s", "Games/s", "Clones/s", "Capped"):
        assert heading in out
    assert re.search(r"ludus-gladiatorius\s+\d{1,3}(,\d{3})+\s", out), out


def test_point_9_simulate_and_tournament_fit_80_columns_with_long_agent_specs() -> None:
    specs = "ismcts:iterations=2,c=1.4,ismcts:iterations=3,heuristic,random"
    _at_80_columns(["simulate", "ludus", "-n", "4", "-p", specs, "-s", "1", "-o", "round_limit=3"])
    out = _at_80_columns(
        ["tournament", "ludus", "-a", specs, "-n", "1", "-s", "1", "-o", "round_limit=3"]
    )
    assert "c=1.4" in out  # folded onto two lines if need be, never cut


ROOT = Path(__file__).resolve().parents[2]


def test_point_9_anchor_without_openspiel_says_skipped_and_exits_0() -> None:
    """`make bench` ends cleanly where OpenSpiel is not installed: one line, exit code 0."""
    hide = (
        "import runpy, sys; sys.modules['pyspiel'] = None; sys.modules['open_spiel'] = None; "
        "sys.argv = ['anchor.py', '--rounds', '1', '--seconds', '0.01']; "
        "runpy.run_path('benchmarks/anchor.py', run_name='__main__')"
    )
    done = subprocess.run(
        [sys.executable, "-c", hide], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "skipped" in lines[0], done.stderr
    assert "OpenSpiel is not installed" in lines[0] and "pip install open_spiel" in lines[0]


def test_point_9_make_bench_ignores_no_error() -> None:
    """No recipe line of `bench` starts with `-`: a failure is a failure, not 'ignored'."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\nbench:", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    assert recipe and all(line.startswith("\t") for line in recipe)
    assert not [line for line in recipe if line.lstrip("\t").startswith("-")], recipe
