"""Ludi Gladiatorii: build a ludus, auction gladiators, fight for victory points (2-5 players)."""

from .game import DEFINITION, INFO
from .state import LudiState

__all__ = ["DEFINITION", "INFO", "LudiState"]
