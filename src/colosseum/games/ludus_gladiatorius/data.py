"""Loading and validating the Ludus Gladiatorius data files (dice, record sheets, map, rules,
and the catalog of rule ids its events cite).

Numbers live in `data/*.toml`; this module checks them once and turns them into the frozen
`Catalog` the rules read while playing. A user may point the game at a folder of their own.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from ...core.data import DataModel, data_folder, load_validated
from ...core.errors import DataError
from ...core.rule_ids import RuleId, load_rule_ids

DATA_DIR = Path(__file__).parent / "data"
SPECIAL_CODES = ("SA", "F", "D", "DD", "FS", "NA")

Count = Annotated[int, Field(ge=0, le=20)]


class DieSpec(DataModel):
    name: str
    faces: list[tuple[Count, Count]] = Field(min_length=1)
    stated: list[str] = Field(default_factory=list)


class EmperorSpec(DataModel):
    name: str
    faces: list[Literal["up", "down"]] = Field(min_length=1)
    stated: list[str] = Field(default_factory=list)


class DiceFile(DataModel):
    dice: dict[str, DieSpec]
    emperor: EmperorSpec

    @model_validator(mode="after")
    def _has_standard_dice(self) -> DiceFile:
        for name in ("standard", "boosted", "mighty"):
            if name not in self.dice:
                raise ValueError(f"dice.{name} is missing")
        return self


class GladiatorSpec(DataModel):
    number: int = Field(ge=1, le=5)
    name: str = Field(min_length=1)
    life: int = Field(ge=1, le=99)
    movement: int = Field(ge=0, le=20)
    dice: list[str] = Field(min_length=1)
    specials: dict[str, Count]
    stated: list[str] = Field(default_factory=list)

    @field_validator("specials")
    @classmethod
    def _known_codes(cls, specials: dict[str, int]) -> dict[str, int]:
        unknown = sorted(set(specials) - set(SPECIAL_CODES))
        if unknown:
            raise ValueError(f"unknown special action(s) {unknown}; known: {SPECIAL_CODES}")
        return specials


class GladiatorsFile(DataModel):
    gladiator: list[GladiatorSpec] = Field(min_length=5, max_length=5)

    @model_validator(mode="after")
    def _numbered_one_to_five(self) -> GladiatorsFile:
        numbers = sorted(g.number for g in self.gladiator)
        if numbers != [1, 2, 3, 4, 5]:
            raise ValueError(f"gladiators must be numbered 1 to 5 once each, got {numbers}")
        return self


class ArenaFile(DataModel):
    name: str
    rows: list[str] = Field(min_length=2, max_length=26)
    stated: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _valid_map(self) -> ArenaFile:
        width = len(self.rows[0])
        if width > 26 or any(len(row) != width for row in self.rows):
            raise ValueError("every arena row must have the same length, at most 26")
        text = "".join(self.rows)
        bad = sorted(set(text) - set(".#12345"))
        if bad:
            raise ValueError(f"arena rows may hold only '.', '#' and 1-5, not {bad}")
        for digit in "12345":
            if text.count(digit) != 1:
                raise ValueError(f"starting hex {digit} must appear exactly once")
        return self


class MovementRules(DataModel):
    boost_die: str
    boost_swords: int = Field(ge=1)
    boost_bonus: int = Field(ge=0)
    stated: list[str] = Field(default_factory=list)


class ExtraDice(DataModel):
    extra_dice: list[str]
    stated: list[str] = Field(default_factory=list)


class FastSpeedRules(DataModel):
    movement: int = Field(ge=0, le=30)
    stated: list[str] = Field(default_factory=list)


class NetRules(DataModel):
    throw_dice: list[str] = Field(min_length=1)
    hits_needed: int = Field(ge=1)
    follow_up_dice: list[str] = Field(min_length=1)
    recover_hit_cost: int = Field(ge=0)
    recover_move_cost: int = Field(ge=0)
    stated: list[str] = Field(default_factory=list)


class RulesFile(DataModel):
    movement: MovementRules
    savage_attack: ExtraDice
    doughty_defence: ExtraDice
    fast_speed: FastSpeedRules
    net_attack: NetRules
    specials: dict[str, str]

    @field_validator("specials")
    @classmethod
    def _all_codes_named(cls, specials: dict[str, str]) -> dict[str, str]:
        if sorted(specials) != sorted(SPECIAL_CODES):
            raise ValueError(f"specials must name exactly {SPECIAL_CODES}")
        return specials


Face = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Sheet:
    """A gladiator's record sheet as the rules read it."""

    number: int
    name: str
    life: int
    movement: int
    dice: tuple[str, ...]
    specials: dict[str, int]


@dataclass(frozen=True, slots=True)
class Arena:
    """The hex map: names, neighbours and distances (precomputed), the numbered starting hexes."""

    name: str
    width: int
    height: int
    names: tuple[str, ...]
    cells: tuple[tuple[int, int], ...]
    neighbours: tuple[tuple[int, ...], ...]
    starts: dict[int, int]
    index: dict[str, int]
    distances: tuple[tuple[int, ...], ...]  # distances[a][b]: hexes from a to b

    def distance(self, a: int, b: int) -> int:
        """Hex distance between two hexes."""
        return self.distances[a][b]


def _hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hex distance between two (column, row) cells, odd rows shifted right."""
    (ca, ra), (cb, rb) = a, b
    xa, xb = ca - (ra - (ra & 1)) // 2, cb - (rb - (rb & 1)) // 2
    dx, dz = xa - xb, ra - rb
    return max(abs(dx), abs(dz), abs(-dx - dz))


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every number the Ludus Gladiatorius rules read, validated."""

    dice: dict[str, tuple[Face, ...]]
    die_names: dict[str, str]
    emperor: tuple[str, ...]
    sheets: tuple[Sheet, ...]
    arena: Arena
    rules: RulesFile
    special_names: dict[str, str]
    retiarius: int


def _arena(spec: ArenaFile) -> Arena:
    cells: list[tuple[int, int]] = []
    names: list[str] = []
    starts: dict[int, int] = {}
    for row, line in enumerate(spec.rows):
        for col, char in enumerate(line):
            if char == "#":
                continue
            if char.isdigit():
                starts[int(char)] = len(cells)
            cells.append((col, row))
            names.append(f"{chr(ord('a') + col)}{row + 1}")
    index = {cell: i for i, cell in enumerate(cells)}
    neighbours = []
    for col, row in cells:
        if row % 2 == 0:
            around = ((1, 0), (-1, 0), (-1, -1), (0, -1), (-1, 1), (0, 1))
        else:
            around = ((1, 0), (-1, 0), (0, -1), (1, -1), (0, 1), (1, 1))
        neighbours.append(
            tuple(index[c] for dc, dr in around if (c := (col + dc, row + dr)) in index)
        )
    return Arena(
        name=spec.name,
        width=len(spec.rows[0]),
        height=len(spec.rows),
        names=tuple(names),
        cells=tuple(cells),
        neighbours=tuple(neighbours),
        starts=starts,
        index={name: i for i, name in enumerate(names)},
        distances=tuple(tuple(_hex_distance(a, b) for b in cells) for a in cells),
    )


@cache
def load_catalog(folder: str = "") -> Catalog:
    """The validated data of `folder` (empty: the bundled data); DataError says what is wrong."""
    root = data_folder(folder, DATA_DIR)
    dice_file = load_validated(DiceFile, root / "dice.toml")
    glad_file = load_validated(GladiatorsFile, root / "gladiators.toml")
    arena_file = load_validated(ArenaFile, root / "arena.toml")
    rules = load_validated(RulesFile, root / "rules.toml")
    dice = {name: tuple(spec.faces) for name, spec in dice_file.dice.items()}
    used = {d for g in glad_file.gladiator for d in g.dice}
    used |= {rules.movement.boost_die, *rules.net_attack.throw_dice}
    used |= {*rules.net_attack.follow_up_dice, *rules.savage_attack.extra_dice}
    used |= set(rules.doughty_defence.extra_dice)
    unknown = sorted(used - set(dice))
    if unknown:
        raise DataError(f"data in {root} uses dice {unknown} that dice.toml does not define")
    net_carriers = [g.number - 1 for g in glad_file.gladiator if g.specials.get("NA", 0) > 0]
    if len(net_carriers) > 1:
        raise DataError(
            f"{root / 'gladiators.toml'}: only one gladiator (the Retiarius) may have NA"
        )
    sheets = tuple(
        Sheet(g.number, g.name, g.life, g.movement, tuple(g.dice), dict(g.specials))
        for g in sorted(glad_file.gladiator, key=lambda g: g.number)
    )
    return Catalog(
        dice=dice,
        die_names={name: spec.name for name, spec in dice_file.dice.items()},
        emperor=tuple(dice_file.emperor.faces),
        sheets=sheets,
        arena=_arena(arena_file),
        rules=rules,
        special_names=dict(rules.specials),
        retiarius=net_carriers[0] if net_carriers else -1,
    )


@cache
def rule_ids() -> dict[str, RuleId]:
    """The rules the events cite (`data/rule_ids.toml`, always the bundled file)."""
    return load_rule_ids(DATA_DIR / "rule_ids.toml", "ludus")
