"""Learning (issue 15): the order finished games were rated in, each server's skill ratings and their
history (all recomputable from the stored games), the hints a player was shown, and the `hints` table
setting."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"

ROW_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "rated_games",
        sa.Column("seq", ROW_ID, primary_key=True, autoincrement=True),
        sa.Column(
            "table_id",
            sa.BigInteger,
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            nullable=False,
            unique=True,
        ),
        sa.Column("guild_id", sa.BigInteger, nullable=False),
        sqlite_autoincrement=True,
    )
    op.create_index("rated_games_by_guild", "rated_games", ["guild_id", "seq"])
    op.create_table(
        "ratings",
        sa.Column("guild_id", sa.BigInteger, nullable=False),
        sa.Column("user_id", sa.BigInteger, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "user_id"),
    )
    op.create_table(
        "rating_history",
        sa.Column("seq", ROW_ID, primary_key=True, autoincrement=True),
        sa.Column("guild_id", sa.BigInteger, nullable=False),
        sa.Column(
            "table_id", sa.BigInteger, sa.ForeignKey("game_tables.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("user_id", sa.BigInteger, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sqlite_autoincrement=True,
    )
    op.create_index("rating_history_by_player", "rating_history", ["guild_id", "user_id", "seq"])
    op.create_table(
        "hints_shown",
        sa.Column(
            "table_id", sa.BigInteger, sa.ForeignKey("game_tables.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("hand_no", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("decision", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("table_id", "hand_no", "seat", "decision"),
    )
    op.add_column("game_tables", sa.Column("hints", sa.Integer, nullable=False, server_default="0"))
