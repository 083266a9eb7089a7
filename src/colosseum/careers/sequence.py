"""One combat of a campaign, start to finish: the pre-arena draw, the fight, the Fatum, and the
post-arena sequence of each ludus, winner first ("Pre-Arena Sequence", "The Combat",
"Post-Arena Sequence"). Every roll, choice and result is recorded in the campaign as it
happens, so a killed process leaves a history that replays to sheets consistent with it.

The lanista's choices come from a `Manager` (`careers/manager.py`); hiring, Liberatio's extra
servitor stars beyond upgrades, forced sales when bankrupt and loans are not made by the
simulated managers yet (docs/rules/jugula-careers.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .aftermath import experience, fatum, liberatio, maintenance, wounds_treatment
from .arena import ArenaResult, fight
from .campaign import Campaign
from .data import Tables, load_tables
from .dice import Dice, Event
from .glory import campaign_winners, glory_update
from .manager import Manager
from .market import buy_gladiator, buy_servitor
from .prearena import determine_arena
from .sheet import CareerError
from .usury import rewards


@dataclass(frozen=True, slots=True)
class CombatReport:
    arena: str
    reward: int
    result: ArenaResult
    campaign_winners: tuple[str, ...]


def _record(campaign: Campaign, events: Sequence[Event]) -> None:
    for kind, payload in events:
        campaign.record(kind, payload)


def run_combat(
    campaign: Campaign,
    lanistae: Sequence[str],
    dice: Dice,
    manager: Manager,
    agents: Sequence[str],
    seed: int,
    tables: Tables | None = None,
) -> CombatReport:
    """Play one combat between `lanistae` and record everything it does to their ludi."""
    tables = tables or load_tables()
    sheets = [campaign.sheets[name] for name in lanistae]
    draw = determine_arena(sheets, dice, tables)
    for lanista, die in zip(draw.rollers, draw.arena_rolls, strict=True):
        campaign.record(
            "roll", {"lanista": lanista, "what": "arena", "dice": [die], "source": dice.source}
        )
    for lanista, die in zip(draw.rollers, draw.reward_rolls, strict=True):
        campaign.record(
            "roll", {"lanista": lanista, "what": "reward", "dice": [die], "source": dice.source}
        )
    result = fight(sheets, agents, seed)
    campaign.record(
        "combat",
        {
            "lanistae": list(lanistae),
            "arena": draw.arena.code,
            "reward": draw.reward,
            "winners": list(result.winners),
            "deployed": {k: list(v) for k, v in result.deployed.items()},
            "wounded": [list(w) for w in result.wounded],
            "bitten": [list(b) for b in result.bitten],
        },
    )
    events, spared = fatum(campaign.sheets, result, dice, tables)
    _record(campaign, events)
    order = [*result.winners, *(n for n in lanistae if n not in result.winners)]
    for lanista in order:
        _post_arena(
            campaign,
            lanista,
            lanistae,
            result,
            draw.arena.code,
            draw.reward,
            spared,
            dice,
            manager,
            tables,
        )
    winners = campaign_winners(campaign.sheets.values(), int(campaign.settings["glory_target"]))
    return CombatReport(draw.arena.code, draw.reward, result, tuple(winners))


def _post_arena(
    campaign: Campaign,
    lanista: str,
    lanistae: Sequence[str],
    result: ArenaResult,
    arena: str,
    reward: int,
    spared: Sequence[tuple[str, str]],
    dice: Dice,
    manager: Manager,
    tables: Tables,
) -> None:
    """The ten steps for one ludus."""
    sheet = campaign.sheets[lanista]
    marked_before = {g.name for g in sheet.gladiators if g.wounded or g.convalescent}
    ranks_before = {g.name: sheet.rank(g, tables) for g in sheet.gladiators}
    # 1. Liberatio!
    gifts = manager.liberatio_stars(sheet, tables.liberatio.servitor_stars)
    _record(campaign, liberatio(sheet, result, arena, gifts, dice, tables))
    # 2. Rewards
    _record(
        campaign, rewards(campaign.sheets[lanista], reward, lanista in result.winners, dice, tables)
    )
    # 3. Wounds treatment
    present = {g.name for g in campaign.sheets[lanista].gladiators}
    wounded = [n for owner, n in result.wounded if owner == lanista and n in present]
    bitten = [n for owner, n in spared if owner == lanista and n in present]
    _record(campaign, wounds_treatment(campaign.sheets[lanista], wounded, bitten, dice, tables))
    # 4. Maintenance
    exempt = manager.exemptions(campaign.sheets[lanista], tables)
    _record(campaign, maintenance(campaign.sheets[lanista], exempt, dice, tables))
    # 5. Experience and rank updates
    rivals = [campaign.sheets[n] for n in lanistae if n != lanista and n in campaign.sheets]
    trained = manager.pupils(campaign.sheets[lanista], tables)
    _record(campaign, experience(campaign.sheets[lanista], result, rivals, trained, tables))
    promotions: list[int] = []
    for gladiator in campaign.sheets[lanista].gladiators:
        before = ranks_before.get(gladiator.name, 0)
        now = campaign.sheets[lanista].rank(gladiator, tables)
        for stars in range(before + 1, now + 1):
            promotions.append(stars)
            upgrade = manager.upgrade(campaign.sheets[lanista], gladiator.name, tables)
            if upgrade is not None:
                campaign.record(
                    "upgrade", {"lanista": lanista, "name": gladiator.name, "upgrade": upgrade}
                )
    # 6-7. Sales and purchases
    for name, armatura, rank in manager.purchases(campaign.sheets[lanista], tables):
        try:
            _record(
                campaign,
                buy_gladiator(campaign.sheets[lanista], name, armatura, rank, dice, tables=tables),
            )
        except CareerError:
            break
    changed: set[str] = set()
    for code in manager.servitors(campaign.sheets[lanista], tables):
        try:
            _record(campaign, buy_servitor(campaign.sheets[lanista], code, changed, tables))
        except CareerError:
            continue
        changed.add(code)
    # 8. Usury: the simulated managers neither borrow nor lend. 9. Popularity is derived.
    # 10. Glory update
    _record(campaign, glory_update(campaign.sheets[lanista], promotions, tables))
    # the previous combat's wounded / convalescent marks come off now
    for name in marked_before:
        if (
            name in {g.name for g in campaign.sheets[lanista].gladiators}
            and name not in wounded + bitten
        ):
            campaign.record(
                "condition",
                {"lanista": lanista, "name": name, "wounded": False, "convalescent": False},
            )
