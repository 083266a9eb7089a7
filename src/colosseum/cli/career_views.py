"""How `colosseum career` shows a campaign: record sheets, standings, history a page at a time,
export (the data from `careers/views.py`, drawn as Rich tables), and the command that shows
another page."""

from __future__ import annotations

import shlex
from typing import Any

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..careers.campaign import Campaign
from ..careers.sheet import Sheet
from ..careers.views import export_campaign, history_rows, sheet_view

__all__ = ["again", "export_campaign", "history_table", "sheet_table", "standings_table"]


def _add_row(table: Table, *cells: object) -> None:
    """A row of plain text: names people typed are never read as Rich markup (and plain
    cells skip the markup parser: a quarter of a long table's drawing)."""
    table.add_row(*(Text(str(cell)) for cell in cells))


def standings_table(name: str, rows: list[dict[str, Any]]) -> Table:
    table = Table(title=Text(f"{name}: standings"), box=box.SIMPLE_HEAD)
    for column in ("", "lanista", "Glory", "aurei", "Popularity", "gladiators"):
        table.add_column(column)
    for place, row in enumerate(rows, 1):
        _add_row(
            table,
            place,
            row["lanista"],
            row["glory"],
            row["aurei"],
            row["popularity"],
            row["gladiators"],
        )
    return table


def history_table(campaign: Campaign, rows: list[dict[str, Any]] | None = None) -> Table:
    """The history's `rows` (`history_rows`; None: every stored event, oldest first) in their
    order; an event that does not replay is marked."""
    table = Table(title=Text(f"{campaign.name}: history"), box=box.SIMPLE_HEAD)
    for column in ("#", "when (UTC)", "event", "details"):
        table.add_column(column)
    if rows is None:
        rows = history_rows(campaign, campaign.log())
    for row in rows:
        kind = f"{row['kind']} (does not replay)" if row["broken"] else row["kind"]
        _add_row(table, row["seq"], f"{row['created']:%Y-%m-%d %H:%M}", kind, row["details"])
    return table


def again(command: str, campaign: str, database: str | None, *options: str) -> str:
    """The command line that runs `colosseum career COMMAND CAMPAIGN OPTIONS...` on the same
    database, quoted for a shell (a password in the database's URL shown as ***)."""
    words = ["colosseum", "career", command, campaign, *options]
    if database is not None:
        words += ["--database", _without_password(database)]
    return shlex.join(words)


def _without_password(url: str) -> str:
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(url)
    except ArgumentError:
        return url
    return url if parsed.password is None else parsed.render_as_string(hide_password=True)


def sheet_table(sheet: Sheet) -> Group:
    """A ludus record sheet: the lanista's numbers, then one row per gladiator."""
    view = sheet_view(sheet)
    head = Text.assemble(
        (sheet.lanista, "bold"),
        f"  Glory {view['glory']} · {view['aurei']} aurei · Popularity {view['popularity']}",
    )
    lines = Text(f"Servitors: {view['servitors_text']} · Usury: {view['usury_text']}")
    if view["criteria"]:
        lines.append(f"\nGlory criteria scored: {', '.join(view['criteria'])}")
    table = Table(box=box.SIMPLE_HEAD)
    for column in ("gladiator", "armatura", "rank", "exp", "MP/ATT/DEF", "talents", "state"):
        table.add_column(column)
    for g in view["gladiators"]:
        up = g["upgrades"]
        _add_row(
            table,
            g["name"],
            g["armatura"],
            g["rank"],
            g["experience"],
            f"+{up['mp']}/+{up['att']}/+{up['def']}",
            ", ".join(g["talents"]),
            g["state"],
        )
    return Group(head, lines, table)
