"""`colosseum ratings ...`: the ratings of the web server's accounts and computer levels
(docs/cli.md, "ratings"): `show GAME` the leaderboard, `rebuild` every rating again from the
stored results, `calibrate GAME` computer-against-computer games of the levels, rated.

The database is `--database URL`, else `COLOSSEUM_DATABASE_URL`, else colosseum.db in the
user's data folder, as for `accounts`. The store is loaded only when a command runs.
"""

from __future__ import annotations

import dataclasses
import json
import secrets
from typing import TYPE_CHECKING, Annotated

import typer

from .common import (
    DatabaseOpt,
    open_store,
    print_where,
    split_players,
    stdout_console,
    with_progress,
)
from .extras import store_command

if TYPE_CHECKING:
    pass

ratings_app = typer.Typer(
    name="ratings",
    help="Ratings per game: show the leaderboard, rebuild from the results, calibrate levels.",
    no_args_is_help=True,
    add_completion=False,
)

GameArg = Annotated[str, typer.Argument(help="Game id or alias, e.g. ludus.", show_default=False)]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON on stdout.")]


@ratings_app.command("show")
def show(
    game: GameArg,
    limit: Annotated[int, typer.Option("--limit", min=1, max=10_000, help="Rows shown.")] = 50,
    json_output: JsonOpt = False,
    database: DatabaseOpt = None,
) -> None:
    """The leaderboard of GAME: rating, 95% interval, rated games, provisional or not."""
    with store_command("colosseum ratings show"):
        from ..core.registry import game_definition
        from ..ratings.standings import leaderboard

        game_id = game_definition(game).info.id
        store = open_store(database)
        rows = leaderboard(store, game_id, limit)
    if json_output:
        typer.echo(json.dumps([dataclasses.asdict(row) for row in rows]))
        return
    from rich.table import Table

    table = Table("#", "name", "rating", "95% interval", "games", title=game_id)
    for place, row in enumerate(rows, start=1):
        low, high = row.interval
        rating = f"{row.rating}?" if row.provisional else str(row.rating)
        table.add_row(str(place), row.name, rating, f"{low}-{high}", str(row.games))
    console = stdout_console()
    console.print(table if rows else f"No ratings in {game_id} yet.")
    if any(row.provisional for row in rows):
        console.print(
            "? provisional: fewer rated games than the rating needs to settle", style="dim"
        )
    print_where(store, "Ratings in")


@ratings_app.command("rebuild")
def rebuild(database: DatabaseOpt = None) -> None:
    """Recompute every rating from the stored results, oldest first (after a change of
    formula, or to check the stored ratings)."""
    with store_command("colosseum ratings rebuild"):
        store = open_store(database)
        count = store.ratings.rebuild()
    stdout_console().print(f"Rebuilt the ratings from {count} rated results.")
    print_where(store, "Ratings in")


@ratings_app.command("calibrate")
def calibrate(
    game: GameArg,
    levels: Annotated[
        str,
        typer.Option("--levels", "-l", help="Computer levels, comma-separated; every pair meets."),
    ] = "random,heuristic",
    games_count: Annotated[
        int,
        typer.Option(
            "--games", "-n", min=1, max=100_000, help="Games per pair of levels (seats swap)."
        ),
    ] = 4,
    seed: Annotated[
        int | None,
        typer.Option("--seed", min=0, help="Seed of the games (the same seed adds nothing twice)."),
    ] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes.")] = 1,
    database: DatabaseOpt = None,
) -> None:
    """Computer levels play GAME against each other (each seed from both seatings) and each
    game is rated: the levels' ratings settle before people meet them."""
    with store_command("colosseum ratings calibrate"):
        from ..ratings import calibration

        base = secrets.randbits(31) if seed is None else seed
        plan = calibration.plan(game, split_players(levels), games_count, base)
        store = open_store(database)
        done = with_progress(
            f"{plan.game_id} calibration",
            plan.total_games,
            lambda advance: calibration.calibrate(store, plan, jobs, advance),
        )
    stdout_console().print(
        f"Calibrated {', '.join(plan.agents)} in {done.game}: {done.played} games played, "
        f"{done.rated} new rated results (seed {base})."
    )
    print_where(store, "Ratings in")
