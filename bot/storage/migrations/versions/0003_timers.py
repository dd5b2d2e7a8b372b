"""Turn timers and idle close (deadlines are stored so they survive a restart), away seats."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    op.add_column("game_tables", sa.Column("turn_seconds", sa.Integer, server_default="120"))
    op.add_column("game_tables", sa.Column("idle_seconds", sa.Integer, server_default="86400"))
    op.add_column("game_tables", sa.Column("deadline", sa.Float))
    op.add_column("game_tables", sa.Column("deadline_token", sa.Text))
    op.add_column("game_tables", sa.Column("reminded", sa.Integer, nullable=False, server_default="0"))
    op.add_column("game_tables", sa.Column("last_human_at", sa.Float))
    op.add_column("seats", sa.Column("away", sa.Integer, nullable=False, server_default="0"))
    op.add_column("seats", sa.Column("taken_over", sa.Integer, nullable=False, server_default="0"))
