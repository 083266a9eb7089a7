"""The `colosseum` command: games, play, replay, simulate, tournament, balance, bench, career
(docs/cli.md)."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer

from ..core.errors import ColosseumError
from ..core.registry import game_definition, games, new_game
from .accounts import accounts_app
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
from .common import (
    fail,
    parse_options,
    split_players,
    stdout_console,
    user_errors,
    with_progress,
)
from .extras import deferred_group, require
from .ladder import ladder
from .ratings import ratings_app
from .serve import serve
from .train import train

if TYPE_CHECKING:
    from ..core.state import State

# What a command needs beyond parsing its arguments is imported in its body, so that
# `colosseum career show` loads neither the simulators nor the progress bars nor the
# full-screen interface (tests/cli/test_quick_start.py).

T = TypeVar("T")
CAREER_HELP = "Jugula Careers campaigns: ludus record sheets and their history, kept in a database."

app = typer.Typer(
    name="colosseum",
    help="Three gladiator board games: play them, replay records, simulate and benchmark.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)


def _career_app() -> typer.Typer:
    from .career import career_app

    return career_app


# The campaigns need the store extra (a database); the engines do not.
deferred_group(app, "career", "store", CAREER_HELP, _career_app)
app.command("serve")(serve)
app.add_typer(accounts_app)  # the web server's accounts (cli/accounts.py)
app.add_typer(ratings_app)  # ratings per game (cli/ratings.py)
app.command("ladder")(ladder)  # the computer levels rated against each other (cli/ladder.py)
app.command("train")(train)  # the master level's networks fitted by self-play (cli/train.py)


@app.command("games")
def games_command(json_output: JsonOpt = False) -> None:
    """List every game, its player counts and every option."""
    from . import reports

    with user_errors():  # a game package named in COLOSSEUM_GAMES that does not load
        infos = list(games().values())
    if json_output:
        typer.echo(json.dumps(reports.games_json(infos), indent=2))
        return
    console = stdout_console()
    for info in infos:
        console.print(reports.game_panel(info))


@app.command()
def play(
    game: Annotated[
        str | None,
        typer.Argument(
            help="Game id or alias, e.g. ludus (not with --resume).", show_default=False
        ),
    ] = None,
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            "-p",
            help="Who sits in each seat, in order: human or an agent spec [default: "
            "human,random; with --resume: as the record says].",
            show_default=False,
        ),
    ] = None,
    seed: SeedOpt = None,
    option: OptionOpt = None,
    save: Annotated[
        Path | None,
        typer.Option("--save", help="Keep the game record (JSON) here, written after every move."),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume", help="Continue the unfinished game of this record (and keep saving it)."
        ),
    ] = None,
    names: Annotated[
        str | None,
        typer.Option("--names", help="The human players' names, in seat order: Ann,Bob."),
    ] = None,
    plain: Annotated[
        bool, typer.Option("--plain", help="Line by line, not full screen (as in a pipe).")
    ] = False,
) -> None:
    """Play a game at the terminal: humans (hot seat) and computer agents."""
    from .play import open_game
    from .records import check_writable, save_record

    with user_errors():
        if resume is not None:
            state, specs, named = _resumed(resume, game, players, seed, option)
            save = save or resume
        else:
            if game is None:
                raise ColosseumError("name the game to play (e.g. ludus), or --resume a record")
            info = game_definition(game).info
            specs = split_players(players or "human,random")
            state = new_game(info.id, players=len(specs), seed=seed, options=parse_options(option))
            named = {}
        named.update(_names(names, specs))
    if save is not None:
        try:
            check_writable(save)
        except OSError as error:
            fail(f"cannot save the record to {save}: {error}")

    def keep(state: State) -> None:
        if save is not None:
            save_record(state, save, specs, named)

    with user_errors():  # an unknown agent, say: one line
        table = open_game(stdout_console(), state, specs, plain, after_move=keep)
        try:
            keep(state)  # the file holds the game from its first move on
            finished = table.run()
        except OSError as error:
            fail(f"cannot save the record to {save}: {error.strerror or error}")
    if save is not None:
        note = "" if finished else " (unfinished: it holds every seat's hidden choices so far)"
        table.console.print(f"Record saved to {save}{note}")


def _resumed(
    path: Path, game: str | None, players: str | None, seed: int | None, option: list[str] | None
) -> tuple[State, list[str], dict[int, str]]:
    """The game of the record at `path`, to be continued, with who plays each seat: the
    record's header, or `--players`."""
    from ..core.registry import replay as replay_record
    from .records import load_record, recorded_players

    if game is not None or seed is not None or option:
        raise ColosseumError(
            "--resume continues the record's game: drop the game, --seed and --option"
        )
    record = load_record(path)
    state = replay_record(record)
    if state.is_terminal():
        raise ColosseumError(f"the game of {path} is over: colosseum replay {path} shows it")
    recorded = recorded_players(record)
    named: dict[int, str]
    if players is not None:
        specs, named = split_players(players), {}
    elif recorded is not None:
        specs, named = recorded
    else:
        raise ColosseumError(f"{path} does not say who played: give --players")
    if len(specs) != state.num_players:
        raise ColosseumError(f"the game has {state.num_players} seats, not {len(specs)} players")
    return state, specs, named


def _names(text: str | None, specs: Sequence[str]) -> dict[int, str]:
    """`--names Ann,Bob` to the human seats in order."""
    from .play import HUMAN

    if text is None:
        return {}
    given = [name.strip() for name in text.split(",") if name.strip()]
    humans = [seat for seat, spec in enumerate(specs) if spec.lower() == HUMAN]
    if len(given) != len(humans):
        raise ColosseumError(f"{len(given)} names for {len(humans)} human seats")
    return dict(zip(humans, given, strict=True))


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record saved by `play --save`.")],
    seat: Annotated[
        int | None,
        typer.Option("--seat", help="Show the game as this seat saw it."),
    ] = None,
    reveal: Annotated[
        bool, typer.Option("--reveal", help="Show what was hidden (a finished game only).")
    ] = False,
    plain: Annotated[
        bool, typer.Option("--plain", help="Print the final position and the actions.")
    ] = False,
) -> None:
    """Replay a saved game record: step through it on a terminal, else print its final
    position and the list of its actions."""
    from ..core.renderers import renderer_for
    from . import reports
    from .play import interactive
    from .records import load_record, replay_moves

    with user_errors():
        record = load_record(file)
        state, moves = replay_moves(record)
        if seat is not None and not 0 <= seat < state.num_players:
            raise ColosseumError(f"seat {seat} is not in this {state.num_players}-player game")
        if reveal and not state.is_terminal():
            raise ColosseumError("--reveal shows what was hidden: only for a finished game")
        if not plain and interactive():
            from .tui import run_replay

            run_replay(record, seat, reveal)
            return
    console = stdout_console()
    renderer = renderer_for(state.game_id)
    console.print(reports.record_summary(record, state.winners()))
    if reveal:
        from .tui.frames import revealed_view

        console.print(renderer.view(revealed_view(state), state.options, ()))
    else:
        console.print(renderer.view(state.view(seat), state.options, ()))
    console.rule("Actions")
    console.print(reports.actions_table(moves))


@app.command()
def simulate(
    game: GameArg,
    games_count: Annotated[
        int, typer.Option("--games", "-n", min=1, help="How many games to play.")
    ] = 100,
    players: Annotated[
        str,
        typer.Option("--players", "-p", help="Agent specs by seat; game i rotates the list by i."),
    ] = "random,random",
    seed: SeedOpt = None,
    jobs: JobsOpt = 1,
    json_output: JsonOpt = False,
    option: OptionOpt = None,
    backend: BackendOpt = "process",
    address: AddressOpt = None,
) -> None:
    """Play many games between computer agents and report win rates."""
    from ..agents import InvalidAgent
    from ..sim.match import build_agent
    from ..sim.simulate import Simulation, run_games, summarize
    from . import reports
    from .play import HUMAN

    with user_errors():
        runner = batch_backend(backend, jobs, address, "colosseum simulate --backend ray")
        info = game_definition(game).info
        specs = split_players(players)
        for spec in specs:
            if spec.lower() == HUMAN:
                raise InvalidAgent("a human cannot sit in a simulation; use computer agents")
            build_agent(spec, info.id)
        simulation = Simulation(
            game_id=info.id,
            players=tuple(specs),
            games=games_count,
            seed=batch_seed(seed),
            options=checked_options(info.id, len(specs), option),
        )
        started = time.perf_counter()
        results = with_progress(
            f"{simulation.game_id} games",
            simulation.games,
            lambda advance: run_games(simulation, jobs, advance, runner),
        )
        summary = summarize(simulation, results, time.perf_counter() - started)
    if json_output:
        typer.echo(json.dumps(summary))
    else:
        stdout_console().print(reports.simulation_table(summary))


@app.command()
def tournament(
    game: GameArg,
    agents: Annotated[
        str,
        typer.Option("--agents", "-a", help="Agent specs, comma-separated; every pair meets."),
    ] = "random,heuristic",
    games_count: Annotated[
        int,
        typer.Option(
            "--games",
            "-n",
            min=1,
            help="Games per pair of agents (seats swap every game).",
        ),
    ] = 20,
    players: Annotated[
        int, typer.Option("--players", help="Seats per game; only 2 is supported.")
    ] = 2,
    seed: SeedOpt = None,
    jobs: JobsOpt = 1,
    json_output: JsonOpt = False,
    option: OptionOpt = None,
    backend: BackendOpt = "process",
    address: AddressOpt = None,
) -> None:
    """Round robin between agents: win matrix, Elo with 95% intervals, time per decision."""
    from ..sim.tournament import Tournament, check_entrants, run_tournament, summarize_tournament

    with user_errors():
        runner = batch_backend(backend, jobs, address, "colosseum tournament --backend ray")
        info = game_definition(game).info
        specs = split_players(agents)
        check_entrants(info, specs, players)
        plan = Tournament(
            game_id=info.id,
            agents=tuple(specs),
            games=games_count,
            seed=batch_seed(seed),
            options=checked_options(info.id, players, option),
        )
        started = time.perf_counter()
        results = with_progress(
            f"{plan.game_id} tournament",
            plan.total_games,
            lambda advance: run_tournament(plan, jobs, advance, runner),
        )
        summary = summarize_tournament(plan, results, time.perf_counter() - started)
    if json_output:
        typer.echo(json.dumps(summary))
    else:
        from .reports import tournament_report

        stdout_console().print(tournament_report(summary))


@app.command("balance")
def balance_command(
    game: GameArg,
    out: Annotated[Path, typer.Option("--out", help="Folder for report.html and report.json.")],
    games_count: Annotated[
        int,
        typer.Option("--games", "-n", min=1, help="Games to play (rounded up to whole deals)."),
    ] = 1000,
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            help="Agent specs by seat; each deal is played from every rotation of the list.",
        ),
    ] = "heuristic,heuristic",
    seed: SeedOpt = None,
    jobs: JobsOpt = 1,
    option: OptionOpt = None,
    backend: BackendOpt = "process",
    address: AddressOpt = None,
) -> None:
    """Balance report of a game's card data: win share by card, gladiator, building, armatura
    …, seat advantage, game length, caps, as plots (report.html) and numbers (report.json)."""
    from ..sim.balance import BalancePlan, balance, deals_for
    from ..sim.match import build_agent

    require("balance", "colosseum balance")
    with user_errors():
        runner = batch_backend(backend, jobs, address, "colosseum balance --backend ray")
        info = game_definition(game).info
        specs = split_players(agents)
        if not info.min_players <= len(specs) <= info.max_players:
            raise ColosseumError(
                f"{info.title} takes {info.min_players} to {info.max_players} players, "
                f"not {len(specs)}"
            )
        for spec in specs:
            build_agent(spec, info.id)
        plan = BalancePlan(
            game_id=info.id,
            agents=tuple(specs),
            deals=deals_for(games_count, len(specs)),
            seed=batch_seed(seed),
            options=checked_options(info.id, len(specs), option),
        )
        report = with_progress(
            f"{plan.game_id} balance",
            plan.total_games,
            lambda advance: balance(plan, runner, advance),
        )
    from ..sim.balance_report import write_report

    try:
        numbers, page = write_report(report, out)
    except OSError as error:
        fail(f"cannot write the report to {out}: {error.strerror or error}")
    stdout_console().print(
        f"{report['games']:,} games of {report['title']} in {report['seconds']:.1f} s: "
        f"{page} and {numbers}"
    )


@app.command()
def bench(
    game: Annotated[
        str | None, typer.Argument(help="Game id or alias (default: every game).")
    ] = None,
    seconds: Annotated[
        float, typer.Option("--seconds", min=0.001, help="Measuring time per game.")
    ] = 3.0,
    json_output: JsonOpt = False,
) -> None:
    """Random-playout throughput on one core: steps/s, games/s, clones/s."""
    from ..sim.bench import bench_game
    from . import reports

    with user_errors():
        ids = [game_definition(game).info.id] if game else list(games())
        results = [bench_game(game_id, seconds) for game_id in ids]
    if json_output:
        typer.echo(json.dumps(reports.bench_json(results)))
    else:
        stdout_console().print(reports.bench_table(results))


def main(argv: Sequence[str] | None = None) -> None:
    """The console script `colosseum`."""
    app(args=list(argv) if argv is not None else None, prog_name="colosseum")
