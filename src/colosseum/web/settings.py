"""What an operator may set about the server's limits and trust (docs/security.md, "Limits"):
each from `colosseum serve`'s options or the environment, with documented defaults.

- rate limits per area: `COLOSSEUM_RATE_LIMITS` ("create=5/minute, hint=2/minute" over
  `RATE_LIMITS`; "off": none);
- trusted reverse proxies: `COLOSSEUM_TRUSTED_PROXIES` (addresses or networks, comma-separated;
  default none);
- days without an action before a table is abandoned: `COLOSSEUM_ABANDON_DAYS` (30);
- the API's browsable docs at /docs and /redoc: `COLOSSEUM_API_DOCS=1` (off).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from limits import parse_many

from ..core.errors import ColosseumError

# Per client address (per seat for hints), as the `limits` library writes them. An area is
# counted by the server's middleware (web/ratelimit.py) from the request's method and path.
RATE_LIMITS: dict[str, str] = {
    "create": "20/minute;300/day",  # new tables and uploaded records
    "campaign": "10/minute;100/day",  # new campaigns and ludi
    "action": "120/minute",  # actions, careers answers and combats
    "hint": "10/minute",  # per seat
    "socket": "120/minute",  # WebSocket messages of one address
    "connect": "60/minute",  # new WebSocket connections
    "request": "1200/minute",  # any other request
}
ABANDON_DAYS = 30


class SettingError(ColosseumError):
    """A server setting that cannot be used."""


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """The server's limits and whom it trusts."""

    rate_limits: Mapping[str, str] = field(default_factory=lambda: dict(RATE_LIMITS))
    trusted_proxies: tuple[str, ...] = ()
    abandon_days: int = ABANDON_DAYS
    api_docs: bool = False

    def __post_init__(self) -> None:
        for area, text in self.rate_limits.items():
            if area not in RATE_LIMITS:
                raise SettingError(f"no rate limit area {area!r}; areas: {', '.join(RATE_LIMITS)}")
            try:
                parse_many(text)
            except ValueError:
                raise SettingError(
                    f"rate limit {area}={text!r} is not like '20/minute' or '20/minute;300/day'"
                ) from None
        if self.abandon_days < 1:
            raise SettingError("a table is abandoned after at least 1 day without an action")

    @classmethod
    def from_environment(
        cls, environ: Mapping[str, str] | None = None, **given: object
    ) -> ServerSettings:
        """The settings of the environment, overridden by those `given` (not None)."""
        env = os.environ if environ is None else environ
        found: dict[str, object] = {}
        if "COLOSSEUM_RATE_LIMITS" in env:
            found["rate_limits"] = parse_rate_limits(env["COLOSSEUM_RATE_LIMITS"])
        if env.get("COLOSSEUM_TRUSTED_PROXIES"):
            found["trusted_proxies"] = parse_proxies(env["COLOSSEUM_TRUSTED_PROXIES"])
        if env.get("COLOSSEUM_ABANDON_DAYS"):
            try:
                found["abandon_days"] = int(env["COLOSSEUM_ABANDON_DAYS"])
            except ValueError:
                raise SettingError("COLOSSEUM_ABANDON_DAYS is a whole number of days") from None
        if env.get("COLOSSEUM_API_DOCS"):
            found["api_docs"] = env["COLOSSEUM_API_DOCS"].lower() in ("1", "true", "yes", "on")
        found.update({k: v for k, v in given.items() if v is not None})
        return cls(**found)  # type: ignore[arg-type]


def parse_rate_limits(text: str) -> dict[str, str]:
    """`"create=5/minute, hint=2/minute"` over the defaults; `"off"`: no rate limit at all."""
    if text.strip().lower() == "off":
        return {}
    limits = dict(RATE_LIMITS)
    for part in filter(None, (p.strip() for p in text.split(","))):
        area, sep, value = part.partition("=")
        if not sep or not value.strip():
            raise SettingError(f"a rate limit is written area=limit, got {part!r}")
        limits[area.strip()] = value.strip()
    return limits


def parse_proxies(text: str) -> tuple[str, ...]:
    return tuple(p.strip() for p in text.split(",") if p.strip())
