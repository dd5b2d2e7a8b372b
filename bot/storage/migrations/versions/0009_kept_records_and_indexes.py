"""Reading a year of a busy server quickly (issue 28): each finished game's record for each of its players,
kept once like the ratings (`game_records`), and added up into one total per player and server as it is
kept (`player_records`: what `/42 stats` reads, instead of replaying every hand a player ever played), the
index a server's finished games are read by, newest first (`/42 history`, the games still to rate), and
seats by player with their table (a player's games).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    op.create_table(
        "game_records",
        sa.Column(
            "table_id", sa.BigInteger, sa.ForeignKey("game_tables.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("user_id", sa.BigInteger, nullable=False),
        sa.Column("guild_id", sa.BigInteger, nullable=False),
        sa.Column("record_json", sa.Text, nullable=False),  # the player's record of the game
        sa.PrimaryKeyConstraint("table_id", "user_id"),
    )
    op.create_index("game_records_by_player", "game_records", ["guild_id", "user_id"])
    op.create_table(
        "player_records",
        sa.Column("guild_id", sa.BigInteger, nullable=False),
        sa.Column("user_id", sa.BigInteger, nullable=False),
        sa.Column("record_json", sa.Text, nullable=False),  # the player's kept records added up
        sa.PrimaryKeyConstraint("guild_id", "user_id"),
    )
    op.create_index("game_tables_by_guild_closed", "game_tables", ["guild_id", "status", "closed_at", "id"])
    op.create_index("seats_by_user_table", "seats", ["user_id", "table_id"])
    op.drop_index("seats_by_user", "seats")
