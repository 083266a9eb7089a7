"""Reading Jugula's data files: the schema of each file (pydantic), the checks against the
facts of the rulebook (`data.py` lists them), and the frozen `Catalog` made of them. Imported
only when a file is read anew: a process whose catalog comes from the cache
(`core/data_cache.py`) never loads the schemas.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from ...core.data import DataModel, StatedModel, data_folder, load_validated
from ...core.errors import DataError
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

Stat = Annotated[int, Field(ge=0, le=9)]
Small = Annotated[int, Field(ge=0, le=20)]
Modifier = Annotated[int, Field(ge=-9, le=0)]
Code = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]


# --- armaturae.toml ("Armaturae", "The Traits", "Armatura Descriptions") ---------------------


class SideSpec(DataModel):
    """One side of an armatura card: MP, ATT and DEF against light and heavy gladiators."""

    mp: Stat
    att_light: Stat
    att_heavy: Stat
    def_light: Stat
    def_heavy: Stat


class ArmaturaSpec(StatedModel):
    id: Code
    name: str
    kind: Literal["light", "heavy"] = Field(alias="class")
    traits: list[str]
    unhurt: SideSpec
    wounded: SideSpec

    @field_validator("traits")
    @classmethod
    def _known_traits(cls, traits: list[str]) -> list[str]:
        heads = []
        for trait in traits:
            if not re.fullmatch(r"Range [1-9]|Hindrance|Bow|Harassment|Massive|Stoic", trait):
                raise ValueError(
                    f"unknown trait {trait!r}; known: Range N, {', '.join(TRAITS[1:])}"
                )
            heads.append(trait.split()[0])
        if len(set(heads)) != len(heads):
            raise ValueError(f"a trait appears twice in {traits}")
        if "Bow" in heads and "Range" not in heads:
            raise ValueError("Bow needs Range: a bowman never attacks adjacent gladiators")
        return traits


class ArmaturaeFile(DataModel):
    armatura: list[ArmaturaSpec]


# --- cards.toml ("The Cards", "The Jugula Cards", "Prima Jugula Cards") ----------------------


class CardSpec(StatedModel):
    id: Code
    name: str
    movement: Annotated[int, Field(ge=0, le=4)]  # a familia has four gladiators
    vox: Annotated[int, Field(ge=0, le=10)]
    combat: Annotated[int, Field(ge=0, le=10)]
    draw: Annotated[int, Field(ge=0, le=10)]
    upgrade: Annotated[int, Field(ge=0, le=3)]  # Prima Jugula cards cost 1-3 stars
    die: Annotated[int, Field(ge=0, le=6)]
    ability: Ability
    text: str = Field(min_length=1)


class PrimaSpec(CardSpec):
    cost: Annotated[int, Field(ge=1, le=3)]


# --- talents.toml ("Appendix II: Talents") --------------------------------------------------------


class TalentSpec(StatedModel):
    id: Code
    name: str
    kind: Literal["light", "heavy", "all"] = Field(alias="class")
    acts: Literal["arena", "campaign"]
    text: str = Field(min_length=1)


class TalentsFile(DataModel):
    talent: list[TalentSpec]


class CardsFile(DataModel):
    jugula: list[CardSpec]
    prima: list[PrimaSpec]


# --- rules.toml --------------------------------------------------------------------------------


class BoardSpec(StatedModel):
    width: Annotated[int, Field(ge=3, le=26)]
    height: Annotated[int, Field(ge=3, le=26)]


class SetupSpec(StatedModel):
    familia: Annotated[int, Field(ge=1, le=12)]
    hand: Small
    hand_minimum: Small
    deployment_facing: Literal["any", "forward"]


class DeploymentSpec(StatedModel):
    players: Annotated[int, Field(ge=2, le=4)]
    zones: list[list[str]]


class VoxLevelSpec(StatedModel):
    level: Annotated[int, Field(ge=0, le=20)]
    attack: Stat
    hand_limit: Annotated[int, Field(ge=1, le=30)]


class VoxSpec(StatedModel):
    start: Small
    maximum: Small
    defence_gain: Small
    overflow_draw: Small
    levels: list[VoxLevelSpec]

    @model_validator(mode="after")
    def _one_level_per_space(self) -> VoxSpec:
        levels = [v.level for v in self.levels]
        if levels != list(range(self.maximum + 1)):
            raise ValueError(f"levels must be 0 to {self.maximum} in order, got {levels}")
        if not self.start <= self.maximum:
            raise ValueError("start must be on the track")
        for low, high in zip(self.levels, self.levels[1:], strict=False):
            if high.attack < low.attack or high.hand_limit < low.hand_limit:
                raise ValueError(f"level {high.level} gives less than level {low.level}")
        return self


class MovementSpec(StatedModel):
    forward: Small
    other: Small
    leave_front: Small
    face_only: Small
    face_before_step: Small
    push_back: Small


class CombatSpec(StatedModel):
    flank: Small
    rear: Small
    back: Small
    threatening: Modifier
    hindered: Modifier
    minimum_score: Annotated[int, Field(ge=1, le=9)]
    wound_multiple: Annotated[int, Field(ge=2, le=9)]
    bite_multiple: Annotated[int, Field(ge=2, le=20)]


class TraitsSpec(StatedModel):
    harassment: Modifier
    harassment_floor: Small
    massive_defence: Modifier
    bow_defence_per_square: Small
    hindrance_markers: Small


class VictorySpec(StatedModel):
    standing: Small
    all_wounded: bool
    unhurt_and_wounded: tuple[Small, Small]
    sudden_death_vox: Small
    multi_standing: Small
    multi_all_wounded: bool


class SimpleSpec(StatedModel):
    bitten: Small
    wounded: Small
    target: Annotated[int, Field(ge=1, le=20)]


class AbilitiesSpec(StatedModel):
    ardor_oris_attack: Small
    infamis_value: Small
    panem_lead: Small
    panem_choices: Small
    par_pari_mp: Small
    plausus_look: Small
    virtus_vox_loss: Small
    fraus_fraudis_cards: Small
    fraus_fraudis_stars: Annotated[int, Field(ge=1, le=3)]
    fulmen_draw: Small
    paro_hand: Small
    animus_choices: Small
    dubitatio_vox: Small
    fatalitas_danger_zones: Small
    formido_vox: Small
    formido_rival_vox: Small
    perfidia_stars: Small
    fortuna_die: Annotated[int, Field(ge=0, le=6)]
    temperare_cards: Small
    temperare_draw: Small


class TalentNumbersSpec(StatedModel):
    dexter_range: Small
    dodge_mp: Small
    sturdy_margin: Small
    brute_die: Annotated[int, Field(ge=0, le=6)]
    brute_bonus: Small
    impressive_mp: Small
    resilient_die: Annotated[int, Field(ge=0, le=6)]
    butcher_multiple: Annotated[int, Field(ge=2, le=20)]
    arena_idol_vox: Small
    perfidious_bonus: Small
    leader_bonus: Small


class RulesFile(DataModel):
    board: BoardSpec
    setup: SetupSpec
    deployment: list[DeploymentSpec]
    vox: VoxSpec
    movement: MovementSpec
    combat: CombatSpec
    traits: TraitsSpec
    victory: VictorySpec
    simple: SimpleSpec
    abilities: AbilitiesSpec
    talents: TalentNumbersSpec

    @model_validator(mode="after")
    def _zones_fit(self) -> RulesFile:
        players = sorted(d.players for d in self.deployment)
        if players != [2, 3, 4]:
            raise ValueError(f"deployment must be given once for 2, 3 and 4 players, got {players}")
        for spec in self.deployment:
            where = f"deployment ({spec.players} players)"
            if len(spec.zones) != spec.players:
                raise ValueError(f"{where}: {len(spec.zones)} zones, one per lanista needed")
            seen: set[str] = set()
            for zone in spec.zones:
                for name in zone:
                    try:
                        _square(name, self.board.width, self.board.height)
                    except ValueError as error:
                        raise ValueError(f"{where}: {error}") from error
                if len(set(zone)) < self.setup.familia:
                    raise ValueError(f"{where}: zone {zone} has room for fewer than a familia")
                if seen & set(zone):
                    raise ValueError(f"{where}: zones share {sorted(seen & set(zone))}")
                seen |= set(zone)
        return self


def _square(name: str, width: int, height: int) -> int:
    """The index of square `name` ("a1"), or ValueError if it is not on the board."""
    match = re.fullmatch(r"([a-z])([1-9][0-9]?)", name)
    if match:
        file, rank = ord(match[1]) - ord("a"), int(match[2]) - 1
        if file < width and rank < height:
            return rank * width + file
    raise ValueError(f"square {name!r} is not on the {width}×{height} board")


def _side(spec: SideSpec) -> Side:
    return Side(spec.mp, (spec.att_light, spec.att_heavy), (spec.def_light, spec.def_heavy))


def _armatura(index: int, spec: ArmaturaSpec) -> Armatura:
    heads = {t.split()[0]: t for t in spec.traits}
    return Armatura(
        index=index,
        code=spec.id,
        name=spec.name,
        heavy=spec.kind == "heavy",
        sides=(_side(spec.unhurt), _side(spec.wounded)),
        range=int(heads["Range"].split()[1]) if "Range" in heads else 0,
        hindrance="Hindrance" in heads,
        bow="Bow" in heads,
        harassment="Harassment" in heads,
        massive="Massive" in heads,
        stoic="Stoic" in heads,
    )


def _card(index: int, spec: CardSpec) -> Card:
    cost = spec.cost if isinstance(spec, PrimaSpec) else 0
    values = (spec.movement, spec.vox, spec.combat, spec.draw, spec.upgrade, spec.die)
    return Card(index, spec.id, spec.name, cost > 0, cost, *values, spec.ability, spec.text)


def _rules(spec: RulesFile) -> Rules:
    width, height = spec.board.width, spec.board.height
    squares = tuple(f"{chr(ord('a') + i % width)}{i // width + 1}" for i in range(width * height))
    deployment = {
        d.players: tuple(tuple(_square(n, width, height) for n in zone) for zone in d.zones)
        for d in spec.deployment
    }

    def plain(section: StatedModel) -> dict[str, Any]:
        return section.model_dump(exclude={"stated"})

    return Rules(
        width=width,
        height=height,
        squares=squares,
        familia=spec.setup.familia,
        hand=spec.setup.hand,
        hand_minimum=spec.setup.hand_minimum,
        deployment_facing=spec.setup.deployment_facing,
        deployment=deployment,
        vox_start=spec.vox.start,
        vox_max=spec.vox.maximum,
        vox_defence_gain=spec.vox.defence_gain,
        vox_overflow_draw=spec.vox.overflow_draw,
        vox_attack=tuple(v.attack for v in spec.vox.levels),
        vox_hand=tuple(v.hand_limit for v in spec.vox.levels),
        movement=Movement(**plain(spec.movement)),
        combat=Combat(**plain(spec.combat)),
        traits=TraitRules(**plain(spec.traits)),
        victory=Victory(**plain(spec.victory)),
        simple=Simple(**plain(spec.simple)),
        abilities=Abilities(**plain(spec.abilities)),
        talents=TalentNumbers(**plain(spec.talents)),
    )


# --- the rulebook's stated facts -----------------------------------------------------------------


def _check_armaturae(specs: list[ArmaturaSpec], path: Path) -> None:
    """The 12 armaturae, their classes, the stated numbers and traits, and what a wound does."""
    names = [a.name for a in specs]
    expected = {**dict.fromkeys(LIGHT, "light"), **dict.fromkeys(HEAVY, "heavy")}
    if sorted(names) != sorted(expected):
        missing = sorted(set(expected) - set(names))
        unknown = sorted(set(names) - set(expected))
        raise DataError(
            f"{path}: armatura names must be the rulebook's 12, each once "
            f"(missing {missing}, unknown {unknown}, given {len(names)})"
        )
    if len({a.id for a in specs}) != len(specs):
        raise DataError(f"{path}: two armaturae share an id")
    by_name = {a.name: a for a in specs}
    for name, kind in expected.items():
        if by_name[name].kind != kind:
            raise DataError(f"{path}: {by_name[name].id}.class must be {kind} (rulebook)")
    facts = [
        ("Thraex", "unhurt.mp", by_name["Thraex"].unhurt.mp, 6),
        ("Crupellarius", "wounded.mp", by_name["Crupellarius"].wounded.mp, 1),
        ("Laquearius", "traits", sorted(by_name["Laquearius"].traits), ["Hindrance", "Range 1"]),
        ("Sagittarius", "traits", sorted(by_name["Sagittarius"].traits), ["Bow", "Range 5"]),
    ]
    for name, field, value, stated in facts:
        if value != stated:
            raise DataError(
                f"{path}: {by_name[name].id}.{field} is {value}, the rulebook states {stated}"
            )
    for spec in specs:
        unhurt, wounded = spec.unhurt.model_dump(), spec.wounded.model_dump()
        for field, value in wounded.items():
            if value > unhurt[field]:
                raise DataError(
                    f"{path}: {spec.id}.wounded.{field} is {value}, above unhurt "
                    f"{unhurt[field]}; a wound never makes a gladiator stronger"
                )
        for what, fields in WOUND_LOWERS.items():
            if sum(wounded[f] for f in fields) >= sum(unhurt[f] for f in fields):
                raise DataError(
                    f"{path}: {spec.id}.wounded must have lower {what} than unhurt (rulebook)"
                )


def _check_cards(cards: CardsFile, path: Path) -> None:
    """The 12 + 12 cards by name, abilities, star costs, example values and the die range."""
    for kind, given, expected in (
        ("jugula", [c.name for c in cards.jugula], list(JUGULA)),
        ("prima", [c.name for c in cards.prima], list(PRIMA)),
    ):
        if sorted(given) != sorted(expected):
            missing = sorted(set(expected) - set(given))
            unknown = sorted(set(given) - set(expected))
            raise DataError(
                f"{path}: the {kind} cards must be the rulebook's 12, each once "
                f"(missing {missing}, unknown {unknown}, given {len(given)})"
            )
    every: list[CardSpec] = [*cards.jugula, *cards.prima]
    if len({c.id for c in every}) != len(every):
        raise DataError(f"{path}: two cards share an id")
    for card in cards.jugula:
        if card.ability != JUGULA[card.name]:
            raise DataError(f"{path}: {card.id}.ability must be {JUGULA[card.name]!r}")
    for prima in cards.prima:
        cost, ability = PRIMA[prima.name]
        if prima.cost != cost:
            raise DataError(f"{path}: {prima.id}.cost is {prima.cost}, the rulebook states {cost}")
        if prima.ability != ability:
            raise DataError(f"{path}: {prima.id}.ability must be {ability!r}")
    by_name = {c.name: c for c in every}
    for (name, effect), value in STATED_CARD_VALUES.items():
        card = by_name[name]
        if getattr(card, effect) != value:
            raise DataError(
                f"{path}: {card.id}.{effect} is {getattr(card, effect)}, "
                f"the rulebook states {value}"
            )
    if by_name["Panem et Circenses"].movement < 2:
        raise DataError(f"{path}: panem_et_circenses.movement must be at least 2 (example)")
    dice = {c.die for c in every}
    if dice != set(range(7)):
        raise DataError(
            f"{path}: die values run 0 to 6, each must appear; missing {set(range(7)) - dice}"
        )


def _check_talents(specs: list[TalentSpec], path: Path) -> None:
    """The 18 talents of "Appendix II" by name, each once, with their class and where they act."""
    names = [t.name for t in specs]
    if sorted(names) != sorted(TALENTS):
        missing = sorted(set(TALENTS) - set(names))
        unknown = sorted(set(names) - set(TALENTS))
        raise DataError(
            f"{path}: the talents must be the rulebook's 18, each once "
            f"(missing {missing}, unknown {unknown}, given {len(names)})"
        )
    if len({t.id for t in specs}) != len(specs):
        raise DataError(f"{path}: two talents share an id")
    for spec in specs:
        kind, acts = TALENTS[spec.name]
        if (spec.kind, spec.acts) != (kind, acts):
            raise DataError(
                f"{path}: {spec.id} is {spec.kind}/{spec.acts}, the rulebook states {kind}/{acts}"
            )


def _check_rules(rules: RulesFile, path: Path) -> None:
    """The rules' stated numbers (board, hand, track, modifiers, costs, victory, 2-player zones)."""
    width, height = rules.board.width, rules.board.height
    stated = list(STATED_RULES.items())
    for level, (attack, hand) in STATED_VOX.items():
        stated.append((f"vox.levels.{level}.attack", attack))
        if hand is not None:
            stated.append((f"vox.levels.{level}.hand_limit", hand))
    for key, expected in stated:
        value: Any = rules
        for part in key.split("."):
            value = value[int(part)] if part.isdigit() else getattr(value, part)
        if value != expected:
            raise DataError(f"{path}: {key} is {value}, the rulebook states {expected}")
    two = next(d for d in rules.deployment if d.players == 2)
    ranks = [[f"{chr(ord('a') + f)}{r}" for f in range(width)] for r in (1, height)]
    if sorted(map(sorted, two.zones)) != sorted(map(sorted, ranks)):
        raise DataError(
            f"{path}: deployment (2 players).zones must be the 8 squares nearest each side "
            "(ranks 1 and 8), as the rulebook states"
        )


def _load_catalog(root: Path) -> Catalog:
    armaturae = load_validated(ArmaturaeFile, root / "armaturae.toml").armatura
    cards = load_validated(CardsFile, root / "cards.toml")
    rules = load_validated(RulesFile, root / "rules.toml")
    talents = load_validated(TalentsFile, root / "talents.toml").talent
    _check_talents(talents, root / "talents.toml")
    _check_armaturae(armaturae, root / "armaturae.toml")
    _check_cards(cards, root / "cards.toml")
    _check_rules(rules, root / "rules.toml")
    order = {name: i for i, name in enumerate((*LIGHT, *HEAVY))}
    armatura_list = tuple(
        _armatura(i, a) for i, a in enumerate(sorted(armaturae, key=lambda a: order[a.name]))
    )
    card_list = tuple(_card(i, c) for i, c in enumerate([*cards.jugula, *cards.prima]))
    return Catalog(
        armaturae=armatura_list,
        cards=card_list,
        jugula=tuple(c.index for c in card_list if not c.prima),
        prima=tuple(c.index for c in card_list if c.prima),
        rules=_rules(rules),
        armatura_by_code={a.code: a.index for a in armatura_list},
        card_by_code={c.code: c.index for c in card_list},
        talents={t.id: Talent(t.id, t.name, t.kind, t.acts == "arena", t.text) for t in talents},
    )


def read_catalog(folder: str) -> Catalog:
    """The catalog of `folder` (empty: the bundled data), every file checked."""
    return _load_catalog(data_folder(folder, DATA_DIR))
