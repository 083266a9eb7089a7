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
    return f"{round(value, 1):g}"


def el(tag: str, content: str = "", **attrs: Any) -> str:
    """One element; `content` is markup already escaped. `class_` is class, `_` in names is
    -, and attributes set to None are left out."""
    names = _NAMES
    try:
        written = "".join(
            [f' {names.get(k) or _name(k)}="{_kept(v)}"' for k, v in attrs.items() if v is not None]
        )
    except TypeError:  # a value that cannot be kept (a list, say): escaped each time
        written = "".join([f' {_name(k)}="{safe(v)}"' for k, v in attrs.items() if v is not None])
    return f"<{tag}{written}>{content}</{tag}>" if content else f"<{tag}{written}/>"


def safe(value: object) -> str:
    """Text or an attribute value, escaped."""
    try:
        return _kept(value)
    except TypeError:  # not hashable
        return _escaped(value)


def text(x: float, y: float, words: str, **attrs: Any) -> str:
    return el("text", _kept(words), x=num(x), y=num(y), **attrs)


def title(words: str) -> str:
    """A tooltip for the element it is put in."""
    return f"<title>{_kept(words)}</title>" if words else "<title/>"


def _escaped(value: object) -> str:
    words = str(value)
    return escape(words) if UNSAFE.search(words) else words


@lru_cache(maxsize=SAFE_KEPT, typed=True)
def _kept(value: object) -> str:
    """`_escaped`, remembered (`typed`: 1, 1.0 and True are written apart)."""
    return _escaped(value)


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
