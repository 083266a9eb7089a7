"""Colosseum: three gladiator board games by their full rules.

import colosseum
state = colosseum.new_game("ludus-gladiatorius", players=2, seed=7)
while not state.is_terminal():
    state.apply(state.legal_actions()[0])
"""

import sys
from typing import Any

# Import the `games` subpackage before binding the name `games` below: a later first import of
# the subpackage would otherwise replace `colosseum.games()` with the package.
from . import games as _games_package  # noqa: F401
from .core import (
    Action,
    ColosseumError,
    DataError,
    Event,
    GameInfo,
    IllegalAction,
    InvalidOption,
    InvalidRecord,
    State,
    UnknownGame,
    from_position,
    new_game,
    replay,
)
from .core import games as _registered_games
from .core.build import compiled


class GameListing:
    """`colosseum.games()`: every registered game, by id (`colosseum.core.games`). The name is
    also the games' package: its subpackages are found as attributes here too, as a compiled
    module looks its package up through its parents (`colosseum.games.jugula`)."""

    def __call__(self) -> dict[str, GameInfo]:
        return _registered_games()

    def __getattr__(self, name: str) -> Any:
        return getattr(sys.modules[f"{__name__}.games"], name)

    def __repr__(self) -> str:
        return "<colosseum.games(): every registered game, by id>"


games = GameListing()

__all__ = [
    "Action",
    "ColosseumError",
    "DataError",
    "Event",
    "GameInfo",
    "IllegalAction",
    "InvalidOption",
    "InvalidRecord",
    "State",
    "UnknownGame",
    "compiled",
    "from_position",
    "games",
    "new_game",
    "replay",
]
__version__ = "0.1.0"
