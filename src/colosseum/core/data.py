"""Reading a game's TOML data files and validating them against a pydantic schema."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import DataError

M = TypeVar("M", bound=BaseModel)


def read_toml(path: Path) -> dict[str, Any]:
    """The parsed file, or DataError saying it is missing or not TOML."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError as error:
        raise DataError(f"data file {path} is missing") from error
    except tomllib.TOMLDecodeError as error:
        raise DataError(f"data file {path} is not valid TOML: {error}") from error


def load_validated(model: type[M], path: Path) -> M:
    """The file checked against `model`, or DataError naming each field that breaks it."""
    try:
        return model.model_validate(read_toml(path))
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or '(file)'}: {e['msg']}" for e in error.errors()
        )
        raise DataError(f"data file {path} is invalid: {problems}") from error
