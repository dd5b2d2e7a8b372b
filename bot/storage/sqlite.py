"""The SQLite backend: one process, one file (or ":memory:").

The engine (aiosqlite): WAL (readers never block the game) with `synchronous=NORMAL` (a commit survives
the bot being killed, only a power cut or an operating-system crash can take back its last moments; commits
no longer wait for the disk, which made a 50-game soak 40% faster), foreign keys on, a busy timeout, and
transactions begun by the driver: `BEGIN IMMEDIATE` for writes (one writer at a time, decided at the start,
so a write never fails half-way for a lock), a plain deferred `BEGIN` for reads (a consistent snapshot).
This process's writers queue on an `asyncio.Lock` rather than in SQLite's busy handler (which polls).

A file's busiest writes (a table's changes, the outbox, panels) go through `SqliteWriter`: a thread of
their own with a plain `sqlite3` connection that runs a whole transaction per call. Through the async
engine every statement is several round trips between the event loop and the driver's thread (22 for a
move's commit); under load each waits for a busy event loop while the write lock is held, so writers
queued behind one another (at 200 tables: waits of p90 125 ms, p99 330 ms for the lock). In the writer a
transaction is one round trip; the commit is SQLite's own, on the same file with the same settings.

The writes that queue while the writer is busy go together (group commit): one transaction, each write in a
savepoint of its own, one commit. At 200 tables a write waited p50 78 ms, p99 546 ms for the one before it,
though each took 2 ms in the writer: the time went in handing every write to the thread and back through a
busy event loop, one at a time. A write that refuses (its table moved on: `StaleTable`) undoes only its own
savepoint; one that fails in SQLite itself (the disk, a constraint) sends the whole group back to be written
one by one, so every write ends exactly as it would have alone.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import event
from sqlalchemy.engine import URL, Connection
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.pool import StaticPool

T = TypeVar("T")
Rows = Sequence[Sequence[Any]]
WRITE = "t42_write"  # execution option: this connection's transaction will write
Outcome = tuple[Any, Exception | None]  # a write's result, or what it raised
GROUP = 64  # writes in one commit at most: a long group would keep the ones behind it waiting
BUSY_TIMEOUT_MS = 5000
DAMAGED = "restore it from a backup, or move it aside to start with an empty database"
PRAGMAS = (
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=NORMAL",
    "PRAGMA foreign_keys=ON",
    f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}",
)


class SqliteDriver:
    """The store's driver for SQLite (see the module's docstring)."""

    clock_sql = "(julianday('now') - 2440587.5) * 86400.0"
    row_lock = ""  # BEGIN IMMEDIATE already holds the whole database

    def __init__(self, url: URL):
        database = url.database
        self.path = None if database in (None, "", ":memory:") else Path(str(database))
        self.engine = _engine(url, memory=self.path is None)
        self._write_lock = asyncio.Lock()
        # ":memory:" is one database per connection: its writes stay on the engine's only connection.
        self._writer = SqliteWriter(self.path, self._write_lock) if self.path is not None else None
        self._closed = False

    async def probe(self) -> None:
        """Open the file once with the plain driver, so an unusable path is one clear error (a failed
        aiosqlite connection leaves a thread behind that complains after the event loop has closed)."""
        if self.path is not None:
            await asyncio.to_thread(_probe, self.path)

    @asynccontextmanager
    async def connect(self, *, write: bool = False) -> AsyncIterator[AsyncConnection]:
        """A connection; with `write`, the transaction it begins is `BEGIN IMMEDIATE`."""
        async with self.engine.connect() as connection:
            yield await connection.execution_options(**{WRITE: True}) if write else connection

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncConnection]:
        """One atomic unit of work that writes, after this process's other writers."""
        async with self._write_lock, self.connect(write=True) as connection, connection.begin():
            yield connection

    @asynccontextmanager
    async def reading(self, *, snapshot: bool = False) -> AsyncIterator[AsyncConnection]:
        """A connection for reads (a SQLite read transaction always sees one moment)."""
        async with self.engine.connect() as connection:
            yield connection

    async def write(self, body: Callable[[Callable[[str, dict[str, Any]], Rows]], T]) -> T:
        """Run `body` in one write transaction: in the writer's thread, in one step, for a file."""
        if self._writer is None:
            async with self.transaction() as db:
                return await db.run_sync(lambda connection: body(_runner(connection)))
        return await self._writer.transaction(lambda connection: body(_sqlite3_runner(connection)))

    def version_changed(self, table_id: int, version: int) -> list[tuple[str, dict[str, Any]]]:
        """Nothing: one process, nobody else to tell."""
        return []

    async def take_turns(self, db: AsyncConnection, key: int, sub: int) -> None:
        """Nothing: this process's writers already take turns, and no other process writes."""

    def lock_schema(self, connection: Connection) -> None:
        """Nothing: the migration's `BEGIN IMMEDIATE` already holds the database."""

    def legacy_revision(self, connection: Connection) -> int:
        """The bot counted its migrations in `PRAGMA user_version` before Alembic."""
        return int(connection.exec_driver_sql("PRAGMA user_version").scalar() or 0)

    def mark_revision(self, connection: Connection, revision: int) -> None:
        """So a bot from before Alembic refuses this database instead of misusing it."""
        connection.exec_driver_sql(f"PRAGMA user_version = {int(revision)}")

    async def close(self) -> None:
        """Close every connection, and the writer's thread (waiting for a write in progress); closing twice
        is harmless."""
        async with self._write_lock:
            if self._closed:
                return
            self._closed = True
            await self.engine.dispose()
            if self._writer is not None:
                await self._writer.close()


class SqliteWriter:
    """Runs write transactions on a SQLite file in one thread with one connection (opened on first use);
    the transactions that queue meanwhile share one commit (see the module's docstring)."""

    def __init__(self, path: Path, lock: asyncio.Lock):
        self.path = path
        self._lock = lock  # the driver's: its other writers (the async engine's) take turns with these
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="db-writer")
        self._connection: sqlite3.Connection | None = None
        self._queue: list[tuple[Callable[[sqlite3.Connection], Any], asyncio.Future[Any]]] = []
        self._busy = False  # a write is being made, or the drain runs: a new write waits its turn
        self._draining: asyncio.Task[None] | None = None  # held: a task nobody refers to may be collected

    async def transaction(self, body: Callable[[sqlite3.Connection], T]) -> T:
        """Run `body(connection)` in a write transaction in the writer's thread: committed if it returns,
        rolled back (and its exception raised here) if it raises. Cancelled while it waits, it is not run.

        A write that finds the writer idle writes itself, at once. The writes that come while it does wait
        together, and are written as one group after it by a task of the writer's (`_drain`), which hands
        out all their answers at once (a write woken by the next in line would wait a turn of a busy event
        loop per write before it)."""
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.append((body, future))
        try:
            if not self._busy:
                self._busy = True
                try:
                    async with self._lock:  # the engine's writers (not through this thread) take turns too
                        await self._write_waiting()
                finally:
                    self._carry_on()
            return await future
        except asyncio.CancelledError:
            future.cancel()  # not written if it still waits; a group already in the thread stands
            raise

    def _carry_on(self) -> None:
        """The writes that came meanwhile are written by the drain; with none, the writer is idle."""
        if self._queue:
            self._draining = asyncio.get_running_loop().create_task(self._drain(), name="db-writer")
        else:
            self._busy = False

    async def _drain(self) -> None:
        """Write what waits, a group at a time, until nothing does; then the writer is idle."""
        try:
            while self._queue:
                async with self._lock:
                    await self._write_waiting()
        finally:
            self._busy = False
            for _, future in self._queue:  # the loop is stopping: their writers are told
                future.cancel()
            self._queue.clear()

    async def _write_waiting(self) -> None:
        """(Lock held.) Write the writes waiting now (up to `GROUP`) as one group in the thread, which hands
        each its answer (even if this caller stops waiting meanwhile)."""
        group = [(body, future) for body, future in self._queue[:GROUP] if not future.done()]
        del self._queue[:GROUP]
        if not group:
            return
        loop = asyncio.get_running_loop()
        bodies = [body for body, _ in group]

        def write() -> None:
            try:
                outcomes = self._group(bodies)
            except BaseException as error:  # not expected: `_group` answers every body itself
                failure = error if isinstance(error, Exception) else RuntimeError(error)
                outcomes = [(None, failure)] * len(group)
            loop.call_soon_threadsafe(_hand_out, group, outcomes)

        try:
            await loop.run_in_executor(self._thread, write)
        except RuntimeError as error:  # the writer is closed
            _hand_out(group, [(None, error)] * len(group))

    def _group(self, bodies: list[Callable[[sqlite3.Connection], Any]]) -> list[Outcome]:
        """(Thread.) Every body in one transaction, each in a savepoint; one by one if SQLite fails."""
        if len(bodies) == 1:
            return [self._alone(bodies[0])]
        connection = self._connect()
        outcomes: list[Outcome] = []
        try:
            connection.execute("BEGIN IMMEDIATE")
            for body in bodies:
                connection.execute("SAVEPOINT one")
                try:
                    value = body(connection)
                except sqlite3.Error:
                    raise  # SQLite itself failed: the group is written again, one by one
                except Exception as error:  # the body's own refusal: only its writes are undone
                    connection.execute("ROLLBACK TO one")
                    connection.execute("RELEASE one")
                    outcomes.append((None, error))
                else:
                    connection.execute("RELEASE one")
                    outcomes.append((value, None))
            connection.execute("COMMIT")
        except sqlite3.Error as error:
            self._abandon(connection, error)
            return [self._alone(body) for body in bodies]
        return outcomes

    def _alone(self, body: Callable[[sqlite3.Connection], Any]) -> Outcome:
        try:
            return self._transaction(body), None
        except Exception as error:
            return None, error

    def _connect(self) -> sqlite3.Connection:
        if self._connection is None:
            connection = sqlite3.connect(self.path, isolation_level=None)  # transactions are begun here
            for pragma in PRAGMAS:
                connection.execute(pragma).fetchall()
            self._connection = connection
        return self._connection

    def _transaction(self, body: Callable[[sqlite3.Connection], T]) -> T:
        connection = self._connect()
        try:
            connection.execute("BEGIN IMMEDIATE")
            result = body(connection)
            connection.execute("COMMIT")  # a full disk or an I/O error can fail the commit itself
        except BaseException as error:
            self._abandon(connection, error)
            raise
        return result

    def _abandon(self, connection: sqlite3.Connection, error: BaseException) -> None:
        """After a failed transaction: roll back what is still open. After the disk or the file failed
        (an operational error), or if the rollback fails too, the connection goes: the next transaction
        opens a fresh one, which sees the file as it is once it works again."""
        try:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
        except sqlite3.Error:
            self._close()
            return
        if isinstance(error, sqlite3.OperationalError):
            self._close()

    def _close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    async def close(self) -> None:
        """Close the connection and let the thread go (the driver's lock held: no group is being written)."""
        await asyncio.get_running_loop().run_in_executor(self._thread, self._close)
        self._thread.shutdown(wait=False)


def _hand_out(
    group: list[tuple[Callable[[sqlite3.Connection], Any], asyncio.Future[Any]]], outcomes: list[Outcome]
) -> None:
    """Each write of a group its answer: its result, or what it raised."""
    for (_, future), (value, failed) in zip(group, outcomes, strict=True):
        if future.done():
            continue  # its caller stopped waiting; the write stands, as it would have alone
        if failed is None:
            future.set_result(value)
        else:
            future.set_exception(failed)


def _engine(url: URL, *, memory: bool) -> AsyncEngine:
    # ":memory:" is one database per connection: keep exactly one
    engine = create_async_engine(url, **({"poolclass": StaticPool} if memory else {}))

    @event.listens_for(engine.sync_engine, "connect")
    def _connected(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = (
            None  # the driver's own implicit BEGINs are off: we begin ourselves
        )
        cursor = dbapi_connection.cursor()
        for pragma in PRAGMAS:
            cursor.execute(pragma)
            cursor.fetchall()
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _begin(connection: Connection) -> None:
        write = connection.get_execution_options().get(WRITE, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

    return engine


def _probe(path: Path) -> None:
    """Open the file and read it through once (`PRAGMA quick_check`: every page, not the indexes' contents),
    so a file that is not a SQLite database, or a damaged one, stops the start-up with one line rather than
    a table failing later."""
    if not path.parent.is_dir():
        raise FileNotFoundError(f"folder {path.parent} does not exist")
    try:
        connection = sqlite3.connect(path)
        try:
            connection.execute("PRAGMA user_version").fetchone()
            found = [str(row[0]) for row in connection.execute("PRAGMA quick_check(1)")]
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        raise OSError(f"{error} ({DAMAGED})") from None
    except sqlite3.Error as error:
        raise OSError(str(error)) from None
    lines = [line for row in found for line in row.splitlines()]
    problems = [line for line in lines if line != "ok" and not line.startswith("*** in database")]
    if problems:
        raise OSError(f"the file is damaged: {problems[0][:120]} ({DAMAGED})")


def _sqlite3_runner(connection: sqlite3.Connection) -> Callable[[str, dict[str, Any]], Rows]:
    return lambda sql, params: connection.execute(sql, params).fetchall()


def _runner(connection: Connection) -> Callable[[str, dict[str, Any]], Rows]:
    def run(sql: str, params: dict[str, Any]) -> Rows:  # sqlite3 reads `:name` itself
        result = connection.exec_driver_sql(sql, params)
        return result.all() if result.returns_rows else []

    return run
