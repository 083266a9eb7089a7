"""A move's actions: "stay", and one `Destination` for each (square, facing) a movement search
reached, its path read from the search only when asked.

A Python module in the compiled build too (`[tool.colosseum.compiled]` leaves it out): a
`Destination` keeps its kind on its class and its arguments behind a property, which a
compiled subclass of `Action` may not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action
from .model import FACING_LETTERS
from .movement import Step, Terrain

STAY = Action("stay")  # a value, offered by every move


class Destination(Action):
    """`to e5 n d5n-e5n`: a reachable (square, facing) of a move with its cheapest path. Its
    cost and path are read from the search only when first asked for (`args`, `steps`): a
    random playout reads one action in ninety. Made by `every`; the kind is the class's."""

    __slots__ = ("_args", "_key", "_paths")
    kind = "to"
    _args: tuple[int | str, ...]
    _key: int  # square * 4 + facing, one of `Terrain.ends`
    _paths: Paths | None  # None once carried out (`carried_out`)

    # made empty by `every`, which fills it: object's own __init__, run in C, makes the call
    # cheaper than Action's or than object.__new__ (a move makes ninety)
    if TYPE_CHECKING:

        def __init__(self) -> None: ...

    else:
        __init__ = object.__init__

    @classmethod
    def every(cls, paths: Paths, keys: list[int], here: int) -> list[Action]:
        """ "stay", then one for each (square, facing) of `keys` but `here`, where he stands
        (always among them: taken out of `keys`)."""
        keys.remove(here)
        made: list[Action] = [STAY]
        for key in keys:
            move = cls()
            move._key, move._paths = key, paths
            made.append(move)  # as a method call, which CPython runs without a call
        return made

    def __str__(self) -> str:
        paths = self._paths
        if paths is not None:  # offered: written by its search, once (a search's tree keys by it)
            return paths.notation(self._key)
        return " ".join(["to", *map(str, self._args)])  # carried out, its arguments written

    @property
    def args(self) -> tuple[int | str, ...]:
        try:
            return self._args
        except AttributeError:  # the first reading (a move carried out has written it)
            paths = self._paths
            assert paths is not None
            self._args = paths.arguments(self._key)
            return self._args

    @args.setter
    def args(self, value: tuple[int | str, ...]) -> None:
        self._args = value

    @property
    def place(self) -> tuple[int, int]:
        """(square, facing) where the move ends, without writing the notation."""
        return self._key >> 2, self._key & 3

    def steps(self) -> list[Step]:
        """The path's steps with their costs, as `_parse_path` reads them from the notation."""
        paths = self._paths
        assert paths is not None, "a move carried out has let go of its search"
        land = paths.land
        square, facing, cost, previous = land.found((self._key,))[0]
        steps = land.way_to(previous)
        steps.append(Step(square, facing, cost - (land.stand.score[previous] >> 6)))
        return steps

    def carried_out(self, steps: list[Step]) -> None:
        """The move is made (`steps` are its own): its path is written from them and the search
        let go, which the game's log, keeping the action, would otherwise keep alive."""
        paths = self._paths
        if paths is None:  # carried out already
            return
        if not hasattr(self, "_args"):  # its path not read yet
            names = paths.names
            last = steps[-1]
            path = "-".join([names[step.square] + FACING_LETTERS[step.facing] for step in steps])
            self._args = (names[last.square], FACING_LETTERS[last.facing], path)
        self._paths = None


class Paths:
    """The path notations of one movement search, each written once when first asked for."""

    __slots__ = ("known", "land", "names", "written")

    def __init__(self, land: Terrain, names: tuple[str, ...]) -> None:
        self.land = land
        self.names = names
        # made when first asked for (a random playout asks none): square -> the path onto it,
        # and square * 4 + facing -> its destination's notation
        self.known: dict[int, str] | None = None
        self.written: dict[int, str] | None = None

    def arguments(self, key: int) -> tuple[str, str, str]:
        """A `Destination`'s arguments (square, facing, path) for the (square, facing) `key`."""
        square, facing, _, previous = self.land.found((key,))[0]
        names, letter = self.names, FACING_LETTERS[facing]
        step = names[square] + letter
        head = self.text(previous)
        return names[square], letter, f"{head}-{step}" if head else step

    def notation(self, key: int) -> str:
        """`str` of the `Destination` of `key`: "to", then its arguments."""
        written = self.written
        if written is None:
            written = self.written = {}
        text = written.get(key)
        if text is None:
            square, facing, path = self.arguments(key)
            text = written[key] = f"to {square} {facing} {path}"
        return text

    def text(self, square: int) -> str:
        """The path notation of the cheapest way to stand on `square` ("" for the start)."""
        known = self.known
        if known is None:
            known = self.known = {}
        text = known.get(square)
        if text is not None:
            return text
        stand = self.land.stand
        previous, facing = stand.previous[square], stand.facing[square]
        if previous < 0:
            text = ""
        else:
            head = self.text(previous)
            step = self.names[square] + FACING_LETTERS[facing]
            text = f"{head}-{step}" if head else step
        known[square] = text
        return text
