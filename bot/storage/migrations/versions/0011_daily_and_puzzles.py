"""The daily deals and the puzzles (CLUB.md "Every day").

- `daily_keys`: each server's secret key (hex), drawn on first use: its days' seeds are HMACs of it
  (`bot.daily.seeds`), so the seeds of any day are known to every process without being stored.
- `daily_deals`: one row per player, day and deal started: the actions so far (JSON, every seat's), and
  once the deal is over the marks and points each side won (the row is what is compared with the field).
- `daily_players`: one row per player and day played: the name shown on the day's leaderboard, and when
  they finished the day's eight deals (NULL: not yet).
- `puzzles`: a position cut from a deal (its whole definition as JSON) with its rating (openskill's mu and
  sigma) and how often it was answered and solved; `daily_puzzles` names each server's puzzle of the day.
- `puzzle_answers`: one answer per player and puzzle (the first counts); `puzzle_players`: a player's
  puzzle rating and streak (right answers in a row) per server.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"

ROW_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "daily_keys",
        sa.Column("guild_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("key_hex", sa.Text, nullable=False),
    )
    op.create_table(
        "daily_deals",
        sa.Column("guild_id", sa.BigInteger, nullable=False),
        sa.Column("user_id", sa.BigInteger, nullable=False),
        sa.Column("day", sa.Text, nullable=False),
        sa.Column("deal_no", sa.Integer, nullable=False),
        sa.Column("actions_json", sa.Text, nullable=False),
        sa.Column("moves", sa.Integer, nullable=False),
        sa.Column("us_marks", sa.Integer),
        sa.Column("them_marks", sa.Integer),
        sa.Column("us_points", sa.Integer),
        sa.Column("them_points", sa.Integer),
        sa.PrimaryKeyConstraint("guild_id", "user_id", "day", "deal_no"),
    )
    op.create_index("daily_deals_by_day", "daily_deals", ["guild_id", "day", "deal_no"])
    op.create_table(
        "daily_players",
        sa.Column("guild_id", sa.BigInteger, nullable=False),
        sa.Column("user_id", sa.BigInteger, nullable=False),
        sa.Column("day", sa.Text, nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("finished_at", sa.Text),
        sa.PrimaryKeyConstraint("guild_id", "user_id", "day"),
    )
    op.create_table(
        "puzzles",
        sa.Column("id", ROW_ID, primary_key=True, autoincrement=True),
        sa.Column("guild_id", sa.BigInteger, nullable=False),
        sa.Column("puzzle_json", sa.Text, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("answered", sa.Integer, nullable=False, server_default="0"),
        sa.Column("solved", sa.Integer, nullable=False, server_default="0"),
        sqlite_autoincrement=True,
    )
    op.create_table(
        "daily_puzzles",
        sa.Column("guild_id", sa.BigInteger, nullable=False),
        sa.Column("day", sa.Text, nullable=False),
        sa.Column(
            "puzzle_id", sa.BigInteger, sa.ForeignKey("puzzles.id", ondelete="CASCADE"), nullable=False
        ),
        sa.PrimaryKeyConstraint("guild_id", "day"),
    )
    op.create_table(
        "puzzle_answers",
        sa.Column(
            "puzzle_id", sa.BigInteger, sa.ForeignKey("puzzles.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("user_id", sa.BigInteger, nullable=False),
        sa.Column("answer", sa.Text, nullable=False),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.PrimaryKeyConstraint("puzzle_id", "user_id"),
    )
    op.create_table(
        "puzzle_players",
        sa.Column("guild_id", sa.BigInteger, nullable=False),
        sa.Column("user_id", sa.BigInteger, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("answered", sa.Integer, nullable=False),
        sa.Column("solved", sa.Integer, nullable=False),
        sa.Column("streak", sa.Integer, nullable=False),
        sa.Column("best_streak", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "user_id"),
    )
