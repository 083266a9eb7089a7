"""What the Careers' data files must hold: every number the rulebook states (`STATED`, by file
and dotted path) and the checks across rows (each rank or servitor once, roll tables without
gaps, prices that never fall), run by `data_files.py` on every file it reads."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from ..core.errors import DataError
from .tables import RANKS

# Every number the rulebook states, per file: dotted path -> value. A path walks the file's
# tables; a list of rows is addressed by each row's key (id, rank, stars, total, roll,
# popularity or low), a plain list by position.
STATED: dict[str, dict[str, object]] = {
    "ranks.toml": {
        **{
            f"rank.{r}.name": n
            for r, n in zip(RANKS, ("Tiro", "Palus", "Secundus Palus", "Primus Palus"), strict=True)
        },
        **{f"rank.{r}.stars": i for i, r in enumerate(RANKS)},
        **{f"rank.{r}.popularity": i for i, r in enumerate(RANKS)},
        **{f"rank.{r}.upgrades": i for i, r in enumerate(RANKS)},
        "rank.tiro.experience": 0,
    },
    "career.toml": {
        "start.gladiators": 4,
        "start.rank": "tiro",
        "start.aurei": 50,
        "start.servitors": 1,
        "start.servitor_stars": 1,
        "start.glory_target": 10,
        "ludus.max_gladiators": 6,
        "ludus.deployed": 4,
        "ludus.popularity_max": 10,
        "ludus.servitor_max_stars": 3,
        "ludus.servitor_kinds": 10,
        "experience.per_combat": 1,
        "experience.deployed": 1,
        "experience.bitten": 1,
        "experience.underdog": 1,
        "experience.underdog_margin": 4,
        "experience.trained": 1,
        "experience.maximum": 5,
        "experience.upgrade_repeats": 2,
        "experience.talents_max": 2,
        "liberatio.dice": 2,
        "liberatio.wounded_bonus": 2,
        "liberatio.target": 10,
        "liberatio.servitor_stars": 3,
        "liberatio.glory": 3,
        "variants.first_career_glory": 6,
        "variants.tournament_aurei": 500,
        "variants.tournament_arena_total": 7,
        "variants.virtual_steps_per_popularity": 1,
        "variants.tournament_rounds": 6,
    },
    "arena.toml": {
        "roll.dice_per_lanista": 1,
        "roll.die_cap": 6,
        "roll.loser_divisor": 2,
        "arena.illegal.per_point": 10,
        "arena.illegal.plus": 100,
        "arena.provincial.per_point": 20,
        "arena.provincial.plus": 300,
        "arena.provincial_capital.per_point": 50,
        "arena.provincial_capital.plus": 400,
        "arena.italian.per_point": 200,
        "arena.italian.plus": 800,
        "arena.coliseum.per_point": 750,
        "arena.coliseum.plus": 0,
        "arena.illegal.fixed_reward": 150,  # Appendix III, "Tournaments": the examples
        "arena.provincial.fixed_reward": 450,
        "chart.bands": [0, 3, 6, 9, 12, 15, 18],
        "result.2.arenas": ["illegal"] * 3 + ["provincial"] * 2 + ["provincial_capital", "italian"],
        "result.3.arenas": ["illegal"] * 3 + ["provincial"] * 2 + ["provincial_capital", "italian"],
        **{
            f"result.4.arenas.{i}": a
            for i, a in enumerate(["illegal"] * 2 + ["provincial"] * 2 + ["provincial_capital"] * 2)
        },
        "result.11.arenas.3": "provincial_capital",  # the example: popularity 10, result 11
    },
    "fatum.toml": {
        "dice": 2,
        "row.2.high": 4,
        "row.2.verdict": "jugula",
        "row.5.high": 12,
        "row.5.verdict": "mitte",
        "rank.tiro.bonus": 0,
        "rank.palus.bonus": 0,
        "rank.secundus_palus.bonus": 1,
        "rank.primus_palus.bonus": 2,
    },
    "wounds.toml": {
        "dice": 2,
        **{
            f"row.{low}.{field}": value
            for low, high, bitten, wounded in (
                (2, 3, "dead", "convalescent"),
                (4, 5, "convalescent", "wounded"),
                (6, 7, "wounded", "ready"),
                (8, 12, "ready", "ready"),
            )
            for field, value in (("high", high), ("bitten", bitten), ("wounded", wounded))
        },
    },
    "hiring.toml": {
        "gladiator.tiro.cost": 10,
        "gladiator.palus.cost": 100,
        "gladiator.secundus_palus.cost": 750,
        "gladiator.primus_palus.cost": 1200,
        "servitor.1.cost": 100,
        "servitor.2.cost": 400,
        "servitor.3.cost": 1000,
    },
    "maintenance.toml": {
        **{
            f"rank.{rank}.{field}": value
            for rank, numbers in (
                ("tiro", (0, 0, 10)),
                ("palus", (1, 10, 0)),
                ("secundus_palus", (1, 25, 100)),
                ("primus_palus", (1, 100, 300)),
            )
            for field, value in zip(("dice", "per_pip", "plus"), numbers, strict=True)
        },
    },
    "sales.toml": {
        "gladiator.tiro.prices": [0, 5, 5, 10, 10, 20, 30],
        "gladiator.palus.prices": [50, 100, 125, 150, 200, 300, 500],
        "gladiator.secundus_palus.prices": [1000, 2000, 2500, 3000, 4000, 5500, 8000],
        "servitor.1.prices": [50, 100, 150, 250, 300, 400, 500],
        "servitor.2.prices": [400, 750, 1000, 1200, 1600, 2000, 2500],
        **{f"servitor.3.prices.{i}": v for i, v in enumerate((1000, 2000, 3000, 4000, 5500, 7500))},
    },
    "purchases.toml": {
        "gladiator.tiro.cost": 0,
        "gladiator.tiro.lupa": [0, 0, 0],
        "gladiator.palus.cost": 250,
        "gladiator.palus.lupa": [200, 100, 50],
        "gladiator.secundus_palus.cost": 2000,
        "gladiator.secundus_palus.lupa": [1900, 1500, 1000],
        "gladiator.primus_palus.cost": 7500,
        "gladiator.primus_palus.lupa": [7000, 6000, 5000],
        "servitor.new": 250,
        "servitor.upgrades_per_sequence": 1,
        "servitor.upgrade_when_new": False,
    },
    "upgrades.toml": {
        "kinds": ["att", "def", "mp", "talent"],
        "reroll_when_maxed": True,
        "roll.1.high": 2,
        "roll.1.upgrade": "att",
        "roll.3.high": 4,
        "roll.3.upgrade": "def",
        "roll.5.high": 5,
        "roll.5.upgrade": "mp",
        "roll.6.high": 6,
        "roll.6.upgrade": "talent",
    },
    "usury.toml": {
        "die_cap": 6,
        "repaid_from": 5,
        "loan_and_lend": False,
        **{
            f"max_loan.{p}.aurei": a
            for p, a in enumerate(
                (100, 300, 800, 1500, 3000, 5000, 8000, 10000, 20000, 30000), start=1
            )
        },
        "loan.amounts": [100, 300, 800, 1500, 3000, 5000, 8000, 10000, 20000, 30000],
        "loan.interest.1.values": [25, 75, 200, 375, 750, 1250, 2000, 2500, 5000, 7500],
        **{
            f"loan.interest.2.values.{i}": v
            for i, v in enumerate((20, 60, 160, 300, 600, 1000, 1600, 2000, 4000))
        },
        "lent.amounts": [500, 1000, 3000, 5000, 10000, 30000, 50000],
        "lent.interest.1.values": [5, 10, 30, 50, 100, 300, 500],
        "lent.interest.2.values": [15, 30, 90, 150, 300, 900, 1500],
        "lent.interest.3.values": [25, 50, 150, 250, 500, 1500, 2500],
    },
    "servitors.toml": {
        "servitor.unctor.gives.income": [50, 200, 500],
        "servitor.medicus.gives.wounds": [1, 2, 4],
        "servitor.doctor.gives.trained.0": 1,  # the third star: 5 (text) or 6 (table)
        "servitor.doctor.gives.trained.1": 3,
        "servitor.manicarius.gives.vox": [1, 3, 6],
        "servitor.munerarius.gives.arena": [2, 4, 6],
        "servitor.sacerdos.gives.prima": [1, 3, 7],
        "servitor.lupa.gives": {},
        "servitor.editor.gives.fatum": [1, 2, 3],
        "servitor.nomenclator.gives.glory": [1, 2, 3],
        "servitor.nomenclator.gives.sale": [1, 2, 3],
        "servitor.procurator.gives.free_maintenance": [2, 4, 6],
        "servitor.procurator.gives.usury": [1, 2, 4],
    },
    "glory.toml": {
        "criterion.palus.value": 1,
        "criterion.palus.glory": 1,
        "criterion.secundus_palus.glory": 1,
        "criterion.primus_palus.value": 3,
        "criterion.primus_palus.glory": 2,
        "criterion.full_ludus.value": 6,
        "criterion.full_ludus.glory": 1,
        "criterion.servitor_two_stars.value": 2,
        "criterion.servitor_two_stars.glory": 1,
        "criterion.servitor_three_stars.value": 3,
        "criterion.servitor_three_stars.glory": 1,
        "criterion.popularity_4.value": 4,
        "criterion.popularity_4.glory": 1,
        "criterion.popularity_6.value": 6,
        "criterion.popularity_6.glory": 2,
        "criterion.popularity_8.value": 8,
        "criterion.popularity_8.glory": 2,
        "criterion.popularity_10.value": 10,
        "criterion.popularity_10.glory": 3,
        "criterion.servitors_8.value": 8,
        "criterion.servitors_8.glory": 2,
    },
}
# Stated facts with more than one printed value: path -> the values the rulebook prints.
STATED_EITHER: dict[str, dict[str, tuple[object, ...]]] = {
    "servitors.toml": {"servitor.doctor.gives.trained.2": (5, 6)},
}
# Keys by which rows of a list are addressed in STATED paths, in order of preference.
ROW_KEYS = ("id", "rank", "stars", "total", "roll", "popularity", "low")


def _rekeyed(value: Any) -> Any:
    """The dump with every list of rows turned into a dict by each row's key (as a string)."""
    if isinstance(value, dict):
        return {k: _rekeyed(v) for k, v in value.items()}
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        key = next((k for k in ROW_KEYS if all(k in v for v in value)), None)
        if key is not None:
            return {str(v[key]): _rekeyed(v) for v in value}
    if isinstance(value, list):
        return [_rekeyed(v) for v in value]
    return value


def _lookup(tree: Any, key: str, path: Path) -> Any:
    value = tree
    for part in key.split("."):
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            raise DataError(f"{path}: {key} is missing, the rulebook states it")
    return value


def check_stated(model: BaseModel, path: Path) -> None:
    tree = _rekeyed(model.model_dump())
    for key, expected in STATED.get(path.name, {}).items():
        value = _lookup(tree, key, path)
        if value != expected:
            raise DataError(f"{path}: {key} is {value}, the rulebook states {expected}")
    for key, printed in STATED_EITHER.get(path.name, {}).items():
        value = _lookup(tree, key, path)
        if value not in printed:
            raise DataError(f"{path}: {key} is {value}, the rulebook prints {printed}")


def once(given: list[Any], expected: tuple[Any, ...], what: str, path: Path) -> None:
    """`given` must hold each of `expected` once, in that order."""
    if given != list(expected):
        missing = [e for e in expected if e not in given]
        unknown = [g for g in given if g not in expected]
        raise DataError(
            f"{path}: {what} must be {list(expected)}, each once and in order "
            f"(missing {missing}, unknown {unknown}, given {given})"
        )


def covers(rows: list[tuple[int, int]], first: int, last: int, what: str, path: Path) -> None:
    """The (low, high) rows must run from `first` to `last` without gap or overlap."""
    expected = first
    for low, high in rows:
        if low != expected or high < low:
            raise DataError(
                f"{path}: {what}.{low}.low must be {expected} and high at least low: "
                f"rows run from {first} to {last} without gap or overlap"
            )
        expected = high + 1
    if expected != last + 1:
        raise DataError(f"{path}: {what} rows must end at {last}, not {expected - 1}")


def never_falls(values: list[int], what: str, path: Path, rising: bool = True) -> None:
    for i, (a, b) in enumerate(itertools.pairwise(values)):
        if (b < a) if rising else (b > a):
            way = "below" if rising else "above"
            raise DataError(f"{path}: {what}.{i + 1} is {b}, {way} {what}.{i} ({a})")


def check_per_rank(specs: list[Any], what: str, path: Path) -> None:
    once([s.rank for s in specs], RANKS, f"{what} ranks", path)


def check_per_stars(specs: list[Any], what: str, path: Path) -> None:
    once([s.stars for s in specs], (1, 2, 3), f"{what} stars", path)
