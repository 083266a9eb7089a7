"""SVG markup shared by the games' boards (each game draws its own in its package): one
element with its attributes, text and tooltips escaped, coordinates written short."""

from __future__ import annotations

import re
from functools import cache
from html import escape
from typing import Any

UNSAFE = re.compile("[&<>\"']")


def num(value: float) -> str:
    """A coordinate or length: whole numbers as they are, others to one decimal."""
    if isinstance(value, int):
        return str(value)
    return f"{round(value, 1):g}"


def el(tag: str, content: str = "", **attrs: Any) -> str:
    """One element; `content` is markup already escaped. `class_` is class, `_` in names is
    -, and attributes set to None are left out."""
    written = "".join(f' {_name(key)}="{safe(v)}"' for key, v in attrs.items() if v is not None)
    return f"<{tag}{written}>{content}</{tag}>" if content else f"<{tag}{written}/>"


def safe(value: object) -> str:
    """Text or an attribute value, escaped."""
    words = str(value)
    return escape(words) if UNSAFE.search(words) else words


def text(x: float, y: float, words: str, **attrs: Any) -> str:
    return el("text", safe(words), x=num(x), y=num(y), **attrs)


def title(words: str) -> str:
    """A tooltip for the element it is put in."""
    return el("title", safe(words))


@cache
def _name(key: str) -> str:
    return key.rstrip("_").replace("_", "-")
