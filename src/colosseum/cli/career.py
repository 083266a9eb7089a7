"""`colosseum career ...`: Jugula campaigns kept in a database (docs/cli.md, "career").

`new` (a lanista's ludus, creating the campaign if needed), `show` (record sheets), `fight`
(one combat, asking each choice), `history` (every stored event), `standings` (Glory, then
aurei), `gazette`, `export` (JSON) and `simulate` (a whole campaign, unattended). The
database is `--database URL`, else `COLOSSEUM_DATABASE_URL`, else a SQLite file in the user's
data folder.
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Sequence
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from ..agents import make_agent
from ..careers.campaign import Campaign, standing_rows
from ..careers.data import load_tables
from ..careers.dice import Dice, ProgramDice
from ..careers.gazette import gazette
from ..careers.glory import campaign_winners
from ..careers.manager import Manager, Thrifty
from ..careers.pairing import tournament_round
from ..careers.sequence import Arena, engine_arena, run_combat
from ..careers.sheet import CareerError, Sheet
from ..careers.simulate import simulate_campaign
from ..careers.store import Store
from ..careers.virtual import virtual_familia, virtual_sheet
from .career_fight import AskingManager, PromptDice, table_arena, terminal_arena
from .common import split_players, stdout_console, user_errors
from .play import HUMAN

career_app = typer.Typer(
    name="career",
    help="Jugula Careers campaigns: ludus record sheets and their history, kept in a database.",
    no_args_is_help=True,
)

CampaignArg = Annotated[str, typer.Argument(help="The campaign's name.", show_default=False)]
DatabaseOpt = Annotated[
    str | None,
    typer.Option("--database", help="SQLAlchemy URL (default: COLOSSEUM_DATABASE_URL or a file)."),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object on stdout.")]


def _open(database: str | None, name: str) -> Campaign:
    return Campaign.open(Store(database), name)


def _gladiators(text: str) -> list[list[str]]:
    """`Blimyx:thraex,Asinus:retiarius,...` into [name, armatura] pairs."""
    pairs = []
    for piece in filter(None, (p.strip() for p in text.split(","))):
        name, sep, armatura = piece.partition(":")
        if not sep or not name.strip() or not armatura.strip():
            raise CareerError(f"gladiator {piece!r} is not name:armatura (e.g. Blimyx:thraex)")
        pairs.append([name.strip(), armatura.strip().lower()])
    return pairs


@career_app.command("new")
def new(
    campaign: CampaignArg,
    lanista: Annotated[str, typer.Argument(help="The lanista's name.", show_default=False)],
    gladiators: Annotated[
        str,
        typer.Option(
            "--gladiators", "-g", help="Four name:armatura pairs, e.g. Blimyx:thraex,Asinus:veles"
        ),
    ],
    servitor: Annotated[str, typer.Option("--servitor", help="The first servitor (rank 1).")],
    glory: Annotated[int, typer.Option(help="Glory to win (a new campaign only).")] = 10,
    dice: Annotated[
        str, typer.Option(help="Who rolls in a new campaign: program or table.")
    ] = "program",
    mode: Annotated[
        str, typer.Option(help="A new campaign's kind: free, tournament or two-player.")
    ] = "free",
    starting_aurei: Annotated[
        int | None, typer.Option(help="Tournament: every ludus's starting aurei.")
    ] = None,
    fixed_rewards: Annotated[
        bool, typer.Option("--fixed-rewards", help="Tournament: each arena pays a set reward.")
    ] = False,
    fixed_arena_roll: Annotated[
        bool,
        typer.Option("--fixed-arena-roll", help="Tournament: the arena roll is always 7."),
    ] = False,
    rounds: Annotated[int | None, typer.Option(help="Tournament: Swiss rounds to play.")] = None,
    database: DatabaseOpt = None,
) -> None:
    """Start a career: a ludus of four Tiro, 50 aurei (or the tournament's) and one servitor,
    in CAMPAIGN (created with these settings if it is new; Appendix III)."""
    with user_errors():
        store = Store(database)
        if campaign.strip() in store.names():
            opened = Campaign.open(store, campaign.strip())
        else:
            opened = Campaign.create(
                store,
                campaign,
                glory_target=glory,
                dice=dice,
                mode=mode,
                starting_aurei=starting_aurei,
                fixed_rewards=fixed_rewards,
                fixed_arena_roll=fixed_arena_roll,
                rounds=rounds,
            )
        opened.record(
            "ludus_created",
            {"lanista": lanista, "gladiators": _gladiators(gladiators), "servitor": servitor},
        )
        stdout_console().print(sheet_table(opened.sheets[lanista.strip()]))


@career_app.command("show")
def show(
    campaign: CampaignArg,
    lanista: Annotated[str | None, typer.Argument(help="One lanista (default: all).")] = None,
    database: DatabaseOpt = None,
    json_output: JsonOpt = False,
) -> None:
    """The record sheets of a campaign, as tables."""
    with user_errors():
        opened = _open(database, campaign)
        sheets = list(opened.sheets.values())
        if lanista is not None:
            if lanista not in opened.sheets:
                raise CareerError(
                    f"no ludus of {lanista!r} in {campaign!r} "
                    f"(ludi: {', '.join(opened.sheets) or 'none yet'})"
                )
            sheets = [opened.sheets[lanista]]
    if json_output:
        typer.echo(json.dumps([s.to_json() for s in sheets]))
        return
    stdout_console().print(Group(*(sheet_table(s) for s in sheets)))


@career_app.command("fight")
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
            "--players", "-p", help="Engine players, one per ludus: human or an agent spec."
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
    database: DatabaseOpt = None,
) -> None:
    """One combat of the campaign: the arena and reward, hiring, the combat (in the engine or
    from the table), the Fatum and each ludus's post-arena sequence, winner first. Dice are
    rolled by the program or typed in from the table, as the campaign was created."""
    console = stdout_console()
    with user_errors():
        opened = _open(database, campaign)
        names = [name.strip() for name in lanistae]
        for name in names:
            if name not in opened.sheets:
                raise CareerError(
                    f"no ludus of {name!r} in {campaign!r} (ludi: {', '.join(opened.sheets)})"
                )
        drawn = secrets.randbits(31) if seed is None else seed
        guests = _guests(opened, names, virtual, virtual_ranks, drawn)
        if not 2 <= len(names) + len(guests) <= 4 or len(set(names)) != len(names):
            raise CareerError("a combat is fought by 2 to 4 different lanistae")
        manager: Manager = Thrifty(drawn) if auto else AskingManager(console, _ask)
        dice: Dice = (
            PromptDice(console, _ask)
            if opened.settings.get("dice") == "table"
            else ProgramDice(drawn)
        )
        fought = _arena(arena, players, len(names) + len(guests), drawn, console, auto)
        target = int(opened.settings["glory_target"])
        tied = campaign_winners(opened.sheets.values(), target)
        report = run_combat(opened, names, dice, manager, fought, guests=guests)
    verdict = ", ".join(report.result.winners)
    console.print(
        Text(f"{report.arena}: won by {verdict}; reward {report.reward} aurei", style="bold")
    )
    for name in names:
        if name in opened.sheets:
            console.print(sheet_table(opened.sheets[name]))
        else:
            console.print(Text(f"{name}'s ludus closed: bankrupt", style="bold red"))
    news = _verdict(tied, names, report.result.winners, report.campaign_winners)
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


def _guests(
    campaign: Campaign, names: list[str], virtual: bool, ranks: str | None, seed: int
) -> list[Sheet]:
    """The virtual ludus of "Two-player careers" (Appendix III), built from the one lanista's
    Popularity: the given ranks, else random ones, and upgrades rolled as on the market."""
    if not virtual:
        if ranks is not None:
            raise CareerError("--virtual-ranks is for a combat against a --virtual ludus")
        return []
    if len(names) != 1:
        raise CareerError("a virtual ludus fights one lanista: name only him")
    popularity = campaign.sheets[names[0]].popularity()
    chosen = [piece.strip().lower() for piece in ranks.split(",")] if ranks else None
    familia = virtual_familia(popularity, random.Random(seed), ranks=chosen)
    return [virtual_sheet(familia)]


def _ask(question: str) -> str:
    return str(typer.prompt(question, default="", show_default=False))


def _arena(
    kind: str, players: str | None, ludi: int, seed: int, console: Console, auto: bool
) -> Arena:
    """The combat: in the engine with one player per ludus (humans at this terminal, or agent
    specs; default the heuristic player), or entered from the table."""
    if kind == "table":
        if players is not None:
            raise CareerError("--players is for a combat in the engine, not at the table")
        if auto:
            raise CareerError("a combat from the table is entered by the lanistae: drop --auto")
        return table_arena(console)
    if kind != "engine":
        raise CareerError(f"the arena is 'engine' or 'table', not {kind!r}")
    specs = split_players(players) if players else ["heuristic"] * ludi
    if len(specs) != ludi:
        raise CareerError(f"{ludi} ludi need {ludi} players, got {len(specs)}")
    computers = [spec for spec in specs if spec.lower() != HUMAN]
    for spec in computers:
        make_agent(spec, "jugula")  # an unknown player is refused before any roll
    if len(computers) < len(specs):
        return terminal_arena(console, specs, seed)
    return engine_arena(specs, seed)


@career_app.command("pairings")
def pairings(
    campaign: CampaignArg,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help="First round's draw.")] = None,
    database: DatabaseOpt = None,
    json_output: JsonOpt = False,
) -> None:
    """A tournament's next Swiss round (Appendix III): winners meet winners, no pair twice."""
    with user_errors():
        opened = _open(database, campaign)
        if opened.settings.get("mode") != "tournament":
            raise CareerError(
                f"{campaign!r} is not a tournament (create it with --mode tournament)"
            )
        combats = [e.payload for e in opened.history if e.kind == "combat"]
        drawn = secrets.randbits(31) if seed is None else seed
        number, pairs, bye = tournament_round(combats, list(opened.sheets), random.Random(drawn))
    rounds = opened.settings.get("rounds")
    over = rounds is not None and number > int(rounds)
    if json_output:
        summary = {"round": number, "pairs": pairs, "bye": bye, "over": over}
        typer.echo(json.dumps(summary))
        return
    console = stdout_console()
    if over:
        leader = standing_rows(opened)[0]["lanista"]
        console.print(Text(f"The {rounds} rounds are played: {leader} wins the tournament."))
        return
    console.print(Text(f"Round {number}" + (f" of {rounds}" if rounds else ""), style="bold"))
    for first, second in pairs:
        console.print(f"  {first} v {second}")
    if bye:
        console.print(f"  {bye} sits this round out")


@career_app.command("history")
def history(campaign: CampaignArg, database: DatabaseOpt = None) -> None:
    """Every stored event of a campaign, oldest first."""
    with user_errors():
        opened = _open(database, campaign)
    table = Table(title=f"{opened.name}: history", box=box.SIMPLE_HEAD)
    for column in ("#", "when (UTC)", "event", "details"):
        table.add_column(column)
    for stored in opened.history:
        details = ", ".join(f"{k}={v}" for k, v in stored.payload.items())
        table.add_row(str(stored.seq), f"{stored.created:%Y-%m-%d %H:%M}", stored.kind, details)
    stdout_console().print(table)


@career_app.command("gazette")
def gazette_command(campaign: CampaignArg, database: DatabaseOpt = None) -> None:
    """The campaign's history told as news (Appendix III's gazette)."""
    with user_errors():
        opened = _open(database, campaign)
    console = stdout_console()
    console.print(Text(f"The {opened.name} Gazette", style="bold"))
    for stored, line in gazette(opened):
        console.print(f"{stored.created:%Y-%m-%d} · {line}")


@career_app.command("standings")
def standings(
    campaign: CampaignArg, database: DatabaseOpt = None, json_output: JsonOpt = False
) -> None:
    """The lanistae by Glory, then aurei (the tournament tie-break of Appendix III)."""
    with user_errors():
        opened = _open(database, campaign)
        rows = standing_rows(opened)
    if json_output:
        typer.echo(json.dumps(rows))
        return
    stdout_console().print(_standings_table(opened.name, rows))


def _standings_table(name: str, rows: list[dict[str, Any]]) -> Table:
    table = Table(title=f"{name}: standings", box=box.SIMPLE_HEAD)
    for column in ("", "lanista", "Glory", "aurei", "Popularity", "gladiators"):
        table.add_column(column)
    for place, row in enumerate(rows, 1):
        table.add_row(
            str(place),
            row["lanista"],
            str(row["glory"]),
            str(row["aurei"]),
            str(row["popularity"]),
            str(row["gladiators"]),
        )
    return table


@career_app.command("simulate")
def simulate(
    ludi: Annotated[int, typer.Option(help="Ludi in the campaign (2 to 8).")] = 4,
    fights: Annotated[int, typer.Option(help="Most combats to play.")] = 30,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help="Seed (default: drawn).")] = None,
    database: DatabaseOpt = None,
    json_output: JsonOpt = False,
) -> None:
    """A whole campaign played unattended: random ludi, program dice, the heuristic player in
    the arena and a thrifty manager; ends at the Glory target or after FIGHTS combats."""
    with user_errors():
        if fights < 1:
            raise CareerError("a simulation plays at least one combat")
        if not 2 <= ludi <= 8:
            raise CareerError("a simulated campaign has 2 to 8 ludi")
        drawn = secrets.randbits(31) if seed is None else seed
        done = simulate_campaign(Store(database), ludi, fights, drawn)
    summary = {
        "campaign": done.campaign,
        "seed": drawn,
        "fights": done.fights,
        "winners": list(done.winners),
        "standings": done.standings,
        "replay_matches": done.replay_matches,
    }
    if json_output:
        typer.echo(json.dumps(summary))
        return
    verdict = f"won by {', '.join(done.winners)}" if done.winners else "no winner yet"
    replay = "replays to the same sheets" if done.replay_matches else "DOES NOT replay the same"
    stdout_console().print(Text(f"{done.campaign}: {done.fights} combats, {verdict}; {replay}"))
    stdout_console().print(_standings_table(done.campaign, done.standings))


@career_app.command("export")
def export(campaign: CampaignArg, database: DatabaseOpt = None) -> None:
    """The whole campaign as JSON: settings, every event, and the sheets they make."""
    with user_errors():
        opened = _open(database, campaign)
    typer.echo(json.dumps(export_campaign(opened)))


def export_campaign(campaign: Campaign) -> dict[str, Any]:
    return {
        "campaign": campaign.name,
        "settings": campaign.settings,
        "events": [
            {"seq": e.seq, "kind": e.kind, "data": e.payload, "created": e.created.isoformat()}
            for e in campaign.history
        ],
        "sheets": {name: sheet.to_json() for name, sheet in campaign.sheets.items()},
    }


def sheet_table(sheet: Sheet) -> Group:
    """A ludus record sheet: the lanista's numbers, then one row per gladiator."""
    tables = load_tables()
    head = Text.assemble(
        (sheet.lanista, "bold"),
        f"  Glory {sheet.glory} · {sheet.aurei} aurei · Popularity {sheet.popularity()}",
    )
    servitors = ", ".join(f"{code} {'★' * stars}" for code, stars in sheet.servitors.items())
    usury = "none" if sheet.usury is None else f"{sheet.usury.kind} of {sheet.usury.amount} aurei"
    lines = Text(f"Servitors: {servitors or 'none'} · Usury: {usury}")
    if sheet.criteria:
        lines.append(f"\nGlory criteria scored: {', '.join(sheet.criteria)}")
    table = Table(box=box.SIMPLE_HEAD)
    for column in ("gladiator", "armatura", "rank", "exp", "MP/ATT/DEF", "talents", "state"):
        table.add_column(column)
    for g in sheet.gladiators:
        rank = tables.ranks[sheet.rank(g, tables)].name
        state = "convalescent" if g.convalescent else "wounded" if g.wounded else "ready"
        upgrades = f"+{g.upgrades['mp']}/+{g.upgrades['att']}/+{g.upgrades['def']}"
        table.add_row(
            g.name, g.armatura, rank, str(g.experience), upgrades, ", ".join(g.talents), state
        )
    return Group(head, lines, table)
