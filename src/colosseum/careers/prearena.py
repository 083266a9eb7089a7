"""The pre-arena sequence: "Determine the arena" and "Determine reward".

With two ludi both lanistae roll; with three or four, the arena is read against the lowest plus
the highest Popularity ("Careers and Multi-Player Games"), and the two lanistae whose ludi give
those Popularities roll (docs/rules/jugula-careers.md).
"""

from __future__ import annotations

from dataclasses import dataclass

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


def determine_arena(sheets: list[Sheet], dice: Dice, tables: Tables | None = None) -> ArenaDraw:
    """Each roller's die plus his Munerarius (at most 6), summed and read against the
    cumulated Popularity; then each roller's die for the reward of that arena."""
    tables = tables or load_tables()
    rolling, popularity = rollers(sheets, tables)
    munerarius = tables.servitor("munerarius")
    dice_rolled, total = [], 0
    for sheet in rolling:
        (die,) = dice.roll(1, f"{sheet.lanista}: arena")
        bonus = munerarius.value("arena", sheet.servitors.get("munerarius", 0))
        dice_rolled.append(die)
        total += min(6, die + bonus)
    arena = tables.arena(total, popularity)
    reward_rolls = [dice.roll(1, f"{sheet.lanista}: reward")[0] for sheet in rolling]
    return ArenaDraw(
        arena=arena,
        popularity=popularity,
        rollers=tuple(s.lanista for s in rolling),
        arena_rolls=tuple(dice_rolled),
        arena_total=total,
        reward_rolls=tuple(reward_rolls),
        reward=arena.reward(sum(reward_rolls)),
    )
