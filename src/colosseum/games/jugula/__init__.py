"""Jugula: card-driven gladiator tactics on an 8×8 arena (2-4 lanistae).

The game's definition and state are imported when first used (PEP 562), so a reader of the
game's data alone (the Careers' record sheets read `data.py`) does not load its rules, views
and drawing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.lazy import lazy_names

if TYPE_CHECKING:
    from .game import DEFINITION, INFO
    from .state import JugulaState

__getattr__ = lazy_names(__name__, {"DEFINITION": "game", "INFO": "game", "JugulaState": "state"})


__all__ = ["DEFINITION", "INFO", "JugulaState"]
