"""The tables of the store, as SQLAlchemy Core; `migrations/` brings a database to them."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    UniqueConstraint,
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
