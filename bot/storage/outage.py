"""When the database goes away: one log line when it goes and one when it is back, and the store's driver
wrapped so that every error that says so reaches the bot as one exception ("nothing was done; try again in a
moment"). The store says which errors those are and which exception to raise (`errors.is_outage`,
`errors.StorageUnavailable`); this module needs nothing else of the store's.

The database is away when a PostgreSQL server is stopped or restarting, a connection is cut (every pooled
connection at once, say), or a SQLite file cannot be written (a full disk, a read-only file system, an I/O
error). While transactions fail, one at a time tries the database (a probe); the others are refused at
once, so a click is answered in milliseconds rather than after a connection's timeout.

The delivery's bookkeeping (events shown, panels, DM channels) is written with `later`: such writes are
idempotent and the latest of a kind wins, so while the database is away they wait here, and are written
together with the next one, or as soon as the database is back.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Callable, Hashable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, TypeVar

log = logging.getLogger("bot.storage")
T = TypeVar("T")
Run = Callable[[str, dict[str, Any]], Sequence[Sequence[Any]]]
Write = Callable[[Run], Any]
SETTLE_S = 2.0  # the database is "back" once a transaction goes through this long after the last failure


def first_line(error: BaseException) -> str:
    """An error in one short line (a driver's message can run over several)."""
    text = str(getattr(error, "orig", None) or error).strip()
    return text.splitlines()[0][:200] if text else type(error).__name__


class QuietClosing(logging.Filter):
    """SQLAlchemy's pool logs "Exception closing connection" with a traceback when it throws away a
    connection the server already dropped (a broken pipe): in an outage that is expected, and the outage's
    own line says it. Such records go; any other stays."""

    def __init__(self, classify: Callable[[BaseException], bool]):
        super().__init__()
        self.classify = classify

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        closing = str(record.msg).startswith("Exception closing connection")
        return not (closing and error is not None and self.classify(error))


def quiet_pool_closing(classify: Callable[[BaseException], bool]) -> None:
    """Install `QuietClosing` on the loggers of SQLAlchemy's pools (once; a logger's filter sees only its
    own records, so each pool class's logger gets one)."""
    for pool in ("AsyncAdaptedQueuePool", "QueuePool", "StaticPool", "NullPool"):
        pool_log = logging.getLogger(f"sqlalchemy.pool.impl.{pool}")
        if not any(isinstance(f, QuietClosing) for f in pool_log.filters):
            pool_log.addFilter(QuietClosing(classify))


class Outage:
    """Whether the database answers, as the last transactions found it. Says in the log once that it is
    away, and once that it is back when a transaction has gone through `settle` seconds after the last
    failure (a nearly full disk lets small writes through and refuses big ones: that is one outage, not
    many); then calls the `on_back` callbacks. `classify` says which errors mean it is away, `unavailable`
    is the exception raised for them."""

    def __init__(
        self,
        name: str,
        classify: Callable[[BaseException], bool],
        unavailable: type[Exception],
        *,
        clock: Callable[[], float] = time.monotonic,
        settle: float = SETTLE_S,
    ):
        self.name = name
        self.classify = classify
        self.unavailable = unavailable
        quiet_pool_closing(classify)
        self.clock = clock
        self.settle = settle
        self.since: float | None = None  # when it went away, as the log said (None: it answers)
        self.outages = 0  # how many times it went away (tests, benchmarks)
        self.on_back: list[Callable[[], None]] = []
        self._failing = False  # the last transaction failed: only one at a time tries it
        self._last_failure = 0.0
        self._probing = False

    @property
    def away(self) -> bool:
        """True from the first failure until the log has said the database is back."""
        return self.since is not None

    def failed(self, error: BaseException) -> Exception:
        """A transaction failed because the database is away: the error to raise (logged once per outage)."""
        self._failing = True
        self._last_failure = self.clock()
        if self.since is None:
            self.since = self._last_failure
            self.outages += 1
            log.warning(
                "the database %s is away (%s): clicks are asked to try again in a moment; tables wait for it",
                self.name,
                first_line(error),
            )
        return self.unavailable(f"the database is away for a moment ({first_line(error)})")

    def answered(self, *, wrote: bool) -> None:
        """A transaction went through: once the failures have settled and a write went through (reads
        work on a full or read-only disk), say the database is back."""
        self._failing = False
        if self.since is None or not wrote or self.clock() - self._last_failure < self.settle:
            return
        away = self.clock() - self.since
        self.since = None
        log.warning("the database %s is back after %.1f s; tables carry on", self.name, away)
        for callback in list(self.on_back):
            try:
                callback()
            except Exception:
                log.exception("after the database came back, a follow-up failed")

    @asynccontextmanager
    async def guard(self, *, write: bool = True) -> AsyncIterator[None]:
        """Around one transaction (`write`: one that writes): an outage's error becomes `unavailable`;
        while transactions fail only one at a time tries the database, the others are refused at once."""
        probe = self._failing
        if probe:
            if self._probing:
                raise self.unavailable("the database is away for a moment")
            self._probing = True
        try:
            yield
        except Exception as error:
            if self.classify(error):
                raise self.failed(error) from error
            raise
        else:
            self.answered(wrote=write)
        finally:
            if probe:
                self._probing = False


class GuardedDriver:
    """A store driver (`driver.Driver`) whose connections and transactions are guarded by an `Outage`, and
    whose bookkeeping writes wait out an outage (see the module docstring); everything else is the wrapped
    driver's."""

    def __init__(self, inner: Any, outage: Outage):
        self.inner = inner
        self.outage = outage
        self.engine: Any = inner.engine
        self.clock_sql: str = inner.clock_sql
        self.row_lock: str = inner.row_lock
        self.waiting: dict[Hashable, Write] = {}  # bookkeeping writes waiting for the database, by kind
        self._flush_lock = asyncio.Lock()  # one flush at a time: two would write the same panel at once
        self._flushing: set[asyncio.Task[None]] = set()
        outage.on_back.append(self._flush_soon)

    def connect(self, *, write: bool = False) -> AbstractAsyncContextManager[Any]:
        """A connection, guarded."""
        return self._guarded(self.inner.connect(write=write), write=write)

    def transaction(self) -> AbstractAsyncContextManager[Any]:
        """A write transaction, guarded."""
        return self._guarded(self.inner.transaction(), write=True)

    def reading(self, *, snapshot: bool = False) -> AbstractAsyncContextManager[Any]:
        """A connection for reads, guarded."""
        return self._guarded(self.inner.reading(snapshot=snapshot), write=False)

    @asynccontextmanager
    async def _guarded(self, inner: AbstractAsyncContextManager[Any], *, write: bool) -> AsyncIterator[Any]:
        async with self.outage.guard(write=write), inner as connection:
            yield connection

    async def write(self, body: Callable[[Run], T]) -> T:
        """A write transaction in one step, guarded."""
        async with self.outage.guard():
            return await self.inner.write(body)

    async def write_later(self, body: Write, kind: Hashable) -> None:
        """A bookkeeping write (idempotent; a later one of the same `kind` replaces it): written now with
        whatever else waits, or, while the database is away, kept to be written once it is back."""
        self.waiting[kind] = body
        await self.flush()

    async def flush(self) -> None:
        """Write the bookkeeping that waits, in one transaction (if the database is away, it waits on).
        Flushes take turns; whatever comes while one runs is written by the next, in one go."""
        async with self._flush_lock:
            await self._flush()

    async def _flush(self) -> None:
        if not self.waiting:
            return
        batch = dict(self.waiting)

        def all_of(run: Run) -> None:
            for body in batch.values():
                body(run)

        try:
            async with self.outage.guard():
                await self.inner.write(all_of)
        except self.outage.unavailable:
            return  # it waits; the log has said the database is away
        except Exception:
            self._done(batch)  # refused for good: trying it again would only be refused again
            raise
        self._done(batch)

    def _done(self, batch: dict[Hashable, Write]) -> None:
        for key, body in batch.items():
            if self.waiting.get(key) is body:  # not replaced meanwhile
                del self.waiting[key]

    def _flush_soon(self) -> None:
        """The database is back: write what waited for it, in the background."""
        if self.waiting:
            task = asyncio.get_running_loop().create_task(self.flush(), name="storage-bookkeeping")
            self._flushing.add(task)
            task.add_done_callback(self._flushing.discard)

    async def probe(self) -> None:
        """The wrapped driver's."""
        await self.inner.probe()

    def version_changed(self, table_id: int, version: int) -> list[tuple[str, dict[str, Any]]]:
        """The wrapped driver's."""
        return self.inner.version_changed(table_id, version)

    async def take_turns(self, db: Any, key: int, sub: int) -> None:
        """The wrapped driver's."""
        await self.inner.take_turns(db, key, sub)

    def lock_schema(self, connection: Any) -> None:
        """The wrapped driver's."""
        self.inner.lock_schema(connection)

    def legacy_revision(self, connection: Any) -> int:
        """The wrapped driver's."""
        return int(self.inner.legacy_revision(connection))

    def mark_revision(self, connection: Any, revision: int) -> None:
        """The wrapped driver's."""
        self.inner.mark_revision(connection, revision)

    async def close(self) -> None:
        """Write what waits if the database takes it, then close the wrapped driver."""
        await asyncio.gather(*self._flushing, return_exceptions=True)
        try:
            await self.flush()
        except Exception:
            log.exception("could not write the delivery's bookkeeping before closing the database")
        await self.inner.close()

    def __getattr__(self, name: str) -> Any:  # a backend's own extras (tests read SqliteDriver.path)
        return getattr(self.inner, name)
