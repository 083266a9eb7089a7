"""The lanista's choices in a campaign, made by rules of thumb so whole campaigns can run
unattended (balance studies: `colosseum career simulate`).

A `Manager` answers each question the pre- and post-arena sequences ask; `Thrifty` keeps a
reserve, hires Tiro when fewer than four can fight, fills the ludus with free Tiro, sells a
Tiro to make room for a Palus when rich, buys servitors, lends its surplus, borrows when broke
and repays as soon as it can, and upgrades attack first. It reads only the lanista's own sheet.
"""

from __future__ import annotations

import random
from typing import Protocol

from ..games.jugula.data import load_catalog
from .data import Tables
from .sheet import CareerError, Gladiator, Sheet

SERVITOR_WISHES = ("medicus", "unctor", "doctor", "procurator", "editor", "munerarius")

# A gladiator hired for one combat: (name, armatura, rank code, upgrades of the lanista's choice).
Hire = tuple[str, str, str, list[str]]
# A gladiator bought (step 7): (name, armatura, rank code, the talent taken if one is rolled;
# None: the first his class allows that nobody in the ludus has).
Purchase = tuple[str, str, str, str | None]
# A step-8 decision: ("borrow" | "lend", aurei) or ("repay", the loan's amount: always all).
UsuryChoice = tuple[str, int]


class Manager(Protocol):
    def refused(self, what: str, error: CareerError) -> None:
        """A choice the rules refused (it changed nothing; the sequence goes on)."""
        ...

    def hires(self, sheet: Sheet, tables: Tables) -> list[Hire]: ...

    def servitor_hires(self, sheet: Sheet, tables: Tables) -> list[tuple[str, int]]:
        """Servitors hired for this combat: (code, stars)."""
        ...

    def familia(self, sheet: Sheet, hired: list[Gladiator], tables: Tables) -> list[str] | None:
        """The four names sent to the arena; None: the hired, then the highest ranks."""
        ...

    def prima(self, sheet: Sheet, stars: int, tables: Tables) -> list[str] | None:
        """The Prima Jugula cards the Sacerdos adds (at most `stars`); None: the costliest."""
        ...

    def exemptions(self, sheet: Sheet, tables: Tables) -> list[str]: ...

    def pupils(self, sheet: Sheet, tables: Tables) -> list[str]: ...

    def upgrade(self, sheet: Sheet, name: str, tables: Tables) -> str | None: ...

    def purchases(self, sheet: Sheet, tables: Tables) -> list[Purchase]: ...

    def servitors(self, sheet: Sheet, tables: Tables) -> list[str]: ...

    def sales(self, sheet: Sheet, tables: Tables) -> list[str]: ...

    def usury(self, sheet: Sheet, tables: Tables) -> UsuryChoice | None: ...

    def liberatio_stars(self, sheet: Sheet, stars: int) -> list[str]: ...


class Thrifty:
    """A careful lanista: a reserve of `reserve` aurei before any purchase."""

    def __init__(self, seed: int, reserve: int = 300) -> None:
        self.rng = random.Random(seed)
        self.reserve = reserve

    def refused(self, what: str, error: CareerError) -> None:
        """Its wishes are only wishes: a refused one is simply not carried out."""

    def hires(self, sheet: Sheet, tables: Tables) -> list[Hire]:
        """Tiro for the places the ludus cannot fill itself (never spending the reserve on
        more); a Palus with an attack upgrade when the treasury holds two reserves beyond his
        price."""
        ready = sum(1 for g in sheet.gladiators if not g.convalescent)
        free = self._free_armaturae(sheet)
        money = sheet.aurei
        wanted: list[Hire] = []
        tiro, palus = tables.rank("tiro"), tables.rank("palus")
        while free and ready < tables.ludus.deployed and money >= tiro.hire:
            armatura = free.pop()
            wanted.append((f"hired {armatura}", armatura, "tiro", []))
            money -= tiro.hire
            ready += 1
        if free and money >= palus.hire + 2 * self.reserve:
            armatura = free.pop()
            wanted.append((f"hired {armatura}", armatura, "palus", ["att"] * palus.upgrades))
        return wanted

    def servitor_hires(self, sheet: Sheet, tables: Tables) -> list[tuple[str, int]]:
        """A one-star Medicus for the combat when the ludus has none and three reserves."""
        if "medicus" in sheet.servitors or sheet.aurei < tables.servitor_hire[0] + 3 * self.reserve:
            return []
        return [("medicus", 1)]

    def familia(self, sheet: Sheet, hired: list[Gladiator], tables: Tables) -> list[str] | None:
        return None

    def prima(self, sheet: Sheet, stars: int, tables: Tables) -> list[str] | None:
        return None

    def exemptions(self, sheet: Sheet, tables: Tables) -> list[str]:
        """The Procurator spares the costliest gladiators (highest ranks)."""
        free = tables.servitor("procurator").value(
            "free_maintenance", sheet.servitors.get("procurator", 0)
        )
        ranked = sorted(sheet.gladiators, key=lambda g: -sheet.rank(g, tables))
        return [g.name for g in ranked[:free]]

    def pupils(self, sheet: Sheet, tables: Tables) -> list[str]:
        """The Doctor trains those closest to their next rank."""
        count = tables.servitor("doctor").value("trained", sheet.servitors.get("doctor", 0))

        def missing(g: Gladiator) -> int:
            above = [r.experience for r in tables.ranks if r.experience > g.experience]
            return min(above) - g.experience if above else 10**6

        return [g.name for g in sorted(sheet.gladiators, key=missing)[:count]]

    def upgrade(self, sheet: Sheet, name: str, tables: Tables) -> str | None:
        """ATT, then DEF, then MP, then a talent nobody in the ludus has."""
        gladiator = sheet.gladiator(name)
        for kind in ("att", "def", "mp"):
            if gladiator.upgrades[kind] < tables.experience.upgrade_repeats:
                return kind
        if len(gladiator.talents) >= tables.experience.talents_max:
            return None
        catalog = load_catalog()
        armatura = catalog.armaturae[catalog.armatura_by_code[gladiator.armatura]]
        kind = "heavy" if armatura.heavy else "light"
        taken = {t for g in sheet.gladiators for t in g.talents}
        for code, spec in catalog.talents.items():
            if spec.kind in ("all", kind) and code not in taken and spec.arena:
                return code
        return None

    def purchases(self, sheet: Sheet, tables: Tables) -> list[Purchase]:
        """Free Tiro until four can fight; a Palus when rich and there is room."""
        free = self._free_armaturae(sheet)
        ready = sum(1 for g in sheet.gladiators if not g.convalescent)
        room = tables.ludus.max_gladiators - len(sheet.gladiators)
        wanted: list[Purchase] = []
        while free and room and ready < tables.ludus.deployed:
            armatura = free.pop()
            wanted.append((f"{armatura.capitalize()} of {sheet.lanista}", armatura, "tiro", None))
            room -= 1
            ready += 1
        palus = tables.rank("palus").purchase[sheet.servitors.get("lupa", 0)]
        if free and room and sheet.aurei >= palus + self.reserve:
            armatura = free.pop()
            wanted.append((f"{armatura.capitalize()} of {sheet.lanista}", armatura, "palus", None))
        return wanted

    def servitors(self, sheet: Sheet, tables: Tables) -> list[str]:
        """One new or better servitor when the treasury allows it."""
        for code in SERVITOR_WISHES:
            stars = sheet.servitors.get(code, 0)
            if stars >= tables.ludus.servitor_max_stars:
                continue
            price = tables.servitor_new if stars == 0 else tables.servitor_upgrade[stars - 1]
            if sheet.aurei >= price + self.reserve:
                return [code]
        return []

    def sales(self, sheet: Sheet, tables: Tables) -> list[str]:
        """A full ludus sells its least experienced Tiro when a Palus is affordable."""
        palus = tables.rank("palus").purchase[sheet.servitors.get("lupa", 0)]
        if len(sheet.gladiators) < tables.ludus.max_gladiators:
            return []
        if sheet.aurei < palus + self.reserve:
            return []
        tiros = [g for g in sheet.gladiators if sheet.rank(g, tables) == 0]
        if not tiros:
            return []
        return [min(tiros, key=lambda g: (g.experience, g.name)).name]

    def usury(self, sheet: Sheet, tables: Tables) -> UsuryChoice | None:
        """Repay a loan as soon as the reserve survives it; lend the largest chart sum that
        leaves two reserves; borrow the smallest sum when the treasury is nearly empty."""
        if sheet.usury is not None:
            if sheet.usury.kind == "loan" and sheet.aurei >= sheet.usury.amount + self.reserve:
                return ("repay", sheet.usury.amount)
            return None
        surplus = sheet.aurei - 2 * self.reserve
        lendable = [a for a in tables.lent.amounts if a <= surplus]
        if lendable:
            return ("lend", max(lendable))
        smallest = min(tables.loan.amounts)
        if (
            sheet.aurei < self.reserve // 3
            and tables.max_loan[sheet.popularity(tables)] >= smallest
        ):
            return ("borrow", smallest)
        return None

    def _free_armaturae(self, sheet: Sheet) -> list[str]:
        """The armaturae the ludus has none of, in a random order."""
        owned = {g.armatura for g in sheet.gladiators}
        free = [a.code for a in load_catalog().armaturae if a.code not in owned]
        self.rng.shuffle(free)
        return free

    def liberatio_stars(self, sheet: Sheet, stars: int) -> list[str]:
        return [SERVITOR_WISHES[k % len(SERVITOR_WISHES)] for k in range(stars)]
