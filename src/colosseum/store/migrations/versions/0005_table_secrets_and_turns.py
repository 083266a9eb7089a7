"""Tables keep what a server that trusts nobody needs: whether a table is a practice table
(its seed public), the salt of its seed's commitment, why it stopped (a computer seat that
failed), and which kind of seat decides next (so that start-up wakes only the tables that
wait for a computer seat, from one query); `updated` is indexed (the lobby's order, idle
tables).

Tables made before this revision have no salt (no commitment; their seed is shown once they
are over). Those not over whose seats are all human are marked as waiting for a person;
the others are left unknown (null), checked when the server first loads them.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "game_tables",
        sa.Column("practice", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.add_column("game_tables", sa.Column("salt", sa.String(64), nullable=True))
    op.add_column("game_tables", sa.Column("failure", sa.String(500), nullable=True))
    op.add_column("game_tables", sa.Column("decider", sa.String(10), nullable=True))
    op.create_index("ix_game_tables_updated", "game_tables", ["updated"])
    op.execute(
        "UPDATE game_tables SET decider = 'human' "
        "WHERE status IN ('open', 'playing') AND NOT EXISTS ("
        "SELECT 1 FROM table_seats WHERE table_seats.table_id = game_tables.id "
        "AND table_seats.kind <> 'human')"
    )
    op.execute("UPDATE game_tables SET decider = 'none' WHERE status NOT IN ('open', 'playing')")


def downgrade() -> None:
    op.drop_index("ix_game_tables_updated", "game_tables")
    for column in ("decider", "failure", "salt", "practice"):
        op.drop_column("game_tables", column)
