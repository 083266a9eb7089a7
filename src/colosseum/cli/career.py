"""`colosseum career ...`: Jugula campaigns kept in a database (docs/cli.md, "career").

`new` (a lanista's ludus, creating the campaign if needed), `show` (record sheets), `fight`
and `resume` (one combat, asking each choice: `career_combat.py`), `history` (the stored
events, newest first, a page at a time), `standings`, `gazette` (by season), `export`
(JSON), `verify` (the history replays), `list`, `delete` and `simulate` (a whole campaign,
unattended). The database is `--database URL`, else `COLOSSEUM_DATABASE_URL`, else a SQLite
file in the user's data folder; a simulation goes to `simulations.db` in that folder unless
`--database` names one, so a player's own campaigns are never mixed with simulated ones.
"""

from __future__ import annotations

import json
import random
import secrets
from typing import Annotated, Any

import typer
from rich.console import Group
from rich.text import Text

from ..careers.campaign import Campaign, campaign_settings, find_campaign, standing_rows
from ..careers.gazette import GazettePage, gazette_page
from ..careers.pairing import tournament_round
from ..careers.sheet import CareerError
from ..careers.simulate import simulate_campaign
from ..careers.verify import verify as verify_campaign
from ..careers.views import MOST, PAGE, HistoryPage, history_page
from ..store import NewEvent, data_folder
from .career_open import CampaignArg, career_errors, open_campaign
from .career_views import again, export_campaign, history_table, sheet_table, standings_table
from .common import (
    DatabaseOpt,
    fail,
    open_store,
    print_where,
    stdout_console,
    where,
)

CAREER_HELP = "\n\n".join(  # one line per paragraph: Rich keeps a help text's line breaks
    [
        "Jugula Careers campaigns: ludus record sheets and their history, kept in a database.",
        "Where the campaigns are kept: colosseum.db, a SQLite file in the Colosseum data folder, "
        "$XDG_DATA_HOME/colosseum (by default ~/.local/share/colosseum/colosseum.db). To keep "
        "them elsewhere, set COLOSSEUM_DATABASE_URL to any SQLAlchemy URL "
        "(sqlite:///path/to/file.db, postgresql+psycopg://user@host/db), or give a command "
        "--database URL. `career new` and `career list` say which database they use.",
        "`career simulate` keeps its campaigns apart, in simulations.db in the same folder, "
        "unless it is given --database: a player's `career list` never shows simulated "
        "campaigns.",
    ]
)

career_app = typer.Typer(
    name="career",
    help=CAREER_HELP,
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="markdown",  # a docstring's lines joined into paragraphs that fit the width
)

# The options of `career new` whose names are not the setting's with dashes.
OPTION_OF_SETTING = {"glory_target": "--glory"}


def simulations_url() -> str:
    """`simulations.db` in the user's data folder (the folder of the default database)."""
    return f"sqlite:///{data_folder() / 'simulations.db'}"


JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object on stdout.")]


def _gladiators(text: str) -> list[list[str]]:
    """`Blimyx:thraex,Asinus:retiarius,...` into [name, armatura] pairs."""
    pairs = []
    for piece in filter(None, (p.strip() for p in text.split(","))):
        name, sep, armatura = piece.partition(":")
        if not sep or not name.strip() or not armatura.strip():
            raise CareerError(f"gladiator {piece!r} is not name:armatura (e.g. Blimyx:thraex)")
        pairs.append([name.strip(), armatura.strip().lower()])
    return pairs


def _conflicting(stored: dict[str, Any], asked: dict[str, Any]) -> list[str]:
    """The settings given on the command line that differ from the campaign's."""
    clashes = []
    for key, value in asked.items():
        if value is None or stored.get(key) == value:
            continue
        option = OPTION_OF_SETTING.get(key, f"--{key.replace('_', '-')}")
        if isinstance(value, bool):  # a flag: given means on
            clashes.append(f"{option} (off in the campaign)")
        else:
            clashes.append(f"{option} {value} (the campaign has {stored.get(key)})")
    return clashes


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
    glory: Annotated[
        int | None, typer.Option(help="Glory to win (a new campaign; default 10).")
    ] = None,
    dice: Annotated[
        str | None, typer.Option(help="Who rolls in a new campaign: program (default) or table.")
    ] = None,
    mode: Annotated[
        str | None,
        typer.Option(help="A new campaign's kind: free (default), tournament, two-player."),
    ] = None,
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
    in CAMPAIGN (created with these settings if it is new, in the same transaction as the
    ludus; settings that differ from an existing campaign's are refused)."""
    with career_errors():
        store = open_store(database)
        ludus = {"lanista": lanista, "gladiators": _gladiators(gladiators), "servitor": servitor}
        asked = {
            "glory_target": glory,
            "dice": dice,
            "mode": mode,
            "starting_aurei": starting_aurei,
            "fixed_rewards": fixed_rewards or None,
            "fixed_arena_roll": fixed_arena_roll or None,
            "rounds": rounds,
        }
        for _ in range(10):  # two `new` racing to create one campaign: the loser joins it
            if store.campaigns.find(campaign) is None:
                settings = campaign_settings(
                    **{k: v for k, v in asked.items() if v is not None}  # type: ignore[arg-type]
                )
                try:
                    opened = Campaign.found(
                        store, campaign, settings, [NewEvent("ludus_created", ludus)]
                    )
                    break
                except CareerError as error:
                    if "exists already" not in str(error):
                        raise
                    continue
            opened = open_campaign(database, campaign)
            clash = _conflicting(opened.settings, asked)
            if clash:
                raise CareerError(
                    f"{opened.name!r} exists with other settings: {'; '.join(clash)}; "
                    "settings are for a new campaign"
                )
            opened.record("ludus_created", ludus)
            break
        stdout_console().print(sheet_table(opened.sheets[opened.lanista(lanista)]))
        print_where(store)


@career_app.command("show")
def show(
    campaign: CampaignArg,
    lanista: Annotated[str | None, typer.Argument(help="One lanista (default: all).")] = None,
    database: DatabaseOpt = None,
    json_output: JsonOpt = False,
) -> None:
    """The record sheets of a campaign, as tables."""
    with career_errors():
        opened = open_campaign(database, campaign, state_only=True)
        sheets = list(opened.sheets.values())
        if lanista is not None:
            sheets = [opened.sheets[opened.lanista(lanista)]]
    if json_output:
        typer.echo(json.dumps([s.to_json() for s in sheets]))
        return
    stdout_console().print(Group(*(sheet_table(s) for s in sheets)))


@career_app.command("pairings")
def pairings(
    campaign: CampaignArg,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help="First round's draw.")] = None,
    database: DatabaseOpt = None,
    json_output: JsonOpt = False,
) -> None:
    """A tournament's next Swiss round (Appendix III): winners meet winners, no pair twice."""
    with career_errors():
        opened = open_campaign(database, campaign)
        if opened.settings.get("mode") != "tournament":
            raise CareerError(
                f"{opened.name!r} is not a tournament (create it with --mode tournament)"
            )
        combats = [e.payload for e in opened.log(kinds=("combat",))]
        drawn = secrets.randbits(31) if seed is None else seed
        number, pairs, bye = tournament_round(combats, list(opened.sheets), random.Random(drawn))
    rounds = opened.settings.get("rounds")
    over = rounds is not None and number > int(rounds)
    if json_output:
        typer.echo(json.dumps({"round": number, "pairs": pairs, "bye": bye, "over": over}))
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


LimitOpt = Annotated[
    int,
    typer.Option("--limit", "-n", min=1, max=MOST, help=f"Entries a page shows (1 to {MOST})."),
]
BeforeOpt = Annotated[
    int | None,
    typer.Option(
        "--before",
        min=1,
        metavar="SEQ",
        help="Show those of the events numbered below SEQ (an older page); default the newest.",
    ),
]
SeasonOpt = Annotated[
    str | None,
    typer.Option(
        "--season",
        metavar="YYYY-MM",
        help="The season to tell: a calendar month (UTC) of play; default the newest.",
    ),
]
AllOpt = Annotated[
    bool,
    typer.Option("--all", help="Every stored event, oldest first (`career export`: as JSON)."),
]


@career_app.command("history")
def history(
    campaign: CampaignArg,
    database: DatabaseOpt = None,
    limit: LimitOpt = PAGE,
    before: BeforeOpt = None,
    every: AllOpt = False,
) -> None:
    """A campaign's stored events, newest first, a page at a time (even past one that does
    not replay); the last line gives the command that shows the older page."""
    if every and before is not None:
        fail("--all shows every event, oldest first: it takes no --before")
    with career_errors():
        opened = open_campaign(database, campaign, strict=False)
        page = None if every else history_page(opened, before, limit)
    console = stdout_console()
    if page is None:
        console.print(history_table(opened))
    else:
        if page.rows:
            console.print(history_table(opened, page.rows))
        console.print(_history_footer(opened.name, database, page, before, limit), soft_wrap=True)
    if opened.broken is not None:
        fail(f"campaign {opened.name!r}: {opened.broken}")


def _history_footer(
    name: str, database: str | None, page: HistoryPage, before: int | None, limit: int
) -> Text:
    """The history page's last line: how to see the older page, or that there is none."""
    sized = () if limit == PAGE else ("--limit", str(limit))
    if page.before is not None:
        command = again("history", name, database, "--before", str(page.before), *sized)
        return Text(f"Older events: {command}")
    if page.rows:
        return Text("The first event is on this page: there are no older ones.")
    if before is not None and page.events:
        newest = again("history", name, database, *sized)
        return Text(f"No events before #{before}. The newest: {newest}")
    return Text("No events yet.")


@career_app.command("gazette")
def gazette_command(
    campaign: CampaignArg,
    database: DatabaseOpt = None,
    season: SeasonOpt = None,
    before: BeforeOpt = None,
    limit: LimitOpt = PAGE,
) -> None:
    """The campaign's history told as news (Appendix III's gazette), by season: a calendar
    month (UTC) of play, newest first, each a page at a time."""
    with career_errors():
        opened = open_campaign(database, campaign)
        page = gazette_page(opened, season, before, limit)
    console = stdout_console()
    title = f"The {opened.name} Gazette" + (f" · season {page.season}" if page.season else "")
    console.print(Text(title, style="bold"))
    for stored, line in page.lines:
        console.print(Text(f"{stored.created:%Y-%m-%d} · {line}"))
    if not page.lines:
        console.print(Text("No news this season." if page.season else "No news yet."))
    for footer in _gazette_footer(opened.name, database, page, limit):
        console.print(footer, soft_wrap=True)


def _gazette_footer(name: str, database: str | None, page: GazettePage, limit: int) -> list[Text]:
    """How to see the season's older news, the season before, and which seasons there are."""
    if page.season is None:
        return []
    sized = () if limit == PAGE else ("--limit", str(limit))
    lines = []
    if page.before is not None:
        older = ("--season", page.season, "--before", str(page.before), *sized)
        lines.append(
            Text(f"Older news of {page.season}: {again('gazette', name, database, *older)}")
        )
    at = page.seasons.index(page.season)
    if at + 1 < len(page.seasons):
        earlier = ("--season", page.seasons[at + 1], *sized)
        lines.append(Text(f"The season before: {again('gazette', name, database, *earlier)}"))
    shown = (
        page.seasons if len(page.seasons) <= 12 else [*page.seasons[:11], "...", page.seasons[-1]]
    )
    lines.append(
        Text(f"Seasons, newest first ({len(page.seasons)}): {', '.join(shown)}", style="dim")
    )
    return lines


@career_app.command("standings")
def standings(
    campaign: CampaignArg, database: DatabaseOpt = None, json_output: JsonOpt = False
) -> None:
    """The lanistae by Glory, then aurei (the tournament tie-break of Appendix III)."""
    with career_errors():
        opened = open_campaign(database, campaign, state_only=True)
        rows = standing_rows(opened)
    if json_output:
        typer.echo(json.dumps(rows))
        return
    stdout_console().print(standings_table(opened.name, rows))


@career_app.command("simulate")
def simulate(
    ludi: Annotated[int, typer.Option(help="Ludi in the campaign (2 to 8).")] = 4,
    fights: Annotated[int, typer.Option(help="Most combats to play.")] = 30,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help="Seed (default: drawn).")] = None,
    database: DatabaseOpt = None,
    json_output: JsonOpt = False,
) -> None:
    """A whole campaign played unattended: random ludi, program dice, the heuristic player in
    the arena and a thrifty manager; ends at the Glory target or after FIGHTS combats. The
    campaign is named after the seed ("simulation 11", then "simulation 11 (2)", ...).

    It is kept apart from your own campaigns, in simulations.db in the data folder (by default
    ~/.local/share/colosseum/simulations.db), unless --database names another database; look
    at it with `colosseum career show "simulation 11" --database sqlite:///PATH`."""
    with career_errors():
        if fights < 1:
            raise CareerError("a simulation plays at least one combat")
        if not 2 <= ludi <= 8:
            raise CareerError("a simulated campaign has 2 to 8 ludi")
        drawn = secrets.randbits(31) if seed is None else seed
        store = open_store(database or simulations_url())
        done = simulate_campaign(store, ludi, fights, drawn)
    summary = {
        "campaign": done.campaign,
        "database": where(store.url),
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
    stdout_console().print(standings_table(done.campaign, done.standings))
    print_where(store)


@career_app.command("export")
def export(campaign: CampaignArg, database: DatabaseOpt = None) -> None:
    """The whole campaign as JSON: settings, every event, and the sheets they make (up to an
    event that does not replay, named in "broken")."""
    with career_errors():
        opened = open_campaign(database, campaign, strict=False)
    typer.echo(json.dumps(export_campaign(opened)))


@career_app.command("verify")
def verify(campaign: CampaignArg, database: DatabaseOpt = None) -> None:
    """Replay the campaign from its first event: its events numbered without gaps, each one
    possible where it stands; the first that is not is named (number, kind, why) and the exit
    code is 2. The snapshot kept beside the log is compared with what the log makes at its
    event, and replaced by the replayed state if it disagrees."""
    with career_errors():
        found = verify_campaign(open_store(database), campaign)
        found.campaign.require_sound()
    opened = found.campaign
    unfinished = len(opened.combats)
    note = f"; {unfinished} combat(s) to resume" if unfinished else ""
    stdout_console().print(
        f"{opened.name}: {found.events} events replay to {len(opened.sheets)} ludi{note}; "
        f"{found.snapshot}"
    )


@career_app.command("list")
def list_command(database: DatabaseOpt = None, json_output: JsonOpt = False) -> None:
    """The campaigns of the database (named first), oldest first, with their number of
    events."""
    with career_errors():
        store = open_store(database)
        rows = store.campaigns.summaries()
    if json_output:
        typer.echo(json.dumps([{"campaign": n, "events": c} for n, c in rows]))
        return
    console = stdout_console()
    print_where(store, "Campaigns in")
    if not rows:
        console.print("no campaigns yet (colosseum career new CAMPAIGN LANISTA ...)")
    for name, count in rows:
        console.print(f"{name}  ({count} events)")


@career_app.command("delete")
def delete(
    campaign: CampaignArg,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    database: DatabaseOpt = None,
) -> None:
    """Delete a campaign and its whole history, after confirmation; it cannot be undone."""
    with career_errors():
        store = open_store(database)
        row = find_campaign(store, campaign)
        count = store.campaigns.last_seq(row.id)
    if not yes and not typer.confirm(
        f"Delete campaign {row.name!r} and its {count} events? This cannot be undone"
    ):
        fail(f"{row.name!r} was not deleted")
    with career_errors():
        gone = store.campaigns.delete(row.id)
    stdout_console().print(f"{row.name}: deleted ({gone} events)")


def _register_combat_commands() -> None:
    from .career_combat import fight_command, resume_command

    career_app.command("fight")(fight_command)
    career_app.command("resume")(resume_command)


_register_combat_commands()
