"""A server's settings (CLUB.md "Server settings") and fair deals (CLUB.md "Fair deals").

- `server_settings`: one row per server that has set anything with `/42 settings`: the defaults of its
  `/42 new` (preset, target, options text), the channels tables may open in (NULL: any), the organiser
  role (who may run tournaments beside Manage Server) and the server's time zone (NULL: UTC).
- `game_tables.server_defaults`: what a table took from its server's defaults when it opened (a JSON list
  of `name=value` words), for its lobby and `/42 rules` to say.
- `hands.seed`: the 32 random bytes a hand was dealt from, as hex. Kept beside the record, never in it
  while the hand is in progress (its record gains `seed` and `commitment` once it is over). Hands dealt
  before this migration have none.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    op.create_table(
        "server_settings",
        sa.Column("guild_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("preset", sa.Text),
        sa.Column("target", sa.Integer),
        sa.Column("options", sa.Text, nullable=False, server_default=""),
        sa.Column("channels_json", sa.Text),
        sa.Column("organiser_role_id", sa.BigInteger),
        sa.Column("timezone", sa.Text),
    )
    op.add_column("game_tables", sa.Column("server_defaults", sa.Text))
    op.add_column("hands", sa.Column("seed", sa.Text))
