"""Loading and validating the Jugula data (armaturae, Jugula and Prima Jugula cards, rules)
and the catalog of rule ids its events cite.

The numbers live in `data/*.toml`, each value marked `stated` (the rulebook gives it) or chosen
by Colosseum (docs/rules/jugula.md says why). This module checks them once against every fact
the rulebook states and turns them into the frozen `Catalog` the engine reads while playing:
plain ints, bools and tuples. A user may point the game at a folder of their own.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from ...core.data import DataModel, StatedModel, data_folder, load_validated
from ...core.errors import DataError
from ...core.rule_ids import RuleId, load_rule_ids
from .board import Geometry, geometry

DATA_DIR = Path(__file__).parent / "data"

# "Armaturae" and "Armatura Descriptions": six lights (agile) and six heavies (deadly).
LIGHT = ("Veles", "Thraex", "Retiarius", "Sagittarius", "Dimachaerius", "Laquearius")
HEAVY = ("Murmillo", "Scissor", "Hoplomachus", "Provocator", "Secutor", "Crupellarius")
# "The Traits"; Range is printed with its number ("Range 1"; "Reach 1" in "Armaturae").
TRAITS = ("Range", "Hindrance", "Bow", "Harassment", "Massive", "Stoic")

Ability = Literal[
    # Jugula cards ("The Jugula Cards")
    "recall_from_discard",  # Acies Aciei
    "restore_removed",  # Acta est Fabula
    "reckless_attack",  # Ardor Oris
    "heal_wound",  # Cognatus a Um
    "take_two_prima",  # Fraus Fraudis
    "move_and_attack",  # Impetus
    "crowd_favourite",  # Infamis
    "salute_the_crowd",  # Moriturí te salutant
    "bread_and_circuses",  # Panem et Circenses
    "evasive_move",  # Par Pari Refertur
    "applause",  # Plausus
    "underdog",  # Virtus
    # Prima Jugula cards ("Prima Jugula Cards")
    "none",  # Audacia
    "draw_then_strike",  # Fulmen
    "force_discard",  # Paro
    "two_effects",  # Animus
    "effect_and_compel",  # Dubitatio
    "execution",  # Fatalitas
    "intimidation",  # Formido
    "seed_prima",  # Perfidia
    "move_enemy",  # Dementia
    "cull_weak",  # Fortuna
    "silence_rival",  # Potestas
    "trim_deck",  # Temperare
]
# Each card of a deck, once, with the ability its section describes (and, Prima, its stars).
JUGULA: dict[str, str] = {
    "Acies Aciei": "recall_from_discard",
    "Acta est Fabula": "restore_removed",
    "Ardor Oris": "reckless_attack",
    "Cognatus a Um": "heal_wound",
    "Fraus Fraudis": "take_two_prima",
    "Impetus": "move_and_attack",
    "Infamis": "crowd_favourite",
    "Moriturí te salutant": "salute_the_crowd",
    "Panem et Circenses": "bread_and_circuses",
    "Par Pari Refertur": "evasive_move",
    "Plausus": "applause",
    "Virtus": "underdog",
}
PRIMA: dict[str, tuple[int, str]] = {
    "Audacia": (1, "none"),
    "Fulmen": (1, "draw_then_strike"),
    "Paro": (1, "force_discard"),
    "Animus": (2, "two_effects"),
    "Dubitatio": (2, "effect_and_compel"),
    "Fatalitas": (2, "execution"),
    "Formido": (2, "intimidation"),
    "Perfidia": (2, "seed_prima"),
    "Dementia": (3, "move_enemy"),
    "Fortuna": (3, "cull_weak"),
    "Potestas": (3, "silence_rival"),
    "Temperare": (3, "trim_deck"),
}
# Card values the rulebook's examples give: (card, effect) -> value.
STATED_CARD_VALUES: dict[tuple[str, str], int] = {
    ("Ardor Oris", "movement"): 3,  # Movement Effect example
    ("Impetus", "vox"): 3,  # Vox Populi Effect example
    ("Virtus", "combat"): 3,  # Combat Effect example
    ("Infamis", "draw"): 1,  # Draw Effect example
    ("Acies Aciei", "upgrade"): 2,  # Upgrade Effect example
    ("Panem et Circenses", "draw"): 4,  # Maximum hand size example
}
# The Vox Populi track ("Vox Populi"): level -> (attack bonus, hand limit); None: not printed.
STATED_VOX: dict[int, tuple[int, int | None]] = {
    0: (0, 5),
    1: (0, 6),
    2: (1, 6),
    3: (1, 6),
    4: (1, 7),
    5: (1, 7),
    6: (2, 8),
    7: (2, 8),
    8: (2, None),
    10: (4, 10),
}
# Every number of rules.toml the rulebook states: "section.field" -> value.
STATED_RULES: dict[str, object] = {
    "board.width": 8,  # "What You Will Need": 64 squares; "8×8 arena"
    "board.height": 8,
    "setup.familia": 4,  # "Setting up the game"
    "setup.hand": 4,
    "setup.hand_minimum": 1,  # "Last but not least!"
    "vox.start": 0,
    "vox.maximum": 10,
    "vox.defence_gain": 1,  # "Vox Populi changes"
    "vox.overflow_draw": 1,
    "movement.forward": 1,  # "Movement"
    "movement.other": 2,
    "movement.leave_front": 1,
    "movement.face_only": 1,
    "movement.face_before_step": 0,
    "movement.push_back": 1,  # "Pushed back gladiator"
    "combat.flank": 1,  # "Combat modifiers"
    "combat.rear": 2,
    "combat.back": 3,
    "combat.threatening": -1,
    "combat.hindered": -1,
    "combat.minimum_score": 1,  # "Even incompetence has its limits"
    "combat.wound_multiple": 2,  # "Attack outcome"
    "combat.bite_multiple": 4,
    "traits.harassment": -1,  # "The Traits"
    "traits.harassment_floor": 0,
    "traits.massive_defence": -2,
    "traits.bow_defence_per_square": 1,
    "traits.hindrance_markers": 1,
    "victory.standing": 2,  # "Winning the game"
    "victory.all_wounded": True,
    "victory.unhurt_and_wounded": (1, 2),
    "victory.sudden_death_vox": 10,
    "victory.multi_standing": 1,  # "Multi-Player Games", "Victory"
    "victory.multi_all_wounded": True,
    "simple.bitten": 2,  # "Well, we will keep it simple"
    "simple.wounded": 1,
    "simple.target": 4,
    "abilities.ardor_oris_attack": 4,  # "The Jugula Cards" and "Prima Jugula Cards"
    "abilities.infamis_value": 1,
    "abilities.panem_lead": 3,
    "abilities.panem_choices": 2,
    "abilities.par_pari_mp": 4,
    "abilities.plausus_look": 4,
    "abilities.virtus_vox_loss": 2,
    "abilities.fraus_fraudis_cards": 2,
    "abilities.fraus_fraudis_stars": 1,
    "abilities.fulmen_draw": 2,
    "abilities.paro_hand": 3,
    "abilities.animus_choices": 2,
    "abilities.dubitatio_vox": 6,
    "abilities.fatalitas_danger_zones": 2,
    "abilities.formido_vox": 4,
    "abilities.formido_rival_vox": 2,
    "abilities.perfidia_stars": 7,
    "abilities.fortuna_die": 2,
    "abilities.temperare_cards": 3,
    "abilities.temperare_draw": 2,
    "talents.dexter_range": 1,  # "Appendix II: Talents"
    "talents.dodge_mp": 1,
    "talents.sturdy_margin": 3,
    "talents.brute_die": 6,
    "talents.brute_bonus": 3,
    "talents.impressive_mp": 1,
    "talents.resilient_die": 1,
    "talents.butcher_multiple": 3,
    "talents.arena_idol_vox": 1,
    "talents.perfidious_bonus": 2,
    "talents.leader_bonus": 1,
}
# "Appendix II: Talents": every talent, its class and where it acts.
TALENTS: dict[str, tuple[str, str]] = {
    "Fast": ("light", "arena"),
    "Dexter": ("light", "arena"),
    "Sharp": ("light", "arena"),
    "Dodge": ("light", "arena"),
    "Aware": ("light", "arena"),
    "Souple": ("light", "arena"),
    "Sturdy": ("heavy", "arena"),
    "Brute": ("heavy", "arena"),
    "Impressive": ("heavy", "arena"),
    "Resilient": ("heavy", "arena"),
    "Tough": ("heavy", "arena"),
    "Butcher": ("heavy", "arena"),
    "Cute": ("all", "campaign"),
    "Arena Idol": ("all", "arena"),
    "Perfidious": ("all", "arena"),
    "Vigorous": ("all", "campaign"),
    "Smart": ("all", "campaign"),
    "Leader": ("all", "arena"),
}
# A wounded side has lower MP, ATT and DEF ("Wounded gladiators"), summed over the columns.
WOUND_LOWERS = {"MP": ("mp",), "ATT": ("att_light", "att_heavy"), "DEF": ("def_light", "def_heavy")}

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


# --- the catalog the engine reads --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Side:
    """One side of an armatura card; `att` and `defence` are indexed by the foe's class."""

    mp: int
    att: tuple[int, int]  # against (light, heavy)
    defence: tuple[int, int]  # against (light, heavy)


@dataclass(frozen=True, slots=True)
class Armatura:
    """An armatura card; `sides[wounded]` is the side in play."""

    index: int
    code: str
    name: str
    heavy: bool
    sides: tuple[Side, Side]  # (unhurt, wounded)
    range: int  # 0: no Range trait
    hindrance: bool
    bow: bool
    harassment: bool
    massive: bool
    stoic: bool


@dataclass(frozen=True, slots=True)
class Card:
    """One card of a lanista's deck (each deck holds every card once)."""

    index: int
    code: str
    name: str
    prima: bool
    cost: int  # stars; 0 for a Jugula card
    movement: int
    vox: int
    combat: int
    draw: int
    upgrade: int
    die: int
    ability: str
    text: str


@dataclass(frozen=True, slots=True)
class Movement:
    forward: int
    other: int
    leave_front: int
    face_only: int
    face_before_step: int
    push_back: int


@dataclass(frozen=True, slots=True)
class Combat:
    flank: int
    rear: int
    back: int
    threatening: int
    hindered: int
    minimum_score: int
    wound_multiple: int
    bite_multiple: int


@dataclass(frozen=True, slots=True)
class TraitRules:
    harassment: int
    harassment_floor: int
    massive_defence: int
    bow_defence_per_square: int
    hindrance_markers: int


@dataclass(frozen=True, slots=True)
class Victory:
    standing: int
    all_wounded: bool
    unhurt_and_wounded: tuple[int, int]
    sudden_death_vox: int
    multi_standing: int
    multi_all_wounded: bool


@dataclass(frozen=True, slots=True)
class Simple:
    bitten: int
    wounded: int
    target: int


@dataclass(frozen=True, slots=True)
class Abilities:
    ardor_oris_attack: int
    infamis_value: int
    panem_lead: int
    panem_choices: int
    par_pari_mp: int
    plausus_look: int
    virtus_vox_loss: int
    fraus_fraudis_cards: int
    fraus_fraudis_stars: int
    fulmen_draw: int
    paro_hand: int
    animus_choices: int
    dubitatio_vox: int
    fatalitas_danger_zones: int
    formido_vox: int
    formido_rival_vox: int
    perfidia_stars: int
    fortuna_die: int
    temperare_cards: int
    temperare_draw: int


@dataclass(frozen=True, slots=True)
class TalentNumbers:
    dexter_range: int
    dodge_mp: int
    sturdy_margin: int
    brute_die: int
    brute_bonus: int
    impressive_mp: int
    resilient_die: int
    butcher_multiple: int
    arena_idol_vox: int
    perfidious_bonus: int
    leader_bonus: int


@dataclass(frozen=True, slots=True)
class Talent:
    """A talent of "Appendix II": who may learn it and whether the arena game uses it."""

    code: str
    name: str
    kind: str  # "light", "heavy" or "all"
    arena: bool
    text: str


@dataclass(frozen=True, slots=True)
class Rules:
    """The numbers of the arena rules. Square index = (rank - 1) * width + file."""

    width: int
    height: int
    squares: tuple[str, ...]  # names by index: "a1", "b1", ...
    familia: int
    hand: int
    hand_minimum: int
    deployment_facing: str
    deployment: dict[int, tuple[tuple[int, ...], ...]]  # players -> zones, clockwise
    vox_start: int
    vox_max: int
    vox_defence_gain: int
    vox_overflow_draw: int
    vox_attack: tuple[int, ...]  # by level
    vox_hand: tuple[int, ...]  # by level
    movement: Movement
    combat: Combat
    traits: TraitRules
    victory: Victory
    simple: Simple
    abilities: Abilities
    talents: TalentNumbers


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every number the Jugula rules read, validated."""

    armaturae: tuple[Armatura, ...]
    cards: tuple[Card, ...]  # the Jugula cards, then the Prima Jugula cards
    jugula: tuple[int, ...]  # indices into `cards`
    prima: tuple[int, ...]
    rules: Rules
    armatura_by_code: dict[str, int]
    card_by_code: dict[str, int]
    talents: dict[str, Talent]  # by code
    # the arena's squares, from `rules`: read at almost every step
    geo: Geometry = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "geo", geometry(self.rules.width, self.rules.height))


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


@cache
def load_catalog(folder: str = "") -> Catalog:
    """The validated data of `folder` (empty: the bundled data); DataError says what is wrong."""
    root = data_folder(folder, DATA_DIR)
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


@cache
def rule_ids() -> dict[str, RuleId]:
    """The rules the events cite (`data/rule_ids.toml`, always the bundled file)."""
    return load_rule_ids(DATA_DIR / "rule_ids.toml", "jugula")
