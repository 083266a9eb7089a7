"""What a new table's seats may be: their kinds (a person's seat, or an agent within the
server's budgets), their names (no control characters, at most `NAME_LENGTH` characters),
and the rules of a rated table (docs/web.md, "Ratings")."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

from .budgets import check_agent
from .errors import BadRequest

NAME_LENGTH = 40
HUMAN = "human"


def check_rated(players: Sequence[object], seed: int | None, hints: bool, practice: bool) -> None:
    """A rated table's rules: every result fair and every person known."""
    if seed is not None or practice:
        raise BadRequest("a rated table takes no chosen seed and is no practice table")
    if hints:
        raise BadRequest("a rated table offers no hints: leave hints off, or make it casual")
    for number, given in enumerate(players):
        if given == HUMAN:
            raise BadRequest(
                f"players[{number}]: a rated table seats accounts, not guests: "
                '{"kind": "me"} or {"kind": "account", "name": ...}'
            )


def seat_kind(game_id: str, given: object) -> str:
    """A seat's kind as asked for: "human", or an agent spec within the server's budgets."""
    if not isinstance(given, str) or not given.strip():
        raise BadRequest(f"a player is 'human' or an agent name, got {given!r}")
    kind = given.strip().lower()
    if kind == HUMAN:
        return kind
    return check_agent(game_id, kind)  # bounded: no request buys a search without end


def check_name(name: object, field: str) -> None:
    """Refuse a name holding a control character (NUL, tab, newline, escape...) or half of
    a surrogate pair, naming the field: such a name is a mistake or an attack, never a
    name."""
    if not isinstance(name, str):
        raise BadRequest(f"{field}: a name is text, got {type(name).__name__}")
    for character in name:
        if unicodedata.category(character) in ("Cc", "Cs"):
            raise BadRequest(
                f"{field}: a name may not hold control characters "
                f"(found U+{ord(character):04X}); use letters, digits, spaces and punctuation"
            )


def clean_text(text: str) -> str:
    """A server-written text (a failure's reason) on one line, without control characters."""
    kept = (c if unicodedata.category(c) not in ("Cc", "Cs") else " " for c in text)
    return " ".join("".join(kept).split())


def seat_name(name: Any, seat: int, kind: str) -> str:
    """A seat's name as kept: the one given (spaces collapsed, cut to `NAME_LENGTH`), else
    "Player n" for a person's seat and "<agent> (computer)" for a computer's."""
    text = " ".join(str(name or "").split())[:NAME_LENGTH]
    if text:
        return text
    return f"Player {seat + 1}" if kind == HUMAN else f"{kind} (computer)"
