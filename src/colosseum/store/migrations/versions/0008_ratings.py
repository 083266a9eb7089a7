"""Ratings: rated tables, an account for each computer level, each account's rating per game,
every rated result with the rating before and after it (what a rebuild replays), and the
quick-match queue.

Tables made before this revision are casual (not rated); no account is a computer level.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    with op.batch_alter_table("accounts") as accounts:
        accounts.add_column(sa.Column("computer", sa.String(40), nullable=True))
        accounts.create_unique_constraint("uq_accounts_computer", ["computer"])
    op.add_column(
        "game_tables", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.add_column("game_tables", sa.Column("rated_at", WHEN, nullable=True))
    op.create_table(
        "ratings",
        sa.Column("account", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("game", sa.String(60), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", WHEN, nullable=False),
    )
    op.create_table(
        "rating_results",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(60), nullable=False),
        sa.Column("source", sa.String(80), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("account", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("created", WHEN, nullable=False),
        sa.UniqueConstraint("source", "seat"),
    )
    op.create_index("ix_rating_results_account_game", "rating_results", ["account", "game"])
    op.create_table(
        "match_queue",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("account", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("game", sa.String(60), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("pace", sa.String(10), nullable=False),
        sa.Column("joined", WHEN, nullable=False),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id"), nullable=True),
        sa.Column("left", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_index("ix_match_queue_account", "match_queue", ["account"])
    op.create_index("ix_match_queue_joined", "match_queue", ["joined"])


def downgrade() -> None:
    op.drop_table("match_queue")
    op.drop_table("rating_results")
    op.drop_table("ratings")
    with op.batch_alter_table("game_tables") as tables:
        tables.drop_column("rated_at")
        tables.drop_column("rated")
    with op.batch_alter_table("accounts") as accounts:
        accounts.drop_constraint("uq_accounts_computer", type_="unique")
        accounts.drop_column("computer")
