"""How many combats the careers of one server may hold, and for how long a proposal waits
(docs/web.md, "Careers on the web"; docs/security.md, "Limits"). Each from the environment,
with these defaults:

- `COLOSSEUM_CAREERS_COMBATS` (100): combats in progress started here, and proposals waiting
  to be accepted, in all the server's campaigns; one more is refused (429, Retry-After);
- `COLOSSEUM_CAREERS_CAMPAIGN_COMBATS` (10): the same in one campaign (409);
- `COLOSSEUM_CAREERS_PROPOSAL_DAYS` (7): days a proposal waits for its acceptances before it
  lapses;
- `COLOSSEUM_CAREERS_ANSWERS` (100): answers one step of a combat takes (each refused answer
  counts: the step is run again from its start with every answer given so far).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields

from .settings import SettingError

_ENVIRONMENT = {
    "combats": "COLOSSEUM_CAREERS_COMBATS",
    "per_campaign": "COLOSSEUM_CAREERS_CAMPAIGN_COMBATS",
    "proposal_days": "COLOSSEUM_CAREERS_PROPOSAL_DAYS",
    "answers": "COLOSSEUM_CAREERS_ANSWERS",
}


@dataclass(frozen=True, slots=True)
class CareerLimits:
    """The careers' caps on one server."""

    combats: int = 100
    per_campaign: int = 10
    proposal_days: int = 7
    answers: int = 100

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise SettingError(f"{_ENVIRONMENT[field.name]} is a whole number of at least 1")

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> CareerLimits:
        env = os.environ if environ is None else environ
        found: dict[str, int] = {}
        for name, variable in _ENVIRONMENT.items():
            text = env.get(variable, "").strip()
            if not text:
                continue
            try:
                found[name] = int(text)
            except ValueError:
                raise SettingError(f"{variable} is a whole number, not {text!r}") from None
        return cls(**found)
