"""Editing a copied data folder in tests: one field of one [[...]] entry of a TOML file."""

from __future__ import annotations

import re
from pathlib import Path


def set_field(folder: Path, name: str, entry: str, field: str, value: str) -> None:
    """Set `field` of the [[...]] entry whose id is `entry` (appending it if absent)."""
    path = folder / name
    text = path.read_text(encoding="utf-8")
    start = text.index(f'id = "{entry}"')
    end = text.find("[[", start)
    end = len(text) if end < 0 else end
    block = text[start:end]
    changed, n = re.subn(rf"(?m)^{field} = .*$", f"{field} = {value}", block)
    if n == 0:
        changed = block.rstrip("\n") + f"\n{field} = {value}\n\n"
    path.write_text(text[:start] + changed + text[end:], encoding="utf-8")
