"""Undo at web tables: a count of the actions ever taken back, checked by every append with
the log's length (a copy of a table that missed an undo cannot append after a rewritten log),
and each action's clock as its seat acted, so an undo gives back the right time.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "game_tables", sa.Column("undone", sa.Integer, nullable=False, server_default="0")
    )
    op.add_column("table_actions", sa.Column("time_left_ms", sa.BigInteger, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("table_actions") as actions:
        actions.drop_column("time_left_ms")
    with op.batch_alter_table("game_tables") as tables:
        tables.drop_column("undone")
