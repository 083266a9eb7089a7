"""The rules a game's events cite: each `Event.rule` is an id of its game's catalog.

A game keeps its catalog in `data/rule_ids.toml`: one `[[rule]]` table per rule its events
apply, with the id, the printed rulebook's section heading and a one-line summary in our own
words (`ours = true` marks a rule of the project's, such as a cap, that no rulebook prints).
An id is `<game>.<area>.<rule>`, lower case and hyphenated; once published it is never renamed
nor reused (docs/kernel.md), so tools may key on it. The catalog is read from the bundled
folder only: the ids belong to the code that emits them, not to the numbers a `data` option
may replace.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pydantic import Field, field_validator, model_validator

from .data import DataModel, load_validated
from .errors import DataError

PART = r"[a-z0-9]+(?:-[a-z0-9]+)*"
ID_PATTERN = re.compile(rf"^{PART}\.{PART}\.{PART}$")
"""`<game>.<area>.<rule>`: three lower-case, hyphenated parts."""


class RuleSpec(DataModel):
    id: str = Field(pattern=ID_PATTERN.pattern)
    section: str = Field(min_length=1, max_length=120)
    summary: str = Field(min_length=1, max_length=200)
    ours: bool = False

    @field_validator("section", "summary")
    @classmethod
    def _one_line(cls, text: str) -> str:
        if "\n" in text or text != text.strip():
            raise ValueError("must be one line without surrounding spaces")
        return text


class RuleIdsFile(DataModel):
    prefix: str = Field(pattern=rf"^{PART}$")
    rule: list[RuleSpec] = Field(min_length=1)

    @model_validator(mode="after")
    def _ids_unique_and_prefixed(self) -> RuleIdsFile:
        seen: set[str] = set()
        for spec in self.rule:
            if spec.id.split(".")[0] != self.prefix:
                raise ValueError(f"rule id {spec.id!r} does not start with {self.prefix}.")
            if spec.id in seen:
                raise ValueError(f"rule id {spec.id!r} is listed twice")
            seen.add(spec.id)
        return self


@dataclass(frozen=True, slots=True)
class RuleId:
    """One rule an event may cite."""

    id: str
    section: str
    """The printed rulebook's section heading (`A › B` for a subsection)."""
    summary: str
    """What the rule covers, in our own words."""
    ours: bool = False
    """A rule of the project's (a cap), not of the rulebook."""


def load_rule_ids(path: Path, prefix: str) -> dict[str, RuleId]:
    """The catalog of `path`, by id in the file's order; DataError if it breaks the schema or
    is not the catalog of the game whose ids start with `prefix`."""
    catalog = load_validated(RuleIdsFile, path)
    if catalog.prefix != prefix:
        raise DataError(f"data file {path} is invalid: prefix must be {prefix!r}")
    return {
        spec.id: RuleId(spec.id, spec.section, spec.summary, spec.ours) for spec in catalog.rule
    }
