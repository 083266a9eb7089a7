"""The market: post-arena steps 6 and 7 ("Gladiator and Servitor sales", "... purchases").

Like `aftermath.py`, each function reads a sheet, rolls what the rules roll and returns the
campaign events to record. A sale is decided before its roll and cannot be undone; a bought
Palus or better gets random upgrades (re-rolled when one is already taken twice), a talent
rolled being the lanista's pick (`talent`) or else the first his gladiator may take.
"""

from __future__ import annotations

from collections.abc import Collection

from ..games.jugula.data import Catalog, load_catalog
from .data import Tables, load_tables
from .dice import Dice, Event, roll_event
from .sheet import CareerError, Gladiator, Sheet


def _sale_roll(sheet: Sheet, dice: Dice, what: str, tables: Tables) -> tuple[int, Event]:
    """1D6 plus the Nomenclator; 7 and more read the last column."""
    rolled, event = roll_event(dice, sheet.lanista, what, 1)
    bonus = tables.servitor("nomenclator").value("sale", sheet.servitors.get("nomenclator", 0))
    return min(rolled[0] + bonus, 7), event


def sell_gladiator(
    sheet: Sheet, name: str, dice: Dice, tables: Tables | None = None
) -> list[Event]:
    tables = tables or load_tables()
    gladiator = sheet.gladiator(name)
    roll, event = _sale_roll(sheet, dice, f"sale of {name}", tables)
    price = tables.ranks[sheet.rank(gladiator, tables)].sale[roll - 1]
    return [
        event,
        ("gladiator_removed", {"lanista": sheet.lanista, "name": name, "why": "sold"}),
        ("earned", {"lanista": sheet.lanista, "aurei": price, "why": f"sale of {name}"}),
    ]


def sell_servitor(sheet: Sheet, code: str, dice: Dice, tables: Tables | None = None) -> list[Event]:
    tables = tables or load_tables()
    _not_hired(sheet, code, "sold")
    stars = sheet.servitors.get(code, 0)
    if not stars:
        raise CareerError(f"{sheet.lanista} has no {code} to sell")
    roll, event = _sale_roll(sheet, dice, f"sale of the {code}", tables)
    price = tables.servitor_sale[stars - 1][roll - 1]
    return [
        event,
        ("servitor", {"lanista": sheet.lanista, "code": code, "stars": 0}),
        ("earned", {"lanista": sheet.lanista, "aurei": price, "why": f"sale of the {code}"}),
    ]


def buy_gladiator(
    sheet: Sheet,
    name: str,
    armatura: str,
    rank: str,
    dice: Dice,
    talent: str | None = None,
    tables: Tables | None = None,
    catalog: Catalog | None = None,
) -> list[Event]:
    """A gladiator of `rank` at the Lupa's price, with his rank's number of random upgrades."""
    tables = tables or load_tables()
    catalog = catalog or load_catalog()
    spec = tables.rank(rank)
    price = spec.purchase[sheet.servitors.get("lupa", 0)]
    if price > sheet.aurei:
        raise CareerError(
            f"{sheet.lanista} cannot pay {price} aurei for a {spec.name}: the treasury holds "
            f"{sheet.aurei}"
        )
    gladiator = Gladiator(name, armatura, experience=spec.experience)
    trial = Sheet.from_json(sheet.to_json())
    trial.add_gladiator(Gladiator(name, armatura), catalog, tables)  # the sheet's rules first
    if talent is not None and talent not in _talents_open(sheet, gladiator, catalog):
        open_ = ", ".join(_talents_open(sheet, gladiator, catalog)) or "none"
        raise CareerError(
            f"{name} could not take the talent {talent!r} if one is rolled: not of his class, "
            f"or someone in the ludus has it (open to him: {open_})"
        )
    events = random_upgrades(sheet, gladiator, spec.upgrades, dice, talent, tables, catalog)
    if price:
        events.insert(
            0, ("paid", {"lanista": sheet.lanista, "aurei": price, "why": f"buying {name}"})
        )
    events.append(("gladiator_added", {"lanista": sheet.lanista, "gladiator": gladiator.to_json()}))
    return events


def random_upgrades(
    sheet: Sheet,
    gladiator: Gladiator,
    count: int,
    dice: Dice,
    talent: str | None = None,
    tables: Tables | None = None,
    catalog: Catalog | None = None,
) -> list[Event]:
    """ "Gladiator and Servitor purchases": `count` upgrades rolled on upgrades.toml and given
    to `gladiator` (changed in place), re-rolled when one is already taken twice; a talent is
    `talent` or else the first one nobody in `sheet` has. Returns the roll events."""
    tables = tables or load_tables()
    catalog = catalog or load_catalog()
    events: list[Event] = []
    for k in range(count):
        while True:
            what = f"upgrade {k + 1} of {gladiator.name}"
            rolled, event = roll_event(dice, sheet.lanista, what, 1)
            events.append(event)
            kind = tables.upgrades.at(rolled[0])
            if kind == "talent":
                allowed = _talents_open(sheet, gladiator, catalog)
                pick = talent if talent in allowed else None
                pick = pick or next(iter(allowed), None)
                if pick is not None and len(gladiator.talents) < tables.experience.talents_max:
                    gladiator.talents.append(pick)
                    break
            elif gladiator.upgrades[kind] < tables.experience.upgrade_repeats:
                gladiator.upgrades[kind] += 1
                break
            if not tables.reroll_when_maxed:
                break
    return events


def _first_talent(sheet: Sheet, gladiator: Gladiator, catalog: Catalog) -> str | None:
    """The first talent of the gladiator's class nobody in the ludus has yet."""
    return next(iter(_talents_open(sheet, gladiator, catalog)), None)


def _talents_open(sheet: Sheet, gladiator: Gladiator, catalog: Catalog) -> list[str]:
    """The talents of the gladiator's class nobody in the ludus has yet, in the book's order."""
    armatura = catalog.armaturae[catalog.armatura_by_code[gladiator.armatura]]
    kind = "heavy" if armatura.heavy else "light"
    taken = {t for g in sheet.gladiators for t in g.talents} | set(gladiator.talents)
    return [
        code
        for code, spec in catalog.talents.items()
        if spec.kind in ("all", kind) and code not in taken
    ]


def buy_servitor(
    sheet: Sheet,
    code: str,
    changed: Collection[str] = (),
    tables: Tables | None = None,
) -> list[Event]:
    """A new servitor of one star, or one more star for one the ludus has; each servitor once
    per post-arena sequence (`changed`: bought or upgraded in this one), a new one not
    upgraded in the sequence he was bought."""
    tables = tables or load_tables()
    _not_hired(sheet, code, "upgraded")
    stars = sheet.servitors.get(code, 0)
    if code in changed:
        raise CareerError(f"the {code} was already bought or upgraded after this combat")
    if stars >= tables.ludus.servitor_max_stars:
        raise CareerError(f"the {code} already has {stars} stars")
    price = tables.servitor_new if stars == 0 else tables.servitor_upgrade[stars - 1]
    if price > sheet.aurei:
        raise CareerError(
            f"{sheet.lanista} cannot pay {price} aurei for the {code}: the treasury holds "
            f"{sheet.aurei}"
        )
    return [
        ("paid", {"lanista": sheet.lanista, "aurei": price, "why": f"the {code}"}),
        ("servitor", {"lanista": sheet.lanista, "code": code, "stars": stars + 1}),
    ]


def _not_hired(sheet: Sheet, code: str, what: str) -> None:
    """ "Hiring gladiators and servitors": a hired servitor is neither sold nor upgraded."""
    if code in sheet.hired:
        raise CareerError(f"the {code} is hired for this combat only: he cannot be {what}")
