"""The pre-arena sequence: "Determine the arena" and "Determine reward".

With two ludi both lanistae roll; with three or four, the arena is read against the lowest plus
the highest Popularity ("Careers and Multi-Player Games"), and the two lanistae whose ludi give
those Popularities roll (docs/rules/jugula-careers.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .data import Arena, Tables, load_tables
from .dice import Dice
from .sheet import CareerError, Sheet


@dataclass(frozen=True, slots=True)
class ArenaDraw:
    """Where the combat takes place and what it pays."""

    arena: Arena
    popularity: int  # the cumulated Popularity read on the chart
    rollers: tuple[str, ...]  # the lanistae who rolled
    arena_rolls: tuple[int, ...]  # each roller's die, before the Munerarius
    arena_total: int  # the sum read on the chart (each roller's score at most 6)
    reward_rolls: tuple[int, ...]
    reward: int


def rollers(sheets: list[Sheet], tables: Tables | None = None) -> tuple[list[Sheet], int]:
    """(the lanistae who roll, the cumulated Popularity) for 2 to 4 ludi."""
    tables = tables or load_tables()
    if not 2 <= len(sheets) <= 4:
        raise CareerError(f"a combat has 2 to 4 ludi, not {len(sheets)}")
    if len({s.lanista for s in sheets}) != len(sheets):
        raise CareerError("a ludus cannot fight itself")
    if len(sheets) == 2:
        return list(sheets), sum(s.popularity(tables) for s in sheets)
    ordered = sorted(sheets, key=lambda s: s.popularity(tables))
    low, high = ordered[0], ordered[-1]
    return [low, high], low.popularity(tables) + high.popularity(tables)


def determine_arena(
    sheets: list[Sheet],
    dice: Dice,
    tables: Tables | None = None,
    settings: Mapping[str, Any] | None = None,
) -> ArenaDraw:
    """Each roller's die plus his Munerarius (at most 6), summed and read against the
    cumulated Popularity; then each roller's die for the reward of that arena. A tournament's
    `settings` (Appendix III) may fix the arena total (7 plus every roller's Munerarius, at most
    12) and the reward (the arena's set reward): what is fixed rolls no dice."""
    tables = tables or load_tables()
    settings = settings or {}
    rolling, popularity = rollers(sheets, tables)
    if settings.get("fixed_arena_roll"):
        arena_rolls: list[int] = []
        total = _fixed_total(rolling, tables)
    else:
        arena_rolls, total = _arena_roll(rolling, dice, tables)
    arena = tables.arena(total, popularity)
    if settings.get("fixed_rewards"):
        reward_rolls: list[int] = []
        reward = arena.fixed_reward
    else:
        reward_rolls = [dice.roll(1, f"{sheet.lanista}: reward")[0] for sheet in rolling]
        reward = arena.reward(sum(reward_rolls))
    return ArenaDraw(
        arena=arena,
        popularity=popularity,
        rollers=tuple(s.lanista for s in rolling),
        arena_rolls=tuple(arena_rolls),
        arena_total=total,
        reward_rolls=tuple(reward_rolls),
        reward=reward,
    )


def _munerarius(sheet: Sheet, tables: Tables) -> int:
    return tables.servitor("munerarius").value("arena", sheet.servitors.get("munerarius", 0))


def _arena_roll(rolling: list[Sheet], dice: Dice, tables: Tables) -> tuple[list[int], int]:
    """ "Determine the arena": (each roller's die, the total: each die plus his Munerarius,
    at most 6)."""
    dice_rolled, total = [], 0
    for sheet in rolling:
        (die,) = dice.roll(1, f"{sheet.lanista}: arena")
        dice_rolled.append(die)
        total += min(tables.arena_die_cap, die + _munerarius(sheet, tables))
    return dice_rolled, total


def _fixed_total(rolling: list[Sheet], tables: Tables) -> int:
    """Appendix III, "Tournaments": the dice always make 7, modified by the munerarii; the
    chart stops at 12 (two dice at most 6)."""
    bonus = sum(_munerarius(sheet, tables) for sheet in rolling)
    cap = tables.arena_die_cap * len(rolling)
    return min(tables.variants.tournament_arena_total + bonus, cap)
