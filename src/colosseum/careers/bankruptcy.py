"""Bankrupt ("Bankrupt"): a sum the treasury cannot pay is raised by selling gladiators, then
servitors, one by one at the market's prices; if everything is sold and it is still short, the
ludus closes and its lanista leaves the campaign. A Nomenclator sold takes his Glory with him
(`Sheet.set_servitor`); a hired servitor is not sold."""

from __future__ import annotations

from .campaign import APPLY
from .data import Tables, load_tables
from .dice import Dice, Event
from .market import sell_gladiator, sell_servitor
from .sheet import Sheet


def pay_or_sell(
    sheet: Sheet, amount: int, why: str, dice: Dice, tables: Tables | None = None
) -> list[Event]:
    """The events that pay `amount`: the payment, or forced sales first (the lowest-ranked
    gladiator, then the servitor of fewest stars), or the ludus closing."""
    tables = tables or load_tables()
    trial = {sheet.lanista: Sheet.from_json(sheet.to_json())}
    ludus = trial[sheet.lanista]
    events: list[Event] = []
    while ludus.aurei < amount:
        if ludus.gladiators:
            cheapest = min(ludus.gladiators, key=lambda g: (ludus.rank(g, tables), g.experience))
            sales = sell_gladiator(ludus, cheapest.name, dice, tables)
        elif owned := ludus.owned_servitors():  # a hired servitor is not the ludus's to sell
            code = min(owned, key=lambda c: (owned[c], c))
            sales = sell_servitor(ludus, code, dice, tables)
        else:
            events.append(("ludus_closed", {"lanista": sheet.lanista, "why": why}))
            return events
        for kind, payload in sales:
            APPLY[kind](trial, payload)
        events += sales
    events.append(("paid", {"lanista": sheet.lanista, "aurei": amount, "why": why}))
    return events
