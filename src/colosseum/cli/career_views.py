"""How `colosseum career` shows a campaign: record sheets, standings, history, export."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..careers.campaign import Campaign
from ..careers.data import load_tables
from ..careers.sheet import Sheet


def standings_table(name: str, rows: list[dict[str, Any]]) -> Table:
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


def history_table(campaign: Campaign) -> Table:
    """Every stored event, oldest first; one that does not replay is marked."""
    table = Table(title=f"{campaign.name}: history", box=box.SIMPLE_HEAD)
    for column in ("#", "when (UTC)", "event", "details"):
        table.add_column(column)
    broken = campaign.broken.seq if campaign.broken else None
    for stored in campaign.history:
        details = ", ".join(f"{k}={v}" for k, v in stored.payload.items())
        kind = f"{stored.kind} (does not replay)" if stored.seq == broken else stored.kind
        table.add_row(str(stored.seq), f"{stored.created:%Y-%m-%d %H:%M}", kind, details)
    return table


def export_campaign(campaign: Campaign) -> dict[str, Any]:
    return {
        "campaign": campaign.name,
        "settings": campaign.settings,
        "events": [
            {"seq": e.seq, "kind": e.kind, "data": e.payload, "created": e.created.isoformat()}
            for e in campaign.history
        ],
        "sheets": {name: sheet.to_json() for name, sheet in campaign.sheets.items()},
        "broken": None if campaign.broken is None else str(campaign.broken),
        "combats_in_progress": [c.begun for c in campaign.combats.values()],
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
