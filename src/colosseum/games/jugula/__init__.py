"""Jugula: card-driven gladiator tactics on an 8×8 arena (2-4 lanistae)."""

from .game import DEFINITION, INFO
from .state import JugulaState

__all__ = ["DEFINITION", "INFO", "JugulaState"]
