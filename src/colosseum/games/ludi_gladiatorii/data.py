"""Loading and validating the Ludi Gladiatorii card set (gladiators, buildings, combat, events)
and the catalog of rule ids its events cite.

The numbers live in `data/*.toml`; this module checks them once against every fact the
rulebook states and expands `copies` into one entry per physical card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from ...core.data import DataModel, data_folder, load_validated
from ...core.errors import DataError
from ...core.rule_ids import RuleId, load_rule_ids
from .moves import Moves

DATA_DIR = Path(__file__).parent / "data"
Box = Literal["base", "quintus_ludus", "historiae", "magistri_arenae"]
Ability = Literal[
    "", "collect", "defender", "chain", "public_favor", "deadly", "armoured", "trample", "precision"
]
# What a building does besides its entry benefits; each is implemented in buildings.py.
BuildingEffect = Literal[
    "",  # entry benefits only
    "starting_player",  # Casula
    "novice_attack_bonus",  # Catacumbae: your novices +1 combat when they attack
    "extra_auction",  # Commeatus: one more auction each turn
    "novice_income",  # Cubiculum: +1 coin at start of turn with a novice; buy novices
    "build_income",  # Forum: +1 coin each time you build another building
    "auction_ties",  # Tribunal: wins tied auctions
    "quarry",  # Lapicidinae: built by demolishing; pay to destroy a rival building
    "auction_income",  # Macellum: +1 coin each time you start an auction
    "workshop",  # Officina: chain rival gladiators once a turn
    "training",  # Palaestra: at start of turn, pay to trade a novice for a veteran
    "champions",  # Colosseum: the Champions module
    "veteran_attack_bonus",  # your veterans +1 combat when they attack
    "defence_bonus",  # your gladiators +1 combat when they defend
    "work_income",  # +1 coin each time one of your gladiators works
    "start_income",  # +1 coin at the start of your turn
    "infirmary",  # pay 2 coins to keep a gladiator a combat would discard
    "combat_discount",  # combats you start cost 1 coin less
    "barracks",  # counts twice when comparing gladiators to buildings
]
EventEffect = Literal[
    "ars_augusti",
    "bellum_gallicum",
    "bellum_servile",
    "crudelitas_commodi",
    "legatio_antonini",
    "munere_traiani",
    "plaga_galeni",
    "saturnalia",
    "triumphus",
    "vinalia",
]
Small = Annotated[int, Field(ge=0, le=12)]


class GladiatorSpec(DataModel):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    rank: Literal["novice", "veteran"]
    min_bid: Small = 0
    combat: Small
    work: Small
    construction: Small
    ability: Ability = ""
    box: Box
    copies: int = Field(default=1, ge=1, le=20)
    stated: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _bid_for_veterans(self) -> GladiatorSpec:
        if self.rank == "veteran" and self.min_bid < 1:
            raise ValueError(f"veteran {self.id} needs a minimum bid of at least 1")
        if self.rank == "novice" and self.min_bid:
            raise ValueError(f"novice {self.id} has no minimum bid")
        return self


class BuildingSpec(DataModel):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    cost: Small
    demolition: Small
    players: Literal["", "III", "IV", "V"] = ""
    initial: bool = False
    starting: bool = False
    points: Small = 0
    coins: Small = 0
    effect: BuildingEffect = ""
    box: Box
    copies: int = Field(default=1, ge=1, le=10)
    text: str = ""
    stated: list[str] = Field(default_factory=list)


class CombatCardSpec(DataModel):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: Literal["Impetus", "Defensio"]
    swords: Small = 0
    shields: Small = 0
    skull: bool = False
    extra_point: bool = False
    coins: Small = 0
    reshuffle: bool = False
    box: Box = "base"
    copies: int = Field(default=1, ge=1, le=15)
    stated: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _attack_or_defence(self) -> CombatCardSpec:
        if self.name == "Impetus" and self.shields:
            raise ValueError(f"{self.id}: an Impetus card shows swords, not shields")
        if self.name == "Defensio" and self.swords:
            raise ValueError(f"{self.id}: a Defensio card shows shields, not swords")
        return self


class EventSpec(DataModel):
    id: EventEffect
    name: str
    text: str = ""
    box: Box = "historiae"
    stated: list[str] = Field(default_factory=list)


class RulesSpec(DataModel):
    """Numbers of the rules themselves (rules.toml)."""

    starting_coins: Small
    starting_novices: Small
    buildings_dealt: Small
    initial_buildings: dict[str, Annotated[int, Field(ge=1, le=60)]]
    max_buildings: Small
    refill_gladiators: Small
    refill_buildings: Small
    combat_cost_veteran: Small
    combat_cost_novice: Small
    victory_points: Small
    auction_reveal: Small
    coin_tokens: int
    point_tokens: int
    favor_tokens: int
    champion_tokens: int
    champion_combat: Small
    novice_price: Small
    quarry_destroy_cost: Small
    training_cost: Small
    infirmary_cost: Small
    bellum_gallicum_cost: Small
    vinalia_coins: Small
    selection_shown: Small
    selection_refresh_cost: Small
    decision_card_cost: Small
    decision_hand: Small
    stated: list[str] = Field(default_factory=list)


class GladiatorsFile(DataModel):
    gladiator: list[GladiatorSpec]


class BuildingsFile(DataModel):
    building: list[BuildingSpec]


class CombatFile(DataModel):
    card: list[CombatCardSpec]


class EventsFile(DataModel):
    event: list[EventSpec]


@dataclass(frozen=True, slots=True)
class Gladiator:
    """One physical gladiator card."""

    index: int
    code: str  # unique per card, used in notation: "gallus", "tiro_3"
    name: str
    veteran: bool
    min_bid: int
    combat: int
    work: int
    construction: int
    ability: Ability
    box: Box


@dataclass(frozen=True, slots=True)
class Building:
    """One physical building card."""

    index: int
    code: str
    name: str
    cost: int
    demolition: int
    players: int  # fewest players this card is used with: 2, 3, 4 or 5
    initial: bool
    starting: bool
    points: int
    coins: int
    effect: BuildingEffect
    box: Box
    text: str


@dataclass(frozen=True, slots=True)
class CombatCard:
    """One physical combat card."""

    index: int
    code: str
    name: str
    swords: int
    shields: int
    skull: bool
    extra_point: bool
    coins: int
    reshuffle: bool


@dataclass(frozen=True, slots=True)
class EventCard:
    index: int
    code: EventEffect
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Catalog:
    gladiators: tuple[Gladiator, ...]
    buildings: tuple[Building, ...]
    combat: tuple[CombatCard, ...]
    events: tuple[EventCard, ...]
    rules: RulesSpec
    gladiator_by_code: dict[str, int]
    building_by_code: dict[str, int]
    combat_by_code: dict[str, int]
    moves: Moves  # the actions on these cards, made once
    view_entries: tuple[dict[str, Any], ...]
    """Each gladiator's entry in a view as first made: its printed facts, then the keys of its
    state and bonuses, which the view sets (`hidden`)."""


# the keys a view adds to each gladiator's printed facts, in their order (`hidden`)
VIEW_STATE_KEYS = (
    "turned",
    "chained",
    "favor",
    "trample_ready",
    "champion",
    "attack_bonus",
    "defence_bonus",
    "fight_cost",
)
_PLAYER_MARK = {"": 2, "III": 3, "IV": 4, "V": 5}
TOTALS = {"gladiators": 51, "buildings": 34, "combat": 15, "events": 10}


def _codes(base: str, copies: int) -> list[str]:
    return [base] if copies == 1 else [f"{base}_{i}" for i in range(1, copies + 1)]


def _check_stated_facts(catalog: Catalog, root: Path) -> None:
    """Every fact the printed rulebook states about the cards."""
    counts = {
        "gladiators": len(catalog.gladiators),
        "buildings": len(catalog.buildings),
        "combat": len(catalog.combat),
        "events": len(catalog.events),
    }
    for kind, total in TOTALS.items():
        if counts[kind] != total:
            raise DataError(f"data in {root}: {counts[kind]} {kind} cards, the game has {total}")
    base = sum(1 for g in catalog.gladiators if g.box == "base")
    base += sum(1 for b in catalog.buildings if b.box == "base") + len(catalog.combat)
    if base != 72:
        raise DataError(f"data in {root}: the basic game has 72 cards, these data give {base}")

    def gladiators(name: str) -> list[Gladiator]:
        return [g for g in catalog.gladiators if g.name == name]

    def buildings(name: str) -> list[Building]:
        return [b for b in catalog.buildings if b.name == name]

    def every(cards: list[Any], test: Callable[[Any], bool]) -> bool:
        return bool(cards) and all(test(card) for card in cards)

    facts = [
        (every(gladiators("Cretensis"), lambda g: g.veteran), "Cretensis is a veteran"),
        (every(gladiators("Cretensis"), lambda g: g.combat == 2), "Cretensis has combat 2"),
        (
            every(gladiators("Cretensis"), lambda g: g.ability != "precision"),
            "the defender chooses against Cretensis (combat example): no Precision",
        ),
        (every(gladiators("Hispanus"), lambda g: g.combat == 3), "Hispanus has combat 3"),
        (every(gladiators("Gallus"), lambda g: g.min_bid == 3), "Gallus has minimum bid 3"),
        (
            bool(gladiators("Aegyptius") and gladiators("Phoenicius")),
            "Aegyptius and Phoenicius exist",
        ),
        (every(buildings("Forum"), lambda b: b.coins == 1), "the Forum gives 1 coin on entry"),
        (every(buildings("Tribunal"), lambda b: b.points == 1), "the Tribunal gives 1 VP on entry"),
        (
            [b.name for b in catalog.buildings if b.starting] == ["Casula"],
            "the Casula is the one starting-player building",
        ),
    ]
    named = ("Catacumbae", "Commeatus", "Cubiculum", "Lapicidinae", "Macellum", "Officina")
    for name in (*named, "Palaestra", "Colosseum"):
        facts.append((bool(buildings(name)), f"the {name} exists"))
    for holds, fact in facts:
        if not holds:
            raise DataError(f"data in {root} contradict the rulebook: {fact}")
    events = {e.code for e in catalog.events}
    if len(events) != 10:
        raise DataError(f"data in {root}: the 10 events must each appear once")


@cache
def load_catalog(folder: str = "") -> Catalog:
    """The validated card set of `folder` (empty: the bundled data)."""
    root = data_folder(folder, DATA_DIR)
    glads = load_validated(GladiatorsFile, root / "gladiators.toml").gladiator
    builds = load_validated(BuildingsFile, root / "buildings.toml").building
    cards = load_validated(CombatFile, root / "combat.toml").card
    events = load_validated(EventsFile, root / "events.toml").event
    rules = load_validated(RulesSpec, root / "rules.toml")
    gladiators = tuple(
        Gladiator(
            i,
            code,
            g.name,
            g.rank == "veteran",
            g.min_bid,
            g.combat,
            g.work,
            g.construction,
            g.ability,
            g.box,
        )
        for i, (g, code) in enumerate((g, c) for g in glads for c in _codes(g.id, g.copies))
    )
    buildings = tuple(
        Building(
            i,
            code,
            b.name,
            b.cost,
            b.demolition,
            _PLAYER_MARK[b.players],
            b.initial,
            b.starting,
            b.points,
            b.coins,
            b.effect,
            b.box,
            b.text,
        )
        for i, (b, code) in enumerate((b, c) for b in builds for c in _codes(b.id, b.copies))
    )
    combat = tuple(
        CombatCard(
            i, code, c.name, c.swords, c.shields, c.skull, c.extra_point, c.coins, c.reshuffle
        )
        for i, (c, code) in enumerate((c, k) for c in cards for k in _codes(c.id, c.copies))
    )
    event_cards = tuple(EventCard(i, e.id, e.name, e.text) for i, e in enumerate(events))
    for kind, codes in (
        ("gladiator", [g.code for g in gladiators]),
        ("building", [b.code for b in buildings]),
        ("combat card", [c.code for c in combat]),
    ):
        if len(set(codes)) != len(codes):
            raise DataError(f"data in {root}: two {kind} cards share a code")
    catalog = Catalog(
        gladiators=gladiators,
        buildings=buildings,
        combat=combat,
        events=event_cards,
        rules=rules,
        gladiator_by_code={g.code: g.index for g in gladiators},
        building_by_code={b.code: b.index for b in buildings},
        combat_by_code={c.code: c.index for c in combat},
        view_entries=tuple(
            {
                "code": g.code,
                "name": g.name,
                "veteran": g.veteran,
                "combat": g.combat,
                "work": g.work,
                "construction": g.construction,
                "ability": g.ability,
                **dict.fromkeys(VIEW_STATE_KEYS),
            }
            for g in gladiators
        ),
        moves=Moves(
            [g.code for g in gladiators],
            [b.code for b in buildings],
            [c.code for c in combat],
            rules.coin_tokens,
        ),
    )
    _check_stated_facts(catalog, root)
    return catalog


@cache
def rule_ids() -> dict[str, RuleId]:
    """The rules the events cite (`data/rule_ids.toml`, always the bundled file)."""
    return load_rule_ids(DATA_DIR / "rule_ids.toml", "ludi")
