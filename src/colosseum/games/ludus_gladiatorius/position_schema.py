"""The Ludus Gladiatorius position's typed schema: `LudusPosition`, the format
`LudusState.to_position()` writes (documented for people in
`docs/positions/ludus-gladiatorius.md`, published as JSON Schema in
`docs/positions/ludus-gladiatorius.schema.json`). `position.py` reads one into a state.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, field_validator

from ...core.positions import PositionModel
from .model import NUM_GLADIATORS
from .options import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from .specials import ALL_SPECIALS_MASK, KINDS, NO_COUNTER, SPENT

Gladiator = Annotated[int, Field(ge=0, le=NUM_GLADIATORS - 1)]
"""A gladiator by index: its number minus one (0 Murmillo ... 4 Lion)."""
Kind = Annotated[int, Field(ge=0, le=KINDS - 1)]
"""A counter's code: 0 blank, 1 SA, 2 F, 3 D, 4 DD, 5 FS, 6 NA."""
Mask = Annotated[int, Field(ge=0, le=ALL_SPECIALS_MASK, multiple_of=2)]
"""Kinds ruled out in public, one bit per code (bit k = 1 << k); the blank's bit 0 never."""
Seat = Annotated[int, Field(ge=0, le=MAX_PLAYERS - 1)]
Owner = Annotated[int, Field(ge=-1, le=MAX_PLAYERS - 1)]
Count = Annotated[int, Field(ge=0)]
Placed = Annotated[int, Field(ge=NO_COUNTER, le=KINDS - 1)]
Status = Annotated[int, Field(ge=0, le=SPENT)]
HexName = Annotated[str, Field(min_length=2, max_length=3, pattern="^[a-z][1-9][0-9]?$")]
"""A hex of the arena: column letter and row number, like "g5"."""


def _per_gladiator(description: str) -> Any:
    """A list with one entry per gladiator index."""
    return Field(min_length=NUM_GLADIATORS, max_length=NUM_GLADIATORS, description=description)


def _option_default(name: str) -> Any:
    return next(spec.default for spec in OPTIONS if spec.name == name)


class LudusOptions(PositionModel):
    """The game's options (`colosseum games`); a missing one takes its default."""

    round_limit: int = Field(
        default=_option_default("round_limit"),
        ge=0,
        le=1000,
        description="rounds after which the lanista with the most life standing wins; 0: none",
    )
    gladiators: str = Field(
        default=_option_default("gladiators"),
        description='gladiator numbers by seat like "1,2,3,5", or "drawn"',
    )
    data: str = Field(
        default=_option_default("data"), description="folder of the game's data; empty: bundled"
    )


class Pending(PositionModel):
    """An attack declared and waiting for the defender's decision (phase "defend")."""

    attacker: Gladiator
    defender: Gladiator
    recover_net: bool = Field(
        description="the attack recovers the net by a hit (`attack N recover`)"
    )


class Unrevealed(PositionModel):
    """A counter of an earlier round that stayed face down, kept for guessing it later."""

    gladiator: Gladiator
    counter: Kind
    ruled_out: Mask


class LudusPosition(PositionModel):
    """A complete Ludus Gladiatorius state (version 2). Per-gladiator lists have five entries,
    by gladiator index (number minus one), whether or not that gladiator is in the game."""

    game: Literal["ludus-gladiatorius"]
    version: Literal[2]
    players: int = Field(ge=MIN_PLAYERS, le=MAX_PLAYERS)
    options: LudusOptions
    seed: int | None = Field(description="the seed the game was created with, for its record")
    rng: int = Field(ge=0, lt=1 << 64, description="the SplitMix64 generator's 64-bit state")
    owner: list[Owner] = _per_gladiator("seat owning each gladiator; -1: not in this game")
    life: list[Count] = _per_gladiator("life points left")
    hex: list[HexName | None] = _per_gladiator("where each stands; null: out of the arena")
    start_hex: list[HexName | None] = _per_gladiator("where each stood at this round's placing")
    remaining: list[Count] = Field(
        min_length=NUM_GLADIATORS * KINDS,
        max_length=NUM_GLADIATORS * KINDS,
        description="special actions left on each sheet: entry 7 * gladiator + code",
    )
    counter: list[Placed] = _per_gladiator("this round's counter by code; -1: none placed")
    counter_status: list[Status] = _per_gladiator("0 face down, 1 revealed, 2 face down, spent")
    counter_mask: list[Mask] = _per_gladiator("codes this round's face-down counter is not")
    attacked: list[bool] = _per_gladiator("has attacked this round")
    defended: list[bool] = _per_gladiator("has defended this round")
    no_attack: list[bool] = _per_gladiator("may not attack: Doughty Defence revealed")
    no_defence: list[bool] = _per_gladiator("may not defend: Savage Attack revealed")
    entangled: list[bool] = _per_gladiator("caught in the net this round")
    carry: list[Count] = _per_gladiator("shields carried over from a Doughty Defence")
    unrevealed: list[Unrevealed]
    order: list[Gladiator] = Field(
        min_length=1, max_length=NUM_GLADIATORS, description="this round's gladiator order"
    )
    step: int = Field(ge=0, le=NUM_GLADIATORS, description="index into order of who decides")
    phase: Literal["place", "act", "move", "defend", "over"]
    round: int = Field(ge=1)
    moved: bool = Field(description="the active gladiator has moved in this activation")
    allowance: int = Field(ge=0, description="hexes of the move being made (phase move)")
    pending: Pending | None
    net: HexName | None = Field(description="hex of the Retiarius' net; null: he holds it")
    winners: list[Seat] = Field(max_length=MAX_PLAYERS)

    @field_validator("order", "winners")
    @classmethod
    def _distinct(cls, values: list[int]) -> list[int]:
        if len(set(values)) != len(values):
            raise ValueError("entries must be distinct")
        return values


def json_schema() -> dict[str, Any]:
    """The position format as JSON Schema (`docs/positions/ludus-gladiatorius.schema.json`)."""
    return LudusPosition.model_json_schema()
