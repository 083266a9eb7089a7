"""The lanista's choices in a campaign, made by rules of thumb so whole campaigns can run
unattended (balance studies: `colosseum career simulate`).

A `Manager` answers each question the post-arena sequence asks; `Thrifty` keeps a reserve,
fills the familia with free Tiro, buys a Palus and servitors when rich, and upgrades attack
first. It reads only the lanista's own sheet.
"""

from __future__ import annotations

import random
from typing import Protocol

from ..games.jugula.data import load_catalog
from .data import Tables
from .sheet import Gladiator, Sheet

SERVITOR_WISHES = ("medicus", "unctor", "doctor", "procurator", "editor", "munerarius")


class Manager(Protocol):
    def exemptions(self, sheet: Sheet, tables: Tables) -> list[str]: ...

    def pupils(self, sheet: Sheet, tables: Tables) -> list[str]: ...

    def upgrade(self, sheet: Sheet, name: str, tables: Tables) -> str | None: ...

    def purchases(self, sheet: Sheet, tables: Tables) -> list[tuple[str, str, str]]: ...

    def servitors(self, sheet: Sheet, tables: Tables) -> list[str]: ...

    def liberatio_stars(self, sheet: Sheet, stars: int) -> list[str]: ...


class Thrifty:
    """A careful lanista: a reserve of `reserve` aurei before any purchase."""

    def __init__(self, seed: int, reserve: int = 300) -> None:
        self.rng = random.Random(seed)
        self.reserve = reserve

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

    def purchases(self, sheet: Sheet, tables: Tables) -> list[tuple[str, str, str]]:
        """Free Tiro until four can fight; a Palus when rich and there is room."""
        catalog = load_catalog()
        owned = {g.armatura for g in sheet.gladiators}
        free = [a.code for a in catalog.armaturae if a.code not in owned]
        self.rng.shuffle(free)
        ready = sum(1 for g in sheet.gladiators if not g.convalescent)
        room = tables.ludus.max_gladiators - len(sheet.gladiators)
        wanted: list[tuple[str, str, str]] = []
        while free and room and ready < tables.ludus.deployed:
            armatura = free.pop()
            wanted.append((f"{armatura.capitalize()} of {sheet.lanista}", armatura, "tiro"))
            room -= 1
            ready += 1
        palus = tables.rank("palus").purchase[sheet.servitors.get("lupa", 0)]
        if free and room and sheet.aurei >= palus + self.reserve:
            armatura = free.pop()
            wanted.append((f"{armatura.capitalize()} of {sheet.lanista}", armatura, "palus"))
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

    def liberatio_stars(self, sheet: Sheet, stars: int) -> list[str]:
        return [SERVITOR_WISHES[k % len(SERVITOR_WISHES)] for k in range(stars)]
