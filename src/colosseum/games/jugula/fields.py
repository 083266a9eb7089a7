"""The fields of a Jugula state (`model.py` tells their shapes), the class the rule modules
read and change; `state.JugulaState` adds the kernel's contract on top."""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from ...core.state import State
from .catalog import Catalog
from .model import LISTS, NESTED, REPLACED, REPLACED_NESTED, SCALARS, Fight, Fighter


class JugulaFields(State):
    """The fields of a Jugula state, below the rules that read and change them: `state.py`
    adds the kernel's contract, handing each decision to the rule modules."""

    __slots__ = (
        *SCALARS,
        *LISTS,
        *NESTED,
        *REPLACED,
        *REPLACED_NESTED,
        "catalog",
        "fight",
        "fighters",
        "rng",
        "tasks",
    )

    catalog: Catalog
    rng: Rng
    fighters: tuple[Fighter, ...]
    fight: Fight | None
    tasks: list[tuple[Any, ...]]
    turn_seat: int
    first_seat: int
    turns: int
    rounds: int
    over: bool
    sudden: bool
    order_pos: int
    square: list[int]
    facing: list[int]
    wounds: list[int]
    marker: list[int]
    held: list[int]
    board: list[int]
    moved: list[bool]
    hurt: list[bool]
    vox: list[int]
    out: list[bool]
    zone: list[int]
    order: list[int]
    compelled: list[int]
    top_known: list[int]
    top_public: list[int]
    bids: list[int]
    winning_seats: list[int]
    hand: list[list[int]]
    deck: list[list[int]]
    discard: list[list[int]]
    aside: list[list[int]]
    removed: list[list[int]]
    shown: list[list[int]]
    in_play: list[list[int]]
