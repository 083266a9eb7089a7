"""`colosseum ladder GAME`: every computer level against every other on paired seeds, rated as
people are, with intervals (ratings/ladder.py; docs/agents.md, "The ladder")."""

from __future__ import annotations

import json
import time
from typing import Annotated

import typer

from ..core.registry import game_definition
from .batch import (
    AddressOpt,
    BackendOpt,
    GameArg,
    JobsOpt,
    JsonOpt,
    OptionOpt,
    SeedOpt,
    batch_backend,
    batch_seed,
    checked_options,
)
from .common import split_players, stdout_console, user_errors, with_progress
from .extras import require

EVERY_LEVEL = (
    "random,heuristic,easy,normal,hard,master"  # ratings/ladder.py's EVERY_LEVEL, as typed
)


def ladder(
    game: GameArg,
    levels: Annotated[
        str,
        typer.Option("--levels", "-l", help="Computer levels, comma-separated; every pair meets."),
    ] = EVERY_LEVEL,
    games_count: Annotated[
        int,
        typer.Option(
            "--games",
            "-n",
            min=2,
            max=100_000,
            help="Games per pair of levels: two per seed, one from each seating (rounded up).",
        ),
    ] = 20,
    seed: SeedOpt = None,
    jobs: JobsOpt = 1,
    json_output: JsonOpt = False,
    option: OptionOpt = None,
    backend: BackendOpt = "process",
    address: AddressOpt = None,
) -> None:
    """Rate the computer levels of GAME against each other: a round robin on paired seeds,
    each level rated as people are (OpenSkill) with its 95% interval, and the tournament's
    win matrix and Elo."""
    require("web", "colosseum ladder")  # the rating model (OpenSkill) comes with the web extra
    from ..ratings import ladder as ladders
    from ..sim.tournament import run_tournament
    from .reports import ladder_report

    with user_errors():
        runner = batch_backend(backend, jobs, address, "colosseum ladder --backend ray")
        game_id = game_definition(game).info.id
        options = checked_options(game_id, 2, option)
        plan = ladders.plan(game_id, split_players(levels), games_count, batch_seed(seed), options)
        started = time.perf_counter()
        played = with_progress(
            f"{plan.game_id} ladder",
            plan.total_games,
            lambda advance: run_tournament(plan, jobs, advance, runner),
        )
        summary = ladders.summarize(plan, played, time.perf_counter() - started)
    if json_output:
        typer.echo(json.dumps(summary))
    else:
        stdout_console().print(ladder_report(summary))
