"""The careers' campaigns and their events, as the first versions made them (before Alembic):
created when absent, so a database made by those versions is adopted as it is.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    present = set(sa.inspect(op.get_bind()).get_table_names())
    if "campaigns" not in present:
        op.create_table(
            "campaigns",
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("name", sa.String(200), nullable=False, unique=True),
            sa.Column("created", sa.DateTime(timezone=True), nullable=False),
            sa.Column("settings", sa.JSON, nullable=False),
        )
    if "events" not in present:
        op.create_table(
            "events",
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("campaign", sa.Integer, sa.ForeignKey("campaigns.id"), nullable=False),
            sa.Column("seq", sa.Integer, nullable=False),
            sa.Column("kind", sa.String(60), nullable=False),
            sa.Column("payload", sa.JSON, nullable=False),
            sa.Column("created", sa.DateTime(timezone=True), nullable=False),
            sa.UniqueConstraint("campaign", "seq"),
        )


def downgrade() -> None:
    op.drop_table("events")
    op.drop_table("campaigns")
