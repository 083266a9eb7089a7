"""Sortes Gladiatoriae as a registered game: its info, definition and hooks, all in this folder."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from colosseum.core.options import OptionValue
from colosseum.core.registry import GameDefinition, GameInfo, register
from colosseum.core.rule_ids import RuleId, load_rule_ids

from .options import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from .state import GAME_ID, VERSION, SortesState, load_position
from .svg import merge_views, render_svg

INFO = GameInfo(
    id=GAME_ID,
    title="Sortes Gladiatoriae",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=OPTIONS,
    aliases=("sortes",),
    summary="secret bids and dice: the strongest omen, bid and roll wins each bout",
)


def _new_state(players: int, seed: int, options: dict[str, OptionValue]) -> SortesState:
    return SortesState.new(players, seed, options)


def rule_ids() -> Mapping[str, RuleId]:
    """The rules its events cite (data/rule_ids.toml)."""
    return load_rule_ids(Path(__file__).with_name("data") / "rule_ids.toml", "sortes")


DEFINITION = GameDefinition(
    info=INFO,
    version=VERSION,
    new_state=_new_state,
    from_position=load_position,
    render_svg=render_svg,
    merge_views=merge_views,
    rule_ids=rule_ids,
    balance=f"{__package__}.balance",
    rl_encoding=f"{__package__}.encoding",
    text_renderer=f"{__package__}.render",
)
register(DEFINITION)
