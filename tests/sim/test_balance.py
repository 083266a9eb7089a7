"""Balance reports (colosseum.sim.balance and balance_report, `colosseum balance`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from colosseum.cli.app import app
from colosseum.sim.balance import BalancePlan, balance, deals_for, run_balance, wilson

pytest.importorskip("matplotlib", reason="the balance extra is not installed (matplotlib)")

KEYS = {
    "game", "title", "games", "deals", "players", "agents", "seed", "options", "even_share",
    "seat", "agent", "categories", "length_unit", "length", "steps", "capped", "draws", "seconds",
}  # fmt: skip
CATEGORIES = {
    "ludus-gladiatorius": {"gladiator", "special used"},
    "ludi-gladiatorii": {"veteran", "building"},
    "jugula": {"armatura", "card played", "prima card"},
}


def test_each_deal_is_played_from_every_seat_rotation() -> None:
    plan = BalancePlan("ludus-gladiatorius", ("heuristic", "random"), deals=2, seed=1)
    assert plan.total_games == 4 and deals_for(5, 2) == 3
    assert [plan.seats(i) for i in range(4)] == [
        ("heuristic", "random"),
        ("random", "heuristic"),
    ] * 2
    assert plan.game_seed(0) == plan.game_seed(1) != plan.game_seed(2) == plan.game_seed(3)
    assert plan.agent_seed(0) != plan.agent_seed(1)
    games = run_balance(plan)
    assert [game.index for game in games] == [0, 1, 2, 3]
    assert all(sum(game.returns) == pytest.approx(1) for game in games)


def test_wilson_intervals() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 < wilson(0, 10)[1]
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("game", sorted(CATEGORIES))
def test_the_report_has_every_key_and_each_game_s_categories(game: str) -> None:
    report = balance(BalancePlan(game, ("heuristic", "heuristic"), deals=2, seed=3))
    assert set(report) == KEYS
    assert CATEGORIES[game] <= set(report["categories"])
    assert report["games"] == 4 and len(report["seat"]) == 2
    assert sum(rate["wins"] for rate in report["seat"]) == pytest.approx(4)
    for rates in report["categories"].values():
        for rate in rates.values():
            low, high = rate["interval"]
            assert 0 <= low <= rate["win_share"] <= high <= 1
    assert sum(report["length"]["counts"].values()) == 4


def test_the_command_writes_the_page_and_the_numbers(tmp_path: Path) -> None:
    out = tmp_path / "ludus"
    arguments = ["balance", "ludus", "--games", "6", "--seed", "2", "--out", str(out)]
    result = CliRunner().invoke(app, arguments)
    assert result.exit_code == 0, result.output
    report = json.loads((out / "report.json").read_text())
    assert set(report) == KEYS and report["games"] == 6 and report["deals"] == 3
    page = (out / "report.html").read_text()
    assert page.count("data:image/png;base64,") == 2 + len(report["categories"])


def test_the_command_refuses_a_bad_player_count(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["balance", "jugula", "--agents", "random", "--out", str(tmp_path)]
    )
    assert result.exit_code != 0
    assert "takes 2 to 4 players, not 1" in result.output
