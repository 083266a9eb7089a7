"""People, not links: accounts (Argon2id password hashes, passkeys, sign-ins kept as hashes),
seats held by or reserved for an account, per-table time controls and how a table ended other
than by its rules (resignation, time), chat per table, Web Push subscriptions, and an outbox of
notifications that one process claims and sends once.

Tables made before this revision have no clock (none) and their seats no account: their seat
links go on working as before.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(40), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("created", WHEN, nullable=False),
        sa.Column("disabled", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("deleted", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("notify_email", sa.Boolean, nullable=False, server_default=sa.true()),
    )
    op.create_table(
        "sign_ins",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("account", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created", WHEN, nullable=False),
        sa.Column("expires", WHEN, nullable=False),
        sa.Column("revoked", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_index("ix_sign_ins_account", "sign_ins", ["account"])
    op.create_table(
        "passkeys",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("account", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("credential_id", sa.String(1400), nullable=False, unique=True),
        sa.Column("public_key", sa.Text, nullable=False),
        sa.Column("sign_count", sa.BigInteger, nullable=False),
        sa.Column("created", WHEN, nullable=False),
    )
    op.create_index("ix_passkeys_account", "passkeys", ["account"])
    op.create_table(
        "challenges",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("purpose", sa.String(20), nullable=False),
        sa.Column("account", sa.Integer, sa.ForeignKey("accounts.id"), nullable=True),
        sa.Column("challenge", sa.String(200), nullable=False),
        sa.Column("expires", WHEN, nullable=False),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("account", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("endpoint", sa.String(1000), nullable=False, unique=True),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(100), nullable=False),
        sa.Column("created", WHEN, nullable=False),
    )
    op.create_index("ix_push_subscriptions_account", "push_subscriptions", ["account"])
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("account", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("created", WHEN, nullable=False),
        sa.Column("claimed_until", WHEN, nullable=True),
        sa.Column("sent", WHEN, nullable=True),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("error", sa.String(500), nullable=True),
    )
    op.create_index("ix_outbox_created", "outbox", ["created"])
    op.create_index("ix_outbox_sent", "outbox", ["sent"])
    op.create_table(
        "table_chat",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created", WHEN, nullable=False),
    )
    op.create_index("ix_table_chat_table_id", "table_chat", ["table_id"])
    with op.batch_alter_table("table_seats") as seats:
        seats.add_column(
            sa.Column(
                "account",
                sa.Integer,
                sa.ForeignKey("accounts.id", name="fk_table_seats_account"),
                nullable=True,
            )
        )
        seats.add_column(sa.Column("time_left_ms", sa.BigInteger, nullable=True))
    op.create_index("ix_table_seats_account", "table_seats", ["account"])
    op.add_column("game_tables", sa.Column("clock", sa.JSON, nullable=True))
    op.add_column("game_tables", sa.Column("turn_started", WHEN, nullable=True))
    op.add_column("game_tables", sa.Column("outcome", sa.JSON, nullable=True))


def downgrade() -> None:
    for column in ("outcome", "turn_started", "clock"):
        op.drop_column("game_tables", column)
    op.drop_index("ix_table_seats_account", "table_seats")
    with op.batch_alter_table("table_seats") as seats:
        seats.drop_column("time_left_ms")
        seats.drop_constraint("fk_table_seats_account", type_="foreignkey")
        seats.drop_column("account")
    for table in (
        "table_chat",
        "outbox",
        "push_subscriptions",
        "challenges",
        "passkeys",
        "sign_ins",
        "accounts",
    ):
        op.drop_table(table)
