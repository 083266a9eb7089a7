"""The module a game names in its definition's `search` hook (`core/search.py`), and what
the search takes from it when it is there."""

from __future__ import annotations

import importlib
from types import ModuleType

from ..core.registry import game_definition
from ..core.search import Evaluation, Progress, SearchDefaults


def search_module(game: str) -> ModuleType | None:
    """The module of `game`'s `search` hook, imported on first use; None without one."""
    path = game_definition(game).search
    return None if path is None else importlib.import_module(path)


def evaluation_of(game: str) -> Evaluation | None:
    module = search_module(game)
    return getattr(module, "evaluation", None)


def rounds_of(game: str) -> Progress | None:
    """The game's round counter, where rollouts may stop at the end of a round."""
    module = search_module(game)
    return getattr(module, "round_of", None)


def defaults_of(game: str) -> SearchDefaults:
    module = search_module(game)
    defaults: SearchDefaults = getattr(module, "DEFAULTS", SearchDefaults())
    return defaults
