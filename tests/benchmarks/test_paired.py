"""The paired-seed arithmetic of the strength benchmarks (benchmarks/paired.py) and the guide
options of benchmarks/ismcts_strength.py, which measure a trained guide before it ships."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy", reason="the rl extra is not installed")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import ismcts_strength  # noqa: E402
from colosseum.agents.guides import guide_paths  # noqa: E402
from colosseum.agents.ismcts import ISMCTSAgent  # noqa: E402
from paired import deal_scores, interval, paired_difference  # noqa: E402


def game(index: int, score: float) -> dict[str, object]:
    return {"index": index, "agent_score": score}


def test_a_deal_scores_the_mean_of_its_games_from_both_seats() -> None:
    games = [game(0, 1.0), game(1, 0.0), game(3, 0.5), game(2, 1.0), game(4, 0.0)]
    assert deal_scores(games) == {0: 0.5, 1: 0.75, 2: 0.0}


def test_the_interval_holds_the_mean_within_the_scores_range() -> None:
    found = interval(np.array([0.0, 0.5, 1.0, 1.0, 0.5, 1.0]))
    assert 0.0 <= found["low"] < found["mean"] < found["high"] <= 1.0
    assert found["mean"] == pytest.approx(4 / 6, abs=1e-4)
    same = interval(np.array([0.75] * 8))
    assert same == {"mean": 0.75, "low": 0.75, "high": 0.75}


def test_the_paired_difference_reads_only_the_deals_both_played() -> None:
    first, second = {0: 1.0, 1: 0.5, 2: 0.0}, {1: 0.0, 2: 0.5, 7: 1.0}
    found = paired_difference(first, second)
    assert found is not None and found["deals"] == 2 and found["mean"] == 0.0
    assert paired_difference(first, {9: 1.0}) is None


def test_a_guide_folder_plays_master_with_its_weights_and_names_its_results() -> None:
    folder = guide_paths("ludus-gladiatorius")[0].parent
    agent = ismcts_strength.player("master", "ludus-gladiatorius", str(folder))
    assert isinstance(agent, ISMCTSAgent) and agent.guide is not None
    named = ismcts_strength._named("ludus-gladiatorius", "master", str(folder), "--guide")
    digest = (folder / "ludus-gladiatorius-guide.toml").read_text().split('sha256 = "')[1]
    assert named == f"master-guide-{digest[:12]}"
    assert ismcts_strength._named("ludus-gladiatorius", "hard", None, "--guide") == "hard"


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--agent", "hard", "--guide", "."], "a guide is for the master level, not 'hard'"),
        (["--agent", "master", "--guide", "no-such-folder"], "--guide no-such-folder:"),
        (
            ["--opponent", "master", "--opponent-guide", "no-such-folder"],
            "--opponent-guide no-such-folder:",
        ),
        (["--paired-with", "no-such-file.jsonl"], "no such results file"),
    ],
)
def test_a_guide_that_cannot_serve_stops_the_run_before_any_game(
    options: list[str], said: str, tmp_path: Path
) -> None:
    command = [sys.executable, "benchmarks/ismcts_strength.py", "ludus", "--games", "2"]
    command += [*options, "--results", str(tmp_path)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0 and said in done.stderr, done.stderr
    assert not list(tmp_path.iterdir())
