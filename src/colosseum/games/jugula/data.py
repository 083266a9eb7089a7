"""The Jugula data (armaturae, Jugula and Prima Jugula cards, rules): `load_catalog` and the
frozen `Catalog` the engine reads while playing (defined in `catalog.py`, and named here too),
and the catalog of rule ids its events cite.

The numbers live in `data/*.toml`, each value marked `stated` (the rulebook gives it) or chosen
by Colosseum (docs/rules/jugula.md says why). `data_files.py` checks them against their schemas
and every fact the rulebook states and builds the `Catalog`. The bundled files' catalog is kept
checked between processes (`core/data_cache.py`), so a process that finds it there never
imports the schemas. A user may point the game at a folder of their own.
"""

from __future__ import annotations

from functools import cache

from ...core.data_cache import bundled_or_read
from ...core.rule_ids import RuleId, load_rule_ids
from .catalog import (
    DATA_DIR,
    HEAVY,
    JUGULA,
    LIGHT,
    PRIMA,
    STATED_CARD_VALUES,
    STATED_RULES,
    STATED_VOX,
    TALENTS,
    TRAITS,
    WOUND_LOWERS,
    Abilities,
    Ability,
    Armatura,
    Card,
    Catalog,
    Combat,
    Movement,
    Rules,
    Side,
    Simple,
    Talent,
    TalentNumbers,
    TraitRules,
    Victory,
)

__all__ = [
    "DATA_DIR",
    "HEAVY",
    "JUGULA",
    "LIGHT",
    "PRIMA",
    "STATED_CARD_VALUES",
    "STATED_RULES",
    "STATED_VOX",
    "TALENTS",
    "TRAITS",
    "WOUND_LOWERS",
    "Abilities",
    "Ability",
    "Armatura",
    "Card",
    "Catalog",
    "Combat",
    "Movement",
    "Rules",
    "Side",
    "Simple",
    "Talent",
    "TalentNumbers",
    "TraitRules",
    "Victory",
    "load_catalog",
    "rule_ids",
]


@cache
def load_catalog(folder: str = "") -> Catalog:
    """The validated data of `folder` (empty: the bundled data, kept validated between
    processes); DataError says what is wrong."""
    return bundled_or_read("jugula-catalog", Catalog, folder, _read)


def _read(folder: str) -> Catalog:
    from .data_files import read_catalog  # the schemas and checks, for a file read anew

    return read_catalog(folder)


@cache
def rule_ids() -> dict[str, RuleId]:
    """The rules the events cite (`data/rule_ids.toml`, always the bundled file)."""
    return load_rule_ids(DATA_DIR / "rule_ids.toml", "jugula")
