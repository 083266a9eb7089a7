"""Moving gladiators in play: the Movement effect, a gladiator's move step by step, Aware.

A moving gladiator's choices are his reachable destinations, each with its cheapest legal path
(`movement.Terrain`), shown in the action: `to e5 n d5n-e5n`. The move is then carried out one
step at a time; when an Aware enemy turns mid-move, the MP left become a new decision from where
the gladiator stands ("Movement", "Hindrance", "Par Pari Refertur", "Appendix II: Talents").
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import mypyc_attr

from ...core.actions import Action, Event, public_event
from . import arena
from .destination import Destination, Paths
from .model import (
    AWARE,
    AWARE_TURN,
    DONE,
    FACING_LETTERS,
    FAST,
    MOVE,
    MOVE_DODGE,
    MOVE_NORMAL,
    MOVE_PAR_PARI,
    MOVE_PICK,
    NOBODY,
    SOUPLE,
)
from .movement import Step, Terrain

if TYPE_CHECKING:
    from .fields import JugulaFields

Task = tuple[Any, ...]

MOVE_RULES: Final[tuple[str, ...]] = (
    "jugula.movement.move",  # MOVE_NORMAL
    "jugula.ability.par-pari-refertur",  # MOVE_PAR_PARI
    "jugula.talents.dodge",  # MOVE_DODGE
    "jugula.ability.dementia",  # MOVE_DEMENTIA
)
"""By move mode: the rule a step applies (`Event.rule`)."""


def terrain(s: JugulaFields, g: int, mode: int) -> Terrain:
    """The movement costs and limits for gladiator `g`: enemies exerting zones (a hindered one
    exerts none), Fast, Souple, Impressive enemies, and Par Pari Refertur's forbidden fronts."""
    talents = s.fighters[g].talents
    forbidden: list[int] = []
    if mode == MOVE_PAR_PARI:
        geo = arena.geo_of(s)
        for e in arena.enemies_of(s, g):
            forbidden.extend(geo.front[s.square[e]][s.facing[e]])
    enemies, impressive = arena.movement_enemies(s, g)
    return Terrain(
        s.catalog.rules,
        s.square[g],
        s.square,  # the gladiators' squares (`NO_SQUARE` off the arena): the board's figures
        enemies,
        fast=bool(talents & FAST),
        souple=bool(talents & SOUPLE),
        impressive=impressive,
        forbidden=forbidden,
    )


def full_mp(s: JugulaFields, g: int, mode: int) -> int:
    extra = s.catalog.rules.abilities.par_pari_mp if mode == MOVE_PAR_PARI else 0
    return arena.mp(s, g) + extra


def in_enemy_front(s: JugulaFields, g: int) -> bool:
    """Whether `g` stands in the front zone of an enemy in the arena (a loop over the
    gladiators, in any order: the answer is the same)."""
    front = arena.geo_of(s).front
    square, facing, fighters = s.square, s.facing, s.fighters
    here, seat = square[g], fighters[g].seat
    for e, fighter in enumerate(fighters):
        at = square[e]
        if at >= 0 and fighter.seat != seat and here in front[at][facing[e]]:
            return True
    return False


def can_move(s: JugulaFields, g: int, mode: int) -> bool:
    """On the arena, not hindered, and free to start (`may_start`)."""
    if s.square[g] < 0 or arena.hindered(s, g):
        return False
    return may_start(s, g, mode)


def may_start(s: JugulaFields, g: int, mode: int) -> bool:
    """Par Pari Refertur never starts in an enemy's front zone; any other move may."""
    return mode != MOVE_PAR_PARI or not in_enemy_front(s, g)


# --- designating the gladiators ------------------------------------------------------------------


def _legal_pick(s: JugulaFields, task: Task) -> list[Action]:
    """Movement Effect: a gladiator not moved yet this turn; a hindered one may only spend his
    MP to shake off his markers ("Hindrance"). Ability moves (mode) may pick any of them."""
    seat, mode = task[1], task[3]
    found = [DONE]
    square, names = s.square, s.catalog.rules.squares
    for g in arena.familia(s, seat):
        here = square[g]
        if here < 0 or (mode == MOVE_NORMAL and s.moved[g]):
            continue
        move, shake = _picks(here, names[here])
        if arena.hindered(s, g):
            if mode == MOVE_NORMAL:
                found.append(shake)
        elif may_start(s, g, mode):  # `can_move`: on the arena and not hindered, as seen
            found.append(move)
    return found


@mypyc_attr(native_class=False)  # a Python class when compiled (core/build.py), as Action is
class Pick(Action):
    """`move SQUARE` or `shake SQUARE`: the gladiator standing on a square, designated. Made once
    per square (`_picks`), it keeps the square's number, so applying it looks no name up."""

    __slots__ = ("square",)

    def __init__(self, kind: str, name: str, square: int) -> None:
        super().__init__(kind, name)
        self.square = square


@cache
def _picks(square: int, name: str) -> tuple[Pick, Pick]:
    """("move", "shake") for the gladiator on `square` (named `name`): made once per square (an
    Action is a value)."""
    return Pick("move", name, square), Pick("shake", name, square)


def _apply_pick(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    _, seat, left, mode = task
    s.tasks.pop()
    if action.kind == "done":
        return
    if isinstance(action, Pick):  # offered by this very position (`State.apply`)
        g = s.board[action.square]
    else:
        g = s.board[s.catalog.rules.squares.index(str(action.args[0]))]
    if mode == MOVE_NORMAL:
        arena.put(s, "moved", g, True)
    if left > 1:
        s.tasks.append((MOVE_PICK, seat, left - 1, mode))
    if action.kind == "shake":
        shake_off(s, g, events)
        return
    s.tasks.append((MOVE, seat, g, full_mp(s, g, mode), mode, NOBODY))


def shake_off(s: JugulaFields, g: int, events: list[Event]) -> None:
    """Hindrance: sacrificing all his MP, he puts every marker back on its owner's card."""
    s.marker = [-1 if victim == g else victim for victim in s.marker]
    arena.put(s, "held", g, 0)
    events.append(Event("hindrance_removed", arena.describe(s, g), rule="jugula.traits.hindrance"))


# --- one gladiator's move ------------------------------------------------------------------------


def _legal_move(s: JugulaFields, task: Task) -> list[Action]:
    """Every reachable (square, facing) with its cheapest path, and "stay"."""
    g, mp, mode = task[2], task[3], task[4]
    if s.square[g] < 0 or mp <= 0 or arena.hindered(s, g):
        return []
    land = terrain(s, g, mode)
    square, facing = s.square[g], s.facing[g]
    paths = Paths(land, s.catalog.rules.squares)
    return Destination.every(paths, land.ends(facing, mp), square * 4 + facing)


def _apply_move(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    """Carry the move out step by step; an Aware enemy next to a new square may turn, and then
    the MP left become a new decision."""
    _, seat, g, mp, mode, vacated = task
    s.tasks.pop()
    if action.kind == "stay":
        return
    if isinstance(action, Destination):  # offered by this very position (`State.apply`)
        route = action.steps()
        action.carried_out(route)
    else:
        route = _parse_path(s, g, mode, str(action.args[2]))
    geo = arena.geo_of(s)
    # the Aware enemies, in board order: nobody else moves while he does (few have the talent)
    aware = []
    for fighter in s.fighters:
        if fighter.talents & AWARE:
            aware = [e for e in arena.enemies_of(s, g) if s.fighters[e].talents & AWARE]
            break
    owner, code = s.fighters[g].seat, arena.armatura(s, g).code  # as `arena.describe`
    names, rule = s.catalog.rules.squares, MOVE_RULES[mode]
    for i, step in enumerate(route):
        mp -= step.cost
        turned = step.square == s.square[g]
        arena.place(s, g, step.square, step.facing)
        facing = FACING_LETTERS[step.facing]
        data = {"seat": owner, "armatura": code, "square": names[step.square], "facing": facing}
        events.append(public_event("step", data, rule))
        if mode == MOVE_DODGE and step.square == vacated and s.fight is not None:
            s.fight.vacated = NOBODY  # Dodge: back where he stood, no pursuit
        if turned or not aware:
            continue
        watchers = [e for e in aware if step.square in geo.adjacent[s.square[e]]]
        if watchers:
            if mp > 0 and i + 1 < len(route):
                s.tasks.append((MOVE, seat, g, mp, mode, vacated))
            for e in watchers:
                s.tasks.append((AWARE_TURN, s.fighters[e].seat, e))
            return


def _parse_path(s: JugulaFields, g: int, mode: int, path: str) -> list[Step]:
    """The steps of a legal action's path ("d5n-e5e"), with their costs."""
    names = s.catalog.rules.squares
    land = terrain(s, g, mode)
    at, steps = s.square[g], []
    for part in path.split("-"):
        square, facing = names.index(part[:-1]), FACING_LETTERS.index(part[-1])
        cost = land.moving.face_only if square == at else land.cost(at, facing, square)
        steps.append(Step(square, facing, cost))
        at = square
    return steps


def _legal_aware(s: JugulaFields, task: Task) -> list[Action]:
    g = task[2]
    if s.square[g] < 0:
        return []
    return [Action("face", arena.name(s, g), letter) for letter in FACING_LETTERS]


def _apply_aware(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    """Aware: an enemy moved next to him; he may freely change his facing."""
    g = task[2]
    s.tasks.pop()
    facing = FACING_LETTERS.index(str(action.args[1]))
    if facing != s.facing[g]:
        s.facing[g] = facing
        data = {**arena.describe(s, g), "facing": action.args[1]}
        events.append(Event("aware", data, rule="jugula.talents.aware"))


def start_move(s: JugulaFields, seat: int, g: int, mode: int) -> None:
    """Push the move of `g` with his full MP (Impetus, Dementia, Par Pari Refertur)."""
    s.tasks.append((MOVE, seat, g, full_mp(s, g, mode), mode, NOBODY))


LEGAL: Final[dict[int, Callable[[JugulaFields, Task], list[Action]]]] = {
    MOVE_PICK: _legal_pick,
    MOVE: _legal_move,
    AWARE_TURN: _legal_aware,
}
APPLY: Final[dict[int, Callable[[JugulaFields, Task, Action, list[Event]], None]]] = {
    MOVE_PICK: _apply_pick,
    MOVE: _apply_move,
    AWARE_TURN: _apply_aware,
}
