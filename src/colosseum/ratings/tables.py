"""Rating the web server's tables: one ended rated table, or every one not yet rated.

The server calls `rate_table` after an action, a resignation or a timeout ends a table, and
`rate_pending` in its minute's upkeep, which catches a table whose rating a stopped process
missed. Rating twice changes nothing (`Ratings.apply`).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select

from ..store import Store
from ..store.schema import game_tables
from .results import table_results

PENDING_BATCH = 200  # tables rated per `rate_pending` call at most


def rate_table(store: Store, table_id: str, now: datetime | None = None) -> bool:
    """Rate one ended rated table if it is not yet; True if this call did. An abandoned
    table, or one without a result, is left unrated."""
    row = store.tables.find(table_id)
    if row is None or not row.rated or row.rated_at is not None:
        return False
    results = table_results(store, row)
    if results is None:  # over, yet no result (its record no longer replays): not retried
        if row.status == "over":
            store.ratings.apply(row.id, row.game, [], now)
        return False
    return store.ratings.apply(row.id, row.game, results, now) and len(results) >= 2


def pending(store: Store, limit: int = PENDING_BATCH) -> list[str]:
    """The ended rated tables not yet rated, the oldest first."""
    with store.engine.connect() as connection:
        rows = connection.execute(
            select(game_tables.c.id)
            .where(
                game_tables.c.rated.is_(True),
                game_tables.c.rated_at.is_(None),
                game_tables.c.status == "over",
            )
            .order_by(game_tables.c.updated, game_tables.c.id)
            .limit(limit)
        ).all()
    return [str(row.id) for row in rows]


def rate_pending(store: Store, now: datetime | None = None) -> list[str]:
    """Rate every ended rated table not yet rated; the ids of those this call rated."""
    return [table_id for table_id in pending(store) if rate_table(store, table_id, now)]
