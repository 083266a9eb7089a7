"""The ladder of the computer levels (ratings/ladder.py, `colosseum ladder`): a round robin on
paired seeds, rated round by round with the people's model, each level with its interval."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

pytest.importorskip("openskill", reason="the rating model comes with the web extra")

from colosseum.agents.ismcts import LEVELS
from colosseum.cli import ladder as ladder_command
from colosseum.cli.app import app
from colosseum.core.errors import ColosseumError
from colosseum.ratings import ladder
from colosseum.sim.tournament import TimedGame, Tournament
from colosseum.store import rating_model


def game(index: int, seats: tuple[str, ...], winners: tuple[int, ...]) -> TimedGame:
    return TimedGame(index, 7, seats, winners, 10, (5, 5), (0.0, 0.0))


def test_the_stronger_level_climbs_and_every_level_has_its_interval() -> None:
    plan = Tournament("ludus-gladiatorius", ("low", "high"), 4, seed=1)
    played = [game(i, plan.seats(i), (plan.seats(i).index("high"),)) for i in range(4)]
    high, low = ladder.climb(plan, played)
    assert (high.level, low.level) == ("high", "low")
    assert high.rating.mu > rating_model.initial().mu > low.rating.mu
    assert (high.games, high.score, low.games, low.score) == (4, 1.0, 4, 0.0)
    for rung in (high, low):
        bottom, top = rung.interval
        assert bottom < rung.mean < top and rung.shown < rung.mean
    assert ladder.climb(plan, played) == [high, low]  # the same games, the same ladder


def test_a_draw_is_shared_and_an_even_record_leaves_the_levels_level() -> None:
    plan = Tournament("ludus-gladiatorius", ("a", "b"), 2, seed=1)
    drawn = [game(i, plan.seats(i), (0, 1)) for i in range(2)]
    first, second = ladder.climb(plan, drawn)
    assert first.score == second.score == 0.5
    assert first.rating.mu == pytest.approx(second.rating.mu)


def test_games_are_rated_round_by_round() -> None:
    plan = Tournament("ludus-gladiatorius", ("a", "b", "c"), 4, seed=1)
    played = [game(i, plan.seats(i), (0,)) for i in reversed(range(plan.total_games))]
    order = [g.index for g in ladder.in_rounds(plan, played)]
    assert order == [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]


def test_the_plan_pairs_every_seed_and_refuses_an_unknown_level() -> None:
    plan = ladder.plan("ludus", ["Random", " heuristic"], 5, seed=3)
    assert (plan.game_id, plan.agents, plan.games) == (
        "ludus-gladiatorius",
        ("random", "heuristic"),
        6,
    )
    with pytest.raises(ColosseumError, match="grandmaster"):
        ladder.plan("ludus", ["random", "grandmaster"], 4, seed=3)


def test_every_level_is_the_commands_default() -> None:
    assert ("random", "heuristic", *LEVELS) == ladder.EVERY_LEVEL
    assert ",".join(ladder.EVERY_LEVEL) == ladder_command.EVERY_LEVEL


def test_the_command_rates_the_levels_and_repeats_with_its_seed() -> None:
    runner = CliRunner(env={"COLUMNS": "100", "NO_COLOR": "1"})
    args = ["ladder", "ludus", "--levels", "random,heuristic", "--games", "4", "--seed", "5"]
    first = runner.invoke(app, [*args, "--json"])
    assert first.exit_code == 0, first.output
    summary = json.loads(first.stdout)
    assert [rung["level"] for rung in summary["ladder"]] == ["heuristic", "random"]
    assert all(rung["games"] == 4 for rung in summary["ladder"])
    assert summary["games"] == 4 and summary["seed"] == 5
    again = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert again["ladder"] == summary["ladder"]
    shown = runner.invoke(app, args)
    assert shown.exit_code == 0 and "Ladder" in shown.stdout and "95% interval" in shown.stdout
    refused = runner.invoke(app, ["ladder", "ludus", "--levels", "random,grandmaster"])
    assert refused.exit_code != 0 and "grandmaster" in refused.output
