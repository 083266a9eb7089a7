"""A long campaign made quickly, for the tests of its history and gazette a page at a time:
two ludi, then events appended straight to the store (a Glory news every fifth, a ludus key
issued anew the others), their stored times spread over the months asked."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from sqlalchemy import update

from colosseum.careers.campaign import Campaign
from colosseum.store import NewEvent, Store
from colosseum.store.schema import events as event_rows

LUDI = {
    "Fred": [
        ["Blimyx", "thraex"],
        ["Asinus", "retiarius"],
        ["Minimea", "veles"],
        ["Crassus", "murmillo"],
    ],
    "Miller": [
        ["Ajax", "secutor"],
        ["Brutus", "scissor"],
        ["Celer", "veles"],
        ["Decius", "hoplomachus"],
    ],
}


def filler(seq: int) -> NewEvent:
    """Event number `seq` of the long campaign (past the two ludi)."""
    lanista = "Fred" if seq % 2 else "Miller"
    if seq % 5 == 0:
        return NewEvent("glory", {"lanista": lanista, "amount": 1, "why": f"news #{seq}"})
    return NewEvent("ludus_key", {"lanista": lanista, "key": f"{seq:064x}"})


def long_campaign(store: Store, name: str, size: int, months: Sequence[str] = ()) -> Campaign:
    """Campaign `name` of `size` events (at least 2), numbered 1..size; with `months`
    ("YYYY-MM", oldest first), event i stored in months[i * len(months) // (size + 1)]."""
    campaign = Campaign.create(store, name, glory_target=1_000_000)
    for lanista, gladiators in LUDI.items():
        campaign.record(
            "ludus_created", {"lanista": lanista, "gladiators": gladiators, "servitor": "medicus"}
        )
    store.campaigns.append(campaign.key, 2, [filler(seq) for seq in range(3, size + 1)])
    if months:
        with store.engine.begin() as connection:
            for seq in range(1, size + 1):
                year, month = map(int, months[seq * len(months) // (size + 1)].split("-"))
                when = datetime(year, month, 1 + seq % 27, 12, 0, tzinfo=UTC)
                connection.execute(
                    update(event_rows)
                    .where(event_rows.c.campaign == campaign.key, event_rows.c.seq == seq)
                    .values(created=when)
                )
    return Campaign.open(store, name)
