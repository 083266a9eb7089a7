"""Jugula's reference page (its definition's `reference` hook, `core/reference.py`): every card
(Jugula, then Prima Jugula) and every armatura of the bundled data, in the words of the
terminal's legend; nothing here is typed by hand but the headings."""

from __future__ import annotations

from typing import Any

from ...core.reference import Reference, Table
from .data import load_catalog
from .render_legend import TRAIT_WORDS


def _stars(n: int) -> str:
    return "★" * n if n else "–"


def _pair(values: tuple[int, int]) -> str:
    return f"{values[0]}/{values[1]}"


def reference() -> Reference:
    """Every card (Jugula, then Prima Jugula) and every armatura of the bundled data."""
    catalog = load_catalog()
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
