"""The two fixed spaces an environment is built on: a numbering of actions and a vector layout.

An `ActionTable` numbers every action a game can ever offer, built once from the game's data
(gladiators, hexes, squares, facings, cards, buildings, the most players it takes), never from
playouts: index `i` always means the same action, so a policy's output unit `i` does too. An
action whose notation carries a detail the rules derive from the rest (Jugula's path of a move)
is keyed without it; `decode` finds the legal action with that key in the state at hand.

A `Layout` names the parts of a fixed-length float32 observation: each field has a shape, a
scale (the value is divided by it, then capped at 1, so every element lies in [0, 1]) and a
line of documentation; `docs/rl.md` prints both from here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from math import prod

import numpy as np
import numpy.typing as npt

from .actions import Action
from .errors import IllegalAction
from .state import State

ActionKey = tuple[str, ...]
"""An action as the table knows it: its kind, then its arguments as text."""

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

KNOWN_ACTIONS = 4096
"""How many action objects an `ActionTable` remembers the index of (then it starts again)."""


def plain_key(action: Action) -> ActionKey:
    """The default key: the kind and every argument, as text."""
    return (action.kind, *map(str, action.args))


@dataclass(frozen=True, slots=True)
class TableRow:
    """One line of an action table's documentation: a pattern and the indices it covers."""

    pattern: str
    start: int
    count: int
    doc: str


class ActionTable:
    """A fixed numbering of every action a game can offer (see the module docstring)."""

    __slots__ = ("_index", "_known", "fresh", "key", "keys", "rows")

    def __init__(
        self,
        keys: Sequence[ActionKey],
        rows: Sequence[TableRow],
        key: Callable[[Action], ActionKey] = plain_key,
        fresh: tuple[type[Action], ...] = (),
    ) -> None:
        self.keys = tuple(keys)
        self.rows = tuple(rows)
        self.key = key
        self.fresh = fresh
        self._index = {k: i for i, k in enumerate(self.keys)}
        # the index of each action object seen (by identity, the object kept so that its
        # identity is not reused): an action a game made once and offers again is not keyed
        # again; those of the classes in `fresh`, made anew for each decision, are not kept
        self._known: dict[int, tuple[Action, int]] = {}
        if len(self._index) != len(self.keys):
            raise ValueError("an action table numbers each action once")

    def __len__(self) -> int:
        return len(self.keys)

    def encode(self, action: Action) -> int:
        """The index of `action`; IllegalAction if the table has no such action."""
        try:
            return self._index[self.key(action)]
        except KeyError:
            raise IllegalAction(f"{action} has no index in this action table") from None

    def legal(self, state: State) -> dict[int, Action]:
        """The legal actions of `state` by index (empty when the game is over)."""
        index = self._index
        key = self.key
        known, fresh = self._known, self.fresh
        found: dict[int, Action] = {}
        for action in state.legal_actions():
            hit = known.get(id(action))
            if hit is not None and hit[0] is action:
                found[hit[1]] = action
                continue
            try:
                i = index[key(action)]
            except KeyError:
                raise IllegalAction(f"{action} has no index in this action table") from None
            found[i] = action
            if type(action) not in fresh:
                if len(known) >= KNOWN_ACTIONS:
                    known.clear()
                known[id(action)] = (action, i)
        return found

    def decode(self, index: int, state: State) -> Action:
        """The legal action of `state` that `index` stands for; IllegalAction if none is."""
        index = int(index)
        if not 0 <= index < len(self.keys):
            raise IllegalAction(f"action index {index} is outside 0..{len(self.keys) - 1}")
        wanted = self.keys[index]
        key = self.key
        for action in state.legal_actions():
            if key(action) == wanted:
                return action
        raise IllegalAction(f"action index {index} ({' '.join(wanted)}) is not legal now")

    def mask(self, state: State) -> Mask:
        """1 at the index of each legal action of `state`, 0 elsewhere."""
        return self.mask_of(self.legal(state))

    def mask_of(self, legal: Iterable[int]) -> Mask:
        mask = np.zeros(len(self.keys), dtype=np.int8)
        mask[list(legal)] = 1
        return mask

    def row_of(self, index: int) -> TableRow:
        """The documentation row that covers `index`."""
        for row in self.rows:
            if row.start <= index < row.start + row.count:
                return row
        raise IndexError(index)


class TableBuilder:
    """Builds an `ActionTable` a pattern at a time, each with its documentation line."""

    def __init__(self) -> None:
        self.keys: list[ActionKey] = []
        self.rows: list[TableRow] = []

    def add(self, pattern: str, keys: Iterable[ActionKey], doc: str) -> None:
        start = len(self.keys)
        self.keys.extend(keys)
        self.rows.append(TableRow(pattern, start, len(self.keys) - start, doc))

    def one(self, notation: str, doc: str) -> None:
        """A single action without a varying argument."""
        self.add(notation, [tuple(notation.split())], doc)

    def build(
        self,
        key: Callable[[Action], ActionKey] = plain_key,
        fresh: tuple[type[Action], ...] = (),
    ) -> ActionTable:
        return ActionTable(self.keys, self.rows, key, fresh)


@dataclass(frozen=True, slots=True)
class Field:
    """A named part of an observation: `offset` into the vector, its shape, scale and meaning."""

    name: str
    offset: int
    shape: tuple[int, ...]
    size: int
    scale: float
    doc: str

    def array(self, raw: Vector) -> Vector:
        """This field's part of `raw`, in its shape: writes to it are writes to `raw`."""
        part = raw[self.offset : self.offset + self.size]
        return part if len(self.shape) == 1 else part.reshape(self.shape)

    def at(self, *index: int) -> int:
        """The vector position of element `index` of this field (row-major)."""
        shape = self.shape
        if len(index) == 1 and len(shape) == 1:  # the common cases, without a loop
            (i,) = index
            if 0 <= i < shape[0]:
                return self.offset + i
        elif len(index) == 2 and len(shape) == 2:
            i, j = index
            if 0 <= i < shape[0] and 0 <= j < shape[1]:
                return self.offset + i * shape[1] + j
        position = 0
        for i, extent in zip(index, shape, strict=True):
            if not 0 <= i < extent:
                raise IndexError(f"{self.name}{list(index)} is outside {self.shape}")
            position = position * extent + i
        return self.offset + position


class Layout:
    """The fields of an observation vector, in order; `scales` divides a raw vector."""

    def __init__(self) -> None:
        self.fields: list[Field] = []
        self.size = 0
        self._scales: list[float] = []

    def add(self, name: str, shape: int | tuple[int, ...], scale: float, doc: str) -> Field:
        dims = (shape,) if isinstance(shape, int) else tuple(shape)
        if scale <= 0:
            raise ValueError(f"field {name}: the scale must be positive")
        field = Field(name, self.size, dims, prod(dims), float(scale), doc)
        self.fields.append(field)
        self.size += field.size
        self._scales.extend([float(scale)] * field.size)
        return field

    def field(self, name: str) -> Field:
        for field in self.fields:
            if field.name == name:
                return field
        raise KeyError(name)

    def inverse_scales(self) -> Vector:
        return (1.0 / np.asarray(self._scales, dtype=np.float64)).astype(np.float32)

    def finish(self, raw: Vector, inverse: Vector) -> Vector:
        """`raw` scaled into [0, 1], in place."""
        raw *= inverse
        np.minimum(raw, 1.0, out=raw)
        np.maximum(raw, 0.0, out=raw)
        return raw

    def describe(self) -> list[tuple[str, int, str, float, str]]:
        """(name, offset, shape, scale, doc) for each field: the documented layout."""
        return [
            (f.name, f.offset, "×".join(map(str, f.shape)), f.scale, f.doc) for f in self.fields
        ]
