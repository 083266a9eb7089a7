"""Everything Colosseum keeps, in one database: SQLite in the user's data folder by default,
PostgreSQL (or any SQLAlchemy URL) by `COLOSSEUM_DATABASE_URL`.

`schema.py` holds the tables, `migrations/` the Alembic revisions run on start
(`database.py`), and each aggregate has one small repository with `load(id)` and
`append(id, expected_seq, events)`: `campaigns.py` for the careers' campaigns,
`tables.py` for the web server's game tables; `accounts.py` keeps people's accounts and their
sign-ins. `faults.py` is the deterministic fault hook the crash tests use.

The records of a campaign (`records.py`), the errors and where the store is (`location.py`)
need no SQLAlchemy; the names that do are imported when first used, so a command that only
reads a campaign from SQLite (`quick.py`) never loads it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.lazy import lazy_names
from .errors import Conflict, NameTaken, SeatRevoked, StoreError, TableClosed
from .location import ENVIRONMENT, data_folder, default_url
from .records import CampaignRow, NewEvent, StoredEvent

if TYPE_CHECKING:
    from .accounts import AccountRow, Accounts
    from .campaigns import CampaignLog
    from .database import Store
    from .table_rows import (
        COMPUTER_DECIDES,
        HUMAN_DECIDES,
        NOBODY_DECIDES,
        SeatRow,
        StoredAction,
        TableRow,
    )
    from .tables import TableLog

# The names whose modules import SQLAlchemy, and those modules (PEP 562: loaded when used).
_LAZY_MODULES = {
    "AccountRow": "accounts",
    "Accounts": "accounts",
    "CampaignLog": "campaigns",
    "Store": "database",
    "COMPUTER_DECIDES": "table_rows",
    "HUMAN_DECIDES": "table_rows",
    "NOBODY_DECIDES": "table_rows",
    "SeatRow": "table_rows",
    "StoredAction": "table_rows",
    "TableRow": "table_rows",
    "TableLog": "tables",
}

__getattr__ = lazy_names(__name__, _LAZY_MODULES)


__all__ = [
    "COMPUTER_DECIDES",
    "ENVIRONMENT",
    "HUMAN_DECIDES",
    "NOBODY_DECIDES",
    "AccountRow",
    "Accounts",
    "CampaignLog",
    "CampaignRow",
    "Conflict",
    "NameTaken",
    "NewEvent",
    "SeatRevoked",
    "SeatRow",
    "Store",
    "StoreError",
    "StoredAction",
    "StoredEvent",
    "TableClosed",
    "TableLog",
    "TableRow",
    "data_folder",
    "default_url",
]
