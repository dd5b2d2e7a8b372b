"""Where each player's current turn controls are, so they can be taken away after a restart too."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    op.add_column("seats", sa.Column("turn_channel_id", sa.BigInteger))
    op.add_column("seats", sa.Column("turn_message_id", sa.BigInteger))
