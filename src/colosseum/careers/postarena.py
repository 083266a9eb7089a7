"""The post-arena sequence of one ludus ("Post-Arena Sequence", its ten steps), and the
helpers every step of a combat shares: recording events with forced sales when a payment cannot
be made ("Bankrupt"), and carrying out a manager's wishes — a refused one is explained, and a
manager who `asks_again` (a person) is asked again until the rules accept or he wants nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TypeVar

from .aftermath import experience, liberatio, maintenance, wounds_treatment
from .arena import ArenaResult, release_hired
from .bankruptcy import pay_or_sell
from .campaign import Campaign
from .data import Tables
from .dice import Dice, Event
from .glory import glory_update
from .manager import Manager
from .market import buy_gladiator, buy_servitor, sell_gladiator
from .sheet import CareerError, Sheet
from .usury import borrow, lend, rewards

_ASKS = 3  # how often a refused rank-up upgrade is asked of a manager who does not ask again
Wish = TypeVar("Wish")


class Closed(Exception):
    """A ludus closed by bankruptcy in the middle of its sequence."""


def asks_again(manager: Manager) -> bool:
    """Whether a refused choice goes back to this manager (a person at the terminal)."""
    return bool(getattr(manager, "asks_again", False))


def record_all(campaign: Campaign, events: Sequence[Event], dice: Dice, tables: Tables) -> None:
    """Record `events` in order; a payment the treasury cannot make becomes forced sales
    ("Bankrupt"), and if the ludus closes the rest of its events are dropped (`Closed`)."""
    for kind, payload in events:
        sheet = campaign.sheets.get(str(payload.get("lanista")))
        if kind == "paid" and sheet is not None and int(payload["aurei"]) > sheet.aurei:
            for forced in pay_or_sell(
                sheet, int(payload["aurei"]), str(payload["why"]), dice, tables
            ):
                campaign.record(*forced)
            if sheet.lanista not in campaign.sheets:
                raise Closed(sheet.lanista)
            continue
        campaign.record(kind, payload)


def attempt(
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
    record_all(campaign, events, dice, tables)
    return True


def until_accepted(
    manager: Manager, ask: Callable[[], Sequence[Wish]], carry: Callable[[Wish], bool]
) -> None:
    """Carry out each wish `ask` returns; if one is refused, a manager who asks again is asked
    the question again (with the sheet as it now is)."""
    while True:
        refused = [wish for wish in list(ask()) if not carry(wish)]
        if not refused or not asks_again(manager):
            return


def post_arena(
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
    record_all(campaign, liberatio(sheet, result, arena, gifts, dice, tables), dice, tables)
    # 2. Rewards
    won = lanista in result.winners
    record_all(campaign, rewards(campaign.sheets[lanista], reward, won, dice, tables), dice, tables)
    # 3. Wounds treatment
    present = {g.name for g in campaign.sheets[lanista].gladiators}
    wounded = [n for owner, n in result.wounded if owner == lanista and n in present]
    bitten = [n for owner, n in spared if owner == lanista and n in present]
    treated = wounds_treatment(campaign.sheets[lanista], wounded, bitten, dice, tables)
    record_all(campaign, treated, dice, tables)
    # 4. Maintenance
    exempt = manager.exemptions(campaign.sheets[lanista], tables)
    record_all(campaign, maintenance(campaign.sheets[lanista], exempt, dice, tables), dice, tables)
    # 5. Experience and rank updates
    rivals = [rival for rival in fighters if rival.lanista != lanista]
    trained = manager.pupils(campaign.sheets[lanista], tables)
    gained = experience(campaign.sheets[lanista], result, rivals, trained, tables)
    record_all(campaign, gained, dice, tables)
    promotions: list[int] = []
    for gladiator in campaign.sheets[lanista].gladiators:
        before = ranks_before.get(gladiator.name, 0)
        now = campaign.sheets[lanista].rank(gladiator, tables)
        for stars in range(before + 1, now + 1):
            promotions.append(stars)
            _upgrade(campaign, lanista, gladiator.name, manager, tables)
    _market(campaign, lanista, manager, dice, tables)
    # 8. Usury
    _usury(campaign, lanista, manager, dice, tables)
    # 9. Popularity is derived from the ranks. 10. Glory update
    record_all(campaign, glory_update(campaign.sheets[lanista], promotions, tables), dice, tables)
    record_all(campaign, release_hired(campaign.sheets[lanista]), dice, tables)
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


def _market(campaign: Campaign, lanista: str, manager: Manager, dice: Dice, tables: Tables) -> None:
    """6. Sales: decided first, then rolled, never undone. 7. Purchases of gladiators, then
    of servitors (one star per servitor and sequence)."""

    def sell(name: str) -> bool:
        sale = partial(sell_gladiator, campaign.sheets[lanista], name, dice, tables)
        return attempt(campaign, manager, f"selling {name}", sale, dice, tables)

    until_accepted(manager, lambda: manager.sales(campaign.sheets[lanista], tables), sell)

    def buy(wish: tuple[str, str, str, str | None]) -> bool:
        name, armatura, rank, talent = wish
        purchase = partial(
            buy_gladiator, campaign.sheets[lanista], name, armatura, rank, dice, talent, tables
        )
        return attempt(campaign, manager, f"buying {name}", purchase, dice, tables)

    until_accepted(manager, lambda: manager.purchases(campaign.sheets[lanista], tables), buy)
    changed: set[str] = set()

    def servitor(code: str) -> bool:
        bought = partial(buy_servitor, campaign.sheets[lanista], code, changed, tables)
        if attempt(campaign, manager, f"the {code}", bought, dice, tables):
            changed.add(code)
            return True
        return False

    until_accepted(manager, lambda: manager.servitors(campaign.sheets[lanista], tables), servitor)


def _upgrade(campaign: Campaign, lanista: str, name: str, manager: Manager, tables: Tables) -> None:
    """A rank-up's upgrade of the manager's choice; a refused one is asked again (a person
    until he gives one the rules accept or none; a program at most `_ASKS` times)."""
    asks = 10**9 if asks_again(manager) else _ASKS
    for _ in range(asks):
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

    def carry(choice: tuple[str, int]) -> bool:
        what, amount = choice
        sheet = campaign.sheets[lanista]
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
            record_all(campaign, events, dice, tables)
        except CareerError as error:
            manager.refused(f"usury ({what})", error)
            return False
        return True

    def ask() -> list[tuple[str, int]]:
        choice = manager.usury(campaign.sheets[lanista], tables)
        return [] if choice is None else [choice]

    until_accepted(manager, ask, carry)
