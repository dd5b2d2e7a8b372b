"""Watchers of tables (CLUB.md "Watching a table").

- `watchers`: one row per table and watcher: where their watch panel is (`channel_id` NULL: an ephemeral
  reply, reachable only through `token` for Discord's 15 minutes, taken at `token_at`).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"


def upgrade() -> None:
    op.create_table(
        "watchers",
        sa.Column("table_id", sa.BigInteger, nullable=False),
        sa.Column("user_id", sa.BigInteger, nullable=False),
        sa.Column("channel_id", sa.BigInteger),
        sa.Column("message_id", sa.BigInteger, nullable=False),
        sa.Column("token", sa.Text),
        sa.Column("token_at", sa.Float),
        sa.PrimaryKeyConstraint("table_id", "user_id"),
    )


def downgrade() -> None:
    op.drop_table("watchers")
