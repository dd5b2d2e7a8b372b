"""The PostgreSQL backend: several processes on one database (asyncpg).

A small pool per process; every transaction is the driver's own (READ COMMITTED), and a table's change locks
the table's row with `SELECT … FOR UPDATE`, so writers wait only for those changing the same rows. Each
change also sends `NOTIFY t42_tables, '<table>:<version>'`, delivered at commit, for the other processes'
`listen.ChangeFeed`. Processes take turns where they must with advisory locks, held until the transaction
ends (or its connection drops, when a process is killed).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import Any, TypeVar

from sqlalchemy import TextClause, text
from sqlalchemy.engine import URL, Connection
from sqlalchemy.ext.asyncio import AsyncConnection, create_async_engine

T = TypeVar("T")
Rows = Sequence[Sequence[Any]]
CHANGES_CHANNEL = "t42_tables"  # NOTIFY channel: payload "<table id>:<version>"
MIGRATION_LOCK = 0x7434325F6D6967  # any constant: the advisory lock key of "migrating the schema"
POOL_SIZE = 5  # per process: N processes use N × (POOL_SIZE + POOL_OVERFLOW + 1 listener) connections at most
POOL_OVERFLOW = 5


class PostgresDriver:
    """The store's driver for PostgreSQL (see the module's docstring)."""

    clock_sql = "extract(epoch from clock_timestamp())"
    row_lock = " FOR UPDATE"

    def __init__(self, url: URL):
        self.engine = create_async_engine(
            url,
            pool_size=POOL_SIZE,
            max_overflow=POOL_OVERFLOW,
            pool_pre_ping=True,
            connect_args={"server_settings": {"application_name": "texas42"}},
        )

    async def probe(self) -> None:
        """Nothing to check before connecting."""

    @asynccontextmanager
    async def connect(self, *, write: bool = False) -> AsyncIterator[AsyncConnection]:
        """A pooled connection (reads and writes begin alike)."""
        async with self.engine.connect() as connection:
            yield connection

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncConnection]:
        """One atomic unit of work that writes (it locks only the rows it changes)."""
        async with self.engine.connect() as connection, connection.begin():
            yield connection

    @asynccontextmanager
    async def reading(self, *, snapshot: bool = False) -> AsyncIterator[AsyncConnection]:
        """A connection for reads; with `snapshot`, REPEATABLE READ: every statement sees the same moment."""
        async with self.engine.connect() as connection:
            if snapshot:
                connection = await connection.execution_options(isolation_level="REPEATABLE READ")
            yield connection

    async def write(self, body: Callable[[Callable[[str, dict[str, Any]], Rows]], T]) -> T:
        """Run `body` in one write transaction on a pooled connection."""
        async with self.transaction() as db:
            return await db.run_sync(lambda connection: body(_runner(connection)))

    def version_changed(self, table_id: int, version: int) -> list[tuple[str, dict[str, Any]]]:
        """A notification to the other processes (a hint: they also compare versions on every tick)."""
        return [
            (
                "SELECT pg_notify(:channel, :payload)",
                {"channel": CHANGES_CHANNEL, "payload": f"{table_id}:{version}"},
            )
        ]

    async def take_turns(self, db: AsyncConnection, key: int, sub: int) -> None:
        """An advisory lock on (`key`, `sub`), held until the transaction ends."""
        await db.execute(_statement("SELECT pg_advisory_xact_lock(:key, :sub)"), {"key": key, "sub": sub})

    def lock_schema(self, connection: Connection) -> None:
        """An advisory lock, released at commit or when a killed process's connection drops."""
        connection.execute(_statement("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})

    def legacy_revision(self, connection: Connection) -> int:
        """None: the bot used PostgreSQL only after Alembic."""
        return 0

    def mark_revision(self, connection: Connection, revision: int) -> None:
        """Nothing: Alembic's own table says it."""

    async def close(self) -> None:
        """Close every pooled connection (closing twice is harmless)."""
        await self.engine.dispose()


@lru_cache(maxsize=256)
def _statement(sql: str) -> TextClause:
    return text(sql)


def _runner(connection: Connection) -> Callable[[str, dict[str, Any]], Rows]:
    def run(sql: str, params: dict[str, Any]) -> Rows:
        result = connection.execute(_statement(sql), params)
        return result.all() if result.returns_rows else []

    return run
