"""Opening a campaign for a `career` command: the campaign's argument, the command's one-line
errors, and the notes reading it prints (a repaired snapshot, a combat left unfinished); shared
by `career.py` and the commands that play a combat (`career_combat.py`)."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from ..careers.campaign import Campaign
from .common import database_errors, open_store, read_store, stderr_console

CampaignArg = Annotated[str, typer.Argument(help="The campaign's name.", show_default=False)]
career_errors = database_errors  # every refusal, broken history or database failure


def open_campaign(
    database: str | None, name: str, strict: bool = True, state_only: bool = False
) -> Campaign:
    """The campaign as stored now; a note on stderr for each combat left unfinished.
    `state_only`: the command reads nothing but the sheets and combats (`read_store`)."""
    store = read_store(database) if state_only else open_store(database)
    campaign = Campaign.open(store, name, strict=strict)
    for note in campaign.notes:
        stderr_console().print(f"note: {note}")
    for combat in campaign.combats.values():
        stderr_console().print(
            f"note: {combat.describe()} is not finished: colosseum career resume "
            f"{json.dumps(campaign.name)} finishes it"
        )
    return campaign
