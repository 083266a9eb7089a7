"""The reference pages of the how-to (`/howto/<game>/reference`): Jugula's cards and armaturae,
Ludi Gladiatorii's buildings, each row made from the game's own validated data (the catalogs
the rules read), in the words of the terminal's legend; nothing here is typed by hand but the
headings."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..games.jugula.data import load_catalog as jugula_catalog
from ..games.jugula.render_legend import TRAIT_WORDS
from ..games.ludi_gladiatorii.data import load_catalog as ludi_catalog


@dataclass(frozen=True, slots=True)
class Table:
    """One table of a reference page: its caption, column headings and rows of plain text
    (the template escapes every cell)."""

    key: str
    caption: str
    intro: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Reference:
    """A game's reference page: its title, a line of introduction, its tables and a glossary."""

    game: str
    title: str
    intro: str
    tables: tuple[Table, ...]
    glossary: tuple[tuple[str, str], ...] = ()


def _stars(n: int) -> str:
    return "★" * n if n else "–"


def _pair(values: tuple[int, int]) -> str:
    return f"{values[0]}/{values[1]}"


def jugula_reference() -> Reference:
    """Every card (Jugula, then Prima Jugula) and every armatura of the bundled data."""
    catalog = jugula_catalog()
    card_columns = ("Card", "Stars", "Mv", "Vox", "Cmb", "Drw", "Upg", "Die", "Ability")

    def card_rows(indices: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
        rows = []
        for i in indices:
            c = catalog.cards[i]
            values = (c.movement, c.vox, c.combat, c.draw, c.upgrade, c.die)
            rows.append((c.name, _stars(c.cost), *map(str, values), c.text))
        return tuple(rows)

    armaturae = []
    for a in catalog.armaturae:
        unhurt, wounded = a.sides
        traits = _traits(a)
        armaturae.append(
            (
                a.name,
                "heavy" if a.heavy else "light",
                str(unhurt.mp),
                _pair(unhurt.att),
                _pair(unhurt.defence),
                str(wounded.mp),
                _pair(wounded.att),
                _pair(wounded.defence),
                ", ".join(traits) or "–",
            )
        )
    return Reference(
        game="jugula",
        title="Jugula: the cards and the armaturae",
        intro="Every card and every gladiator type of the game, as the server plays them. "
        "A card's values are its effects: Mv moves that many different gladiators, Vox gains "
        "that much Vox Populi, Cmb allows that many attacks, Drw draws that many cards, Upg "
        "takes a Prima Jugula card of at most that many stars; its die adds to a combat score "
        "and to the bid for first player.",
        tables=(
            Table(
                "jugula-cards",
                "The Jugula cards (each lanista's starting deck)",
                "Played for one of its six effects: a value, or its ability.",
                card_columns,
                card_rows(catalog.jugula),
            ),
            Table(
                "prima-cards",
                "The Prima Jugula cards (set aside, taken with an Upgrade)",
                "Stronger cards; Stars is what an Upgrade must reach to take one.",
                card_columns,
                card_rows(catalog.prima),
            ),
            Table(
                "armaturae",
                "The armaturae (gladiator types)",
                "ATT 3/2: attack 3 against a light defender, 2 against a heavy one; DEF 3/2: "
                "defence 3 against a light attacker, 2 against a heavy one. A wounded "
                "gladiator's card is turned to its wounded side.",
                (
                    "Armatura",
                    "Class",
                    "MP",
                    "ATT",
                    "DEF",
                    "Wounded MP",
                    "Wounded ATT",
                    "Wounded DEF",
                    "Traits",
                ),
                tuple(armaturae),
            ),
        ),
        glossary=tuple((word, words.split(": ", 1)[1]) for word, words in TRAIT_WORDS.items()),
    )


def _traits(armatura: Any) -> list[str]:
    """An armatura's traits as its card prints them ("Range 2", "Hindrance"...)."""
    found = [f"Range {armatura.range}"] if armatura.range else []
    for word in ("Hindrance", "Bow", "Harassment", "Massive", "Stoic"):
        if getattr(armatura, word.lower()):
            found.append(word)
    return found


BOXES = {
    "base": "basic game",
    "quintus_ludus": "Quintus Ludus",
    "magistri_arenae": "Magistri Arenae",
    "historiae": "Historiae",
}


def _players(n: int) -> str:
    return "always" if n <= 2 else f"from {n} players"


def _entry(points: int, coins: int) -> str:
    gains = []
    if points:
        gains.append(f"{points} victory point{'s' if points > 1 else ''}")
    if coins:
        gains.append(f"{coins} coin{'s' if coins > 1 else ''}")
    return " and ".join(gains) or "–"


def ludi_reference() -> Reference:
    """Every building of the bundled data, the cards of one kind (same name and numbers) in
    one row with how many there are and when each is used."""
    catalog = ludi_catalog()
    kinds: dict[tuple[Any, ...], list[Any]] = {}
    for b in catalog.buildings:
        key = (b.name, b.cost, b.demolition, b.points, b.coins, b.effect, b.text)
        kinds.setdefault(key, []).append(b)
    rows = []
    for cards in kinds.values():
        first = cards[0]
        uses = "; ".join(
            f"{_players(b.players)}, {BOXES.get(b.box, b.box)}"
            + (", may be dealt at set-up" if b.initial else "")
            for b in cards
        )
        count = f"{len(cards)} card{'s' if len(cards) > 1 else ''}: {uses}"
        rows.append(
            (
                first.name,
                str(first.cost),
                str(first.demolition) if not first.points else "never",
                _entry(first.points, first.coins),
                first.text or "–",
                count,
            )
        )
    rows.sort(key=lambda row: row[0])
    rules = catalog.rules
    return Reference(
        game="ludi-gladiatorii",
        title="Ludi Gladiatorii: the buildings",
        intro=f"Every building card of the game and its expansions, as the server plays them. "
        f"Build: turn gladiators whose construction adds up to the cost; demolish your own "
        f"the same way for its demolition cost (buildings worth points never). You may own "
        f"at most {rules.max_buildings} buildings, never two of one name; each houses one "
        f"gladiator. On entry: what a building gives when it is built or dealt.",
        tables=(
            Table(
                "buildings",
                "The buildings",
                "Cards of the same name and numbers share a row; the last column says when "
                "each is in the game.",
                ("Building", "Cost", "Demolish", "On entry", "What it does", "Cards"),
                tuple(rows),
            ),
        ),
    )


REFERENCES: dict[str, Callable[[], Reference]] = {
    "jugula": jugula_reference,
    "ludi-gladiatorii": ludi_reference,
}
