"""Ludus Gladiatorius: hex-map dice skirmish with secret special actions (2-5 players)."""

from .game import DEFINITION, INFO
from .state import LudusState

__all__ = ["DEFINITION", "INFO", "LudusState"]
