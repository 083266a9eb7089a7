"""Jugula's data as the frozen `Catalog` the engine reads while playing (armaturae, Jugula and
Prima Jugula cards, rules, talents: plain ints, bools and tuples), and the facts of the
rulebook it must hold; read from the data files by `data.py`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

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
