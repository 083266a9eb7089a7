"""Times as the store keeps them: in UTC, given back with their zone."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import overload


def utc_now() -> datetime:
    """This moment, in UTC."""
    return datetime.now(UTC)


@overload
def aware(moment: datetime) -> datetime: ...
@overload
def aware(moment: None) -> None: ...
def aware(moment: datetime | None) -> datetime | None:
    """A stored time in UTC (SQLite gives it back without its zone)."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)
