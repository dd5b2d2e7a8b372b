"""Tournaments and club nights (CLUB.md "Tournaments").

- `tournaments`: one row per tournament: where it runs (server, channel, its message), who organises it,
  its name, how far it is (`signup`, `running`, `finished`, `ended`), and everything else as one versioned
  JSON record (`record_json`: the settings, the sign-up, the schedule with its results, each match's thread
  and tables). Every change checks and bumps `version`, so any process may take any click. `owner` and
  `lease_until` name the process that runs its matches (opening them, reading their results) until then,
  by the database's clock. One open tournament per channel.
- `tournament_players`: who played a finished tournament and whether they won it (`/42 stats`).
- `game_tables.match_tag`: the match a table was opened for (`t<tournament>:<match>:<game>`); such a
  table is seated by its tournament and offers no rematch.
- `seats.played`: the seat's player has made a move at the table (a team that has not, by the tournament's
  `noshow`, forfeits).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"

ROW_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
OPEN = sa.text("status IN ('signup', 'running')")


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", ROW_ID, primary_key=True, autoincrement=True),
        sa.Column("guild_id", sa.BigInteger, nullable=False),
        sa.Column("channel_id", sa.BigInteger, nullable=False),
        sa.Column("organiser_id", sa.BigInteger, nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("status", sa.Text, nullable=False, server_default="signup"),
        sa.Column("record_json", sa.Text, nullable=False),
        sa.Column("version", sa.BigInteger, nullable=False, server_default="0"),
        sa.Column("message_id", sa.BigInteger),
        sa.Column("owner", sa.Text),
        sa.Column("lease_until", sa.Float),
        sa.Column("closed_at", sa.Text),
        sa.CheckConstraint("status IN ('signup', 'running', 'finished', 'ended')", name="tournaments_status"),
        sqlite_autoincrement=True,
    )
    op.create_index(
        "one_open_tournament_per_channel",
        "tournaments",
        ["channel_id"],
        unique=True,
        sqlite_where=OPEN,
        postgresql_where=OPEN,
    )
    op.create_index("tournaments_by_status", "tournaments", ["status"])
    op.create_table(
        "tournament_players",
        sa.Column(
            "tournament_id", ROW_ID, sa.ForeignKey("tournaments.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("guild_id", sa.BigInteger, nullable=False),
        sa.Column("user_id", sa.BigInteger, nullable=False),
        sa.Column("won", sa.Integer, nullable=False, server_default="0"),
        sa.PrimaryKeyConstraint("tournament_id", "user_id"),
    )
    op.create_index("tournament_players_by_player", "tournament_players", ["guild_id", "user_id"])
    op.add_column("game_tables", sa.Column("match_tag", sa.Text))
    op.create_index("game_tables_by_match", "game_tables", ["match_tag"])
    op.add_column("seats", sa.Column("played", sa.Integer, nullable=False, server_default="0"))
