"""Formats change: a position or record carries its game's `version`, and a game registers one
migration per step (version n to n + 1), so whatever an earlier version wrote keeps loading.
Kept apart from the position schemas (`core/positions.py`, pydantic) so that reading the
registry imports no validation library until a game is loaded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .errors import InvalidRecord

Migration = Callable[[dict[str, Any]], dict[str, Any]]
"""Turns a version-n dict into the version-(n + 1) dict (the caller sets `version`)."""


def migrate(
    kind: str,
    document: dict[str, Any],
    current: int,
    migrations: Mapping[int, Migration],
    game_id: str,
) -> dict[str, Any]:
    """`document` (a position or record of `game_id`) brought up to version `current`."""
    version = document.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise InvalidRecord(f"{kind} has no whole-number version (got {version!r})")
    if version > current:
        raise InvalidRecord(
            f"{kind} has version {version} of {game_id}, written by a newer Colosseum; "
            f"this one reads up to version {current}"
        )
    while version < current:
        step = migrations.get(version)
        if step is None:
            raise InvalidRecord(
                f"{kind} has version {version} of {game_id}, which this Colosseum cannot "
                f"carry over to version {current}"
            )
        document = step(dict(document))
        version += 1
        document["version"] = version
    return document
