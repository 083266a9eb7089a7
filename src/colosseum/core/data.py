"""Reading a game's TOML data files and validating them against a pydantic schema."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from .errors import DataError

M = TypeVar("M", bound=BaseModel)


class DataModel(BaseModel):
    """A table of a data file: no unknown keys, frozen once loaded."""

    # validators built when a file is first checked, not when the module is imported: a
    # process that takes its data from the cache (data_cache.py) never builds them
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class StatedModel(DataModel):
    """A table whose `stated` list names the fields (or `field.N` cells, by field name or
    alias) whose values the rulebook states; the others are ours to choose."""

    stated: list[str] = []

    @model_validator(mode="after")
    def _stated_names_fields(self) -> StatedModel:
        fields = type(self).model_fields
        known = set(fields) | {f.alias for f in fields.values() if f.alias}
        unknown = [s for s in self.stated if s.split(".")[0] not in known - {"stated"}]
        if unknown:
            raise ValueError(f"stated names unknown field(s) {unknown}")
        return self


def data_folder(folder: str, bundled: Path) -> Path:
    """The folder of a `data` option (empty: `bundled`), or DataError if it is not one."""
    if not folder:
        return bundled
    try:
        root = Path(folder)
        if root.is_dir():
            return root
    except (OSError, ValueError) as error:  # a name too long, a NUL character, ...
        raise DataError(f"data folder {folder[:80]!r} cannot be opened: {error}") from error
    raise DataError(f"data folder {root} does not exist")


def read_toml(path: Path) -> dict[str, Any]:
    """The parsed file, or DataError saying it is missing, unreadable or not TOML."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError as error:
        raise DataError(f"data file {path} is missing") from error
    except tomllib.TOMLDecodeError as error:
        raise DataError(f"data file {path} is not valid TOML: {error}") from error
    except (OSError, UnicodeDecodeError) as error:
        raise DataError(f"data file {path} cannot be read: {error}") from error


def load_validated(model: type[M], path: Path) -> M:
    """The file checked against `model`, or DataError naming each field that breaks it."""
    try:
        return model.model_validate(read_toml(path))
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or '(file)'}: {e['msg']}" for e in error.errors()
        )
        raise DataError(f"data file {path} is invalid: {problems}") from error
