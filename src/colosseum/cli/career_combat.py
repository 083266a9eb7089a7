"""`colosseum career fight` and `colosseum career resume`: one combat of a campaign, each step
stored as it finishes; a combat interrupted (a killed process, Ctrl-C, the end of input, a
human leaving the arena) is finished by `resume`, which asks only the choices left.

A human's combat in the engine is played as `colosseum play` plays a game: in the full-screen
interface when stdin and stdout are a terminal, line by line in a pipe or with `--plain`; the
questions before and after it (hiring, the familia, the post-arena sequence) are asked line by
line."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from ..careers.campaign import Campaign
from ..careers.dice import Dice
from ..careers.fights import (
    HUMAN,
    describe_draw,
    engine_players,
    make_plan,
    managers,
    step_dice,
    virtual_guests,
)
from ..careers.glory import campaign_winners
from ..careers.progress import CombatInProgress
from ..careers.sequence import Arena, CombatReport, engine_arena, finish_combat, run_combat
from ..careers.sheet import CareerError, Sheet
from .career_fight import AskingManager, PromptDice, table_arena, terminal_arena
from .career_open import CampaignArg, career_errors, open_campaign
from .career_views import sheet_table
from .common import DatabaseOpt, fail, split_players, stdout_console

PlainOpt = Annotated[
    bool,
    typer.Option("--plain", help="A human's combat line by line, not full screen (as in a pipe)."),
]


def _ask(question: str) -> str:
    return str(typer.prompt(question, default="", show_default=False))


@contextmanager
def _interruptible(campaign: Campaign) -> Iterator[None]:
    """Ctrl-C or the end of input mid-combat: one line saying how to finish it."""
    try:
        yield
    except (typer.Abort, KeyboardInterrupt, EOFError):
        unfinished = ", ".join(c.describe() for c in campaign.combats.values())
        if not unfinished:
            fail("interrupted before the arena was rolled: nothing was stored")
        fail(
            f"interrupted: {unfinished} is stored up to its last finished step; "
            f"colosseum career resume {json.dumps(campaign.name)} finishes it"
        )


def fight_command(
    campaign: CampaignArg,
    lanistae: Annotated[
        list[str],
        typer.Argument(
            help="The 2 to 4 lanistae who fight (1 with --virtual).", show_default=False
        ),
    ],
    arena: Annotated[
        str, typer.Option(help="engine: played here by computer players; table: entered.")
    ] = "engine",
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            "-p",
            help="Engine players, one per ludus: human or an agent spec; a computer's ludus "
            "is managed by the computer too.",
        ),
    ] = None,
    virtual: Annotated[
        bool,
        typer.Option(
            "--virtual", help="Against a virtual ludus built from the lanista's Popularity."
        ),
    ] = False,
    virtual_ranks: Annotated[
        str | None,
        typer.Option(help="The virtual ludus's four ranks, e.g. palus,tiro,primus_palus,tiro."),
    ] = None,
    auto: Annotated[
        bool, typer.Option("--auto", help="Let the thrifty manager answer every choice.")
    ] = False,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help="Seed (default: drawn).")] = None,
    plain: PlainOpt = False,
    database: DatabaseOpt = None,
) -> None:
    """One combat of the campaign: the arena and reward (shown as soon as rolled), hiring, the
    combat (in the engine or from the table), the Fatum and each ludus's post-arena sequence,
    winner first. Dice are rolled by the program or typed in from the table, as the campaign
    was created. A human plays the combat full screen on a terminal (line by line in a pipe or
    with --plain). Each step is stored as it finishes; `resume` finishes an interrupted one."""
    console = stdout_console()
    with career_errors():
        opened = open_campaign(database, campaign)
        names = [opened.lanista(name) for name in lanistae]
        drawn = secrets.randbits(31) if seed is None else seed
        ranks = virtual_ranks.split(",") if virtual_ranks is not None else None
        guests = virtual_guests(opened, names, virtual, ranks, drawn)
        if not 2 <= len(names) + len(guests) <= 4 or len(set(names)) != len(names):
            raise CareerError("a combat is fought by 2 to 4 different lanistae")
        listed = None if players is None else (split_players(players) if players else [])
        specs = engine_players(arena, listed, len(names) + len(guests), auto)
        plan = make_plan(drawn, names, arena, specs if players else None, auto)
        tied = campaign_winners(opened.sheets.values(), int(opened.settings["glory_target"]))
        pieces = _pieces(opened, plan, console, plain)
        with _interruptible(opened):
            report = run_combat(
                opened,
                names,
                pieces[0],
                pieces[1],
                pieces[2],
                guests=guests,
                plan=plan,
                announce=_announcer(console),
            )
    _print_report(console, opened, names, report, tied)


def resume_command(
    campaign: CampaignArg,
    auto: Annotated[
        bool, typer.Option("--auto", help="Let the thrifty manager answer the choices left.")
    ] = False,
    plain: PlainOpt = False,
    database: DatabaseOpt = None,
) -> None:
    """Finish the campaign's unfinished combats, from the first step not stored: the same
    dice and computer choices as an uninterrupted combat; a person is asked his choices left
    (a combat in the engine left unfinished is played again from its start, full screen on a
    terminal, line by line in a pipe or with --plain)."""
    console = stdout_console()
    with career_errors():
        opened = open_campaign(database, campaign)
        if not opened.combats:
            console.print(f"{opened.name}: no combat to resume")
            return
        for combat in list(opened.combats.values()):
            plan = dict(combat.plan.get("plan") or {})
            if not plan:
                raise CareerError(f"{combat.describe()} has no plan to finish it")
            if auto:
                plan["humans"] = []
            tied = campaign_winners(opened.sheets.values(), int(opened.settings["glory_target"]))
            console.print(Text(f"Resuming {describe_draw(combat)}", style="bold"))
            dice, manager_for, fought = _pieces(opened, plan, console, plain)
            with _interruptible(opened):
                report = finish_combat(
                    opened, combat.begun, dice, manager_for, fought, announce=_announcer(console)
                )
            _print_report(console, opened, combat.lanistae, report, tied)


def _pieces(
    campaign: Campaign, plan: dict[str, Any], console: Console, plain: bool = False
) -> tuple[Any, Any, Arena]:
    """The dice, the managers and the arena a combat's plan asks for."""
    asking = AskingManager(console, _ask)
    table: Dice | None = (
        PromptDice(console, _ask) if campaign.settings.get("dice") == "table" else None
    )
    seed = int(plan["seed"])
    if plan["arena"] == "table":
        fought = table_arena(console, asking)
    else:
        specs = plan.get("players") or ["heuristic"] * 4
        fought = _engine(specs, seed, console, plain)
    return step_dice(plan, table), managers(plan, asking), fought


def _engine(specs: Sequence[str], seed: int, console: Console, plain: bool) -> Arena:
    if any(spec.lower() == HUMAN for spec in specs):
        return terminal_arena(console, specs, seed, plain)
    chosen = list(specs)

    def play(sheets: Sequence[Sheet], hired: Any, manager: Any) -> Any:
        return engine_arena(chosen[: len(sheets)], seed)(sheets, hired, manager)

    return play


def _announcer(console: Console) -> Any:
    def announce(step: str, combat: CombatInProgress) -> None:
        if step == "draw":
            console.print(Text(describe_draw(combat), style="bold"))

    return announce


def _print_report(
    console: Console,
    campaign: Campaign,
    names: Sequence[str],
    report: CombatReport,
    tied: list[str],
) -> None:
    verdict = ", ".join(report.result.winners)
    console.print(Text(f"won by {verdict}; reward {report.reward} aurei", style="bold"))
    for name in names:
        if name in campaign.sheets:
            console.print(sheet_table(campaign.sheets[name]))
        else:
            console.print(Text(f"{name}'s ludus closed: bankrupt", style="bold red"))
    news = _verdict(tied, list(names), report.result.winners, report.campaign_winners)
    if news:
        console.print(Text(news, style="bold"))


def _verdict(
    tied: list[str], fought: list[str], combat: Sequence[str], reached: Sequence[str]
) -> str:
    """The campaign's news after a combat: a final combat between lanistae tied at the Glory
    target decides the campaign; several reaching it at once must fight one."""
    if len(tied) > 1 and set(fought) == set(tied) and len(combat) == 1:
        return f"{combat[0]} wins the final combat and the campaign!"
    if len(reached) == 1:
        return f"Campaign won by {reached[0]}!"
    if len(reached) > 1:
        return (
            f"{', '.join(reached)} reach the Glory target together: a final combat between "
            f"them decides (colosseum career fight CAMPAIGN {' '.join(reached)})."
        )
    return ""
