"""What the bot still has to show (the outbox, written in the same transaction as each change), each
player's private message per table (live_token: the game moment its controls are for; '' for controls of
an unknown moment; via_token: the interaction it was sent through, if any), each user's DM channel, and how
a table closed. Turn messages stored by 0002 become panels."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"

ROW_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "table_outbox",
        sa.Column("seq", ROW_ID, primary_key=True, autoincrement=True),
        sa.Column(
            "table_id", sa.BigInteger, sa.ForeignKey("game_tables.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("payload", sa.Text, nullable=False),
        sqlite_autoincrement=True,
    )
    op.create_index("table_outbox_by_table", "table_outbox", ["table_id", "seq"])
    op.create_table(
        "panels",
        sa.Column(
            "table_id", sa.BigInteger, sa.ForeignKey("game_tables.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("user_id", sa.BigInteger, nullable=False),
        sa.Column("channel_id", sa.BigInteger, nullable=False),
        sa.Column("message_id", sa.BigInteger, nullable=False),
        sa.Column("live_token", sa.Text),
        sa.Column("via_token", sa.Text),
        sa.Column("via_at", sa.Float),
        sa.PrimaryKeyConstraint("table_id", "user_id"),
    )
    op.execute(
        "INSERT INTO panels (table_id, user_id, channel_id, message_id, live_token)"
        " SELECT table_id, user_id, turn_channel_id, turn_message_id, '' FROM seats"
        " WHERE user_id IS NOT NULL AND turn_channel_id IS NOT NULL AND turn_message_id IS NOT NULL"
    )
    op.create_table(
        "dm_channels",
        sa.Column("user_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("channel_id", sa.BigInteger, nullable=False),
    )
    op.add_column("game_tables", sa.Column("message_posted_at", sa.Float))
    op.add_column("game_tables", sa.Column("ended_by", sa.Text))
    op.add_column("game_tables", sa.Column("closed_idle", sa.Integer, nullable=False, server_default="0"))
