"""Hands in progress saved partway through a whole-widow exchange (Moon, Seventy-two) carry the mark the
hand record now needs: `"done": false` in `exchange`. Such a record takes the whole widow but has not yet
discarded as many tiles; the engine now refuses that shape unless the record says the exchange is still
open (HAND-RECORD.md), so without the mark a table saved by the earlier bot in that moment would not reload.

Only those games name their contract before the widow, so the mark goes on a hand that is not complete,
has a contract, has taken tiles, has discarded fewer than it took, has no plays yet and no mark.
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"


def _still_open(record: Any) -> bool:
    if not isinstance(record, dict):
        return False
    exchange = record.get("exchange")
    if not isinstance(exchange, dict) or "done" in exchange:
        return False
    take, discard = exchange.get("take") or [], exchange.get("discard") or []
    return (
        bool(record.get("contract")) and bool(take) and len(discard) < len(take) and not record.get("plays")
    )


def upgrade() -> None:
    db = op.get_bind()
    rows = db.execute(
        sa.text("SELECT table_id, hand_no, record_json FROM hands WHERE complete = 0")
    ).fetchall()
    for table_id, hand_no, text in rows:
        try:
            record = json.loads(text)
        except ValueError:
            continue  # a record that does not read is the table's own damage, reported when it loads
        if _still_open(record):
            record["exchange"]["done"] = False
            db.execute(
                sa.text("UPDATE hands SET record_json = :record WHERE table_id = :table AND hand_no = :hand"),
                {"record": json.dumps(record), "table": table_id, "hand": hand_no},
            )


def downgrade() -> None:
    """The earlier bot reads a record with the mark as it read it without."""
