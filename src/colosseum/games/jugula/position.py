"""The Jugula position as a typed schema, and positions in and out of a state.

`JugulaPosition` describes every field of `state.to_position()` (docs/positions/jugula.md
explains the encodings, docs/positions/jugula.schema.json is this model as JSON Schema). A
position is read in three steps: the schema (types, ranges, list shapes), then the invariants
of the rules (`invariants.check`: every card in one place, one gladiator per square, no
familia already beaten, a decision with legal actions on top, ...), and only then play.
Numbers the rulebook states (an 8×8 arena, four gladiators a familia, 12 Jugula and 12 Prima
Jugula cards a lanista, the Vox Populi track 0-10, 12 armaturae, 18 talents) bound the fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Final, Literal, TypeVar, Union

from pydantic import BeforeValidator, Discriminator, Field, Tag

from ...core.options import resolve_options
from ...core.positions import PositionModel, validate_position
from ...core.rng import Rng
from . import invariants
from .data import load_catalog
from .model import (
    ATTACK_END,
    ATTACK_RESOLVED,
    LISTS,
    NESTED,
    REPLACED,
    REPLACED_NESTED,
    RESILIENT_SWAP,
    SCALARS,
    Fight,
    Fighter,
)
from .options import OPTIONS

if TYPE_CHECKING:
    from .fields import JugulaFields

SQUARES: Final = 64  # "What You Will Need": an arena of 64 squares (8×8)
FAMILIA: Final = 4
MAX_SEATS: Final = 4
GLADIATORS = FAMILIA * MAX_SEATS
CARDS: Final = 24  # a lanista's 12 Jugula and 12 Prima Jugula cards
ARMATURAE: Final = 12
TALENTS: Final = 18
VOX_MAX: Final = 10


def _int(low: int, high: int, description: str = "") -> Any:
    """A bounded int as a value: the fields of a task (`TASK_FIELDS`) are data."""
    return Annotated[int, Field(ge=low, le=high, description=description or None)]


Seat = Annotated[int, Field(ge=0, le=MAX_SEATS - 1, description="a seat (lanista), 0 first")]
SeatOrNone = Annotated[int, Field(ge=-1, le=MAX_SEATS - 1, description="a seat, -1 for none")]
Glad = Annotated[
    int,
    Field(ge=0, le=GLADIATORS - 1, description="a gladiator: seat × 4 + his place in the familia"),
]
Square = Annotated[
    int,
    Field(
        ge=0,
        le=SQUARES - 1,
        description="a square: (rank - 1) × 8 + file, a1 = 0, h1 = 7, a8 = 56",
    ),
]
SquareOrNone = Annotated[
    int, Field(ge=-1, le=SQUARES - 1, description="a square, -1 for none (off the arena)")
]
CardId = Annotated[
    int,
    Field(
        ge=0, le=CARDS - 1, description="a card of the lanista's own 24 (docs/positions/jugula.md)"
    ),
]
Flag = Annotated[int, Field(ge=0, le=1, description="0 or 1")]
EffectName = Literal["move", "vox", "combat", "draw"]


def _as_tuple(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _task(kind: int, *fields: Any) -> Any:
    return tuple[(Literal[kind], *fields)]  # type: ignore[valid-type]


# Every task kind (model.py): its name and its fields after the kind, in order.
TASK_FIELDS: dict[int, tuple[str, tuple[Any, ...]]] = {
    1: ("pick_armatura", (Seat,)),
    2: ("zone", (Seat,)),
    3: ("deploy", (Seat,)),
    4: ("bid", (Seat,)),
    5: ("first_player", (Seat,)),
    6: ("play", (Seat, _int(0, 2, "0 the turn's card, 1 may play another, 2 must"))),
    7: (
        "effects",
        (
            Seat,
            Annotated[list[EffectName], Field(min_length=1, max_length=4)],
            Annotated[list[Annotated[int, Field(ge=0, le=10)]], Field(min_length=1, max_length=4)],
            _int(1, 4, "how many effects are still to use"),
        ),
    ),
    8: ("move_pick", (Seat, _int(1, 4, "gladiators left to move"), _int(0, 3, "move mode"))),
    9: (
        "move",
        (Seat, Glad, _int(0, 30, "MP left"), _int(0, 3, "move mode"), SquareOrNone),
    ),
    10: ("aware", (Seat, Glad)),
    11: (
        "attack",
        (
            Seat,
            _int(1, 10, "attacks left"),
            _int(-1, GLADIATORS - 1, "the only gladiator who may attack, -1 any"),
            _int(0, 20, "attack bonus"),
            Flag,
        ),
    ),
    12: ("commit", (Seat, _int(0, 1, "0 the attacker's card, 1 the defender's"))),
    13: ("resilient", (Seat,)),
    14: ("push", (Seat, Annotated[list[Square], Field(min_length=1, max_length=3)])),
    15: ("pursue", (Seat, Square)),
    16: ("discard", (Seat, _int(0, CARDS, "cards kept"))),
    17: ("sacrifice", (Seat, _int(0, CARDS, "cards discarded so far"), SeatOrNone)),
    18: ("rival", (Seat, _int(0, 4, "virtus, paro, formido, potestas, dubitatio"))),
    19: ("recall", (Seat,)),
    20: ("restore", (Seat,)),
    21: ("heal", (Seat,)),
    22: ("prima", (Seat, _int(1, 12, "cards left to take"), _int(0, 3, "stars"), Flag)),
    23: ("impetus", (Seat,)),
    24: ("order_top", (Seat, _int(2, CARDS, "cards looked at"), _int(2, CARDS, "left to place"))),
    25: ("perfidia", (Seat, _int(0, 7, "stars left"))),
    26: ("dementia", (Seat,)),
    27: ("temperare", (Seat, _int(0, 3, "cards removed so far"))),
    28: ("execute", (Seat,)),
    29: ("acclaim", (Seat,)),
    30: ("overflow", (Seat, _int(1, 20, "cards he may still draw"))),
    40: ("end_card", (Seat, CardId, Flag)),
    41: ("end_turn", (Seat,)),
    42: ("next_turn", (Seat,)),
    43: ("attack_end", ()),
    44: ("wound", (Glad, SeatOrNone)),
    45: ("temperare_end", (Seat,)),
    46: ("pursue_check", ()),
    47: ("dodge_check", ()),
    48: ("compel", (Seat,)),
    49: ("round_reveal", (Annotated[list[Seat], Field(min_length=1, max_length=MAX_SEATS)],)),
    50: ("impetus_move", (Seat, Glad)),
    51: ("attack_resolved", ()),
}
TASK_NAMES = {kind: name for kind, (name, _) in TASK_FIELDS.items()}


def _task_tag(value: Any) -> str | None:
    if isinstance(value, (list, tuple)) and value:
        kind = value[0]
        if isinstance(kind, int) and not isinstance(kind, bool):
            return TASK_NAMES.get(kind)
    return None


_MEMBERS = tuple(
    Annotated[_task(kind, *fields), Tag(name)] for kind, (name, fields) in TASK_FIELDS.items()
)
Task = Annotated[
    Union[_MEMBERS],  # type: ignore[valid-type]  # noqa: UP007 - members built from TASK_FIELDS
    Discriminator(
        _task_tag,
        custom_error_type="task_kind",
        custom_error_message="not a task: a list whose first item is a known task kind",
    ),
    BeforeValidator(_as_tuple),
]


class Options(PositionModel):
    """The game's options (`colosseum games`), as the game was set up."""

    familiae: str = Field(default="dealt", max_length=2000)
    vox: str = Field(default="", max_length=100)
    prima: str = Field(default="", max_length=1000)
    simple: bool = False
    turn_limit: int = Field(default=0, ge=0, le=100_000)
    data: str = Field(default="", max_length=4096)


class FighterEntry(PositionModel):
    """A gladiator as he entered the arena: armatura and, from a ludus, upgrades and talents."""

    seat: Seat
    armatura: int = Field(ge=-1, le=ARMATURAE - 1, description="armatura id; -1 not chosen yet")
    name: str = Field(max_length=200)
    mp: int = Field(ge=0, le=2, description="+MP upgrades")
    att: int = Field(ge=0, le=2, description="+ATT upgrades")
    defence: int = Field(ge=0, le=2, description="+DEF upgrades")
    talents: int = Field(ge=0, lt=1 << TALENTS, description="talent bits (bit i: talent id i)")
    wounded: bool = Field(description="entered the arena wounded (a ludus' mark)")


class FightEntry(PositionModel):
    """The attack being resolved ("Attack resolution")."""

    attacker: Glad
    defender: Glad
    hinder: bool = Field(description="a Hindering attack")
    bonus: int = Field(ge=0, le=20, description="attack bonus (Ardor Oris +4)")
    ardor: bool = Field(description="Ardor Oris' attack: its attacker is wounded at the end")
    a_card: int = Field(ge=-2, le=CARDS - 1, description="card id; -2 the deck's top; -1 none")
    d_card: int = Field(ge=-2, le=CARDS - 1, description="card id; -2 the deck's top; -1 none")
    vacated: SquareOrNone
    revealed: bool
    discards: list[Annotated[list[int], Field(min_length=2, max_length=2)]] = Field(
        max_length=2, description="[seat, card] set aside by Resilient"
    )


Item = TypeVar("Item")
PerSeat = Annotated[list[Item], Field(min_length=2, max_length=MAX_SEATS)]
PerGladiator = Annotated[list[Item], Field(min_length=8, max_length=GLADIATORS)]
Pile = Annotated[list[CardId], Field(max_length=CARDS)]
Piles = PerSeat[Pile]
Facing = Annotated[int, Field(ge=0, le=3)]
Wounds = Annotated[int, Field(ge=0, le=2)]
Marker = Annotated[int, Field(ge=-2, le=GLADIATORS - 1)]
Held = Annotated[int, Field(ge=0, le=GLADIATORS)]
GladOrNone = Annotated[int, Field(ge=-1, le=GLADIATORS - 1)]
Vox = Annotated[int, Field(ge=0, le=VOX_MAX)]
CardOrNone = Annotated[int, Field(ge=-1, le=CARDS - 1)]
Bid = Annotated[int, Field(ge=-2, le=CARDS - 1)]
CardCount = Annotated[int, Field(ge=0, le=CARDS)]
ZoneOrNone = Annotated[int, Field(ge=-1, le=MAX_SEATS - 1)]


class JugulaPosition(PositionModel):
    """A complete Jugula state (`state.to_position()`), version 2."""

    game: Literal["jugula"]
    version: Literal[2]
    players: int = Field(ge=2, le=MAX_SEATS)
    options: Options
    seed: int | None = Field(description="the game's seed (information only; or null)")
    rng: int = Field(ge=0, lt=1 << 64, description="the SplitMix64 generator's state")
    turn_seat: Seat
    first_seat: Seat
    turns: int = Field(ge=0, description="turns begun")
    rounds: int = Field(ge=0, description="rounds begun (three or four lanistae)")
    over: bool
    sudden: bool = Field(description="sudden death has begun")
    order_pos: int = Field(ge=0, le=MAX_SEATS - 1)
    square: PerGladiator[SquareOrNone] = Field(
        description="each gladiator's square, -1 off the arena"
    )
    facing: PerGladiator[Facing] = Field(description="0 N (towards rank 8), 1 E, 2 S, 3 W")
    wounds: PerGladiator[Wounds] = Field(description="0 unhurt, 1 wounded, 2 bitten the dust")
    board: Annotated[
        list[GladOrNone],
        Field(min_length=SQUARES, max_length=SQUARES, description="gladiator per square, -1"),
    ]
    vox: PerSeat[Vox] = Field(description="Vox Populi levels")
    marker: PerGladiator[Marker] = Field(
        description="Hindrance marker: -2 none, -1 on his card, else the holder"
    )
    held: PerGladiator[Held] = Field(description="Hindrance markers each gladiator holds")
    moved: PerGladiator[bool] = Field(description="moved by a Movement effect this turn")
    hurt: PerGladiator[bool] = Field(description="wounded this turn (no more attacks on him)")
    compelled: PerSeat[CardOrNone] = Field(description="Dubitatio's compelled card, -1 none")
    bids: PerSeat[Bid] = Field(description="round card: -1 none, -2 the deck's top, else card")
    top_known: PerSeat[CardCount] = Field(description="top cards of the deck their owner knows")
    top_public: PerSeat[CardCount] = Field(description="top cards of the deck everybody knows")
    out: PerSeat[bool] = Field(description="the familia has left the arena (3-4 lanistae)")
    zone: PerSeat[ZoneOrNone] = Field(description="deployment zone, -1 not chosen yet")
    order: Annotated[list[Seat], Field(max_length=MAX_SEATS, description="the round's order")]
    winning_seats: Annotated[list[Seat], Field(max_length=MAX_SEATS)]
    hand: Piles = Field(description="each lanista's hand")
    deck: Piles = Field(description="each draw deck, bottom first: the last card is the top")
    discard: Piles = Field(description="each discard pile, oldest first")
    in_play: Piles = Field(description="cards played whose effect is not resolved yet")
    aside: Piles = Field(description="the Prima Jugula cards set aside")
    removed: Piles = Field(description="cards out of the game")
    shown: Piles = Field(description="hand cards everybody knows")
    fighters: PerGladiator[FighterEntry] = Field(
        description="the gladiators, four per seat in seat order"
    )
    tasks: Annotated[list[Task], Field(max_length=200, description="the decision stack")]
    fight: FightEntry | None


def schema() -> dict[str, Any]:
    """The position format as JSON Schema (docs/positions/jugula.schema.json)."""
    return JugulaPosition.model_json_schema()


# --- out of and into a state ---------------------------------------------------------------------


def write(s: JugulaFields) -> dict[str, Any]:
    """The game-specific part of `to_position`."""
    body: dict[str, Any] = {"seed": s.seed, "rng": s.rng.state}
    for name in SCALARS:
        body[name] = getattr(s, name)
    for name in (*LISTS, *REPLACED):
        body[name] = getattr(s, name)[:]
    for name in (*NESTED, *REPLACED_NESTED):
        body[name] = [inner[:] for inner in getattr(s, name)]
    body["fighters"] = [
        {
            "seat": f.seat,
            "armatura": f.armatura,
            "name": f.name,
            "mp": f.mp,
            "att": f.att,
            "defence": f.defence,
            "talents": f.talents,
            "wounded": f.wounded,
        }
        for f in s.fighters
    ]
    body["tasks"] = [[list(x) if isinstance(x, tuple) else x for x in task] for task in s.tasks]
    body["fight"] = None if s.fight is None else s.fight.to_json()
    return body


def _task_of(item: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(tuple(x) if isinstance(x, list) else x for x in item)


def read(s: JugulaFields, position: dict[str, Any]) -> None:
    """Fill `s` from a position: the schema first, then the rules' invariants; InvalidRecord
    names the first broken field."""
    parsed = validate_position(JugulaPosition, position)
    players = parsed.players
    options = resolve_options(OPTIONS, parsed.options.model_dump())
    s._init_common(players, options, parsed.seed)
    s.catalog = load_catalog(str(options["data"]))
    s.rng = Rng(parsed.rng)
    for name in SCALARS:
        setattr(s, name, getattr(parsed, name))
    for name in (*LISTS, *REPLACED):
        setattr(s, name, list(getattr(parsed, name)))
    for name in (*NESTED, *REPLACED_NESTED):
        setattr(s, name, [list(inner) for inner in getattr(parsed, name)])
    s.fighters = tuple(Fighter(**f.model_dump()) for f in parsed.fighters)
    s.tasks = [_task_of(task) for task in parsed.tasks]
    if parsed.fight is None:
        s.fight = None
    else:
        fight = parsed.fight.model_dump()
        fight["discards"] = [list(pair) for pair in fight["discards"]]
        s.fight = Fight.from_json(fight)
    invariants.check(s)


# --- earlier versions ----------------------------------------------------------------------------


def from_version_1(position: dict[str, Any]) -> dict[str, Any]:
    """Version 1 to 2: an attack whose outcome was already applied gets the new step that
    checks defeat once the attack is resolved (version 1 checked at each wound, and wounded
    Ardor Oris' attacker when the attack's cards were discarded): it goes just above the
    attack's end, so the Ardor Oris wound keeps its version 1 place, after the pursuit."""
    fight = position.get("fight")
    tasks = position.get("tasks")
    if not isinstance(fight, dict) or not isinstance(tasks, list) or not fight.get("revealed"):
        return position
    kinds = [task[0] if isinstance(task, list) and task else None for task in tasks]
    if RESILIENT_SWAP in kinds or ATTACK_END not in kinds:
        return position  # the outcome is still to come: version 2 adds the step itself
    at = kinds.index(ATTACK_END) + 1
    position["tasks"] = [*tasks[:at], [ATTACK_RESOLVED], *tasks[at:]]
    return position


POSITION_MIGRATIONS = {1: from_version_1}
