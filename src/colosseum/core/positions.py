"""Typed positions: each game describes its position as a pydantic model, read through here.

A position (`State.to_position()`) is checked against its game's schema before the game builds
a state from it, so a broken one is refused with an `InvalidRecord` naming the field, never
accepted to fail later. The same models publish the format as JSON Schema (`docs/positions/`).

Formats change: a position or record carries its game's `version`, and a game registers one
migration per step (version n to n + 1), so whatever an earlier version wrote keeps loading
(`core/migrations.py`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import InvalidRecord
from .migrations import Migration as Migration
from .migrations import migrate as migrate

Model = TypeVar("Model", bound=BaseModel)


class PositionModel(BaseModel):
    """Base of the position schemas: strict types, no unknown fields, frozen."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


def validate_position(model: type[Model], position: Mapping[str, Any]) -> Model:
    """`position` parsed by `model`, or InvalidRecord naming the first broken field."""
    try:
        return model.model_validate(dict(position))
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "position"
        raise InvalidRecord(f"position field {where}: {first['msg']}") from error


def invalid(field: str, problem: str) -> InvalidRecord:
    """The error for a position whose `field` breaks an invariant of the game."""
    return InvalidRecord(f"position field {field}: {problem}")
