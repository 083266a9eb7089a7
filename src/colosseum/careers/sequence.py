"""One combat of a campaign, start to finish: the pre-arena draw, the fight, the Fatum, and the
post-arena sequence of each ludus, winner first ("Pre-Arena Sequence", "The Combat",
"Post-Arena Sequence"). Every roll, choice and result is recorded in the campaign as it
happens, so a killed process leaves a history that replays to sheets consistent with it.

The lanista's choices come from a `Manager` (`careers/manager.py`, or the CLI asking a
person); the combat itself from an `Arena`: the `jugula` engine (`engine_arena`) or a result
entered from a physical table. A payment the treasury cannot make is raised by forced sales
("Bankrupt"); a ludus that closes takes no further part.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial

from .aftermath import experience, fatum, liberatio, maintenance, wounds_treatment
from .arena import ArenaResult, fight, hire_gladiator, hire_servitor, release_hired
from .bankruptcy import pay_or_sell
from .campaign import Campaign
from .data import Tables, load_tables
from .dice import Dice, Event
from .glory import campaign_winners, glory_update
from .manager import Manager
from .market import buy_gladiator, buy_servitor, sell_gladiator
from .prearena import determine_arena
from .sheet import CareerError, Gladiator, Sheet
from .usury import borrow, lend, rewards

# The combat: the ludi, each one's hired gladiators -> the result ("The Combat").
Arena = Callable[[Sequence[Sheet], Sequence[Sequence[Gladiator]], Manager], ArenaResult]


@dataclass(frozen=True, slots=True)
class CombatReport:
    arena: str
    reward: int
    result: ArenaResult
    campaign_winners: tuple[str, ...]


_ASKS = 3  # how often a refused rank-up upgrade is asked again


class _Closed(Exception):
    """A ludus closed by bankruptcy in the middle of its sequence."""


def _record(campaign: Campaign, events: Sequence[Event], dice: Dice, tables: Tables) -> None:
    """Record `events` in order; a payment the treasury cannot make becomes forced sales
    ("Bankrupt"), and if the ludus closes the rest of its events are dropped (`_Closed`)."""
    for kind, payload in events:
        sheet = campaign.sheets.get(str(payload.get("lanista")))
        if kind == "paid" and sheet is not None and int(payload["aurei"]) > sheet.aurei:
            for forced in pay_or_sell(
                sheet, int(payload["aurei"]), str(payload["why"]), dice, tables
            ):
                campaign.record(*forced)
            if sheet.lanista not in campaign.sheets:
                raise _Closed(sheet.lanista)
            continue
        campaign.record(kind, payload)


def _attempt(
    campaign: Campaign,
    manager: Manager,
    what: str,
    wish: Callable[[], Sequence[Event]],
    dice: Dice,
    tables: Tables,
) -> bool:
    """Record the events of one of the manager's wishes, or tell him why the rules refuse it
    (then nothing changes); True if it was carried out."""
    try:
        events = wish()
    except CareerError as error:
        manager.refused(what, error)
        return False
    _record(campaign, events, dice, tables)
    return True


def engine_arena(agents: Sequence[str], seed: int) -> Arena:
    """The combat played in the `jugula` engine, each seat by an agent spec; the manager picks
    each ludus's four."""

    def play(
        sheets: Sequence[Sheet], hired: Sequence[Sequence[Gladiator]], manager: Manager
    ) -> ArenaResult:
        names = familia_names(sheets, hired, manager)
        prima = prima_choices(sheets, manager)
        return fight(sheets, agents, seed, familiae=names, hired=hired, prima=prima)

    return play


def prima_choices(sheets: Sequence[Sheet], manager: Manager) -> list[list[str] | None]:
    """Each ludus's Sacerdos cards as its manager picks them (asked only with a Sacerdos)."""
    tables = load_tables()
    stars = [s.servitors.get("sacerdos", 0) for s in sheets]
    return [
        manager.prima(s, tables.servitor("sacerdos").value("prima", n), tables) if n else None
        for s, n in zip(sheets, stars, strict=True)
    ]


def familia_names(
    sheets: Sequence[Sheet], hired: Sequence[Sequence[Gladiator]], manager: Manager
) -> list[list[str] | None]:
    """Each ludus's four as its manager names them (None: the hired, then the best ready)."""
    tables = load_tables()
    return [manager.familia(s, list(h), tables) for s, h in zip(sheets, hired, strict=True)]


def run_combat(
    campaign: Campaign,
    lanistae: Sequence[str],
    dice: Dice,
    manager: Manager,
    arena: Arena,
    tables: Tables | None = None,
    guests: Sequence[Sheet] = (),
) -> CombatReport:
    """Play one combat between `lanistae` (and `guests`: ludi outside the campaign, such as a
    two-player career's virtual ludus, who fight but keep no sheet) and record everything it
    does to the campaign's ludi."""
    tables = tables or load_tables()
    sheets = [*(campaign.sheets[name] for name in lanistae), *guests]
    draw = determine_arena(sheets, dice, tables, settings=campaign.settings)
    for what, rolls in (("arena", draw.arena_rolls), ("reward", draw.reward_rolls)):
        for lanista, die in zip(draw.rollers, rolls, strict=bool(rolls)):  # none when fixed
            campaign.record(
                "roll", {"lanista": lanista, "what": what, "dice": [die], "source": dice.source}
            )
    hired = [_hire(campaign, name, manager, dice, tables) for name in lanistae]
    fighting = [*(campaign.sheets[name] for name in lanistae), *guests]
    result = arena(fighting, [*hired, *([] for _ in guests)], manager)
    campaign.record(
        "combat",
        {
            "lanistae": list(lanistae),
            "arena": draw.arena.code,
            "reward": draw.reward,
            "winners": list(result.winners),
            "deployed": {k: list(v) for k, v in result.deployed.items()},
            "hired": {n: [g.name for g in h] for n, h in zip(lanistae, hired, strict=True) if h},
            "wounded": [list(w) for w in result.wounded],
            "bitten": [list(b) for b in result.bitten],
            "guests": {g.lanista: [x.to_json() for x in g.gladiators] for g in guests},
        },
    )
    # only the campaign's gladiators face the Fatum; a guest's blow brings no Editor
    ours = [b for b in result.bitten if b[0] in campaign.sheets]
    events, spared = fatum(campaign.sheets, replace(result, bitten=tuple(ours)), dice, tables)
    _record(campaign, events, dice, tables)
    order = [n for n in result.winners if n in lanistae]
    order += [n for n in lanistae if n not in result.winners]
    for lanista in order:
        try:
            _post_arena(
                campaign,
                lanista,
                sheets,
                result,
                draw.arena.code,
                draw.reward,
                spared,
                dice,
                manager,
                tables,
            )
        except _Closed:
            continue
    winners = campaign_winners(campaign.sheets.values(), int(campaign.settings["glory_target"]))
    return CombatReport(draw.arena.code, draw.reward, result, tuple(winners))


def _hire(
    campaign: Campaign, lanista: str, manager: Manager, dice: Dice, tables: Tables
) -> list[Gladiator]:
    """ "Hiring gladiators and servitors": the manager's hires, each paid at once; a hire the
    treasury or the rules refuse is skipped. Hired servitors join the sheet until the end of
    the post-arena sequence; the hired gladiators are returned for the combat."""
    for code, stars in manager.servitor_hires(campaign.sheets[lanista], tables):
        hire = partial(hire_servitor, campaign.sheets[lanista], code, stars, tables)
        _attempt(campaign, manager, f"hiring the {code}", hire, dice, tables)
    hired: list[Gladiator] = []
    for name, armatura, rank, upgrades in manager.hires(campaign.sheets[lanista], tables):
        if any(g.armatura == armatura for g in hired):
            manager.refused(f"hiring {name}", CareerError(f"a {armatura} is already hired"))
            continue
        try:
            gladiator, payment = hire_gladiator(
                campaign.sheets[lanista], name, armatura, rank, upgrades, tables
            )
        except CareerError as error:
            manager.refused(f"hiring {name}", error)
            continue
        campaign.record(*payment)
        hired.append(gladiator)
    return hired


def _post_arena(
    campaign: Campaign,
    lanista: str,
    fighters: Sequence[Sheet],
    result: ArenaResult,
    arena: str,
    reward: int,
    spared: Sequence[tuple[str, str]],
    dice: Dice,
    manager: Manager,
    tables: Tables,
) -> None:
    """The ten steps for one ludus; `fighters` are the sheets as they entered the arena."""
    sheet = campaign.sheets[lanista]
    marked_before = {g.name for g in sheet.gladiators if g.wounded or g.convalescent}
    ranks_before = {g.name: sheet.rank(g, tables) for g in sheet.gladiators}
    # 1. Liberatio!
    deployed = set(result.deployed.get(lanista, ()))
    candidates = [g for g in sheet.gladiators if g.name in deployed and sheet.rank(g, tables) >= 3]
    gifts = (
        manager.liberatio_stars(sheet, tables.liberatio.servitor_stars)
        if arena == "coliseum" and candidates
        else []
    )
    _record(campaign, liberatio(sheet, result, arena, gifts, dice, tables), dice, tables)
    # 2. Rewards
    won = lanista in result.winners
    _record(campaign, rewards(campaign.sheets[lanista], reward, won, dice, tables), dice, tables)
    # 3. Wounds treatment
    present = {g.name for g in campaign.sheets[lanista].gladiators}
    wounded = [n for owner, n in result.wounded if owner == lanista and n in present]
    bitten = [n for owner, n in spared if owner == lanista and n in present]
    treated = wounds_treatment(campaign.sheets[lanista], wounded, bitten, dice, tables)
    _record(campaign, treated, dice, tables)
    # 4. Maintenance
    exempt = manager.exemptions(campaign.sheets[lanista], tables)
    _record(campaign, maintenance(campaign.sheets[lanista], exempt, dice, tables), dice, tables)
    # 5. Experience and rank updates
    rivals = [rival for rival in fighters if rival.lanista != lanista]
    trained = manager.pupils(campaign.sheets[lanista], tables)
    gained = experience(campaign.sheets[lanista], result, rivals, trained, tables)
    _record(campaign, gained, dice, tables)
    promotions: list[int] = []
    for gladiator in campaign.sheets[lanista].gladiators:
        before = ranks_before.get(gladiator.name, 0)
        now = campaign.sheets[lanista].rank(gladiator, tables)
        for stars in range(before + 1, now + 1):
            promotions.append(stars)
            _upgrade(campaign, lanista, gladiator.name, manager, tables)
    # 6. Sales: decided first, then rolled, never undone
    for name in manager.sales(campaign.sheets[lanista], tables):
        sale = partial(sell_gladiator, campaign.sheets[lanista], name, dice, tables)
        _attempt(campaign, manager, f"selling {name}", sale, dice, tables)
    # 7. Purchases
    for name, armatura, rank, talent in manager.purchases(campaign.sheets[lanista], tables):
        purchase = partial(
            buy_gladiator, campaign.sheets[lanista], name, armatura, rank, dice, talent, tables
        )
        _attempt(campaign, manager, f"buying {name}", purchase, dice, tables)
    changed: set[str] = set()
    for code in manager.servitors(campaign.sheets[lanista], tables):
        bought = partial(buy_servitor, campaign.sheets[lanista], code, changed, tables)
        if _attempt(campaign, manager, f"the {code}", bought, dice, tables):
            changed.add(code)
    # 8. Usury
    _usury(campaign, lanista, manager, dice, tables)
    # 9. Popularity is derived from the ranks. 10. Glory update
    _record(campaign, glory_update(campaign.sheets[lanista], promotions, tables), dice, tables)
    _record(campaign, release_hired(campaign.sheets[lanista]), dice, tables)
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


def _upgrade(campaign: Campaign, lanista: str, name: str, manager: Manager, tables: Tables) -> None:
    """A rank-up's upgrade of the manager's choice; a refused one is asked again (at most
    `_ASKS` times, then the rank-up brings none)."""
    for _ in range(_ASKS):
        upgrade = manager.upgrade(campaign.sheets[lanista], name, tables)
        if upgrade is None:
            return
        try:
            campaign.record("upgrade", {"lanista": lanista, "name": name, "upgrade": upgrade})
        except CareerError as error:
            manager.refused(f"{name}'s upgrade", error)
            continue
        return


def _usury(campaign: Campaign, lanista: str, manager: Manager, dice: Dice, tables: Tables) -> None:
    """Step 8: the manager repays a loan, borrows or lends (one of them), if the rules allow."""
    sheet = campaign.sheets[lanista]
    choice = manager.usury(sheet, tables)
    if choice is None:
        return
    what, amount = choice
    try:
        if what == "repay":
            if sheet.usury is None or sheet.usury.kind != "loan":
                raise CareerError(f"{lanista} has no loan to repay")
            events: list[Event] = [("usury_settled", {"lanista": lanista})]
        elif what == "borrow":
            events = borrow(sheet, amount, dice, tables)
        elif what == "lend":
            events = lend(sheet, amount, dice, tables)
        else:
            raise CareerError(f"usury is 'repay', 'borrow' or 'lend', not {what!r}")
        _record(campaign, events, dice, tables)
    except CareerError as error:
        manager.refused(f"usury ({what})", error)
