"""Ludus Gladiatorius as a registered game."""

from __future__ import annotations

from ...core.options import OptionValue
from ...core.registry import GameDefinition, GameInfo, register
from .options import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from .state import GAME_ID, VERSION, LudusState

INFO = GameInfo(
    id=GAME_ID,
    title="Ludus Gladiatorius",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=OPTIONS,
    aliases=("ludus",),
    summary="hex-map dice skirmish with secret special actions; last gladiator standing wins",
)


def _new_state(players: int, seed: int, options: dict[str, OptionValue]) -> LudusState:
    return LudusState.new(players, seed, options)


DEFINITION = GameDefinition(
    info=INFO, version=VERSION, new_state=_new_state, from_position=LudusState.from_position
)
register(DEFINITION)
