"""Running SQL text on either backend: one statement, named parameters (`:name`), the same words for
SQLite and PostgreSQL (`ON CONFLICT … DO UPDATE`, `RETURNING`, timestamps passed from Python)."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import TextClause, bindparam, text
from sqlalchemy.engine import CursorResult
from sqlalchemy.ext.asyncio import AsyncConnection


@lru_cache(maxsize=256)
def statement(sql: str, *expanding: str) -> TextClause:
    """The statement for `sql` (built once); `expanding` names parameters that take a list (`IN :seqs`)."""
    clause = text(sql)
    return (
        clause.bindparams(*(bindparam(name, expanding=True) for name in expanding)) if expanding else clause
    )


async def run(db: AsyncConnection, sql: str, **params: Any) -> CursorResult[Any]:
    """Execute one statement with named parameters."""
    return await db.execute(statement(sql), params)


def now_text() -> str:
    """The time as stored in `closed_at` columns (UTC, to the second)."""
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S")
