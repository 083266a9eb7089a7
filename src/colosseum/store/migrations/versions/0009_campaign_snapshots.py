"""Campaign snapshots: each campaign's state as of one of its events, kept beside the log so
that reading a campaign replays only the events after it; and indexes to read a campaign's
events of some kinds (the combats, the gazette's news) or of some time (a season of the
gazette) without scanning its whole log.

A campaign made before this revision has no snapshot: the first reading of it replays the
log and stores one.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "campaign_snapshots",
        sa.Column("campaign", sa.Integer, sa.ForeignKey("campaigns.id"), primary_key=True),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("rules", sa.String(64), nullable=False),
        sa.Column("state", sa.JSON, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_events_campaign_kind_seq", "events", ["campaign", "kind", "seq"])
    op.create_index("ix_events_campaign_created", "events", ["campaign", "created"])


def downgrade() -> None:
    op.drop_index("ix_events_campaign_created", table_name="events")
    op.drop_index("ix_events_campaign_kind_seq", table_name="events")
    op.drop_table("campaign_snapshots")
