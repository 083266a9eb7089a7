"""What a game supplies for learning: its fixed action encoding and its observation encoder.

A game's `Encoding` subclass lives in its own package (`games/<game>/encoding.py`), named by
its definition's `rl_encoding` hook, and is built from the game's data (the `data` option names
the folder; every other option leaves the spaces unchanged, so one policy serves every player
count, expansion and variant of a game). An encoding reads a state only through
`legal_actions()` (the mask, `decode`) and a seat's observation only from `view(seat)`. The
environments (`colosseum.rl`) ask for one with `encoding_for`. Needs numpy (the `rl` extra).
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from .actions import Action
from .errors import UnknownGame
from .options import OptionValue, resolve_options
from .registry import game_definition
from .spaces import ActionTable, Layout, Mask, Vector
from .state import State

View = Mapping[str, Any]


class Encoding(ABC):
    """A game's action table and observation layout, and the functions between them and it."""

    game_id: ClassVar[str]

    def __init__(self, options: Mapping[str, OptionValue]) -> None:
        self.options = dict(options)
        self.max_players = game_definition(self.game_id).info.max_players
        self.table = self._build_table()
        self.layout = Layout()
        self._build_layout(self.layout)
        self._inverse = self.layout.inverse_scales()
        self._base = np.zeros(self.layout.size, dtype=np.float32)
        self._write_constant(self._base)

    # --- what each game supplies -----------------------------------------------------------

    @abstractmethod
    def _build_table(self) -> ActionTable:
        """Every action that can ever be legal, numbered from the game's data (called first,
        so it may load the data that `_build_layout` reads too)."""

    @abstractmethod
    def _build_layout(self, layout: Layout) -> None:
        """Add the observation's fields to `layout`."""

    @abstractmethod
    def _write(self, view: View, raw: npt.NDArray[np.float32]) -> None:
        """Write the raw (unscaled) values of `view` into `raw` (which holds the constant
        values of `_write_constant` and zeros elsewhere)."""

    def _write_constant(self, raw: npt.NDArray[np.float32]) -> None:
        """Write what every observation of these options shares (the map, the options);
        nothing by default."""
        return

    # --- the shared part ---------------------------------------------------------------------

    @property
    def num_actions(self) -> int:
        return len(self.table)

    @property
    def observation_size(self) -> int:
        return self.layout.size

    def cap_scale(self, name: str) -> int:
        """The scale of a count that cap option `name` bounds: its value, or when it is off the
        value the tools set (`OptionSpec.simulation_value`); a longer game reads as 1."""
        value = int(self.options[name])
        if value:
            return value
        spec = next(o for o in game_definition(self.game_id).info.options if o.name == name)
        return int(spec.simulation_value or 1)

    def encode(self, action: Action) -> int:
        """The fixed index of `action`."""
        return self.table.encode(action)

    def decode(self, index: int, state: State) -> Action:
        """The legal action of `state` that `index` stands for (IllegalAction if none)."""
        return self.table.decode(index, state)

    def legal(self, state: State) -> dict[int, Action]:
        """The legal actions of `state` by index."""
        return self.table.legal(state)

    def mask(self, state: State) -> Mask:
        """The int8 mask of the legal indices of `state`."""
        return self.table.mask(state)

    def observe(self, view: View) -> Vector:
        """The observation vector of a seat's `view` (every element in [0, 1])."""
        raw = self._base.copy()
        self._write(view, raw)
        return self.layout.finish(raw, self._inverse)


def encoding_for(game_id: str, options: Mapping[str, Any] | None = None) -> Encoding:
    """The encoding of `game_id` (an id or alias) for these options (defaults filled in),
    built from its definition's `rl_encoding` hook; UnknownGame for a game that has none."""
    definition = game_definition(game_id)
    if definition.rl_encoding is None:
        raise UnknownGame(f"{definition.info.id} has no encoding for the RL environments")
    resolved = resolve_options(definition.info.options, options)
    module = importlib.import_module(definition.rl_encoding)
    cls: type[Encoding] = module.ENCODING
    return cls(resolved)


def one_hot(raw: npt.NDArray[np.float32], offset: int, index: int) -> None:
    """Set element `index` of a one-hot block that starts at `offset`."""
    raw[offset + index] = 1.0
