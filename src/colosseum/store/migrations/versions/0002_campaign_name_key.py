"""Campaign names compare trimmed and ignoring case: a `name_key` column, unique, filled
from the names already stored (a clash among old names keeps the later one apart by its id).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("campaigns") as batch:
        batch.add_column(sa.Column("name_key", sa.String(200), nullable=True))
    campaigns = sa.table(
        "campaigns",
        sa.column("id", sa.Integer),
        sa.column("name", sa.String),
        sa.column("name_key", sa.String),
    )
    bind = op.get_bind()
    seen: set[str] = set()
    for row in bind.execute(sa.select(campaigns.c.id, campaigns.c.name).order_by(campaigns.c.id)):
        key = str(row.name).strip().casefold()
        if key in seen:
            key = f"{key} #{row.id}"
        seen.add(key)
        bind.execute(campaigns.update().where(campaigns.c.id == row.id).values(name_key=key))
    with op.batch_alter_table("campaigns") as batch:
        batch.alter_column("name_key", existing_type=sa.String(200), nullable=False)
        batch.create_unique_constraint("uq_campaigns_name_key", ["name_key"])


def downgrade() -> None:
    with op.batch_alter_table("campaigns") as batch:
        batch.drop_constraint("uq_campaigns_name_key", type_="unique")
        batch.drop_column("name_key")
