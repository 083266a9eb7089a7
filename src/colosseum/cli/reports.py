"""Rich tables for `games`, `simulate`, `tournament`, `ladder`, `bench` and `replay`, and their
JSON forms."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..core.build import compiled
from ..core.options import OptionSpec
from ..core.registry import GameInfo
from ..sim.bench import BenchResult

# --- games ----------------------------------------------------------------------------------


def option_allowed(spec: OptionSpec) -> str:
    """The values an option accepts, in words."""
    if spec.type is bool:
        return "true / false"
    if spec.choices:
        return " / ".join(spec.choices)
    if spec.type is int:
        low = "" if spec.minimum is None else str(spec.minimum)
        high = "" if spec.maximum is None else str(spec.maximum)
        return f"{low}..{high}" if low or high else "any whole number"
    return "any text"


def option_json(spec: OptionSpec) -> dict[str, Any]:
    return {
        "name": spec.name,
        "type": spec.type.__name__,
        "default": spec.default,
        "allowed": option_allowed(spec),
        "choices": list(spec.choices),
        "minimum": spec.minimum,
        "maximum": spec.maximum,
        "simulation_value": spec.simulation_value,
        "description": spec.description,
    }


def games_json(infos: Sequence[GameInfo]) -> dict[str, Any]:
    return {
        info.id: {
            "title": info.title,
            "aliases": list(info.aliases),
            "min_players": info.min_players,
            "max_players": info.max_players,
            "summary": info.summary,
            "options": [option_json(spec) for spec in info.options],
        }
        for info in infos
    }


def game_panel(info: GameInfo) -> Panel:
    """A game: id, aliases, player counts, summary and a table of every option."""
    head = Text()
    head.append("id ", style="dim")
    head.append(info.id, style="bold")
    if info.aliases:
        head.append("   aliases ", style="dim")
        head.append(", ".join(info.aliases), style="bold")
    head.append("   players ", style="dim")
    head.append(f"{info.min_players}–{info.max_players}", style="bold")
    parts: list[RenderableType] = [head]
    if info.summary:
        parts.append(Text(info.summary, style="italic"))
    options = Table(box=box.SIMPLE_HEAD, pad_edge=False, expand=True)
    options.add_column("Option", style="bold cyan", overflow="fold")
    options.add_column("Type", overflow="fold")
    options.add_column("Default", overflow="fold")
    options.add_column("Allowed", overflow="fold")
    options.add_column("Description", ratio=1, overflow="fold")
    for spec in info.options:
        default = repr(spec.default) if isinstance(spec.default, str) else str(spec.default)
        options.add_row(
            spec.name, spec.type.__name__, default, option_allowed(spec), spec.description
        )
    parts.append(options if info.options else Text("no options", style="dim"))
    return Panel(Group(*parts), title=f"[bold]{info.title}[/]", title_align="left")


# --- simulate -------------------------------------------------------------------------------


def simulation_table(summary: dict[str, Any]) -> Group:
    """Win rates by player and by seat, and the length of the games."""
    players = summary["players"]
    table = Table(
        title=f"{summary['game']}: {summary['games']} games, seed {summary['seed']}",
        box=box.SIMPLE_HEAD,
        title_justify="left",
    )
    table.add_column("Player", justify="right")
    table.add_column("Agent", style="bold", overflow="fold")
    table.add_column("Win rate", justify="right")
    table.add_column("Seat", justify="right")
    table.add_column("Seat win rate", justify="right")
    for i, name in enumerate(players):
        table.add_row(
            str(i),
            name,
            f"{summary['player_win_rate'][i]:.1%}",
            str(i),
            f"{summary['seat_win_rate'][i]:.1%}",
        )
    merged = ", ".join(f"{name} {rate:.1%}" for name, rate in summary["win_rate"].items())
    lines = Text.assemble(
        ("by agent: ", "dim"),
        merged,
        ("\nshared or no winner: ", "dim"),
        str(summary["draws"]),
        ("   ended by a cap: ", "dim"),
        str(summary["capped"]),
        ("   steps per game: ", "dim"),
        f"mean {summary['mean_steps']:.1f}, min {summary['min_steps']}, max {summary['max_steps']}",
        ("   time: ", "dim"),
        f"{summary['seconds']:.2f} s",
    )
    return Group(table, lines)


# --- bench ----------------------------------------------------------------------------------


def bench_json(results: Sequence[BenchResult]) -> dict[str, dict[str, float]]:
    return {
        r.game: {
            "steps_per_s": round(r.steps_per_s, 1),
            "games_per_s": round(r.games_per_s, 2),
            "clones_per_s": round(r.clones_per_s, 1),
            "games": r.games,
            "capped": r.capped,
            "compiled": compiled(),
        }
        for r in results
    }


def bench_table(results: Sequence[BenchResult]) -> Group:
    """Throughput by game in 80 columns, and a line below on what was measured."""
    seats = sorted({r.players for r in results})
    table = Table(
        title=f"Random playouts ({'/'.join(map(str, seats))} players) and clones on one core",
        box=box.SIMPLE_HEAD,
        title_justify="left",
        show_edge=False,
        pad_edge=False,
    )
    # The figures never wrap: a number cut in two misleads.
    table.add_column("Game", style="bold", no_wrap=True)
    for heading in ("Steps/s", "Games/s", "Clones/s", "Steps/game", "Capped"):
        table.add_column(heading, justify="right", no_wrap=True)
    for r in results:
        table.add_row(
            r.game,
            f"{r.steps_per_s:,.0f}",
            f"{r.games_per_s:,.1f}",
            f"{r.clones_per_s:,.0f}",
            f"{r.steps / r.games:,.0f}",
            f"{r.capped} of {r.games}",
        )
    return Group(table, Text(_measured(results), style="dim"))


def _measured(results: Sequence[BenchResult]) -> str:
    seconds = ", ".join(f"{r.game} {r.seconds:.1f} s" for r in results)
    build = "compiled (mypyc)" if compiled() else "pure Python"
    return f"Capped: games a cap ended, of those played. Measured: {seconds}. Build: {build}."


# --- replay ---------------------------------------------------------------------------------


def record_summary(record: dict[str, Any], winners: Sequence[int]) -> Text:
    """A record's game, seed, options and result, and its header when it has one."""
    options = ", ".join(f"{k}={v!r}" for k, v in record.get("options", {}).items()) or "defaults"
    result = " and ".join(f"seat {w}" for w in winners) or "nobody yet"
    tags = record.get("tags") or {}
    players = tags.get("players") or {}
    summary = Text.assemble(
        ("game ", "dim"),
        (str(record["game"]), "bold"),
        ("   players ", "dim"),
        str(record["players"]),
        ("   seed ", "dim"),
        str(record["seed"]),
        ("   actions ", "dim"),
        str(len(record["actions"])),
        ("\noptions ", "dim"),
        options,
        ("\nwinner ", "dim"),
        (result, "bold"),
    )
    if players:
        seats = ", ".join(f"seat {seat} {who}" for seat, who in sorted(players.items()))
        summary.append_text(Text.assemble(("\nseats ", "dim"), seats))
    if tags:
        capped = "   (a cap ended it)" if tags.get("capped") else ""
        summary.append_text(
            Text.assemble(
                ("\ndate ", "dim"),
                str(tags.get("date", "?")),
                ("   result ", "dim"),
                str(tags.get("result", "?")),
                capped,
            )
        )
    return summary


def actions_table(moves: Sequence[tuple[int | None, str]]) -> Columns:
    """The actions of a record, numbered, each with the seat that played it."""
    items = [
        Text.assemble((f"{number:>4}. ", "dim"), (f"s{seat} ", "cyan"), notation)
        for number, (seat, notation) in enumerate(moves, start=1)
    ]
    return Columns(items, padding=(0, 2), equal=True)


# --- tournament ---------------------------------------------------------------------------


def win_matrix_table(summary: dict[str, Any]) -> Table:
    """Row agent's share of the points against the column agent (a draw counts half)."""
    agents = summary["agents"]
    table = Table(
        title="Win rate, row vs column",
        box=box.SIMPLE_HEAD,
        title_justify="left",
    )
    table.add_column("Agent", style="bold", overflow="fold")
    for agent in agents:
        table.add_column(agent, justify="right", overflow="fold")
    for row in agents:
        cells = [
            "—" if row == column else f"{summary['win_rate'][row][column]:.1%}" for column in agents
        ]
        table.add_row(row, *cells)
    return table


def elo_table(summary: dict[str, Any]) -> Table:
    """Agents by Elo, with 95% intervals, overall score and seconds per decision."""
    table = Table(title="Elo (Bradley–Terry, mean 1500)", box=box.SIMPLE_HEAD, title_justify="left")
    for name in ("Agent", "Elo", "95% interval", "Score", "ms/decision", "Decisions"):
        table.add_column(name, justify="left" if name == "Agent" else "right", overflow="fold")
    for agent in sorted(summary["agents"], key=lambda a: -summary["elo"][a]):
        low, high = summary["elo_interval"][agent]
        table.add_row(
            Text(agent, style="bold"),
            f"{summary['elo'][agent]:.0f}",
            f"{low:.0f} – {high:.0f}",
            f"{summary['score'][agent]:.1%}",
            f"{summary['seconds_per_decision'][agent] * 1000:.3g}",
            f"{summary['decisions'][agent]:,}",
        )
    return table


def tournament_report(summary: dict[str, Any]) -> Group:
    """The win matrix, the Elo table and a line of totals."""
    heading = Text.assemble(
        (summary["game"], "bold"),
        f": {summary['games']} games per pair ({summary['total_games']} in all), "
        f"seed {summary['seed']}",
    )
    totals = Text.assemble(
        ("draws (count half): ", "dim"),
        str(summary["draws"]),
        ("   ended by a cap: ", "dim"),
        str(summary["capped"]),
        ("   seat win rate: ", "dim"),
        " / ".join(f"{rate:.1%}" for rate in summary["seat_win_rate"]),
        ("   steps per game: ", "dim"),
        f"{summary['mean_steps']:.1f}",
        ("   time: ", "dim"),
        f"{summary['seconds']:.2f} s",
    )
    return Group(heading, win_matrix_table(summary), elo_table(summary), totals)


def ladder_table(summary: dict[str, Any]) -> Table:
    """The levels by rating (OpenSkill, as people are rated): the mean with its 95% interval,
    and the cautious estimate a person's page would show."""
    table = Table(
        title="Ladder (OpenSkill, as people are rated)",
        box=box.SIMPLE_HEAD,
        title_justify="left",
    )
    for name in ("Level", "Rating", "95% interval", "Shown", "Games", "Score"):
        table.add_column(name, justify="left" if name == "Level" else "right", overflow="fold")
    for rung in summary["ladder"]:
        low, high = rung["interval"]
        table.add_row(
            Text(rung["level"], style="bold"),
            str(rung["rating"]),
            f"{low} – {high}",
            str(rung["shown"]),
            f"{rung['games']:,}",
            f"{rung['score']:.1%}",
        )
    return table


def ladder_report(summary: dict[str, Any]) -> Group:
    """The ladder, then the tournament it was measured by."""
    return Group(ladder_table(summary), tournament_report(summary))
