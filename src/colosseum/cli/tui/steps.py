"""A choice among many legal actions asked word by word, for every game.

Notations are words (`deploy murmillo d1 n`: the kind, the gladiator, the square, the facing),
so the legal notations sharing the words typed so far form a tree: each step offers the next
words, and a step with one possible word is taken at once. When few actions remain they are
offered whole. Words that begin no action may be its end instead: a bare target (`c8` for
`to c8`). Enter (`resolve`) plays only what names one action; what could be several narrows
the menu and asks. Nothing here knows a game: the words are the notations' own.
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


def ending_with(legal: Sequence[str], typed: str, partial: bool = False) -> list[str]:
    """The `legal` notations (in their order) whose last words are the words `typed` and that
    have more words before them (`c8` for `to c8`); with `partial`, the last word typed may be
    the beginning of the notation's last word."""
    words = normalize_notation(typed).split(" ") if typed.strip() else []
    found: list[str] = []
    for notation in legal if words else ():
        own = _words(notation)
        if len(own) <= len(words):
            continue
        tail = own[-len(words) :]
        last = tail[-1] == words[-1] or (partial and tail[-1].startswith(words[-1]))
        if last and tail[:-1] == words[:-1]:
            found.append(notation)
    return found


def narrowed(legal: Sequence[str], typed: str, max_whole: int = MAX_WHOLE) -> Step:
    """The menu for `typed`: the step its words reach (`step`), or, when they begin no action,
    the actions they end (offered whole). Digits alone stay a menu number."""
    current = step(legal, typed, max_whole)
    text = typed.strip()
    if current.matching or not text or (text.isascii() and text.isdigit()):
        return current
    tails = ending_with(legal, typed, partial=not typed.endswith(" "))
    return Step((), tuple(tails), tuple(Choice(n, _words(n)[-1], 1) for n in tails))


@dataclass(frozen=True, slots=True)
class Play:
    """Enter names one legal action: play it."""

    notation: str


@dataclass(frozen=True, slots=True)
class Ask:
    """Enter could mean any of `count` actions: put `prompt` in the input, the menu lists them."""

    prompt: str
    count: int


@dataclass(frozen=True, slots=True)
class Judge:
    """Nothing legal reads so: the game judges `text` (it knows its words, e.g. `north` for
    `n`, and says why it refuses)."""

    text: str


def resolve(legal: Sequence[str], typed: str, max_whole: int = MAX_WHOLE) -> Play | Ask | Judge:
    """What Enter on `typed` does: a legal notation, or the one action its words begin or end,
    is played; words several actions begin or end never pick one of them, they ask."""
    wanted = normalize_notation(typed)
    for notation in legal:
        if normalize_notation(notation) == wanted:
            return Play(notation)
    current = step(legal, typed, max_whole)
    if len(current.matching) == 1:
        return Play(current.matching[0])
    if current.matching:
        settled = " ".join(current.prefix)
        prompt = settled + " " if settled and settled.startswith(wanted) else typed
        return Ask(prompt, len(current.matching))
    for partial in (False, True):
        tails = ending_with(legal, typed, partial)
        if len(tails) == 1:
            return Play(tails[0])
        if tails:
            return Ask(typed, len(tails))
    return Judge(typed)


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
