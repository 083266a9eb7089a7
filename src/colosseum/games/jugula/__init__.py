"""Jugula: card-driven gladiator tactics on an 8×8 arena (2-4 lanistae).

The game's definition and state are imported when first used (PEP 562), so a reader of the
game's data alone (the Careers' record sheets read `data.py`) does not load its rules, views
and drawing.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import DEFINITION, INFO
    from .state import JugulaState

_LAZY = {"DEFINITION": "game", "INFO": "game", "JugulaState": "state"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


__all__ = ["DEFINITION", "INFO", "JugulaState"]
