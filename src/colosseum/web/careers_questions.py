"""The questions a combat asks a lanista on his page: each the form it shows (generic fields
the page draws: names to tick, rows to fill, a choice, dice) and the check of an answer, the
same checks as the terminal's (`cli/career_fight.py`): an answer that is not of the form, or
names what is not offered, is refused here (`BadAnswer`) before the sequence sees it; what the
rules refuse is for the sequence to say (`careers/postarena.py`).

An answer is a JSON object, one key per field: `names` fields a list of the offered values,
`rows` fields a list of objects (one key per column), `select` fields one value ("" for
none), `number` fields a whole number or null, `dice` fields a list of 1-6.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..careers.arena import prima_deck
from ..careers.data import Tables
from ..careers.manager import Hire, Purchase, UsuryChoice
from ..careers.sheet import UPGRADES, CareerError, Gladiator, Sheet
from ..games.jugula.data import load_catalog
from .careers_errors import BadAnswer

NAME_LENGTH = 100  # characters of a gladiator's name typed on a page
ROWS = 12  # rows of a list answer (hires, purchases...)
SELF = "self"  # "by whose blow": his own hand

Parse = Callable[[dict[str, Any]], Any]


@dataclass(slots=True)
class Form:
    """A question before it is asked: its kind, words, fields, and the check of an answer
    (which turns it into what the Manager method returns)."""

    kind: str
    text: str
    fields: list[dict[str, Any]]
    parse: Parse


@dataclass(slots=True)
class Question:
    """A question asked of one lanista, waiting for his answer."""

    id: str
    lanista: str
    step: str
    form: Form
    notes: list[str]  # why his previous answers were refused
    sheet: dict[str, Any] | None  # his sheet when asked (the answer's effect is compared)
    answered: bool = False
    value: Any = None

    def public(self) -> dict[str, Any]:
        """The question as its lanista's page shows it."""
        return {
            "id": self.id,
            "kind": self.form.kind,
            "step": self.step,
            "text": self.form.text,
            "fields": self.form.fields,
            "notes": list(self.notes),
        }


@dataclass(slots=True)
class _Reader:
    """Reads an answer's keys, refusing unknown ones."""

    answer: dict[str, Any]
    seen: set[str] = field(default_factory=set)

    def get(self, key: str) -> Any:
        self.seen.add(key)
        return self.answer.get(key)

    def done(self) -> None:
        extra = sorted(set(self.answer) - self.seen)
        if extra:
            raise BadAnswer(f"unknown in the answer: {', '.join(extra)} (expected {self._keys()})")

    def _keys(self) -> str:
        return ", ".join(sorted(self.seen)) or "nothing"


def choices(values: Sequence[str], labels: Sequence[str] | None = None) -> list[dict[str, str]]:
    return [{"value": v, "label": (labels[i] if labels else v)} for i, v in enumerate(values)]


def names_field(
    key: str, label: str, offered: Sequence[str], most: int | None = None
) -> dict[str, Any]:
    return {"key": key, "type": "names", "label": label, "choices": choices(offered), "max": most}


def _text(value: Any, what: str, required: bool = True) -> str:
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise BadAnswer(f"{what} is text, not {value!r}")
    text = " ".join(value.split())
    if required and not text:
        raise BadAnswer(f"{what} is missing")
    if len(text) > NAME_LENGTH:
        raise BadAnswer(f"{what} has at most {NAME_LENGTH} characters")
    return text


def read_names(value: Any, what: str, allowed: Sequence[str], most: int | None = None) -> list[str]:
    """A list of names among `allowed`, each once, at most `most` (the terminal's checks)."""
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BadAnswer(f"{what}: a list of names")
    chosen = [" ".join(v.split()) for v in value if v.strip()]
    unknown = [c for c in chosen if c not in allowed]
    if unknown:
        raise BadAnswer(
            f"{what}: not one of {', '.join(allowed) or 'nothing'}: {', '.join(unknown)}"
        )
    if most is not None and len(chosen) > most:
        raise BadAnswer(f"{what}: at most {most}")
    if len(set(chosen)) != len(chosen):
        raise BadAnswer(f"{what}: a name is given twice")
    return chosen


def read_rows(value: Any, what: str, columns: Sequence[str]) -> list[dict[str, Any]]:
    """A list of objects with (at most) these keys; empty rows are dropped."""
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > ROWS:
        raise BadAnswer(f"{what}: a list of at most {ROWS} rows")
    rows = []
    for row in value:
        if not isinstance(row, dict):
            raise BadAnswer(f"{what}: each row is an object with {', '.join(columns)}")
        extra = sorted(set(row) - set(columns))
        if extra:
            raise BadAnswer(f"{what}: unknown in a row: {', '.join(extra)}")
        if any(row.get(c) not in (None, "", []) for c in columns):
            rows.append(row)
    return rows


def _upgrades(value: Any) -> list[str]:
    """A hire's upgrades: a list, or text like "att+def" or "att, def"."""
    if value is None:
        return []
    pieces = value if isinstance(value, list) else str(value).replace(",", "+").split("+")
    return [str(p).strip().lower() for p in pieces if str(p).strip()]


def _rank(value: Any, name: str, tables: Tables) -> str:
    """A rank's code among the ranks of ranks.toml."""
    rank = _text(value, f"{name}'s rank").lower()
    codes = [r.code for r in tables.ranks]
    if rank not in codes:
        raise BadAnswer(f"{name}'s rank is one of {', '.join(codes)}, not {rank!r}")
    return rank


def _purchase_talent(sheet: Sheet, name: str, armatura: str, value: Any) -> str | None:
    """The talent a bought gladiator takes if his upgrade roll gives one: of his class, and
    none another gladiator of the ludus has (Appendix II), checked before any die is rolled."""
    talent = _text(value, f"{name}'s talent", False).lower()
    if not talent:
        return None
    catalog = load_catalog()
    spec = catalog.talents.get(talent)
    if spec is None:
        raise BadAnswer(f"{name}'s talent is one of {', '.join(catalog.talents)}, not {talent!r}")
    index = catalog.armatura_by_code.get(armatura)
    if index is not None:
        kind = "heavy" if catalog.armaturae[index].heavy else "light"
        if spec.kind not in ("all", kind):
            raise BadAnswer(f"{spec.name} is a {spec.kind} talent; a {armatura} is {kind}")
    holder = next((g for g in sheet.gladiators if talent in g.talents), None)
    if holder is not None:
        raise BadAnswer(f"{holder.name} already has {spec.name}: no talent twice in a ludus")
    return talent


def _one(parse: Callable[[_Reader], Any]) -> Parse:
    """A parse reading an answer object with `parse`, then refusing keys it did not read."""

    def read(answer: dict[str, Any]) -> Any:
        if not isinstance(answer, dict):
            raise BadAnswer("an answer is a JSON object, one key per field")
        reader = _Reader(answer)
        value = parse(reader)
        reader.done()
        return value

    return read


# --- the pre-arena sequence -------------------------------------------------------------------


def gladiator_columns(tables: Tables) -> list[dict[str, Any]]:
    """A gladiator's name, armatura and rank: the first columns of a hire or a purchase."""
    catalog = load_catalog()
    return [
        {"key": "name", "label": "name", "type": "text"},
        {
            "key": "armatura",
            "label": "armatura",
            "type": "select",
            "choices": choices([a.code for a in catalog.armaturae]),
        },
        {
            "key": "rank",
            "label": "rank",
            "type": "select",
            "choices": choices([r.code for r in tables.ranks], [r.name for r in tables.ranks]),
        },
    ]


def hires(sheet: Sheet, tables: Tables) -> Form:
    prices = ", ".join(f"{r.name} {r.hire}" for r in tables.ranks)
    columns = [
        *gladiator_columns(tables),
        {
            "key": "upgrades",
            "label": "upgrades (one per rank: mp, att, def or a talent; e.g. att+def)",
            "type": "text",
        },
    ]

    ready = sum(1 for g in sheet.gladiators if not g.convalescent)
    size = tables.ludus.deployed
    # Hiring is required when the ludus cannot send the arena's number: an answer left short
    # is refused by the sequence (careers/sequence.py `_hire`, which also counts the hires an
    # earlier answer of this step made), and asked again.
    need = max(0, size - ready)

    def parse(reader: _Reader) -> list[Hire]:
        found: list[Hire] = []
        for row in read_rows(
            reader.get("hires"), "hires", ["name", "armatura", "rank", "upgrades"]
        ):
            name = _text(row.get("name"), "a hired gladiator's name")
            armatura = _text(row.get("armatura"), f"{name}'s armatura").lower()
            rank = _rank(row.get("rank"), name, tables)
            found.append((name, armatura, rank, _upgrades(row.get("upgrades"))))
        return found

    paid = f"Each is paid now and leaves after the combat ({prices})"
    if need:
        text = (
            f"{sheet.lanista} ({sheet.aurei} aurei) has {ready} ready of the {size} the arena "
            f"needs: hiring is required, at least {need} gladiator{'s' if need > 1 else ''} "
            "for this combat in all, each of an armatura the ludus lacks (one row each). "
            f"{paid}."
        )
    else:
        text = (
            f"{sheet.lanista} ({sheet.aurei} aurei): hire gladiators for this combat? {paid}; "
            "none needed: answer with no row."
        )
    field_ = {
        "key": "hires",
        "type": "rows",
        "label": "gladiators hired",
        "columns": columns,
        "min": need,  # rows the page draws at first: no empty answer offered when required
    }
    return Form("hires", text, [field_], _one(parse))


def servitor_hires(sheet: Sheet, tables: Tables) -> Form:
    prices = ", ".join(f"{n} star(s) {p}" for n, p in enumerate(tables.servitor_hire, 1))
    stars = [str(n) for n in range(1, len(tables.servitor_hire) + 1)]
    columns = [
        {
            "key": "code",
            "label": "servitor",
            "type": "select",
            "choices": choices([s.code for s in tables.servitors]),
        },
        {"key": "stars", "label": "stars", "type": "select", "choices": choices(stars)},
    ]

    def parse(reader: _Reader) -> list[tuple[str, int]]:
        found = []
        for row in read_rows(reader.get("servitors"), "servitors", ["code", "stars"]):
            code = _text(row.get("code"), "a servitor").lower()
            value = row.get("stars")
            if isinstance(value, str) and value.strip().isdigit():
                value = int(value)
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadAnswer(f"the {code}'s stars are a whole number, e.g. 1")
            found.append((code, value))
        return found

    text = (
        f"{sheet.lanista} ({sheet.aurei} aurei): hire servitors for this combat ({prices})? "
        "Not one the ludus has."
    )
    field_ = {"key": "servitors", "type": "rows", "label": "servitors hired", "columns": columns}
    return Form("servitor_hires", text, [field_], _one(parse))


def familia(sheet: Sheet, hired: Sequence[Gladiator], tables: Tables) -> Form:
    ready = [g.name for g in hired] + [g.name for g in sheet.gladiators if not g.convalescent]
    size = tables.ludus.deployed

    def parse(reader: _Reader) -> list[str] | None:
        chosen = read_names(reader.get("names"), "the familia", ready)
        if not chosen:
            return None
        if len(chosen) != size:
            raise BadAnswer(f"name {size} gladiators (or none: the hired, then the highest ranks)")
        return chosen

    text = (
        f"{sheet.lanista}: the {size} to send into the arena; none ticked: the hired, then the "
        "highest ranks."
    )
    return Form("familia", text, [names_field("names", "the familia", ready, size)], _one(parse))


def prima(sheet: Sheet, stars: int, tables: Tables) -> Form:
    catalog = load_catalog()
    cards = [catalog.cards[i] for i in catalog.prima]
    labels = [f"{c.name} ({c.cost})" for c in cards]

    def parse(reader: _Reader) -> list[str] | None:
        codes = read_names(reader.get("cards"), "the cards", [c.code for c in cards])
        if not codes:
            return None
        try:
            return prima_deck(sheet, codes, tables, catalog)
        except CareerError as error:
            raise BadAnswer(str(error)) from None

    text = (
        f"{sheet.lanista}'s Sacerdos: Prima Jugula cards for the deck, {stars} stars in all; "
        "none ticked: the costliest that fit."
    )
    field_ = {
        "key": "cards",
        "type": "names",
        "label": "Prima Jugula cards",
        "choices": choices([c.code for c in cards], labels),
        "max": None,
    }
    return Form("prima", text, [field_], _one(parse))


# --- the post-arena sequence ------------------------------------------------------------------


def _names_form(kind: str, text: str, label: str, offered: Sequence[str], most: int | None) -> Form:
    def parse(reader: _Reader) -> list[str]:
        return read_names(reader.get("names"), label, offered, most)

    return Form(kind, text, [names_field("names", label, offered, most)], _one(parse))


def exemptions(sheet: Sheet, free: int) -> Form:
    names = [g.name for g in sheet.gladiators]
    text = f"{sheet.lanista}: the Procurator spares up to {free} gladiators from their upkeep."
    return _names_form("exemptions", text, "spared", names, free)


def pupils(sheet: Sheet, count: int) -> Form:
    names = [g.name for g in sheet.gladiators]
    text = f"{sheet.lanista}: the Doctor trains up to {count} gladiators (one more experience)."
    return _names_form("pupils", text, "trained", names, count)


def sales(sheet: Sheet) -> Form:
    names = [g.name for g in sheet.gladiators]
    text = f"{sheet.lanista} ({sheet.aurei} aurei): gladiators to sell (a sale cannot be undone)."
    return _names_form("sales", text, "sold", names, None)


def servitors(sheet: Sheet, tables: Tables) -> Form:
    codes = [s.code for s in tables.servitors]
    text = (
        f"{sheet.lanista} ({sheet.aurei} aurei): servitors to buy ({tables.servitor_new} aurei) "
        f"or raise one star ({', '.join(str(p) for p in tables.servitor_upgrade)})."
    )
    return _names_form("servitors", text, "servitors", codes, None)


def liberatio(sheet: Sheet, stars: int, tables: Tables) -> Form:
    codes = [s.code for s in tables.servitors]
    fields = [
        {"key": f"star{n}", "type": "select", "label": f"star {n}", "choices": choices(codes)}
        for n in range(1, stars + 1)
    ]

    def parse(reader: _Reader) -> list[str]:
        chosen = [
            _text(reader.get(f"star{n}"), f"star {n}", False).lower() for n in range(1, stars + 1)
        ]
        chosen = [c for c in chosen if c]
        unknown = [c for c in chosen if c not in codes]
        if unknown:
            raise BadAnswer(f"servitors are {', '.join(codes)}, not {', '.join(unknown)}")
        return chosen

    text = (
        f"{sheet.lanista}: if a Primus Palus is freed, which servitors take his {stars} stars "
        "(the same one may take several)?"
    )
    return Form("liberatio", text, fields, _one(parse))


def upgrade(sheet: Sheet, name: str) -> Form:
    catalog = load_catalog()
    gladiator = sheet.gladiator(name)
    armatura = catalog.armaturae[catalog.armatura_by_code[gladiator.armatura]]
    kind = "heavy" if armatura.heavy else "light"
    talents = [code for code, t in catalog.talents.items() if t.kind in ("all", kind)]
    offered = [*UPGRADES, *talents]
    labels = ["+1 MP", "+1 ATT", "+1 DEF", *(f"talent: {t}" for t in talents)]

    def parse(reader: _Reader) -> str | None:
        chosen = _text(reader.get("upgrade"), "the upgrade", False).lower()
        if chosen and chosen not in offered:
            raise BadAnswer(f"the upgrade is one of {', '.join(offered)}, not {chosen!r}")
        return chosen or None

    text = f"{sheet.lanista}: {name} rises in rank: his upgrade (none: he takes none)."
    field_ = {
        "key": "upgrade",
        "type": "select",
        "label": "upgrade",
        "choices": choices(offered, labels),
    }
    return Form("upgrade", text, [field_], _one(parse))


def purchases(sheet: Sheet, tables: Tables) -> Form:
    catalog = load_catalog()
    lupa = sheet.servitors.get("lupa", 0)
    prices = ", ".join(f"{r.name} {r.purchase[lupa]}" for r in tables.ranks)
    columns = [
        *gladiator_columns(tables),
        {
            "key": "talent",
            "label": "talent taken if one is rolled",
            "type": "select",
            "choices": choices(list(catalog.talents)),
        },
    ]

    def parse(reader: _Reader) -> list[Purchase]:
        found: list[Purchase] = []
        rows = read_rows(
            reader.get("purchases"), "purchases", ["name", "armatura", "rank", "talent"]
        )
        for row in rows:
            name = _text(row.get("name"), "a bought gladiator's name")
            armatura = _text(row.get("armatura"), f"{name}'s armatura").lower()
            rank = _rank(row.get("rank"), name, tables)
            talent = _purchase_talent(sheet, name, armatura, row.get("talent"))
            if talent is not None and any(talent == other[3] for other in found):
                raise BadAnswer(f"{talent} is named for two gladiators: no talent twice in a ludus")
            found.append((name, armatura, rank, talent))
        return found

    text = (
        f"{sheet.lanista} ({sheet.aurei} aurei): gladiators to buy ({prices}); their upgrades "
        "are rolled."
    )
    field_ = {"key": "purchases", "type": "rows", "label": "gladiators bought", "columns": columns}
    return Form("purchases", text, [field_], _one(parse))


def usury(sheet: Sheet, tables: Tables) -> Form:
    most = tables.max_loan[sheet.popularity(tables)]
    loans = ", ".join(str(a) for a in tables.loan.amounts if a <= most) or "none"
    lent = ", ".join(str(a) for a in tables.lent.amounts)
    actions = ["repay", "borrow", "lend"]

    def parse(reader: _Reader) -> UsuryChoice | None:
        action = _text(reader.get("usury"), "the usury", False).lower()
        amount = reader.get("amount")
        if not action:
            return None
        if action not in actions:
            raise BadAnswer(f"the usury is repay, borrow, lend or nothing, not {action!r}")
        if action == "repay":
            return ("repay", sheet.usury.amount if sheet.usury else 0)
        if isinstance(amount, str) and amount.strip().isdigit():
            amount = int(amount)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            raise BadAnswer(f"to {action}, give the amount (aurei)")
        return (action, amount)

    text = (
        f"{sheet.lanista} ({sheet.aurei} aurei, usury: "
        f"{'none' if sheet.usury is None else f'{sheet.usury.kind} of {sheet.usury.amount}'}): "
        f"repay the loan, borrow ({loans}) or lend ({lent})?"
    )
    fields: list[dict[str, Any]] = [
        {"key": "usury", "type": "select", "label": "usury", "choices": choices(actions)},
        {"key": "amount", "type": "number", "label": "aurei", "min": 0, "max": None},
    ]
    return Form("usury", text, fields, _one(parse))


# --- dice and a physical table's result -------------------------------------------------------


def dice(count: int, what: str) -> Form:
    """Companion mode: the dice rolled at the table, typed in."""

    def parse(reader: _Reader) -> list[int]:
        values = reader.get("dice")
        if isinstance(values, str):
            try:
                values = [int(p) for p in values.replace(",", " ").split()]
            except ValueError:
                values = None
        if (
            not isinstance(values, list)
            or len(values) != count
            or not all(
                isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in values
            )
        ):
            raise BadAnswer(f"enter {count} number(s) from 1 to 6")
        return list(values)

    text = f"{what}: roll {count} d6 at the table and enter the result(s)."
    return Form(
        "dice", text, [{"key": "dice", "type": "dice", "label": what, "count": count}], _one(parse)
    )


def winners(lanistae: Sequence[str]) -> Form:
    def parse(reader: _Reader) -> list[str]:
        chosen = read_names(reader.get("names"), "the winners", lanistae)
        if not chosen:
            raise BadAnswer("name the winner (several only after a shared victory)")
        return chosen

    text = "The combat at the table is over: who won?"
    return Form("winners", text, [names_field("names", "won", lanistae)], _one(parse))


def falls(lanista: str, deployed: Sequence[str], rivals: Sequence[str]) -> Form:
    """One ludus's four at the end of a combat at the table: who is wounded, who bit the
    dust and by whose blow."""
    blows = [*rivals, SELF]
    columns = [
        {"key": "name", "label": "gladiator", "type": "select", "choices": choices(deployed)},
        {"key": "by", "label": "by whose blow", "type": "select", "choices": choices(blows)},
    ]

    def parse(reader: _Reader) -> tuple[list[str], list[tuple[str, str | None]]]:
        wounded = read_names(reader.get("wounded"), "the wounded", deployed)
        bitten: list[tuple[str, str | None]] = []
        for row in read_rows(reader.get("bitten"), "bit the dust", ["name", "by"]):
            name = _text(row.get("name"), "who bit the dust")
            if name not in deployed:
                raise BadAnswer(f"{name} did not fight for {lanista}: {', '.join(deployed)} did")
            if name in wounded or any(b[0] == name for b in bitten):
                raise BadAnswer(f"{name} is named twice: wounded at the end or bit the dust, once")
            by = _text(row.get("by"), f"whose blow felled {name}", False) or SELF
            if by not in blows:
                raise BadAnswer(f"{name}'s fall: by one of {', '.join(blows)}, not {by!r}")
            bitten.append((name, None if by == SELF else by))
        return wounded, bitten

    text = f"{lanista}: your four at the end of the combat: wounded, and who bit the dust."
    fields = [
        names_field("wounded", "wounded at the end", deployed),
        {"key": "bitten", "type": "rows", "label": "bit the dust", "columns": columns},
    ]
    return Form("falls", text, fields, _one(parse))
