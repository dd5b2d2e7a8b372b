"""SQLAlchemy's async engine for a database target, set up the way the store relies on.

SQLite (aiosqlite): WAL (readers never block the game) with `synchronous=NORMAL` (a commit survives the bot
being killed, only a power cut or an operating-system crash can take back its last moments; commits no
longer wait for the disk, which made a 50-game soak 40% faster), foreign keys on, a busy timeout, and transactions
the store begins itself: `BEGIN IMMEDIATE` for writes (one writer at a time, decided at the start, so a
write never fails half-way for a lock), a plain deferred `BEGIN` for reads (a consistent snapshot).
PostgreSQL (asyncpg): a small pool; every transaction is the driver's own (READ COMMITTED), and the store
locks a table's row with `SELECT … FOR UPDATE` when it changes it.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import StaticPool

from .target import SQLITE, DatabaseTarget

WRITE = "t42_write"  # execution option: this connection's transaction will write
BUSY_TIMEOUT_MS = 5000
POOL_SIZE = 5  # per process: N processes use N × (POOL_SIZE + POOL_OVERFLOW + 1 listener) connections at most
POOL_OVERFLOW = 5


def make_engine(target: DatabaseTarget) -> AsyncEngine:
    """An async engine for `target` (no connection is made yet)."""
    if target.backend == SQLITE:
        return _sqlite_engine(target)
    return create_async_engine(
        target.sqlalchemy_url(),
        pool_size=POOL_SIZE,
        max_overflow=POOL_OVERFLOW,
        pool_pre_ping=True,
        connect_args={"server_settings": {"application_name": "texas42"}},
    )


def _sqlite_engine(target: DatabaseTarget) -> AsyncEngine:
    options: dict[str, Any] = {}
    if target.path is None:  # ":memory:" is one database per connection: keep exactly one
        options["poolclass"] = StaticPool
    engine = create_async_engine(target.sqlalchemy_url(), **options)

    @event.listens_for(engine.sync_engine, "connect")
    def _connected(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = (
            None  # the driver's own implicit BEGINs are off: we begin ourselves
        )
        cursor = dbapi_connection.cursor()
        for pragma in (
            "PRAGMA journal_mode=WAL",
            "PRAGMA synchronous=NORMAL",
            "PRAGMA foreign_keys=ON",
            f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}",
        ):
            cursor.execute(pragma)
            cursor.fetchall()
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _begin(connection: Connection) -> None:
        write = connection.get_execution_options().get(WRITE, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

    return engine
