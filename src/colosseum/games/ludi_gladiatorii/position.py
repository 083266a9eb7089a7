"""The Ludi Gladiatorii position format: its typed schema, its loader and its migrations.

A position (`state.to_position()`) is parsed by `LudiPosition` first (types, ranges, lengths,
no unknown field), then the state built from it is checked by `invariants.check` (every card
in one place, the coins and points of the box, a decision that can be taken...). Either step
refuses a broken position with an `InvalidRecord` naming the field. The JSON Schema published
in `docs/positions/ludi-gladiatorii.schema.json` is `LudiPosition.model_json_schema()`; the
encodings are explained in `docs/positions/ludi-gladiatorii.md`.

Cards are integers: indices into the catalog's gladiators, buildings, combat cards or events
(`data.py`, in the order of the data files, `copies` expanded). -1 means none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, create_model

from ...core.options import resolve_options
from ...core.positions import PositionModel, validate_position
from ...core.rng import Rng
from .data import load_catalog
from .model import (
    GAME_ID,
    LISTS,
    NESTED,
    PHASES,
    SCALARS,
    VERSION,
    Auction,
    Combat,
    JobKind,
    PhaseName,
    Resume,
    StartEffect,
)
from .options import OPTIONS
from .setup import cards_in_play
from .tableau import buildings_changed

if TYPE_CHECKING:
    from .fields import LudiFields

# --- the pieces -------------------------------------------------------------------------------

Seat = Annotated[int, Field(ge=0, le=4, description="a seat, 0 to players - 1")]
SeatOrNone = Annotated[int, Field(ge=-1, le=4, description="a seat, or -1 for none")]
Card = Annotated[int, Field(ge=0, le=999, description="a card: its index in the catalog")]
CardOrNone = Annotated[int, Field(ge=-1, le=999, description="a card index, or -1 for none")]
Count = Annotated[int, Field(ge=0, le=1000)]
Cards = Annotated[list[Card], Field(max_length=100)]
Flags = Annotated[
    list[bool], Field(max_length=1000, description="one per gladiator card of the catalog")
]
PerSeat = Annotated[list[Count], Field(min_length=2, max_length=5, description="one per seat")]
Pair = Annotated[list[Count], Field(min_length=2, max_length=2)]


def _option_field(spec: Any) -> Any:
    """A typed field for one game option, with its default and range."""
    if spec.type is bool:
        return (bool, Field(default=spec.default, description=spec.description))
    if spec.type is int:
        bounded = Annotated[int, Field(ge=spec.minimum, le=spec.maximum)]
        return (bounded, Field(default=spec.default, description=spec.description))
    return (str, Field(default=spec.default, max_length=1000, description=spec.description))


LudiOptions = create_model(
    "LudiOptions",
    __base__=PositionModel,
    __doc__="The game's options (see `colosseum games`); a missing one takes its default.",
    **{spec.name: _option_field(spec) for spec in OPTIONS},
)


class CombatPosition(PositionModel):
    """A combat in progress (Combats 1-6)."""

    attacker: Seat
    a_card: Card = Field(description="the attacking gladiator")
    defender: SeatOrNone = Field(description="the defending lanista, -1 until chosen")
    d_card: CardOrNone = Field(description="the defending gladiator, -1 until chosen")
    reserve: bool = Field(description="a third lanista's reserve gladiator defends")
    free: bool = Field(description="a Trample combat (no cost, no second Trample)")
    revealed: Annotated[list[Card], Field(max_length=15)] = Field(
        description="combat cards revealed, in order"
    )
    applied: Annotated[list[bool], Field(max_length=15)] = Field(
        description="whether each revealed card counts"
    )
    favor_left: Pair = Field(description="Public Favor uses left: attacker side, defender side")
    declined: Annotated[list[bool], Field(min_length=2, max_length=2)]
    pending: Literal[-1, 0, 1] = Field(description="the side deciding (0 attacker, 1 defender)")
    hand_used: Annotated[list[Cards], Field(min_length=2, max_length=2)] = Field(
        description="decision variant: hand cards played by each side"
    )
    doomed: CardOrNone = Field(description="the gladiator the Valetudinarium may keep, or -1")


class AuctionPosition(PositionModel):
    """An auction in progress (Auctions 1-3)."""

    revealed: Annotated[list[Card], Field(max_length=5)] = Field(
        description="veterans revealed (after the choice: the one offered)"
    )
    offered: CardOrNone = Field(description="the veteran for sale, -1 while still choosing")
    order: Annotated[list[Seat], Field(max_length=5)] = Field(
        description="seats deciding in turn (decimatio discards, then bids)"
    )
    turn: Annotated[int, Field(ge=0, le=5)] = Field(description="index in `order` of who decides")
    bids: Annotated[list[Annotated[int, Field(ge=-2, le=1000)]], Field(max_length=5)] = Field(
        description="by seat: -2 not asked, -1 passed, else the bid"
    )


class LudiPosition(PositionModel):
    """A complete Ludi Gladiatorii state (`state.to_position()`), version 2."""

    game: Literal["ludi-gladiatorii"]
    version: Literal[2]
    players: Annotated[int, Field(ge=2, le=5)]
    if TYPE_CHECKING:  # mypy cannot see the fields of a model made by create_model
        options: PositionModel
    else:
        options: LudiOptions
    seed: int | None = Field(description="the seed the game started from, if known")
    rng: Annotated[int, Field(ge=0, le=2**64 - 1)] = Field(
        description="the state of the game's SplitMix64 generator: all future shuffles"
    )
    active: Seat = Field(description="whose turn it is")
    start_seat: Seat = Field(description="the starting player (a round begins with them)")
    round: Annotated[int, Field(ge=0, le=1_000_000)]
    phase: PhaseName = Field(description="the decision pending (model.PHASES)")
    decider: Seat = Field(description="who takes the pending decision")
    supply_coins: Count = Field(description="coins in the centre")
    supply_points: Count = Field(description="victory point tokens in the centre")
    supply_favor: Count = Field(description="Public Favor tokens in the centre")
    event: CardOrNone = Field(description="Historiae: this round's event, -1 for none")
    officina_used: bool
    auctions_left: Annotated[int, Field(ge=0, le=10)]
    job_kind: JobKind
    job_building: CardOrNone = Field(description="the building being built or demolished")
    job_left: Count = Field(description="construction still needed")
    job_used: Count = Field(description="gladiators used so far")
    job_razed: CardOrNone = Field(description="Lapicidinae: your building being demolished")
    chain_card: CardOrNone = Field(description="the gladiator chaining")
    chain_left: Count = Field(description="gladiators it may still chain")
    chain_target: SeatOrNone = Field(description="the rival whose gladiators are chained")
    collect_card: CardOrNone = Field(description="the gladiator collecting")
    events_started: bool = Field(description="Historiae: the first round (no event) is over")
    resume: Resume = Field(description="where champion designations return")
    coins: PerSeat
    points: PerSeat
    turned: Flags
    chained: Flags
    favor: Flags = Field(description="Public Favor token on the gladiator")
    trample_ready: Flags = Field(description="may start its free Trample combat")
    champion: Annotated[list[CardOrNone], Field(min_length=2, max_length=5)]
    centre_buildings: Cards = Field(description="buildings to build (selection: those shown)")
    building_deck: Cards = Field(description="selection variant: face down, top = last")
    centre_novices: Cards
    veteran_pile: Cards = Field(description="face down, the top card is the LAST element")
    veteran_discard: Cards
    combat_pile: Cards = Field(description="face down, the top card is the LAST element")
    combat_discard: Cards
    event_pile: Cards = Field(description="face down, the top card is the LAST element")
    event_discard: Cards
    start_pending: Annotated[list[StartEffect], Field(max_length=6)]
    champion_queue: Annotated[list[Seat], Field(max_length=10)]
    draft_pool: Cards
    winning_seats: Annotated[list[Seat], Field(max_length=5)]
    gladiators: Annotated[list[Cards], Field(min_length=2, max_length=5)]
    buildings: Annotated[list[Cards], Field(min_length=2, max_length=5)]
    hands: Annotated[list[Cards], Field(min_length=2, max_length=5)]
    combat: CombatPosition | None
    auction: AuctionPosition | None


assert set(LudiPosition.model_fields) == {
    "game",
    "version",
    "players",
    "options",
    "seed",
    "rng",
    *SCALARS,
    *LISTS,
    *NESTED,
    "combat",
    "auction",
}, "the schema names every field the state writes"
assert VERSION == 2 and GAME_ID == "ludi-gladiatorii"
assert set(CombatPosition.model_fields) == set(Combat.__slots__)
assert set(AuctionPosition.model_fields) == set(Auction.__slots__)


def schema() -> dict[str, Any]:
    """The JSON Schema of a position (published in docs/positions/)."""
    return LudiPosition.model_json_schema()


# --- loading ----------------------------------------------------------------------------------


def load(s: LudiFields, position: dict[str, Any]) -> None:
    """Fill `s` from a position: parsed by the schema (InvalidRecord naming the field); the
    caller then checks the invariants (`invariants.check`)."""
    parsed = validate_position(LudiPosition, position)
    players = parsed.players
    options = resolve_options(OPTIONS, parsed.options.model_dump())
    s._init_common(players, options, parsed.seed)
    s.catalog = load_catalog(str(options["data"]))
    s.in_play = cards_in_play(s.catalog, players, options)
    s.rng = Rng(parsed.rng)
    for name in SCALARS:
        if name != "phase":  # a name in the position, an index in the state
            setattr(s, name, getattr(parsed, name))
    s.phase = PHASES.index(parsed.phase)
    for name in LISTS:
        setattr(s, name, list(getattr(parsed, name)))
    for name in NESTED:
        setattr(s, name, [list(inner) for inner in getattr(parsed, name)])
    buildings_changed(s)
    s.combat = None
    if parsed.combat is not None:
        data = parsed.combat.model_dump()
        data["revealed"], data["applied"] = list(data["revealed"]), list(data["applied"])
        data["hand_used"] = [list(side) for side in data["hand_used"]]
        s.combat = Combat.from_json(data)
    s.auction = None if parsed.auction is None else Auction.from_json(parsed.auction.model_dump())


# --- migrations -------------------------------------------------------------------------------


def migrate_v1(position: dict[str, Any]) -> dict[str, Any]:
    """Version 1 to 2: `fought` (never read) dropped; the building razed for the Lapicidinae
    moves from `chain_target` to `job_razed`; a combat gets `doomed` (-1: nobody waits for the
    Valetudinarium, which version 1 paid by itself)."""
    position = dict(position)
    position.pop("fought", None)
    position["job_razed"] = -1
    if position.get("job_kind") == "quarry_build":
        position["job_razed"] = position.get("chain_target", -1)
        position["chain_target"] = -1
    combat = position.get("combat")
    if isinstance(combat, dict):
        position["combat"] = {**combat, "doomed": -1}
    return position


POSITION_MIGRATIONS = {1: migrate_v1}
"""Version n to n + 1. Records have none: version 1's action lists do not replay under the
version 2 rules (the Cubiculum's purchase and the Valetudinarium are now decisions)."""
