"""Running SQL text on either backend: one statement, named parameters (`:name`), the same words for
SQLite and PostgreSQL (`ON CONFLICT … DO UPDATE`, `RETURNING`, timestamps passed from Python); and the
few statements more than one of the store's modules write."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import TextClause, bindparam, text
from sqlalchemy.engine import CursorResult, RowMapping
from sqlalchemy.ext.asyncio import AsyncConnection

OPEN_STATUSES = "('lobby', 'playing')"
INSERT_SEAT = (
    "INSERT INTO seats (table_id, seat, user_id, name, computer_level, dm_closed, away, taken_over, played)"
    " VALUES (:table, :seat, :user, :name, :level, :dm_closed, :away, :taken_over, :played)"
)  # with `rows.SeatRow.columns`
INSERT_TABLE = (
    "INSERT INTO game_tables (guild_id, channel_id, host_id, variant, rules_json, computer_level, rematch_of,"
    " turn_seconds, idle_seconds, hints, last_human_at, server_defaults, match_tag)"
    " VALUES (:guild, :channel, :host, :variant, :rules, :level, :rematch_of, :turn_seconds, :idle_seconds,"
    " :hints, :now, :defaults, :match_tag) RETURNING id"
)
END_TABLE = (
    "UPDATE game_tables SET status = 'ended', closed_at = :now, ended_by = :by, closed_idle = :idle"
    " WHERE id = :table"
)


@lru_cache(maxsize=256)
def statement(sql: str, *expanding: str) -> TextClause:
    """The statement for `sql` (built once); `expanding` names parameters that take a list (`IN :seqs`)."""
    clause = text(sql)
    return (
        clause.bindparams(*(bindparam(name, expanding=True) for name in expanding)) if expanding else clause
    )


async def run(db: AsyncConnection, sql: str, /, **params: Any) -> CursorResult[Any]:
    """Execute one statement with named parameters; a list parameter is an `IN` list (`id IN :ids`)."""
    expanding = tuple(name for name, value in params.items() if isinstance(value, list))
    return await db.execute(statement(sql, *expanding), params)


async def mappings(db: AsyncConnection, sql: str, /, **params: Any) -> Sequence[RowMapping]:
    """Every row of one statement, each a mapping of column names to values."""
    return (await run(db, sql, **params)).mappings().all()


async def scalar(db: AsyncConnection, sql: str, /, **params: Any) -> Any:
    """The first column of one statement's first row (None without a row)."""
    return (await run(db, sql, **params)).scalar()


def now_text() -> str:
    """The time as stored in `closed_at` columns (UTC, to the second)."""
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S")
