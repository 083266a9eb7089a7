"""What a combat does to a ludus: the Fatum of each fallen gladiator, then post-arena steps 3-5
("Fatum", "Wounds treatment", "Gladiator maintenance", "Gladiator's experience and rank
updates").

Each function reads a sheet (never changes it), rolls what the rules roll with the given
`Dice`, and returns the campaign events that record the rolls and their effects, in order; the
campaign then records them (`Campaign.record`), so the sheet is always their replay. Choices
the rules leave to the lanista (the Procurator's exemptions, the Doctor's pupils) are
arguments.
"""

from __future__ import annotations

from collections.abc import Sequence

from .arena import ArenaResult
from .data import Tables, load_tables
from .dice import Dice, Event, roll_event
from .sheet import CareerError, Sheet


def fatum(
    sheets: dict[str, Sheet], result: ArenaResult, dice: Dice, tables: Tables | None = None
) -> tuple[list[Event], list[tuple[str, str]]]:
    """Every fallen gladiator's Fatum: 2D6 + his rank's bonus + his lanista's Editor − the
    Editor of the lanista whose blow felled him; 2-4 kills him. The footnote of both Editor
    rows: neither applies to a fall by the gladiator's own hand (`by` None, as after Ardor
    Oris). A blow by a ludus without a sheet (the virtual ludus) brings no Editor against him.
    Returns (events, the (lanista, gladiator) spared)."""
    tables = tables or load_tables()
    editor = tables.servitor("editor")
    events: list[Event] = []
    spared = []
    for lanista, name, by in result.bitten:
        sheet = sheets[lanista]
        gladiator = next((g for g in sheet.gladiators if g.name == name), None)
        if gladiator is None:  # a hired gladiator: he leaves after the combat anyway
            continue
        rolled, event = roll_event(dice, lanista, f"fatum of {name}", 2)
        events.append(event)
        total = sum(rolled) + tables.ranks[sheet.rank(gladiator, tables)].fatum
        if by is not None:
            total += editor.value("fatum", sheet.servitors.get("editor", 0))
            if by in sheets:
                total -= editor.value("fatum", sheets[by].servitors.get("editor", 0))
        if tables.fatum.at(total) == "jugula":
            events.append(
                ("gladiator_removed", {"lanista": lanista, "name": name, "why": "jugula"})
            )
        else:
            spared.append((lanista, name))
    return events, spared


def liberatio(
    sheet: Sheet,
    result: ArenaResult,
    arena: str,
    servitor_stars: Sequence[str],
    dice: Dice,
    tables: Tables | None = None,
) -> list[Event]:
    """Step 1 ("Liberatio!"), after a combat in the Coliseum only: each deployed Primus Palus
    who did not bite the dust rolls 2D6 (+2 if wounded); 10 or more frees him: off the sheet,
    3 Glory, and three servitor stars (`servitor_stars`: the servitor each star goes to; a
    Nomenclator's stars bring their Glory through the "servitor" event). A hired servitor
    takes no star."""
    tables = tables or load_tables()
    rules = tables.liberatio
    if arena != "coliseum":
        return []
    hired = sorted(set(servitor_stars) & set(sheet.hired))
    if hired:
        raise CareerError(
            f"the {', '.join(hired)} is hired for this combat only: Liberatio's stars go to the "
            "ludus's own servitors or to new ones"
        )
    fallen = {name for owner, name, _ in result.bitten if owner == sheet.lanista}
    servitors = dict(sheet.servitors)
    events: list[Event] = []
    for name in result.deployed.get(sheet.lanista, ()):
        gladiator = next((g for g in sheet.gladiators if g.name == name), None)
        if gladiator is None or name in fallen or sheet.rank(gladiator, tables) < 3:
            continue
        rolled, event = roll_event(dice, sheet.lanista, f"liberatio of {name}", rules.dice)
        events.append(event)
        hurt = (sheet.lanista, name) in result.wounded
        if sum(rolled) + (rules.wounded_bonus if hurt else 0) < rules.target:
            continue
        lanista = sheet.lanista
        events.append(("gladiator_removed", {"lanista": lanista, "name": name, "why": "liberated"}))
        events.append(
            ("glory", {"lanista": lanista, "amount": rules.glory, "why": f"{name} freed"})
        )
        for code in servitor_stars[: rules.servitor_stars]:
            if servitors.get(code, 0) < tables.ludus.servitor_max_stars:
                servitors[code] = servitors.get(code, 0) + 1
                events.append(
                    ("servitor", {"lanista": lanista, "code": code, "stars": servitors[code]})
                )
    return events


def wounds_treatment(
    sheet: Sheet,
    wounded: Sequence[str],
    bitten: Sequence[str],
    dice: Dice,
    tables: Tables | None = None,
) -> list[Event]:
    """Step 3: each wounded or fallen (and spared) gladiator rolls 2D6 + the Medicus; a
    Vigorous one is Ready without rolling. Dead, convalescent, wounded or ready."""
    tables = tables or load_tables()
    medicus = tables.servitor("medicus").value("wounds", sheet.servitors.get("medicus", 0))
    events: list[Event] = []
    for name, fell in [*((n, False) for n in wounded), *((n, True) for n in bitten)]:
        gladiator = sheet.gladiator(name)
        if "vigorous" in gladiator.talents:
            outcome = "ready"
        else:
            rolled, event = roll_event(dice, sheet.lanista, f"wounds of {name}", 2)
            events.append(event)
            outcome = tables.wounds.at(sum(rolled) + medicus)[0 if fell else 1]
        if outcome == "dead":
            events.append(
                ("gladiator_removed", {"lanista": sheet.lanista, "name": name, "why": "died"})
            )
        else:
            events.append(
                (
                    "condition",
                    {
                        "lanista": sheet.lanista,
                        "name": name,
                        "wounded": outcome == "wounded",
                        "convalescent": outcome == "convalescent",
                    },
                )
            )
    return events


def maintenance(
    sheet: Sheet,
    exempt: Sequence[str],
    dice: Dice,
    tables: Tables | None = None,
) -> list[Event]:
    """Step 4: each gladiator costs his rank's upkeep, rolled; the Procurator's exemptions are
    chosen before rolling; a Cute gladiator's upkeep is earned instead; gladiators the
    treasury cannot pay leave the ludus, in the sheet's order."""
    tables = tables or load_tables()
    free = tables.servitor("procurator").value(
        "free_maintenance", sheet.servitors.get("procurator", 0)
    )
    if len(exempt) > free:
        raise CareerError(f"{sheet.lanista}'s Procurator exempts at most {free} gladiators")
    for name in exempt:
        sheet.gladiator(name)
    events: list[Event] = []
    aurei = sheet.aurei
    for gladiator in sheet.gladiators:
        if gladiator.name in exempt:
            continue
        count, per_pip, plus = tables.ranks[sheet.rank(gladiator, tables)].maintenance
        rolled: list[int] = []
        if count:
            rolled, event = roll_event(dice, sheet.lanista, f"upkeep of {gladiator.name}", count)
            events.append(event)
        cost = sum(rolled) * per_pip + plus
        if "cute" in gladiator.talents:
            events.append(
                (
                    "earned",
                    {"lanista": sheet.lanista, "aurei": cost, "why": f"{gladiator.name} (Cute)"},
                )
            )
            aurei += cost
        elif cost <= aurei:
            events.append(
                (
                    "paid",
                    {"lanista": sheet.lanista, "aurei": cost, "why": f"upkeep of {gladiator.name}"},
                )
            )
            aurei -= cost
        else:
            events.append(
                (
                    "gladiator_removed",
                    {"lanista": sheet.lanista, "name": gladiator.name, "why": "unpaid"},
                )
            )
    return events


def experience(
    sheet: Sheet,
    result: ArenaResult,
    rivals: Sequence[Sheet],
    trained: Sequence[str],
    tables: Tables | None = None,
) -> list[Event]:
    """Step 5 (the points; the rank-ups' upgrades are the lanista's choices, recorded as
    `upgrade` events): +1 each, +1 deployed, +1 fallen, +1 against a ludus 4+ Popularity
    higher, +1 trained by the Doctor (his rank's number of pupils, each once), +1 Smart."""
    tables = tables or load_tables()
    gains = tables.experience
    pupils = tables.servitor("doctor").value("trained", sheet.servitors.get("doctor", 0))
    if len(trained) > pupils or len(set(trained)) != len(trained):
        raise CareerError(f"{sheet.lanista}'s Doctor trains at most {pupils} different gladiators")
    for name in trained:
        sheet.gladiator(name)
    deployed = set(result.deployed.get(sheet.lanista, ()))
    fallen = {name for lanista, name, _ in result.bitten if lanista == sheet.lanista}
    popularity = sheet.popularity(tables)
    underdog = any(r.popularity(tables) - popularity >= gains.underdog_margin for r in rivals)
    events: list[Event] = []
    for gladiator in sheet.gladiators:
        points = gains.per_combat
        if gladiator.name in deployed:
            points += gains.deployed + (gains.underdog if underdog else 0)
        if gladiator.name in fallen:
            points += gains.bitten
        if gladiator.name in trained:
            points += gains.trained
        if "smart" in gladiator.talents and gladiator.name in deployed:
            points += 1
        events.append(
            ("experience", {"lanista": sheet.lanista, "name": gladiator.name, "points": points})
        )
    return events
