"""A choice among many legal actions asked word by word, for every game.

Notations are words (`deploy murmillo d1 n`: the kind, the gladiator, the square, the facing),
so the legal notations sharing the words typed so far form a tree: each step offers the next
words, and a step with one possible word is taken at once. When few actions remain they are
offered whole. Nothing here knows a game: the words are the notations' own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...core.actions import normalize_notation

MAX_WHOLE = 8  # this many actions or fewer are offered whole, not word by word


@dataclass(frozen=True, slots=True)
class Choice:
    """One entry of a step: `text` is what choosing it types (a whole notation, or the words of
    a step ending in a space); `count` the legal actions it leads to."""

    text: str
    word: str
    count: int

    @property
    def complete(self) -> bool:
        """Whether choosing it names one legal action (rather than the next step)."""
        return not self.text.endswith(" ")


@dataclass(frozen=True, slots=True)
class Step:
    """The words settled (`prefix`), the notations they still allow, and the next choices."""

    prefix: tuple[str, ...]
    matching: tuple[str, ...]
    choices: tuple[Choice, ...]


def _words(notation: str) -> list[str]:
    return normalize_notation(notation).split(" ")


def step(legal: Sequence[str], typed: str, max_whole: int = MAX_WHOLE) -> Step:
    """The step `typed` (what is in the input: whole words, then perhaps part of the next one)
    has reached among the `legal` notations (kept in their order)."""
    text = normalize_notation(typed)
    words = text.split(" ") if text else []
    partial = ""
    if words and not typed.endswith(" "):
        partial = words.pop()
    prefix = tuple(words)
    matching = [
        n
        for n in legal
        if tuple(_words(n)[: len(prefix)]) == prefix
        and (not partial or _next_word(n, len(prefix)).startswith(partial))
    ]
    if partial:
        # a finished word (a whole notation, or a word some notations continue) is settled
        exact = [n for n in matching if _next_word(n, len(prefix)) == partial]
        if exact and len(exact) == len(matching):
            prefix = (*prefix, partial)
    return _descend(prefix, matching, max_whole)


def _next_word(notation: str, index: int) -> str:
    words = _words(notation)
    return words[index] if index < len(words) else ""


def _descend(prefix: tuple[str, ...], matching: list[str], max_whole: int) -> Step:
    """Take every step that has a single word, then list the choices of the next one."""
    while len(matching) > max_whole:
        nexts = {_next_word(n, len(prefix)) for n in matching}
        if len(nexts) != 1 or "" in nexts:
            break
        prefix = (*prefix, nexts.pop())
    if len(matching) <= max_whole:
        whole = tuple(Choice(n, _next_word(n, len(prefix)), 1) for n in matching)
        return Step(prefix, tuple(matching), whole)
    groups: dict[str, list[str]] = {}
    for notation in matching:
        groups.setdefault(_next_word(notation, len(prefix)), []).append(notation)
    choices: list[Choice] = []
    for word, members in groups.items():
        if len(members) == 1 or not word:
            choices.extend(Choice(n, word, 1) for n in members)
        else:
            choices.append(Choice(" ".join((*prefix, word)) + " ", word, len(members)))
    return Step(prefix, tuple(matching), tuple(choices))


def split_number(legal: Sequence[str], typed: str) -> tuple[str, str | None]:
    """`typed` as (words for the menu, a menu number after them or None): a last word of ASCII
    digits that no legal notation continues with is a number, not notation."""
    words = typed.split()
    if not words or not (words[-1].isascii() and words[-1].isdigit()):
        return typed, None
    if step(legal, typed).matching:
        return typed, None
    rest = typed.rstrip()[: -len(words[-1])]
    return rest, words[-1]


def back(typed: str) -> str:
    """The input one step back: the last word (or the part of it typed) removed."""
    words = normalize_notation(typed).split(" ")
    if (not typed.endswith(" ") and words) or words:
        words.pop()
    return " ".join(words) + " " if words else ""


def suggestion(legal: Sequence[str], typed: str) -> str | None:
    """The first legal notation that begins with `typed` (case and spacing ignored), spelled
    with `typed` as its start so an input can show the rest; None if there is none."""
    if not typed.strip():
        return None
    wanted = " ".join(typed.split()).casefold()
    if typed.endswith(" "):
        wanted += " "
    for notation in legal:
        spelled = normalize_notation(notation)
        if spelled.startswith(wanted) and spelled != wanted:
            return typed + spelled[len(wanted) :]
    return None
