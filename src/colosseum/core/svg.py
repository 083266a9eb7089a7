"""SVG markup shared by the games' boards (each game draws its own in its package): one
element with its attributes, text and tooltips escaped, coordinates written short."""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape
from typing import Any

UNSAFE = re.compile("[&<>\"']")
SAFE_KEPT = 8192  # escaped texts remembered: boards repeat the same few words and numbers


def num(value: float) -> str:
    """A coordinate or length: whole numbers as they are, others to one decimal."""
    if isinstance(value, int):
        return str(value)
    written = _NUMBERS.get(value)
    if written is None:
        written = f"{round(value, 1):g}"
        if value != 0:  # 0.0 and -0.0 are one key but write apart ("0", "-0")
            if len(_NUMBERS) >= SAFE_KEPT:
                _NUMBERS.clear()
            _NUMBERS[value] = written
    return written


def el(tag: str, content: str = "", **attrs: Any) -> str:
    """One element; `content` is markup already escaped. `class_` is class, `_` in names is
    -, and attributes set to None are left out."""
    if content:
        return f"<{tag}{_attributes(attrs)}>{content}</{tag}>"
    return f"<{tag}{_attributes(attrs)}/>"


def safe(value: object) -> str:
    """Text or an attribute value, escaped."""
    if value.__class__ is str:
        return _WORDS.get(value) or _word(value)
    try:
        return _kept(value)
    except TypeError:  # not hashable
        return _escaped(value)


def text(x: float, y: float, words: str, **attrs: Any) -> str:
    """`el("text", words escaped, x=num(x), y=num(y), **attrs)`, without the second call."""
    content = safe(words)
    head = f'<text x="{num(x)}" y="{num(y)}"{_attributes(attrs)}'
    return f"{head}>{content}</text>" if content else f"{head}/>"


def title(words: str) -> str:
    """A tooltip for the element it is put in."""
    return f"<title>{safe(words)}</title>" if words else "<title/>"


def _attributes(attrs: dict[str, Any]) -> str:
    """The attributes of an element, each with a space before it (see `el`)."""
    names, words = _NAMES, _WORDS
    written = []
    for key, value in attrs.items():
        if value is None:
            continue
        # most values are strings (a word, a number already written): one dictionary read
        value = (words.get(value) or _word(value)) if value.__class__ is str else safe(value)
        written.append(f' {names.get(key) or _name(key)}="{value}"')
    return "".join(written)


def _escaped(value: object) -> str:
    words = str(value)
    return escape(words) if UNSAFE.search(words) else words


def _word(words: str) -> str:
    """A string escaped, remembered in `_WORDS` (cleared whole when full)."""
    if len(_WORDS) >= SAFE_KEPT:
        _WORDS.clear()
    written = _WORDS[words] = _escaped(words)
    return written


@lru_cache(maxsize=SAFE_KEPT, typed=True)
def _kept(value: object) -> str:
    """`_escaped` of a value that is not a string, remembered (`typed`: 1, 1.0 and True are
    written apart)."""
    return _escaped(value)


# Remembered: boards repeat the same few words and numbers. Strings and floats apart from the
# other values, so that a string is found by one dictionary read (a value's type is part of
# `_kept`'s key: 1, 1.0 and True are equal keys that write apart).
_WORDS: dict[str, str] = {}  # a string -> it escaped
_NUMBERS: dict[float, str] = {}  # a float -> `num` of it
_NAMES: dict[str, str] = {}  # attribute keyword -> attribute name, as they are met


def _name(key: str) -> str:
    name = _NAMES[key] = key.rstrip("_").replace("_", "-")
    return name


# The seats' colours on every board and page (style.css's --seat-N are the same): Okabe and
# Ito's colour-blind-safe hues (vermillion, blue, bluish green, reddish purple, black), darkened
# so that white text on them keeps a contrast of 5:1 or more; chosen. Simulated protanopia,
# deuteranopia and tritanopia keep every pair at least 12 CIELAB units apart. Where a colour
# marks a seat on a token, a second cue goes with it: the seat's number, or its outline's
# dash pattern (SEAT_DASHES, solid for seat 0).
SEAT_FILLS = ("#b84a00", "#0060a0", "#00795a", "#a64a85", "#333333")
SEAT_DASHES = (None, "6 3", "2 2", "8 2 2 2", "1 3")


def seat_dash(seat: object) -> str | None:
    """The dash pattern of a seat's token outline (None: solid, or nobody's)."""
    return SEAT_DASHES[seat % len(SEAT_DASHES)] if isinstance(seat, int) and seat >= 0 else None
