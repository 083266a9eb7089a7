"""The game kernel: the State contract, actions, events, options, RNG, records and registry."""

from .actions import Action, Event
from .errors import (
    ColosseumError,
    DataError,
    IllegalAction,
    InvalidOption,
    InvalidRecord,
    UnknownGame,
)
from .options import OptionSpec, parse_option_pairs, resolve_options
from .registry import (
    GameDefinition,
    GameInfo,
    from_position,
    game_definition,
    games,
    new_game,
    register,
    replay,
)
from .rng import Rng
from .state import State

__all__ = [
    "Action",
    "ColosseumError",
    "DataError",
    "Event",
    "GameDefinition",
    "GameInfo",
    "IllegalAction",
    "InvalidOption",
    "InvalidRecord",
    "OptionSpec",
    "Rng",
    "State",
    "UnknownGame",
    "from_position",
    "game_definition",
    "games",
    "new_game",
    "parse_option_pairs",
    "register",
    "replay",
    "resolve_options",
]
