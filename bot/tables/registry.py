"""The tables this process holds in memory, kept as stored.

The database is the authority, memory a cache: a table is read from storage the first time this process
meets it, and read again whenever another process has changed it since (`fresh`: its stored version is
newer). Each table has a lock; every change at a table happens under it. Any process may apply a person's
click at any table; only the table's owner (`ownership`) plays its computers and publishes its events, so
catching up with another process's change also publishes the events stored with it (`catch_up`), and a
notification from another process (`hint`) starts that at once. With SQLite one process owns everything
and its cache is never stale.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Protocol

from bot.computers.runner import Chooser, ComputerRunner
from bot.storage.errors import StorageUnavailable
from bot.storage.rows import SeatRow, TableRow
from bot.storage.store import Storage

from .events import Published, TableEvent, from_payload
from .model import Table
from .ownership import Ownership
from .refusal import Refusal, Why

log = logging.getLogger("bot.tables")
KEEP_CLOSED = 100  # tables over and shown kept in memory, the latest ones


def first_line(error: Exception) -> str:
    """One line about a record that would not load."""
    return str(error).splitlines()[0][:200] if str(error) else type(error).__name__


class TableListener(Protocol):
    """Hears of changes at a table once they are stored: the Discord delivery hears every event, a listener
    that acts only when a game ends hears only the events that end one."""

    @property
    def hears(self) -> frozenset[str] | None:
        """The kinds of event it acts on (None: every kind): it is told only of those, and not at all of a
        change with none of them (an ordinary move does not call a listener waiting for a game's end)."""

    def publish(self, table: Table, events: Sequence[Published]) -> None:
        """Take note of `events` (stored in the table's outbox as numbered): called in order, with the
        table's lock held, right after the change is stored and made in memory (or, for a change another
        process made, once this process has caught up with it), and only in the process that runs the
        table. Must not wait for anything: the game goes on at once."""


class Registry:
    """This process's tables in memory: found, kept as stored, locked, published, and their computers
    started and stopped."""

    def __init__(
        self,
        storage: Storage,
        ownership: Ownership,
        listeners: Sequence[TableListener],
        computers: ComputerRunner[Table],
        chooser: Chooser,
    ):
        self.storage = storage
        self.ownership = ownership
        self.listeners = listeners  # told in this order
        self.computers = computers
        self.chooser = chooser
        self.tables: dict[int, Table] = {}
        self.closing = False  # the process is stopping: no new actions, no computer moves
        self._locks: dict[int, asyncio.Lock] = {}
        self._published: dict[int, int] = {}  # table -> the last outbox number handed to the listener
        self._doubtful: set[int] = set()  # tables whose last change may have been stored unbeknown
        self._closed: OrderedDict[int, None] = OrderedDict()  # tables over and shown, oldest first
        self._hints: set[asyncio.Task] = set()

    # ------------------------------------------------------------------ lookup

    def lock(self, table: Table) -> asyncio.Lock:
        """The table's lock: every change at a table happens under it, one at a time."""
        lock = self._locks.get(table.id)
        if lock is None:
            lock = self._locks[table.id] = asyncio.Lock()
        return lock

    def owns(self, table_id: int) -> bool:
        """True if this process runs the table (its computers, timers and messages)."""
        return self.ownership.owns(table_id)

    async def find(self, table_id: int, *, ended_too: bool = False) -> Table | None:
        """The table with this id, as stored now: one this process has seen, or one stored open or finished
        (its `Rematch` outlives restarts), and with `ended_too` an ended one (to show how it ended). Read
        from storage if this process has not seen it, or has seen an older version of it."""
        table = self.tables.get(table_id)
        if table is not None:  # seen here before: whatever its state now (a click on it is refused if ended)
            if self.ownership.owner is not None:  # another process may have changed it: read it as stored
                async with self.lock(table):
                    await self.fresh(table)
            # With one process the cache is the latest, and consistent between two awaits: a click is
            # acknowledged without waiting behind the action in hand (its change takes the lock itself).
            return table
        row = await self.storage.load_table(table_id)
        if row is None or (row.status == "ended" and not ended_too):
            return None
        try:
            table = self.rebuilt(row, seat_computers=self.owns(table_id))
        except Exception:
            log.exception("table %s could not be rebuilt from its records", table_id)
            return None
        return self.tables.setdefault(table_id, table)  # another task may have read it meanwhile

    async def table_in(self, channel_id: int) -> Table | None:
        """The open table of a channel, if any. One process holds every open table (read at start-up, kept
        since): it is looked up here, not read (a read waited p50 95 ms at 200 tables, on a `Rematch`'s
        way). With several processes storage is asked: another may have opened it."""
        if self.ownership.owner is None:
            return next((t for t in self.tables.values() if t.channel_id == channel_id and t.open), None)
        table_id = await self.storage.open_table_in(channel_id)
        table = await self.find(table_id) if table_id is not None else None
        return table if table is not None and table.open else None

    async def tables_of(self, user_id: int) -> list[Table]:
        """Open tables where this user is seated."""
        found = [await self.find(table_id) for table_id in await self.storage.open_tables_of(user_id)]
        return [t for t in found if t is not None and t.open and t.seat_of(user_id) is not None]

    def forget(self, table_id: int) -> None:
        """A table that is over and shown may leave memory: the last `KEEP_CLOSED` stay (a click on one
        is answered as before), older ones go (read again from storage if asked for, e.g. for a Rematch),
        so a month of play keeps no more than that of the games it finished."""
        table = self.tables.get(table_id)
        if table is None or table.open:
            return
        self._closed[table_id] = None
        self._closed.move_to_end(table_id)
        while len(self._closed) > KEEP_CLOSED:
            oldest, _ = self._closed.popitem(last=False)
            old, lock = self.tables.get(oldest), self._locks.get(oldest)
            if old is None or old.open or (lock is not None and lock.locked()):
                continue
            del self.tables[oldest]
            self._locks.pop(oldest, None)
            self._published.pop(oldest, None)
            self._doubtful.discard(oldest)

    def keep(self, table: Table) -> Table:
        """Keep a table this process has just opened or loaded from storage (over any copy seen before)."""
        self.tables[table.id] = table
        return table

    def rebuilt(self, row: TableRow, *, seat_computers: bool) -> Table:
        """The stored table in memory (RecordError if it cannot be continued); with `seat_computers`, a
        game in play gets its computer players."""
        table = Table.from_row(row)
        if table.status == "playing" and seat_computers:
            self.seat_computers(table)
        return table

    # ------------------------------------------------------------------ kept as stored

    async def fresh(self, table: Table, *, force: bool = False) -> bool:
        """(Lock held.) Bring the cached table up to date if another process changed it since; True if it
        was reloaded. With one process (SQLite) the cache is the latest unless a change was refused
        (`force`). A table this process runs has the events stored with those changes published too."""
        if not force and self.ownership.owner is None and table.id not in self._doubtful:
            return False
        version = await self.storage.table_version(table.id)
        self._doubtful.discard(table.id)
        if version is None or version == table.version:
            return False
        row = await self.storage.load_table(table.id)
        if row is None:
            return False
        try:
            stored = Table.from_row(row)
        except Exception as error:  # another process will have ended it; this one only stops showing it
            log.error(
                "table %s changed into something this process cannot read: %s", table.id, first_line(error)
            )
            return False
        table.update(**vars(stored))
        if not table.open:
            self.computers.stop(table)
        if self.owns(table.id):
            await self.catch_up(table)
        return True

    def doubt(self, table: Table) -> None:
        """A change at the table may have been stored without this process knowing (the connection was cut
        during its commit): read the table as stored before its next change."""
        self._doubtful.add(table.id)

    async def catch_up(self, table: Table) -> None:
        """(Lock held.) Publish the table's stored events this process has not published (changes another
        process made at a table this one runs), in order."""
        if not self.listeners:
            return
        pending = await self.storage.pending_events(table.id, after=self._published.get(table.id, 0))
        published = []
        for seq, _, kind, payload in pending:
            try:
                published.append(Published(seq, from_payload(kind, payload)))
            except (TypeError, ValueError):
                log.warning("table %s: dropping unreadable outbox entry %s (%s)", table.id, seq, kind)
                await self.storage.events_shown({seq})
        if published:
            self._published[table.id] = published[-1].seq
            self._tell(table, published)

    async def catch_up_all(self) -> None:
        """Reload every table this process runs that another process changed (one query for all)."""
        mine = [t for t in self.tables.values() if self.owns(t.id)]
        stored = await self.storage.table_versions(t.id for t in mine)
        for table in mine:
            if stored.get(table.id, table.version) != table.version:
                async with self.lock(table):
                    await self.fresh(table, force=True)
                self.kick(table)

    def hint(self, table_id: int, version: int) -> None:
        """Another process says the table changed (a notification): catch up now if this process runs it.
        Only a hint: a lost one is made up for on the next tick."""
        table = self.tables.get(table_id)
        if table is None or not self.owns(table_id) or version <= table.version or self.closing:
            return
        task = asyncio.get_running_loop().create_task(self._caught_up(table), name=f"table-{table_id}-hint")
        self._hints.add(task)
        task.add_done_callback(self._hints.discard)

    async def _caught_up(self, table: Table) -> None:
        try:
            async with self.lock(table):
                await self.fresh(table)
            self.kick(table)
        except StorageUnavailable:
            pass  # the database is away (the log says so once): the tick catches up once it is back
        except Exception:
            log.exception("table %s: catching up with another process's change failed", table.id)

    def stop_hints(self) -> None:
        """Cancel the catching up under way (the process is stopping)."""
        for task in list(self._hints):
            task.cancel()

    def publish(self, table: Table, seqs: Sequence[int], events: Sequence[TableEvent]) -> None:
        """(Lock held.) Hand the events of a change just stored (numbered `seqs` in the outbox) to the
        listeners, if this process runs the table (else its owner shows them)."""
        if not self.listeners or not events or not self.owns(table.id):
            return
        self._published[table.id] = seqs[-1]
        try:
            self._tell(table, [Published(seq, event) for seq, event in zip(seqs, events, strict=True)])
        except Exception:
            log.exception("table %s: publishing %s failed", table.id, [e.kind for e in events])

    def _tell(self, table: Table, published: Sequence[Published]) -> None:
        """Tell each listener, in order, of the events of the kinds it hears (if there are any)."""
        for listener in self.listeners:
            hears = listener.hears
            heard = published if hears is None else [p for p in published if p.event.kind in hears]
            if heard:
                listener.publish(table, heard)

    # ------------------------------------------------------------------ this process's computers

    def refuse_if_closing(self) -> None:
        """Refusal if the process is stopping (a new action would not be seen through)."""
        if self.closing:
            raise Refusal(Why.RESTARTING)

    def kick(self, table: Table) -> None:
        """Make sure computer players act if it is their turn (at a table this process runs); a human's turn
        wakes nothing."""
        if self.owns(table.id) and not self.closing and table.computer_turn() is not None:
            self.computers.kick(table)

    def seat_computers(self, table: Table, seats: Mapping[int, SeatRow] | None = None) -> None:
        """A computer player for each computer seat (`seats`: the table's, unless a change gives new ones)."""
        for seat in (table.seats if seats is None else seats).values():
            if seat.is_computer:
                self.chooser.seat(table, seat.seat, seat.computer_level or "strong")

    def let_go(self, table: Table) -> None:
        """The table's computer players stop and go (the table ended, or another process runs it)."""
        self.computers.stop(table)
        self.chooser.forget(table)

    def drop(self, table_id: int) -> None:
        """This process no longer runs the table: stop its computer players (another process runs them)."""
        table = self.tables.get(table_id)
        if table is not None:
            self.let_go(table)
