"""A SQLite file's writes in one step each: a thread of its own with a plain `sqlite3` connection, that runs a
whole transaction (BEGIN IMMEDIATE … COMMIT) per call.

Through SQLAlchemy's async engine on aiosqlite every statement is several round trips between the event loop
and the driver's thread (a cursor, the statement, its rows, closing the cursor: 22 for a move's commit). Under
load each round trip waits for a busy event loop while the process's write lock is held, so writers queue
behind one another (at 200 tables: waits of p90 125 ms, p99 330 ms for the lock). Here a transaction is one
round trip. The commit is SQLite's own, on the same file with the same settings (WAL, `synchronous=NORMAL`,
foreign keys, a busy timeout): what a commit promises is unchanged.

Statements are SQL text with `:name` parameters, as `bot.storage.sql.run` takes them; `Recorder` collects a
`Change`'s writes as such statements instead of running them.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from .engine import BUSY_TIMEOUT_MS

T = TypeVar("T")
Statement = tuple[str, dict[str, Any]]


class Recorder:
    """Stands in for a connection to collect the statements `run(db, sql, **params)` would execute (writes
    only: nothing is read back)."""

    def __init__(self) -> None:
        self.statements: list[Statement] = []

    async def execute(self, clause: Any, params: dict[str, Any] | None = None) -> None:
        """Record one statement (a text clause with named parameters)."""
        self.statements.append((clause.text, dict(params or {})))


class SqliteWriter:
    """Runs write transactions on a SQLite file in one thread with one connection (opened on first use)."""

    def __init__(self, path: Path):
        self.path = path
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="db-writer")
        self._connection: sqlite3.Connection | None = None

    def _connect(self) -> sqlite3.Connection:
        if self._connection is None:
            connection = sqlite3.connect(self.path, isolation_level=None)  # transactions are begun here
            for pragma in (
                "PRAGMA journal_mode=WAL",
                "PRAGMA synchronous=NORMAL",
                "PRAGMA foreign_keys=ON",
                f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}",
            ):
                connection.execute(pragma).fetchall()
            self._connection = connection
        return self._connection

    def _transaction(self, body: Callable[[sqlite3.Connection], T]) -> T:
        connection = self._connect()
        connection.execute("BEGIN IMMEDIATE")
        try:
            result = body(connection)
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")
        return result

    async def transaction(self, body: Callable[[sqlite3.Connection], T]) -> T:
        """Run `body(connection)` in one write transaction in the writer's thread: committed if it returns,
        rolled back (and its exception raised here) if it raises."""
        return await asyncio.get_running_loop().run_in_executor(self._thread, self._transaction, body)

    async def run(self, statements: Sequence[Statement]) -> None:
        """Execute `statements` in order in one write transaction."""

        def body(connection: sqlite3.Connection) -> None:
            for sql, params in statements:
                connection.execute(sql, params)

        await self.transaction(body)

    def _close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    async def close(self) -> None:
        """Close the connection and let the thread go."""
        await asyncio.get_running_loop().run_in_executor(self._thread, self._close)
        self._thread.shutdown(wait=False)


def one(connection: sqlite3.Connection, sql: str, **params: Any) -> Any:
    """The first column of the first row `sql` gives (None without a row); all its rows are read, so a
    statement with RETURNING runs to its end."""
    rows = connection.execute(sql, params).fetchall()
    return rows[0][0] if rows else None
