"""Whole campaigns played unattended, for balance studies (`colosseum career simulate`).

Each ludus starts with four random armaturae and a random servitor; each combat pits two ludi
drawn at random; the program rolls the dice, the heuristic player fights, `Thrifty` manages.
At the end the campaign is reopened from the store and its replayed sheets compared with the
live ones.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..games.jugula.data import load_catalog
from .campaign import Campaign, standing_rows
from .data import load_tables
from .dice import ProgramDice
from .manager import Thrifty
from .sequence import engine_arena, run_combat
from .sheet import CareerError

if TYPE_CHECKING:
    from ..store import Store

_FINAL_COMBATS = 5  # a tie after this many final combats stays a shared victory
NAMES = ("Fred", "Laurent", "Laure", "Miller", "Arnaud", "Lucius", "Marcus", "Gaius")


@dataclass(frozen=True, slots=True)
class Simulated:
    campaign: str
    fights: int
    winners: tuple[str, ...]
    standings: list[dict[str, Any]]
    replay_matches: bool


def _new_campaign(store: Store, seed: int) -> Campaign:
    """A campaign named after the seed, numbered when a run with that seed exists already."""
    taken = {name.casefold() for name in store.campaigns.names()}
    name, number = f"simulation {seed}", 1
    while True:
        try:
            if name.casefold() not in taken:
                return Campaign.create(store, name)
        except CareerError:
            pass  # another run took the name meanwhile
        number += 1
        name = f"simulation {seed} ({number})"


def simulate_campaign(
    store: Store, ludi: int, fights: int, seed: int, agent: str = "heuristic"
) -> Simulated:
    if not 2 <= ludi <= len(NAMES):
        raise ValueError(f"a simulated campaign has 2 to {len(NAMES)} ludi")
    rng = random.Random(seed)
    catalog, tables = load_catalog(), load_tables()
    campaign = _new_campaign(store, seed)
    servitors = [s.code for s in tables.servitors]
    for name in NAMES[:ludi]:
        armaturae = rng.sample([a.code for a in catalog.armaturae], tables.start.gladiators)
        campaign.record(
            "ludus_created",
            {
                "lanista": name,
                "gladiators": [[f"{a.capitalize()} of {name}", a] for a in armaturae],
                "servitor": rng.choice(servitors),
            },
        )
    manager = Thrifty(seed)
    played = 0
    winners: tuple[str, ...] = ()
    for fight in range(fights):
        if len(campaign.sheets) < 2:
            break  # the others went bankrupt
        pair = rng.sample(list(campaign.sheets), 2)
        report = run_combat(
            campaign,
            pair,
            ProgramDice(rng.getrandbits(32)),
            manager,
            engine_arena([agent, agent], rng.getrandbits(32)),
        )
        played = fight + 1
        if report.campaign_winners:
            winners = report.campaign_winners
            break
    while len(winners) > 1 and played < fights + _FINAL_COMBATS:
        # "ties -> a final combat" among the tied lanistae (at most four: the best placed)
        finalists = sorted(winners, key=lambda n: -campaign.sheets[n].glory)[:4]
        report = run_combat(
            campaign,
            finalists,
            ProgramDice(rng.getrandbits(32)),
            manager,
            engine_arena([agent] * len(finalists), rng.getrandbits(32)),
        )
        played += 1
        winners = tuple(w for w in report.result.winners if w in campaign.sheets) or winners
    replayed = Campaign.open(store, campaign.name)
    matches = {k: s.to_json() for k, s in replayed.sheets.items()} == {
        k: s.to_json() for k, s in campaign.sheets.items()
    }
    return Simulated(campaign.name, played, winners, standing_rows(campaign), matches)
