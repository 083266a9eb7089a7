"""The ludus record sheet ("Ludus Record Sheet", "Ludus", "The Gladiators", "Appendix II").

A `Sheet` holds what a lanista writes down: Glory, aurei, gladiators (armatura, rank,
experience, upgrades, talents, wounded or convalescent), servitors and their stars, usury and
the Glory criteria already scored. Every change goes through a method that checks the rules of
the sheet first and raises `CareerError` saying what is wrong, leaving the sheet unchanged; the
campaign (a later layer) records each change as an event, so a sheet is the replay of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..games.jugula.data import Catalog, load_catalog
from .data import Tables, load_tables
from .errors import CareerError as CareerError

UPGRADES = ("mp", "att", "def")


@dataclass(slots=True)
class Gladiator:
    """One space of the sheet."""

    name: str
    armatura: str  # code, e.g. "murmillo"
    experience: int = 0
    upgrades: dict[str, int] = field(default_factory=lambda: dict.fromkeys(UPGRADES, 0))
    talents: list[str] = field(default_factory=list)
    wounded: bool = False
    convalescent: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "armatura": self.armatura,
            "experience": self.experience,
            "upgrades": dict(self.upgrades),
            "talents": list(self.talents),
            "wounded": self.wounded,
            "convalescent": self.convalescent,
        }

    def __deepcopy__(self, _memo: dict[int, Any]) -> Gladiator:
        """A copy sharing nothing mutable (`copy.deepcopy`'s generic walk is ten times slower,
        and sheets are copied for every event checked)."""
        return Gladiator(
            self.name,
            self.armatura,
            self.experience,
            dict(self.upgrades),
            list(self.talents),
            self.wounded,
            self.convalescent,
        )

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Gladiator:
        return cls(
            name=str(data["name"]),
            armatura=str(data["armatura"]),
            experience=int(data["experience"]),
            upgrades={k: int(data["upgrades"][k]) for k in UPGRADES},
            talents=[str(t) for t in data["talents"]],
            wounded=bool(data["wounded"]),
            convalescent=bool(data["convalescent"]),
        )


@dataclass(slots=True)
class Usury:
    """The usury space: one loan or one sum lent, never both ("Usury")."""

    kind: str  # "loan" or "lent"
    amount: int
    interest: int = 0  # aurei paid (loan) or received (lent) after each combat

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "amount": self.amount, "interest": self.interest}


@dataclass(slots=True)
class Sheet:
    """A ludus record sheet; build one with `new_sheet`, change it only through its methods."""

    lanista: str
    glory: int = 0
    aurei: int = 0
    gladiators: list[Gladiator] = field(default_factory=list)
    servitors: dict[str, int] = field(default_factory=dict)  # code -> stars 1-3
    hired: list[str] = field(default_factory=list)  # servitors (in `servitors`) hired, not owned
    usury: Usury | None = None
    criteria: list[str] = field(default_factory=list)  # Glory criteria scored, in order

    def __deepcopy__(self, memo: dict[int, Any]) -> Sheet:
        """A copy sharing nothing mutable, made field by field (see `Gladiator.__deepcopy__`)."""
        usury = self.usury
        return Sheet(
            self.lanista,
            self.glory,
            self.aurei,
            [g.__deepcopy__(memo) for g in self.gladiators],
            dict(self.servitors),
            list(self.hired),
            None if usury is None else Usury(usury.kind, usury.amount, usury.interest),
            list(self.criteria),
        )

    # --- reading the sheet ---------------------------------------------------------------

    def gladiator(self, name: str) -> Gladiator:
        for gladiator in self.gladiators:
            if gladiator.name == name:
                return gladiator
        known = ", ".join(g.name for g in self.gladiators) or "none"
        raise CareerError(f"{self.lanista}'s ludus has no gladiator {name!r} (gladiators: {known})")

    def rank(self, gladiator: Gladiator, tables: Tables | None = None) -> int:
        """Stars (0 Tiro ... 3 Primus Palus) from the experience thresholds of ranks.toml."""
        ranks = (tables or load_tables()).ranks
        return max(r.stars for r in ranks if gladiator.experience >= r.experience)

    def popularity(self, tables: Tables | None = None) -> int:
        """The sum of the gladiators' rank helmets, at most 10 ("Ludus Record Sheet")."""
        tables = tables or load_tables()
        total = sum(tables.ranks[self.rank(g, tables)].popularity for g in self.gladiators)
        return min(total, tables.ludus.popularity_max)

    def owned_servitors(self) -> dict[str, int]:
        """The servitors of the ludus, without those hired for one combat."""
        return {c: s for c, s in self.servitors.items() if c not in self.hired}

    # --- changing it ---------------------------------------------------------------------

    def add_gladiator(
        self,
        gladiator: Gladiator,
        catalog: Catalog | None = None,
        tables: Tables | None = None,
        counted: bool = True,
    ) -> None:
        """A new gladiator (hired for good, bought, or at the start): at most six, each of a
        different armatura, with at most two of each upgrade and two talents of his class, no
        talent another gladiator of the ludus has. `counted=False` (a hired gladiator, checked
        only) skips the limit of six."""
        catalog = catalog or load_catalog()
        tables = tables or load_tables()
        if counted and len(self.gladiators) >= tables.ludus.max_gladiators:
            raise CareerError(
                f"{self.lanista}'s ludus already has {tables.ludus.max_gladiators} gladiators"
            )
        if any(g.name == gladiator.name for g in self.gladiators):
            raise CareerError(f"{self.lanista}'s ludus already has a gladiator {gladiator.name!r}")
        if gladiator.armatura not in catalog.armatura_by_code:
            known = ", ".join(catalog.armatura_by_code)
            raise CareerError(f"unknown armatura {gladiator.armatura!r}; known: {known}")
        owner = next((g for g in self.gladiators if g.armatura == gladiator.armatura), None)
        if owner is not None:
            raise CareerError(
                f"{self.lanista}'s ludus already has a {gladiator.armatura} ({owner.name}); "
                "each armatura at most once in a ludus"
            )
        for kind, count in gladiator.upgrades.items():
            self._check_upgrade_count(gladiator, kind, count, tables)
        for talent in gladiator.talents:
            self._check_talent(gladiator, talent, catalog, tables, others=self.gladiators)
        if len(set(gladiator.talents)) != len(gladiator.talents):
            raise CareerError(f"{gladiator.name} has a talent twice")
        self.gladiators.append(gladiator)

    def remove_gladiator(self, name: str) -> Gladiator:
        """Sold, dead, liberated or gone unpaid: off the sheet."""
        gladiator = self.gladiator(name)
        self.gladiators.remove(gladiator)
        return gladiator

    def add_upgrade(
        self, name: str, upgrade: str, catalog: Catalog | None = None, tables: Tables | None = None
    ) -> None:
        """+1 MP, ATT or DEF (at most twice each), or a talent (at most two, of the gladiator's
        class, none another gladiator of the ludus has) ("Gladiator's experience...")."""
        catalog = catalog or load_catalog()
        tables = tables or load_tables()
        gladiator = self.gladiator(name)
        if upgrade in UPGRADES:
            self._check_upgrade_count(gladiator, upgrade, gladiator.upgrades[upgrade] + 1, tables)
            gladiator.upgrades[upgrade] += 1
            return
        others = [g for g in self.gladiators if g is not gladiator]
        self._check_talent(gladiator, upgrade, catalog, tables, others)
        if upgrade in gladiator.talents:
            raise CareerError(f"{name} already has {upgrade}")
        if len(gladiator.talents) >= tables.experience.talents_max:
            raise CareerError(f"{name} already has {tables.experience.talents_max} talents")
        gladiator.talents.append(upgrade)

    def gain_experience(self, name: str, points: int, tables: Tables | None = None) -> int:
        """Add experience; returns how many ranks the gladiator rose (each brings an upgrade)."""
        if points < 0:
            raise CareerError("experience is never lost")
        gladiator = self.gladiator(name)
        before = self.rank(gladiator, tables)
        gladiator.experience += points
        return self.rank(gladiator, tables) - before

    def set_condition(self, name: str, wounded: bool, convalescent: bool) -> None:
        """The wounded / convalescent boxes of a gladiator's space ("Wounds treatment")."""
        gladiator = self.gladiator(name)
        gladiator.wounded, gladiator.convalescent = wounded, convalescent

    def pay(self, aurei: int, why: str) -> None:
        """Spend aurei; never below zero (a shortfall is the campaign's to settle)."""
        if aurei < 0:
            raise CareerError("a payment is never negative")
        if aurei > self.aurei:
            raise CareerError(
                f"{self.lanista} cannot pay {aurei} aurei for {why}: the treasury holds "
                f"{self.aurei}"
            )
        self.aurei -= aurei

    def earn(self, aurei: int) -> None:
        if aurei < 0:
            raise CareerError("an income is never negative")
        self.aurei += aurei

    def set_servitor(self, code: str, stars: int, tables: Tables | None = None) -> None:
        """A servitor of the ludus acquired, upgraded or set to `stars` (0: sold or lost). The
        Glory he gives on reaching a rank ("Nomenclator": 1, then 2, then 3) follows his stars:
        all of it is lost with him; the track never falls below 0."""
        tables = tables or load_tables()
        self._check_servitor(code, stars, tables)
        if code in self.hired:
            raise CareerError(
                f"the {code} is hired for this combat only: he cannot be upgraded, sold or given "
                "stars"
            )
        servitor = tables.servitor(code)
        gained = servitor.total("glory", stars) - servitor.total(
            "glory", self.servitors.get(code, 0)
        )
        self.glory = max(0, self.glory + gained)
        if stars == 0:
            self.servitors.pop(code, None)
        else:
            self.servitors[code] = stars

    def hire_servitor(self, code: str, stars: int, tables: Tables | None = None) -> None:
        """ "Hiring gladiators and servitors": a servitor of `stars` for one combat, one the
        ludus does not have at any rank; he gives no Glory (he is not acquired)."""
        tables = tables or load_tables()
        self._check_servitor(code, stars, tables)
        if stars == 0:
            raise CareerError(f"a hired servitor has 1 to {tables.ludus.servitor_max_stars} stars")
        if code in self.servitors:
            how = "hired" if code in self.hired else "in the ludus"
            raise CareerError(
                f"{self.lanista} already has a {code} ({how}, {self.servitors[code]} stars): "
                "a servitor the ludus has cannot be hired, even of a higher rank"
            )
        self.servitors[code] = stars
        self.hired.append(code)

    def release_servitor(self, code: str) -> None:
        """A hired servitor leaves after the post-arena sequence."""
        if code not in self.hired:
            raise CareerError(f"{self.lanista} has no hired {code} to release")
        self.hired.remove(code)
        del self.servitors[code]

    def take_usury(self, kind: str, amount: int, interest: int = 0) -> None:
        """Borrow ("loan") or lend ("lent"): one or the other, never both ("Usury" sidebar);
        `interest` is what each combat then costs or brings."""
        if kind not in ("loan", "lent"):
            raise CareerError(f"usury is a 'loan' or a sum 'lent', not {kind!r}")
        if amount <= 0:
            raise CareerError("a loan or a sum lent is positive")
        if self.usury is not None:
            what = "a loan running" if self.usury.kind == "loan" else "money lent"
            raise CareerError(
                f"{self.lanista} already has {what} ({self.usury.amount} aurei); settle it first"
            )
        if kind == "lent":
            self.pay(amount, "the sum lent")
        else:
            self.earn(amount)
        if interest < 0:
            raise CareerError("an interest is never negative")
        self.usury = Usury(kind, amount, interest)

    def settle_usury(self) -> None:
        """The loan repaid, or the sum lent paid back."""
        if self.usury is None:
            raise CareerError(f"{self.lanista} has no loan and no money lent")
        if self.usury.kind == "loan":
            self.pay(self.usury.amount, "repaying the loan")
        else:
            self.earn(self.usury.amount)
        self.usury = None

    def gain_glory(self, amount: int) -> None:
        """Glory from outside the criteria (Liberatio)."""
        if amount < 0:
            raise CareerError("Glory is never lost")
        self.glory += amount

    def score_criterion(self, code: str, tables: Tables | None = None) -> int:
        """A Glory criterion, once per career; returns the Glory gained."""
        tables = tables or load_tables()
        criterion = next((c for c in tables.glory if c.code == code), None)
        if criterion is None:
            raise CareerError(f"unknown Glory criterion {code!r}")
        if code in self.criteria:
            raise CareerError(f"{self.lanista} has already scored {code!r}: once per career")
        self.criteria.append(code)
        self.glory += criterion.glory
        return criterion.glory

    # --- checks -------------------------------------------------------------------------

    @staticmethod
    def _check_servitor(code: str, stars: int, tables: Tables) -> None:
        if code not in {s.code for s in tables.servitors}:
            known = ", ".join(s.code for s in tables.servitors)
            raise CareerError(f"unknown servitor {code!r}; known: {known}")
        if not 0 <= stars <= tables.ludus.servitor_max_stars:
            raise CareerError(f"a servitor has 1 to {tables.ludus.servitor_max_stars} stars")

    @staticmethod
    def _check_upgrade_count(gladiator: Gladiator, kind: str, count: int, tables: Tables) -> None:
        if kind not in UPGRADES:
            raise CareerError(f"unknown upgrade {kind!r}: mp, att, def or a talent")
        if not 0 <= count <= tables.experience.upgrade_repeats:
            raise CareerError(
                f"{gladiator.name} may take +{kind} at most "
                f"{tables.experience.upgrade_repeats} times"
            )

    @staticmethod
    def _check_talent(
        gladiator: Gladiator,
        talent: str,
        catalog: Catalog,
        tables: Tables,
        others: list[Gladiator],
    ) -> None:
        spec = catalog.talents.get(talent)
        if spec is None:
            raise CareerError(f"unknown talent {talent!r}; known: {', '.join(catalog.talents)}")
        armatura = catalog.armaturae[catalog.armatura_by_code[gladiator.armatura]]
        kind = "heavy" if armatura.heavy else "light"
        if spec.kind not in ("all", kind):
            raise CareerError(f"{spec.name} is a {spec.kind} talent; {armatura.name} is {kind}")
        holder = next((g for g in others if talent in g.talents), None)
        if holder is not None:
            raise CareerError(f"{holder.name} already has {spec.name}: no talent twice in a ludus")
        if len(gladiator.talents) > tables.experience.talents_max:
            raise CareerError(f"{gladiator.name} may have at most two talents")

    # --- storage ------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "lanista": self.lanista,
            "glory": self.glory,
            "aurei": self.aurei,
            "gladiators": [g.to_json() for g in self.gladiators],
            "servitors": dict(self.servitors),
            "hired": list(self.hired),
            "usury": None if self.usury is None else self.usury.to_json(),
            "criteria": list(self.criteria),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Sheet:
        usury = data["usury"]
        return cls(
            lanista=str(data["lanista"]),
            glory=int(data["glory"]),
            aurei=int(data["aurei"]),
            gladiators=[Gladiator.from_json(g) for g in data["gladiators"]],
            servitors={str(k): int(v) for k, v in data["servitors"].items()},
            hired=[str(c) for c in data.get("hired", [])],
            usury=None
            if usury is None
            else Usury(str(usury["kind"]), int(usury["amount"]), int(usury.get("interest", 0))),
            criteria=[str(c) for c in data["criteria"]],
        )


def new_sheet(
    lanista: str,
    gladiators: list[tuple[str, str]],
    servitor: str,
    tables: Tables | None = None,
    catalog: Catalog | None = None,
    aurei: int | None = None,
) -> Sheet:
    """ "Ludus": four Tiro of different armaturae (name, armatura), 50 aurei (or `aurei`, a
    tournament's start, Appendix III) and one servitor of rank 1; CareerError if the request
    breaks a rule."""
    tables = tables or load_tables()
    catalog = catalog or load_catalog()
    start = tables.start
    if not lanista.strip():
        raise CareerError("a lanista needs a name")
    if len(gladiators) != start.gladiators:
        raise CareerError(
            f"a new ludus starts with {start.gladiators} gladiators, {len(gladiators)} given"
        )
    if aurei is not None and aurei < 0:
        raise CareerError(f"a ludus cannot start with {aurei} aurei")
    sheet = Sheet(lanista=lanista.strip(), aurei=start.aurei if aurei is None else aurei)
    for name, armatura in gladiators:
        sheet.add_gladiator(Gladiator(name, armatura), catalog, tables)
    sheet.set_servitor(servitor, start.servitor_stars, tables)
    return sheet
