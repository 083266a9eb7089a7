"""The tables of the store, as SQLAlchemy Core; `migrations/` brings a database to them."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    UniqueConstraint,
    false,
)

metadata = MetaData()

# A careers campaign: one aggregate, its events in `events`.
campaigns = Table(
    "campaigns",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(200), nullable=False, unique=True),
    # the name trimmed and case-folded: "Gallia" and " gallia " are one campaign
    Column("name_key", String(200), nullable=False, unique=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("settings", JSON, nullable=False),
)

# The append-only log of each campaign, numbered 1, 2, ... without gaps.
events = Table(
    "events",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("campaign", Integer, ForeignKey("campaigns.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("kind", String(60), nullable=False),
    Column("payload", JSON, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    UniqueConstraint("campaign", "seq"),
)

# A game table of the web server: one aggregate, its accepted actions in `table_actions`.
game_tables = Table(
    "game_tables",
    metadata,
    Column("id", String(32), primary_key=True),  # random, URL-safe: the table's address
    Column("game", String(60), nullable=False),
    Column("version", Integer, nullable=False),  # the game's rules version of the record
    Column("players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("private", Boolean, nullable=False),  # not listed in the lobby
    Column("length", Integer, nullable=False),  # actions accepted so far
    # open, playing, over, abandoned (no action for long), record (an uploaded record)
    Column("status", String(20), nullable=False, index=True),
    Column("created", DateTime(timezone=True), nullable=False),
    # the last action, join or creation: the lobby's order, and when a table is abandoned
    Column("updated", DateTime(timezone=True), nullable=False, index=True),
    Column("hints", Boolean, nullable=False, server_default=false()),  # players may ask
    # a practice table: its seed chosen by its creator, shown to everyone from the start
    Column("practice", Boolean, nullable=False, server_default=false()),
    # the secret salt of the seed's commitment (web/commitment.py), shown once it is over
    Column("salt", String(64), nullable=True),
    # why the table stopped (a computer seat failed); such a table is not woken again
    Column("failure", String(500), nullable=True),
    # who decides next: 'human', 'computer' or 'none' (null: not known, check it)
    Column("decider", String(10), nullable=True),
)

# Who sits where: a human seat holds the hash of its secret token (never the token itself).
table_seats = Table(
    "table_seats",
    metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(200), nullable=False),  # "human" or an agent spec
    Column("name", String(60), nullable=False),
    Column("token_hash", String(64), nullable=True),
    Column("claimed", Boolean, nullable=False),  # someone sat down (link used or lobby join)
)

# The append-only log of each table, numbered 1, 2, ... without gaps.
table_actions = Table(
    "table_actions",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("table_id", String(32), ForeignKey("game_tables.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("notation", String(200), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    UniqueConstraint("table_id", "seq"),
)
