"""`colosseum train GAME`: the `master` level's policy and value networks fitted by self-play,
resumable in their folder (sim/training.py; docs/agents.md, "master")."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path
from typing import Annotated

import typer

from ..core.errors import ColosseumError
from ..core.registry import game_definition
from .batch import GameArg, JobsOpt, JsonOpt, batch_backend
from .common import stdout_console, user_errors, with_progress
from .extras import require

SEED = 2026  # the seed of the shipped guides: the defaults are their budget (docs/agents.md)


def train(
    game: GameArg,
    folder: Annotated[
        Path | None,
        typer.Option(
            "--out",
            "-o",
            help="The run's folder: started if new, gone on with if it holds this run "
            "[default: training/GAME].",
        ),
    ] = None,
    generations: Annotated[
        int, typer.Option("--generations", "-g", min=1, max=1000, help="Generations in all.")
    ] = 3,
    games_count: Annotated[
        int,
        typer.Option("--games", "-n", min=1, max=100_000, help="Self-play games a generation."),
    ] = 32,
    iterations: Annotated[
        int,
        typer.Option(
            "--iterations", min=2, max=100_000, help="The self-play search's iterations a decision."
        ),
    ] = 100,
    hidden: Annotated[
        int, typer.Option("--hidden", min=1, max=4096, help="Units of each network's hidden layer.")
    ] = 64,
    window: Annotated[
        int,
        typer.Option("--window", min=1, max=1000, help="Generations of positions each fit uses."),
    ] = 3,
    explore: Annotated[
        int,
        typer.Option(
            "--explore",
            min=0,
            max=10_000,
            help="A game's first decisions played by sampling the search's visits.",
        ),
    ] = 10,
    seed: Annotated[int, typer.Option("--seed", "-s", help="The run's seed.")] = SEED,
    jobs: JobsOpt = 1,
    install: Annotated[
        bool,
        typer.Option(
            "--install",
            help="Copy the guide into the game's package data, where `master` reads it.",
        ),
    ] = False,
    json_output: JsonOpt = False,
) -> None:
    """Fit the `master` level's networks for GAME by self-play (expert iteration): each
    generation's games are searched with the guide of the one before, and the networks learn
    the searches' choices and the games' results. Run it again with the same folder and
    options to go on after a stop, or with more --generations to train further."""
    require("train", "colosseum train")
    from ..agents.guides import guide_paths, read_guide
    from ..sim.training import Run, Settings

    with user_errors():
        game_id = game_definition(game).info.id
        runner = batch_backend("process", jobs, None, "colosseum train")
        settings = Settings(game_id, seed, games_count, iterations, hidden, window, explore)
        run = Run.open(folder or Path("training") / game_id, settings)
        command = (
            f"colosseum train {game_id} --games {games_count} --iterations {iterations} "
            f"--hidden {hidden} --window {window} --explore {explore} --seed {seed}"
        )
        started = time.perf_counter()
        while run.done < generations:
            number = run.done + 1
            with_progress(
                f"{game_id} generation {number}/{generations}",
                games_count,
                lambda advance: run.generation(runner, command, advance),
            )
        if install:
            read_guide(game_id, run.folder)  # checked before it replaces the shipped one
            for source, target in zip(
                guide_paths(game_id, run.folder), guide_paths(game_id), strict=True
            ):
                try:
                    shutil.copyfile(source, target)
                except OSError as error:
                    raise ColosseumError(f"cannot install the guide as {target}: {error}") from None
    summary = {
        "game": game_id,
        "folder": str(run.folder),
        "generations": run.done,
        "seconds": round(time.perf_counter() - started, 1),
        "installed": install,
        "curve": run.curve,
    }
    if json_output:
        typer.echo(json.dumps(summary))
        return
    _print_curve(summary)


def _print_curve(summary: dict[str, object]) -> None:
    from rich.table import Table

    table = Table(title=f"{summary['game']}: the learning curve ({summary['folder']})")
    columns = ("generation", "decisions", "policy_agreement", "policy_cross_entropy", "value_mse")
    for column in columns:
        table.add_column(column.replace("_", " "), justify="right")
    curve = summary["curve"]
    assert isinstance(curve, list)
    for point in curve:
        table.add_row(*(str(point.get(column, "-")) for column in columns))
    stdout_console().print(table)
