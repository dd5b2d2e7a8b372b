"""Tables, seats, hands, per-server player stats and team results (the first SQLite schema).

Discord ids are 64-bit (BIGINT); SQLite's INTEGER already is, and keeps `INTEGER PRIMARY KEY
AUTOINCREMENT` for its row ids. Flags are 0/1 integers, as the first schema had them.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None

ROW_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
OPEN = sa.text("status IN ('lobby', 'playing')")


def upgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    now = "(datetime('now'))" if sqlite else "to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')"
    op.create_table(
        "game_tables",
        sa.Column("id", ROW_ID, primary_key=True, autoincrement=True),
        sa.Column("guild_id", sa.BigInteger, nullable=False),
        sa.Column("channel_id", sa.BigInteger, nullable=False),
        sa.Column("message_id", sa.BigInteger),
        sa.Column("host_id", sa.BigInteger, nullable=False),
        sa.Column("variant", sa.Text, nullable=False),
        sa.Column("rules_json", sa.Text, nullable=False, server_default="{}"),
        sa.Column("computer_level", sa.Text, nullable=False, server_default="strong"),
        sa.Column("status", sa.Text, nullable=False, server_default="lobby"),
        sa.Column("first_dealer", sa.Integer),
        sa.Column("rematch_of", ROW_ID, sa.ForeignKey("game_tables.id")),
        sa.Column("created_at", sa.Text, nullable=False, server_default=sa.text(now)),
        sa.Column("closed_at", sa.Text),
        sa.CheckConstraint("status IN ('lobby', 'playing', 'finished', 'ended')", name="game_tables_status"),
        sqlite_autoincrement=True,
    )
    op.create_index(
        "one_open_table_per_channel",
        "game_tables",
        ["channel_id"],
        unique=True,
        sqlite_where=OPEN,
        postgresql_where=OPEN,
    )
    op.create_index("game_tables_by_status", "game_tables", ["status"])
    op.create_table(
        "seats",
        sa.Column("table_id", ROW_ID, sa.ForeignKey("game_tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("user_id", sa.BigInteger),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("computer_level", sa.Text),
        sa.Column("dm_closed", sa.Integer, nullable=False, server_default="0"),
        sa.PrimaryKeyConstraint("table_id", "seat"),
        sa.CheckConstraint("(user_id IS NULL) <> (computer_level IS NULL)", name="seats_human_or_computer"),
    )
    op.create_table(
        "hands",
        sa.Column("table_id", ROW_ID, sa.ForeignKey("game_tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("hand_no", sa.Integer, nullable=False),
        sa.Column("record_json", sa.Text, nullable=False),
        sa.Column("complete", sa.Integer, nullable=False, server_default="0"),
        sa.PrimaryKeyConstraint("table_id", "hand_no"),
    )
    op.create_table(
        "player_stats",
        sa.Column("guild_id", sa.BigInteger, nullable=False),
        sa.Column("user_id", sa.BigInteger, nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        *(
            sa.Column(name, sa.Integer, nullable=False, server_default="0")
            for name in (
                "games_played",
                "games_won",
                "marks_won",
                "points_won",
                "hands_bid",
                "hands_made",
                "hands_set",
            )
        ),
        sa.PrimaryKeyConstraint("guild_id", "user_id"),
    )
    op.create_table(
        "team_results",
        sa.Column("table_id", ROW_ID, sa.ForeignKey("game_tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("guild_id", sa.BigInteger, nullable=False),
        sa.Column("team", sa.Integer, nullable=False),
        sa.Column("team_name", sa.Text, nullable=False),
        sa.Column("players_json", sa.Text, nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("score_kind", sa.Text, nullable=False),
        sa.Column("won", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("table_id", "team"),
    )
    op.create_index("team_results_by_guild", "team_results", ["guild_id"])
