"""What a database backend gives the store (`Driver`), and what the store gives the modules beside it
(`Database`). One class per backend implements `Driver`: `sqlite.SqliteDriver`, `postgres.PostgresDriver`;
`store.Storage` is the one `Database`. Both are Protocols, so the drivers import nothing of the store's.

A transaction body that must run in one step (a table's change, see `Storage.commit`) is a plain function
of `Run`: it runs SQL text with `:name` parameters and gets the rows back. The driver decides where it runs
(SQLite's writer thread, or a pooled connection), the body never knows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol, TypeVar

from sqlalchemy.engine import URL, Connection
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

T = TypeVar("T")
Statement = tuple[str, dict[str, Any]]
Run = Callable[[str, dict[str, Any]], Sequence[Sequence[Any]]]  # SQL text, its parameters -> its rows


class Driver(Protocol):
    """One backend: its connections and transactions, and the SQL that differs between backends."""

    engine: AsyncEngine
    clock_sql: str  # the database's clock, in seconds since the epoch (leases are timed by it)
    row_lock: str  # added to a SELECT, locks the rows it reads until the transaction ends

    def __init__(self, url: URL) -> None:
        """Ready to reach the database at `url` (SQLAlchemy's async URL); nothing is connected yet."""

    async def probe(self) -> None:
        """Fail early, with an `OSError`, if the database plainly cannot be opened."""

    def connect(self, *, write: bool = False) -> AbstractAsyncContextManager[AsyncConnection]:
        """A connection, no transaction begun yet (with `write`, the one it begins will write)."""

    def transaction(self) -> AbstractAsyncContextManager[AsyncConnection]:
        """One atomic unit of work that writes: committed at the end, rolled back on an exception."""

    def reading(self, *, snapshot: bool = False) -> AbstractAsyncContextManager[AsyncConnection]:
        """A connection for reads (with `snapshot`, every statement sees the same moment)."""

    async def write(self, body: Callable[[Run], T]) -> T:
        """Run `body` in one write transaction, in one step: committed if it returns, rolled back (and its
        exception raised here) if it raises."""

    def version_changed(self, table_id: int, version: int) -> list[Statement]:
        """Statements that tell other processes a table is at a new version (delivered at commit)."""

    async def take_turns(self, db: AsyncConnection, key: int, sub: int) -> None:
        """Make other transactions taking turns on (`key`, `sub`) wait until this one ends."""

    def lock_schema(self, connection: Connection) -> None:
        """Take the lock that lets one process at a time migrate the schema (in its transaction)."""

    def legacy_revision(self, connection: Connection) -> int:
        """The schema version the bot wrote before Alembic (0: none)."""

    def mark_revision(self, connection: Connection, revision: int) -> None:
        """Leave the schema version where a bot from before Alembic would look for it."""

    async def close(self) -> None:
        """Close every connection (and thread) the driver holds."""


class Database(Protocol):
    """The store as the modules beside it use it (leases, learning's queries): its driver, and its
    transactions."""

    @property
    def driver(self) -> Driver: ...

    def transaction(self) -> AbstractAsyncContextManager[AsyncConnection]:
        """One atomic unit of work that writes."""

    def reading(self, *, snapshot: bool = False) -> AbstractAsyncContextManager[AsyncConnection]:
        """A connection for reads."""
