"""How a combat is run and resumed: its plan (seed, where it is fought, the players, which
lanistae a person answers for), kept in its `combat_begun` event, and the dice and managers of
each step made from it, so a resumed combat rolls and decides as an uninterrupted one.

A lanista is asked his choices only if a person owns his ludus: with `--auto` nobody; with
players named (`-p human,heuristic`), the lanistae of the human seats; otherwise all of them
(the computer fights, the lanistae manage).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..agents import make_agent
from .campaign import Campaign
from .data import load_tables
from .dice import Dice, ProgramDice
from .manager import Manager, Thrifty
from .progress import CombatInProgress
from .sequence import DiceFor, ManagerFor
from .sheet import CareerError, Sheet
from .virtual import virtual_familia, virtual_sheet

HUMAN = "human"


def derive(seed: int, *parts: str) -> int:
    """A seed for one part of a combat (a step, a lanista's choices), from the combat's."""
    text = ":".join([str(seed), *parts]).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:4], "big") >> 1


def make_plan(
    seed: int,
    lanistae: Sequence[str],
    arena: str,
    players: Sequence[str] | None,
    auto: bool,
) -> dict[str, Any]:
    """The plan kept with the combat; `players`: one spec per seat, the campaign's ludi first."""
    if auto:
        humans: list[str] = []
    elif players is not None:
        humans = [n for n, spec in zip(lanistae, players, strict=False) if spec.lower() == HUMAN]
    else:
        humans = list(lanistae)
    return {
        "seed": seed,
        "arena": arena,
        "players": None if players is None else list(players),
        "humans": humans,
    }


def program_dice(seed: int) -> DiceFor:
    """The program's dice, seeded per step."""
    return lambda step: ProgramDice(derive(seed, "dice", step))


def step_dice(plan: Mapping[str, Any], table: Dice | None) -> DiceFor:
    """The table's dice when the campaign rolls at the table, else the program's."""
    if table is not None:
        return lambda step: table
    return program_dice(int(plan["seed"]))


def managers(plan: Mapping[str, Any], asking: Manager | None) -> ManagerFor:
    """Who decides for each lanista at each step: the person (`asking`) for the lanistae he
    owns, a thrifty manager seeded per step for the others."""
    seed, humans = int(plan["seed"]), set(plan.get("humans", []))

    def manager_for(lanista: str, step: str) -> Manager:
        if asking is not None and lanista in humans:
            return asking
        return Thrifty(derive(seed, "manager", lanista, step))

    return manager_for


def describe_draw(combat: CombatInProgress) -> str:
    """The arena and reward in words, e.g. "Provincial arena (Popularity 4, arena total 7):
    reward 260 aurei"."""
    tables = load_tables()
    code = str(combat.plan["arena"])
    name = next((a.name for a in tables.arenas if a.code == code), code)
    popularity, total = combat.plan.get("popularity"), combat.plan.get("arena_total")
    why = f" (Popularity {popularity}, arena total {total})" if popularity is not None else ""
    return f"{' v '.join(combat.lanistae)}: {name}{why}; reward {combat.plan['reward']} aurei"


def engine_players(kind: str, players: Sequence[str] | None, ludi: int, auto: bool) -> list[str]:
    """The engine's players of a combat fought `kind` ("engine" or "table"), checked before
    any roll: one per ludus, each `human` or a known agent spec; none at the table."""
    if kind == "table":
        if players is not None:
            raise CareerError("players are for a combat in the engine, not at the table")
        if auto:
            raise CareerError("a combat from the table is entered by the lanistae: drop --auto")
        return []
    if kind != "engine":
        raise CareerError(f"the arena is 'engine' or 'table', not {kind!r}")
    specs = list(players) if players else ["heuristic"] * ludi
    if len(specs) != ludi:
        raise CareerError(f"{ludi} ludi need {ludi} players, got {len(specs)}")
    for spec in specs:
        if spec.lower() != HUMAN:
            make_agent(spec, "jugula")  # an unknown player is refused before any roll
    return specs


def virtual_guests(
    campaign: Campaign,
    names: Sequence[str],
    virtual: bool,
    ranks: Sequence[str] | None,
    seed: int,
) -> list[Sheet]:
    """The virtual ludus of "Two-player careers" (Appendix III), built from the one
    lanista's Popularity: the given ranks, else random ones, and upgrades rolled as on the
    market; none unless `virtual`."""
    if not virtual:
        if ranks is not None:
            raise CareerError("virtual ranks are for a combat against a virtual ludus")
        return []
    if len(names) != 1:
        raise CareerError("a virtual ludus fights one lanista: name only him")
    popularity = campaign.sheets[names[0]].popularity()
    chosen = [piece.strip().lower() for piece in ranks] if ranks else None
    familia = virtual_familia(popularity, random.Random(seed), ranks=chosen)
    return [virtual_sheet(familia)]
