"""The exceptions every part of Colosseum raises for bad input."""

from __future__ import annotations


class ColosseumError(Exception):
    """Base of every error Colosseum raises on purpose."""


class IllegalAction(ColosseumError, ValueError):
    """An action that is not legal now, or notation that names no action; the state is unchanged."""


class UnknownGame(ColosseumError, KeyError):
    """A game id or alias that no registered game answers to."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


class InvalidOption(ColosseumError, ValueError):
    """A game option that does not exist or has a value of the wrong type or range."""


class InvalidRecord(ColosseumError, ValueError):
    """A game record or position that is malformed or does not replay."""


class DataError(ColosseumError, ValueError):
    """A game data file that is missing, unreadable or breaks the data schema."""
