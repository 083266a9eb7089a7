"""A Ludus table's stored row for the store and start-up tests, written once."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

from colosseum.store import SeatRow, TableRow


def ludus_row(
    seats: tuple[SeatRow, ...], status: str, when: datetime | None = None, **more: Any
) -> TableRow:
    """A private two-seat Ludus table of seed 7 under a fresh id (`prefix` + 12 hex digits),
    created and last changed `when` (now); `more` sets any other field."""
    when = when or datetime.now(UTC)
    prefix = str(more.pop("prefix", "t"))
    fields: dict[str, Any] = {
        "id": f"{prefix}{uuid.uuid4().hex[:12]}",
        "game": "ludus-gladiatorius",
        "version": 1,
        "players": len(seats),
        "options": {},
        "seed": 7,
        "private": True,
        "length": 0,
        "status": status,
        "created": when,
        "updated": when,
        "seats": seats,
    }
    fields.update(more)
    return TableRow(**fields)
