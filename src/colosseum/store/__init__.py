"""Everything Colosseum keeps, in one database: SQLite in the user's data folder by default,
PostgreSQL (or any SQLAlchemy URL) by `COLOSSEUM_DATABASE_URL`.

`schema.py` holds the tables, `migrations/` the Alembic revisions run on start
(`database.py`), and each aggregate has one small repository with `load(id)` and
`append(id, expected_seq, events)`: `campaigns.py` for the careers' campaigns,
`tables.py` for the web server's game tables; `accounts.py` keeps people's accounts and their
sign-ins. `faults.py` is the deterministic fault hook the crash tests use.
"""

from __future__ import annotations

from .accounts import AccountRow, Accounts
from .campaigns import CampaignLog, CampaignRow, NewEvent, StoredEvent
from .database import ENVIRONMENT, Store, data_folder, default_url
from .errors import Conflict, NameTaken, SeatRevoked, StoreError, TableClosed
from .table_rows import (
    COMPUTER_DECIDES,
    HUMAN_DECIDES,
    NOBODY_DECIDES,
    SeatRow,
    StoredAction,
    TableRow,
)
from .tables import TableLog

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
