"""The gladiators in the arena: their current numbers, who is hindered, who is an enemy.

Read by movement, combat and the abilities alike ("Armaturae", "Wounded gladiators",
"Hindrance", "Harassment", "Stoic").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from ...core.actions import Event
from .model import DEXTER, IMPRESSIVE, NOBODY

if TYPE_CHECKING:
    from .board import Geometry
    from .data import Armatura
    from .fields import JugulaFields

T = TypeVar("T")


def per_familiae(s: JugulaFields, store: dict[int, Any], make: Callable[[JugulaFields], T]) -> T:
    """`make(s)`, made once per familiae and catalog and kept in `store`: `fighters` is
    replaced, never changed, and clones share it, so it is known by its identity."""
    kept = store.get(id(s.fighters))
    if kept is not None and kept[0] is s.fighters and kept[1] is s.catalog:
        found: T = kept[2]
        return found
    made = make(s)
    if len(store) >= 1024:
        store.clear()
    store[id(s.fighters)] = (s.fighters, s.catalog, made)
    return made


def geo_of(s: JugulaFields) -> Geometry:
    return s.catalog.geo


def armatura(s: JugulaFields, g: int) -> Armatura:
    return s.catalog.armaturae[s.fighters[g].armatura]


def seat_of(s: JugulaFields, g: int) -> int:
    return s.fighters[g].seat


def familia(s: JugulaFields, seat: int) -> range:
    size = s.catalog.rules.familia
    return range(seat * size, (seat + 1) * size)


def on_board(s: JugulaFields) -> list[int]:
    """The gladiators standing in the arena."""
    return [g for g in s.board if g >= 0]


def standing(s: JugulaFields, seat: int) -> list[int]:
    return [g for g in familia(s, seat) if s.square[g] >= 0]


def enemies_of(s: JugulaFields, g: int) -> list[int]:
    """Every gladiator of another familia in the arena ("all of them count as enemies"), in
    board order (the order of their squares)."""
    seat, square = s.fighters[g].seat, s.square
    found = [e for e, fighter in enumerate(s.fighters) if square[e] >= 0 and fighter.seat != seat]
    found.sort(key=square.__getitem__)  # a few gladiators, not the 64 squares of `board`
    return found


def hindered(s: JugulaFields, g: int) -> bool:
    """Hindrance: a gladiator holding a marker, unless Stoic ("Hindrance markers have no
    effect on this gladiator")."""
    return s.held[g] > 0 and not armatura(s, g).stoic


def exerts_zones(s: JugulaFields, g: int) -> bool:
    """A hindered gladiator "does not have a Danger Zone" and costs no extra MP to leave."""
    return not hindered(s, g)


def mp(s: JugulaFields, g: int) -> int:
    """The MP of the side in play plus the +MP upgrades."""
    return armatura(s, g).sides[s.wounds[g] > 0].mp + s.fighters[g].mp


def reach(s: JugulaFields, g: int) -> int:
    """Range, one more with Dexter ("Appendix II: Talents")."""
    bonus = s.catalog.rules.talents.dexter_range if s.fighters[g].talents & DEXTER else 0
    return armatura(s, g).range + bonus


def in_danger_of(s: JugulaFields, square: int, seat: int, exclude: tuple[int, ...] = ()) -> bool:
    """Whether `square` is in the danger zone of a gladiator hostile to `seat` that exerts one."""
    geo = geo_of(s)
    for e in s.board:
        if (
            e >= 0
            and e not in exclude
            and s.fighters[e].seat != seat
            and geo.danger[s.square[e]][s.facing[e]] == square
            and exerts_zones(s, e)
        ):
            return True
    return False


def movement_enemies(s: JugulaFields, g: int) -> tuple[list[tuple[int, int]], dict[int, int]]:
    """What the enemies of `g` do to his movement, in one pass over the gladiators: the
    (square, facing) of those exerting zones (a hindered one exerts none: "Hindrance"), by
    gladiator number (the movement reads them as a set), and Impressive's extra MP for `g`
    entering each square next to an Impressive enemy ("Appendix II: Talents")."""
    square, facing, fighters, held = s.square, s.facing, s.fighters, s.held
    seat = fighters[g].seat
    zones: list[tuple[int, int]] = []
    impressive: list[int] = []  # the squares of the Impressive enemies
    for e, fighter in enumerate(fighters):
        at = square[e]
        if at < 0 or fighter.seat == seat:
            continue
        if held[e] <= 0 or exerts_zones(s, e):
            zones.append((at, facing[e]))
        if fighter.talents & IMPRESSIVE:
            impressive.append(at)
    extra: dict[int, int] = {}
    if impressive:
        cost, adjacent = s.catalog.rules.talents.impressive_mp, geo_of(s).adjacent
        for at in sorted(impressive):  # in board order, as `enemies_of`
            for near in adjacent[at]:
                extra[near] = extra.get(near, 0) + cost
    return zones, extra


def put(s: JugulaFields, field: str, index: int, value: object) -> None:
    """Set one item of a list the clones share (model.REPLACED): copy it, then change it."""
    values = getattr(s, field)[:]
    values[index] = value
    setattr(s, field, values)


def place(s: JugulaFields, g: int, square: int, facing: int) -> None:
    if s.square[g] >= 0:
        s.board[s.square[g]] = NOBODY
    s.square[g] = square
    s.facing[g] = facing
    s.board[square] = g


def lift(s: JugulaFields, g: int) -> None:
    """Take `g` out of the arena; markers he holds go back to their owners' cards."""
    if s.square[g] >= 0:
        s.board[s.square[g]] = NOBODY
        s.square[g] = NOBODY
    if s.held[g]:
        s.marker = [-1 if victim == g else victim for victim in s.marker]
        put(s, "held", g, 0)


def name(s: JugulaFields, g: int) -> str:
    """The gladiator as notation shows him: his square, or his armatura off the arena."""
    square = s.square[g]
    return s.catalog.rules.squares[square] if square >= 0 else armatura(s, g).code


def describe(s: JugulaFields, g: int) -> dict[str, object]:
    return {"seat": s.fighters[g].seat, "armatura": armatura(s, g).code, "square": name(s, g)}


def wound_event(s: JugulaFields, g: int, kind: str, by_seat: int, rule: str) -> Event:
    """A wound or a fall by `rule`, with the seat whose blow it was (-1: none, e.g. Ardor
    Oris)."""
    return Event(kind, {**describe(s, g), "by": by_seat}, rule=rule)
