"""Movement → Facing: the arena's squares, the four facings and the zones around a gladiator.

Squares are numbered `(rank - 1) * width + file` (a1 = 0, b1 = 1, ..., h8 = 63 on the 8×8
arena of "What You Will Need"), the order `Rules.squares` names them in. Rank 1 is the first
lanista's side, file a his left.

Facings ("All figures in the arena must face one of the four sides of their square"):
N = 0 (towards rank 8), E = 1 (towards file h), S = 2 (towards rank 1), W = 3 (towards file a).
A gladiator deployed on his own side and turned towards the arena faces N for the first
lanista (ranks 1-2), S for the lanista opposite him (ranks 7-8) and, with three or four
lanistae, E for the west zone and W for the east zone; "deployment_facing = any" in rules.toml
lets a lanista pick another facing.

Around a gladiator facing f ("Facing" and its diagram): the three squares directly ahead
(diagonals included) are his front zone, the middle one his danger zone; the squares on his left
and right are his flanks; the square directly behind is his back and the two beside it his rear.
Everything is precomputed once per board size by `geometry(width, height)`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final, Literal

N: Final = 0
E: Final = 1
S: Final = 2
W: Final = 3
FACINGS = (N, E, S, W)
FACING_NAMES = ("N", "E", "S", "W")
# The eight directions, clockwise from N; facing f points along direction 2f.
DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
NO_SQUARE: Final = -1

Zone = Literal["front", "flank", "rear", "back"]
# Direction offset from the facing's direction (in eighths of a turn) -> zone ("Facing").
_ZONE_BY_TURN: dict[int, Zone] = {
    7: "front",  # ahead-left
    0: "front",  # ahead: the danger zone
    1: "front",  # ahead-right
    6: "flank",  # left
    2: "flank",  # right
    5: "rear",  # behind-left
    3: "rear",  # behind-right
    4: "back",
}


@dataclass(frozen=True, slots=True)
class Geometry:
    """The precomputed squares and zones of a `width` × `height` arena.

    Every table is indexed by square, then (where it has one) by facing; a missing square (off
    the arena) is `NO_SQUARE` in `neighbours` and `danger`, and simply absent from the tuples.
    """

    width: int
    height: int
    names: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]  # [square][direction 0-7]
    adjacent: tuple[tuple[int, ...], ...]  # [square]: the on-board neighbours
    front: tuple[tuple[tuple[int, ...], ...], ...]  # [square][facing]: up to 3 squares
    danger: tuple[tuple[int, ...], ...]  # [square][facing]: the square ahead
    flanks: tuple[tuple[tuple[int, ...], ...], ...]  # [square][facing]: (left, right) on board
    rear: tuple[tuple[tuple[int, ...], ...], ...]  # [square][facing]
    back: tuple[tuple[int, ...], ...]  # [square][facing]: the square behind

    @property
    def size(self) -> int:
        return self.width * self.height

    def coords(self, square: int) -> tuple[int, int]:
        """(file, rank), both from 0."""
        return square % self.width, square // self.width

    def square(self, name: str) -> int:
        """The index of a square by name ("d4"); ValueError if it is not on the arena."""
        try:
            return self.names.index(name)
        except ValueError:
            raise ValueError(
                f"square {name!r} is not on the {self.width}×{self.height} arena"
            ) from None

    def zone(self, square: int, facing: int, other: int) -> Zone | None:
        """Where the adjacent square `other` lies for a gladiator on `square` facing `facing`
        ("Facing": front zone, flanks, rear, back); None if it is not adjacent."""
        for direction, near in enumerate(self.neighbours[square]):
            if near == other and near != NO_SQUARE:
                return _ZONE_BY_TURN[(direction - 2 * facing) % 8]
        return None

    def relative_position(self, defender: int, facing: int, attacker: int) -> Zone:
        """Where the attacker stands for the defender ("Combat modifiers": flank, rear, back).

        Adjacent squares follow the "Facing" diagram. A Range attacker further away ("Range":
        he "benefits from the attack modifier that goes with his positioning") is placed by the
        sign of his offsets in the defender's frame: anywhere ahead is front, level with him is
        flank, straight behind is back, behind and to a side is rear.
        """
        size = self.width * self.height
        if 0 <= defender < size and 0 <= attacker < size and 0 <= facing < 4:
            return _positions(self.width, self.height)[(defender * 4 + facing) * size + attacker]
        return self._relative_position(defender, facing, attacker)

    def _relative_position(self, defender: int, facing: int, attacker: int) -> Zone:
        """`relative_position` worked out (what `_positions` tabulates)."""
        ahead, right = self._frame(defender, facing, attacker)
        if ahead > 0:
            return "front"
        if ahead == 0:
            return "flank"
        return "back" if right == 0 else "rear"

    def distance(self, a: int, b: int) -> int:
        """Steps between two squares, diagonals counting one (the king's distance)."""
        (fa, ra), (fb, rb) = self.coords(a), self.coords(b)
        return max(abs(fa - fb), abs(ra - rb))

    def squares_between(self, a: int, b: int) -> int:
        """ "Bow": the squares that separate two gladiators on the shortest direct route (two
        for a target three steps away, none for an adjacent one)."""
        return max(self.distance(a, b) - 1, 0)

    def attack_zone(
        self, square: int, facing: int, reach: int = 0, bow: bool = False, massive: bool = False
    ) -> tuple[int, ...]:
        """The squares a gladiator may attack ("Eligible targets", "Range", "Bow", "Massive").

        The front zone, projected forward by `reach` more rows (a band three squares wide, not
        blocked by anyone: "Range"); a Bow never attacks adjacent squares; a Massive gladiator
        attacks only his danger zone.
        """
        if massive:
            ahead = self.danger[square][facing]
            return () if ahead == NO_SQUARE else (ahead,)
        file, rank = self.coords(square)
        fx, fy = DIRECTIONS[2 * facing]  # ahead
        rx, ry = DIRECTIONS[(2 * facing + 2) % 8]  # right
        found = []
        for ahead in range(2 if bow else 1, 2 + reach):  # the band's rows, then its 3 files
            for right in (-1, 0, 1):
                f, r = file + ahead * fx + right * rx, rank + ahead * fy + right * ry
                if 0 <= f < self.width and 0 <= r < self.height:
                    found.append(r * self.width + f)
        return tuple(sorted(found))

    def facing_towards(self, square: int, other: int) -> int | None:
        """The facing that puts orthogonally adjacent `other` in the danger zone, else None."""
        for facing in FACINGS:
            if self.danger[square][facing] == other:
                return facing
        return None

    def _frame(self, square: int, facing: int, other: int) -> tuple[int, int]:
        """(squares ahead, squares to the right) of `other` seen from `square` facing `facing`."""
        (f0, r0), (f1, r1) = self.coords(square), self.coords(other)
        df, dr = f1 - f0, r1 - r0
        fx, fy = DIRECTIONS[2 * facing]  # ahead
        rx, ry = DIRECTIONS[(2 * facing + 2) % 8]  # right
        return df * fx + dr * fy, df * rx + dr * ry


@cache
def _positions(width: int, height: int) -> tuple[Zone, ...]:
    """`relative_position` of every (defender, facing, attacker), computed once per arena size
    and indexed by (defender * 4 + facing) * size + attacker: it is asked for every attack the
    heuristics weigh."""
    geo = geometry(width, height)
    size = geo.size
    return tuple(
        geo._relative_position(defender, facing, attacker)
        for defender in range(size)
        for facing in FACINGS
        for attacker in range(size)
    )


@cache
def geometry(width: int = 8, height: int = 8) -> Geometry:
    """The arena's tables, computed once per size (`Rules.width`, `Rules.height`)."""
    size = width * height
    names = tuple(f"{chr(ord('a') + s % width)}{s // width + 1}" for s in range(size))

    def step(square: int, direction: int) -> int:
        dx, dy = DIRECTIONS[direction % 8]
        file, rank = square % width + dx, square // width + dy
        return rank * width + file if 0 <= file < width and 0 <= rank < height else NO_SQUARE

    neighbours = tuple(tuple(step(s, d) for d in range(8)) for s in range(size))

    def around(turns: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
        return tuple(
            tuple(
                tuple(n for t in turns if (n := step(s, 2 * f + t)) != NO_SQUARE) for f in FACINGS
            )
            for s in range(size)
        )

    return Geometry(
        width=width,
        height=height,
        names=names,
        neighbours=neighbours,
        adjacent=tuple(tuple(n for n in row if n != NO_SQUARE) for row in neighbours),
        front=around((-1, 0, 1)),
        danger=tuple(tuple(step(s, 2 * f) for f in FACINGS) for s in range(size)),
        flanks=around((-2, 2)),
        rear=around((-3, 3)),
        back=tuple(tuple(step(s, 2 * f + 4) for f in FACINGS) for s in range(size)),
    )
