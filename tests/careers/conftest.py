"""Shared arrangements for the careers tests: Fred's four Tiro in a fresh campaign."""

from __future__ import annotations

from pathlib import Path

from colosseum.careers.campaign import Campaign
from colosseum.store import Store

# Fred's ludus in the rulebook's examples: four Tiro of different armaturae.
FRED = [
    ["Blimyx", "thraex"],
    ["Asinus", "retiarius"],
    ["Minimea", "veles"],
    ["Crassus", "murmillo"],
]


def fred_campaign(tmp_path: Path, servitor: str = "medicus", aurei: int = 0) -> Campaign:
    """Campaign "Gallia" in a SQLite file under `tmp_path`, with Fred's new ludus (its first
    servitor `servitor`) and `aurei` earned on top of the 50 a career starts with."""
    campaign = Campaign.create(Store(f"sqlite:///{tmp_path / 'c.db'}"), "Gallia")
    campaign.record("ludus_created", {"lanista": "Fred", "gladiators": FRED, "servitor": servitor})
    if aurei:
        campaign.record("earned", {"lanista": "Fred", "aurei": aurei, "why": "a patron"})
    return campaign


def play(campaign: Campaign, events: list[tuple[str, dict[str, object]]]) -> None:
    """Record `events` in order, as the combat sequence does."""
    for kind, payload in events:
        campaign.record(kind, payload)
