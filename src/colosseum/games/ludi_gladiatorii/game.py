"""Ludi Gladiatorii as a registered game."""

from __future__ import annotations

from ...core.options import OptionValue
from ...core.registry import GameDefinition, GameInfo, register
from .data import rule_ids
from .model import GAME_ID, VERSION
from .options import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from .position import POSITION_MIGRATIONS
from .state import LudiState
from .svg import merge_views, render_svg

INFO = GameInfo(
    id=GAME_ID,
    title="Ludi Gladiatorii",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=OPTIONS,
    aliases=("ludi",),
    summary="build a ludus, auction gladiators, fight for victory points (all expansions)",
)


def _new_state(players: int, seed: int, options: dict[str, OptionValue]) -> LudiState:
    return LudiState.new(players, seed, options)


DEFINITION = GameDefinition(
    info=INFO,
    version=VERSION,
    new_state=_new_state,
    from_position=LudiState.from_position,
    position_migrations=POSITION_MIGRATIONS,
    render_svg=render_svg,
    merge_views=merge_views,
    rule_ids=rule_ids,
    balance=f"{__package__}.balance",
    heuristic=f"{__package__}.heuristic",
    search=f"{__package__}.search",
    reference=f"{__package__}.reference",
    rl_encoding=f"{__package__}.encoding",
    text_renderer=f"{__package__}.render",
)
register(DEFINITION)
