"""The Ludus Gladiatorius position read into the state it describes.

`LudusPosition` (`position_schema.py`) is the format `LudusState.to_position()` writes.
`load_position` reads one in two passes: the schema first (types, lengths, ranges:
`core.positions.validate_position`), then every invariant a reachable position keeps
(`invariants.py`); a position breaking either is refused with an `InvalidRecord` naming the
field, never accepted to fail later.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import DataError
from ...core.options import resolve_options
from ...core.positions import invalid, validate_position
from ...core.rng import Rng
from . import invariants
from .data import load_catalog
from .model import NET_HELD, OFF_BOARD, PHASE_NAMES
from .options import OPTIONS
from .position_schema import LudusPosition, json_schema
from .state import LudusState

__all__ = ["LudusPosition", "json_schema", "load_position"]


def load_position(position: dict[str, Any]) -> LudusState:
    """The state a version-2 position describes; InvalidRecord naming the broken field."""
    parsed = validate_position(LudusPosition, position)
    options = resolve_options(OPTIONS, parsed.options.model_dump())
    try:
        catalog = load_catalog(str(options["data"]))
    except DataError as error:
        raise invalid("options.data", str(error)) from error
    invariants.check(parsed, options, catalog)
    state = LudusState()
    state._init_common(parsed.players, options, parsed.seed)
    state.catalog = catalog
    index = catalog.arena.index

    def hex_of(name: str | None) -> int:
        return OFF_BOARD if name is None else index[name]

    state.rng = Rng(parsed.rng)
    state.owner = tuple(parsed.owner)
    state.life = list(parsed.life)
    state.hex = [hex_of(h) for h in parsed.hex]
    state.start_hex = tuple(hex_of(h) for h in parsed.start_hex)
    state.remaining = list(parsed.remaining)
    state.counter = list(parsed.counter)
    state.counter_status = list(parsed.counter_status)
    state.counter_mask = list(parsed.counter_mask)
    state.attacked = list(parsed.attacked)
    state.defended = list(parsed.defended)
    state.no_attack = list(parsed.no_attack)
    state.no_defence = list(parsed.no_defence)
    state.entangled = list(parsed.entangled)
    state.carry = list(parsed.carry)
    state.unrevealed = [(e.gladiator, e.counter, e.ruled_out) for e in parsed.unrevealed]
    state.order = tuple(parsed.order)
    state.step = parsed.step
    state.phase = PHASE_NAMES.index(parsed.phase)
    state.round = parsed.round
    state.moved = parsed.moved
    state.allowance = parsed.allowance
    pending = parsed.pending
    state.pending = (
        None if pending is None else (pending.attacker, pending.defender, pending.recover_net)
    )
    state.net_hex = NET_HELD if parsed.net is None else index[parsed.net]
    state.winning_seats = tuple(parsed.winners)
    return state
