"""Jugula as a registered game."""

from __future__ import annotations

from ...core.options import OptionValue
from ...core.registry import GameDefinition, GameInfo, register
from .data import rule_ids
from .model import GAME_ID, VERSION
from .options import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from .position import POSITION_MIGRATIONS
from .state import JugulaState
from .svg import merge_views, render_svg

INFO = GameInfo(
    id=GAME_ID,
    title="Jugula",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=OPTIONS,
    aliases=(),
    summary="card-driven gladiator tactics on an 8×8 arena: facing, danger zones and the crowd",
)


def _new_state(players: int, seed: int, options: dict[str, OptionValue]) -> JugulaState:
    return JugulaState.new(players, seed, options)


# Records: none of version 1 carries over, as the choices of version 2 (a ranged pursuit, the
# +1 Vox Populi, each draw beyond 10) add decisions its action lists lack; core refuses them.
DEFINITION = GameDefinition(
    info=INFO,
    version=VERSION,
    new_state=_new_state,
    from_position=JugulaState.from_position,
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
