"""What a line typed at the prompt asks for: a command, a menu entry by number, or notation.

Anything may be typed; nothing here raises. A menu number is ASCII digits only (`²` is a digit
to Python but no number here) and at most a few of them (a 5,000-digit number is too long for
`int` to read, and no menu is that long).
"""

from __future__ import annotations

from dataclasses import dataclass

QUIT_WORDS = ("quit", "exit", "q")
HELP_WORDS = ("?", "help")
COMMANDS = {
    "hint": "hint",
    "undo": "undo",
    "rules": "rules",
    "legend": "legend",
    "log": "log",
    **dict.fromkeys(QUIT_WORDS, "quit"),
}
COMMANDS.update(dict.fromkeys(HELP_WORDS, "help"))
MAX_DIGITS = 4
MAX_INPUT = 200  # characters the prompt accepts


@dataclass(frozen=True, slots=True)
class Command:
    """`hint`, `undo`, `rules`, `legend`, `log`, `help` or `quit`."""

    name: str


@dataclass(frozen=True, slots=True)
class Pick:
    """The menu entry at `index` (from 0)."""

    index: int


@dataclass(frozen=True, slots=True)
class Notation:
    """Anything else: notation for the game to accept or refuse."""

    text: str


@dataclass(frozen=True, slots=True)
class Problem:
    """Input that cannot mean anything; the message says what would."""

    message: str


Request = Command | Pick | Notation | Problem


def menu_number(text: str, entries: int) -> Pick | Problem | None:
    """`text` as a menu number: a Pick, a Problem for a number with no entry, None if it is not
    a number at all."""
    if not (text.isascii() and text.isdigit()):
        return None
    if len(text) > MAX_DIGITS or not 1 <= int(text) <= entries:
        if entries == 0:
            return Problem("no menu to choose from: type an action")
        return Problem(f"no entry numbered {_shortened(text)}: choose 1 to {entries}, or type one")
    return Pick(int(text) - 1)


def interpret(text: str, entries: int) -> Request | None:
    """What `text` asks for, with `entries` in the menu; None for an empty line."""
    text = text.strip()
    if not text:
        return None
    command = COMMANDS.get(text.lower())
    if command is not None:
        return Command(command)
    number = menu_number(text, entries)
    if number is not None:
        return number
    return Notation(text)


def _shortened(text: str, limit: int = 12) -> str:
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} digits)"


def refusal(message: str) -> str:
    """The game's refusal for the message line: its list of legal actions (cut at 80 columns)
    left to the menu, which shows them all."""
    head, _, _ = message.partition("; legal: ")
    return f"{head}; the menu lists your choices" if head != message else message


def one_line(message: str, limit: int = 230) -> str:
    """A message without line breaks, at most `limit` characters (three rows at 80 columns)."""
    flat = " ".join(message.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
