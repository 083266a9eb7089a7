"""Money after a combat: "Rewards" (step 2) and "Usury" (step 8) of the post-arena sequence.

Like `aftermath.py`, each function reads a sheet, rolls what the rules roll, and returns the
campaign events to record, in order.
"""

from __future__ import annotations

from .data import Tables, load_tables
from .dice import Dice, Event, roll_event
from .sheet import CareerError, Sheet


def _procuratorroll_event(sheet: Sheet, die: int, tables: Tables) -> int:
    """A Loan or Lent chart roll plus the Procurator, never above 6 ("Usury")."""
    bonus = tables.servitor("procurator").value("usury", sheet.servitors.get("procurator", 0))
    return min(tables.usury_die_cap, die + bonus)


def borrow(sheet: Sheet, amount: int, dice: Dice, tables: Tables | None = None) -> list[Event]:
    """A loan of one of the chart's sums, at most the maximum for the ludus's Popularity; the
    die (with the Procurator) sets the interest paid after each combat."""
    tables = tables or load_tables()
    if amount not in tables.loan.amounts:
        sums = ", ".join(str(a) for a in tables.loan.amounts)
        raise CareerError(f"a loan is one of the chart's sums ({sums}), not {amount}")
    most = tables.max_loan[sheet.popularity(tables)]
    if amount > most:
        raise CareerError(
            f"with Popularity {sheet.popularity(tables)} {sheet.lanista} may borrow at most {most}"
        )
    if sheet.usury is not None:
        raise CareerError(f"{sheet.lanista} must settle the current usury before borrowing")
    rolled, event = roll_event(dice, sheet.lanista, "loan interest", 1)
    interest = tables.loan.of(amount, _procuratorroll_event(sheet, rolled[0], tables))
    return [
        event,
        (
            "usury_taken",
            {"lanista": sheet.lanista, "kind": "loan", "amount": amount, "interest": interest},
        ),
    ]


def lend(sheet: Sheet, amount: int, dice: Dice, tables: Tables | None = None) -> list[Event]:
    """A sum lent, one of the chart's; the die sets the interest received after each combat."""
    tables = tables or load_tables()
    if amount not in tables.lent.amounts:
        sums = ", ".join(str(a) for a in tables.lent.amounts)
        raise CareerError(f"a sum lent is one of the chart's ({sums}), not {amount}")
    if sheet.usury is not None:
        raise CareerError(f"{sheet.lanista} must settle the current usury before lending")
    if amount > sheet.aurei:
        raise CareerError(f"{sheet.lanista} cannot lend {amount}: the treasury holds {sheet.aurei}")
    rolled, event = roll_event(dice, sheet.lanista, "lent interest", 1)
    interest = tables.lent.of(amount, _procuratorroll_event(sheet, rolled[0], tables))
    return [
        event,
        (
            "usury_taken",
            {"lanista": sheet.lanista, "kind": "lent", "amount": amount, "interest": interest},
        ),
    ]


def rewards(
    sheet: Sheet, reward: int, won: bool, dice: Dice, tables: Tables | None = None
) -> list[Event]:
    """Step 2: the reward (half for a loser) and the Unctor's income; a loan's interest is paid
    (from the treasury if the income falls short), a sum lent brings its interest and then the
    debtor repays on a 5 or 6."""
    tables = tables or load_tables()
    lanista = sheet.lanista
    earned = reward if won else reward // tables.loser_divisor
    unctor = tables.servitor("unctor").value("income", sheet.servitors.get("unctor", 0))
    events: list[Event] = [
        ("earned", {"lanista": lanista, "aurei": earned, "why": "reward" if won else "half reward"})
    ]
    if unctor:
        events.append(("earned", {"lanista": lanista, "aurei": unctor, "why": "unctor"}))
    usury = sheet.usury
    if usury is not None and usury.kind == "loan" and usury.interest:
        events.append(
            ("paid", {"lanista": lanista, "aurei": usury.interest, "why": "loan interest"})
        )
    if usury is not None and usury.kind == "lent":
        if usury.interest:
            events.append(
                ("earned", {"lanista": lanista, "aurei": usury.interest, "why": "interest"})
            )
        rolled, event = roll_event(dice, lanista, "debtor repays", 1)
        events.append(event)
        if rolled[0] >= tables.repaid_from:
            events.append(("usury_settled", {"lanista": lanista}))
    return events
