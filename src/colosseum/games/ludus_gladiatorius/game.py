"""Ludus Gladiatorius as a registered game."""

from __future__ import annotations

from ...core.options import OptionValue
from ...core.registry import GameDefinition, GameInfo, register
from .data import rule_ids
from .migrations import from_version_1
from .model import GAME_ID, VERSION
from .options import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from .position import load_position
from .state import LudusState
from .svg import merge_views, render_svg

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


# Version 1 positions carry over (`from_version_1`); version 1 records do not: their actions
# were chosen under version 1's rules (a Savage Attack could still defend, a Doughty Defence
# attack), so replaying them now could fail or reach another state, and core refuses them.
DEFINITION = GameDefinition(
    info=INFO,
    version=VERSION,
    new_state=_new_state,
    from_position=load_position,
    position_migrations={1: from_version_1},
    render_svg=render_svg,
    merge_views=merge_views,
    rule_ids=rule_ids,
    balance=f"{__package__}.balance",
    heuristic=f"{__package__}.heuristic",
    search=f"{__package__}.search",
    rl_encoding=f"{__package__}.encoding",
    text_renderer=f"{__package__}.render",
)
register(DEFINITION)
