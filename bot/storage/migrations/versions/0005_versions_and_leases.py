"""Past one process: every table carries a version (bumped by each change, so a writer that read an older
one is refused), and a lease names the process running the table (its computer players, timers and
messages) until `expires_at` (seconds since the epoch, by the database's clock). Indexes for finding a
channel's open table, a player's tables and a table's rematch from the database."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    op.add_column("game_tables", sa.Column("version", sa.BigInteger, nullable=False, server_default="0"))
    op.create_table(
        "table_leases",
        sa.Column(
            "table_id",
            sa.BigInteger,
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            primary_key=True,
            autoincrement=False,
        ),
        sa.Column("owner", sa.Text, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("table_leases_by_owner", "table_leases", ["owner"])
    op.create_index("seats_by_user", "seats", ["user_id"])
    op.create_index("game_tables_by_rematch", "game_tables", ["rematch_of"])
