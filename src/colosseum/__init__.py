"""Colosseum: three gladiator board games by their full rules.

import colosseum
state = colosseum.new_game("ludus-gladiatorius", players=2, seed=7)
while not state.is_terminal():
    state.apply(state.legal_actions()[0])
"""

# Import the `games` subpackage before binding the name `games` to the function below: a later
# first import of the subpackage would otherwise replace `colosseum.games()` with the package.
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
    games,
    new_game,
    replay,
)

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
    "from_position",
    "games",
    "new_game",
    "replay",
]
__version__ = "0.1.0"
