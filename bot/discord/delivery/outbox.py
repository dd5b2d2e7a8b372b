"""The outbox: the table service's listener, and the delivery's record of what is shown.

The table service stores every change together with its events (the table's outbox, in storage) and
publishes them here without waiting. Each event becomes work (`bot.show.plan`) handed to the outbox's
reader (the lanes), and is counted until all its work is done; then it leaves the stored outbox: at once
for an event whose work posts something (so a crash right after cannot post it twice), in batches for those
that only bring messages up to date (shown again harmlessly). After a restart, whatever was left is read
again (`left_over`). Each table's events are stamped in order, so a message knows which state it shows.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from bot.show.plan import plan
from bot.show.screens import Post, Summary, Work
from bot.tables.events import TableEvent
from bot.tables.model import Table


class Numbered(Protocol):
    """A stored event and its number in the outbox (the service's `Published`)."""

    @property
    def seq(self) -> int:
        """The event's number in the outbox."""

    @property
    def event(self) -> TableEvent:
        """What happened."""


class OutboxStore(Protocol):
    """The stored outbox (the bot's storage)."""

    async def events_shown(self, seqs: Iterable[int]) -> None:
        """Forget events whose work is done."""

    async def pending_events(
        self, table_id: int | None = None, *, after: int = 0
    ) -> list[tuple[int, int, str, dict[str, Any]]]:
        """Events not yet shown, oldest first: (seq, table id, kind, payload)."""


class Reader(Protocol):
    """Whoever carries out the outbox's work (`lanes.Lanes`)."""

    def take(self, table: Table, work: Work, seqs: set[int], stamp: int) -> None:
        """Queue one piece of work, for these events (none: asked for by no event), at this stamp."""


class Outbox:
    """Turns published events into work for its reader, and forgets them once it is done."""

    hears = None  # every kind of event: each may change what players see

    def __init__(self, storage: OutboxStore):
        self.storage = storage
        self.reader: Reader | None = None  # the lanes read the outbox once they exist (`read_by`)
        self.seen: dict[int, int] = {}  # table -> the last event taken (events come in order per table)
        self.stamps: Counter[int] = Counter()  # table -> events published so far
        self.outstanding: dict[int, int] = {}  # event -> pieces of its work not yet done
        self.posting: set[int] = set()  # events whose work posts something (never shown twice)
        self._shown_later: set[int] = set()  # events done, to be forgotten with the next batch
        self._forgetting: set[asyncio.Task] = set()

    def read_by(self, reader: Reader) -> None:
        """From now on, work goes to `reader`. The table service publishes to the outbox from its start, and
        the lanes need the service to carry work out: so the outbox comes first, the lanes read it."""
        self.reader = reader

    def publish(self, table: Table, events: Sequence[Numbered]) -> None:
        """Plan the messages these stored events change and hand the work on (never waits); an event
        already taken is not taken twice."""
        for published in events:
            self.take_event(table, published.seq, published.event)

    def take_event(self, table: Table, seq: int, event: TableEvent) -> None:
        """Plan the messages one stored event changes and hand the work on, unless it was taken before."""
        if seq <= self.seen.get(table.id, 0):
            return
        self.seen[table.id] = seq
        self.stamps[table.id] += 1
        self._take(table, plan(table, event), seq)

    def show(self, table: Table, work: list[Work]) -> None:
        """Hand on work that no stored event asked for (checks after a restart, tests)."""
        self.stamps[table.id] += 1
        self._take(table, work, None)

    def stamp(self, table_id: int) -> int:
        """How many events (and unasked work) the table has had so far."""
        return self.stamps[table_id]

    def _take(self, table: Table, work: list[Work], seq: int | None) -> None:
        if self.reader is None:
            raise RuntimeError("the outbox has no reader: build the lanes first")
        if seq is not None:
            if not work:  # nothing to show (e.g. "started": the deal that follows shows it)
                self._forget_soon({seq})
                return
            self.outstanding[seq] = len(work)
            if any(isinstance(piece, Post | Summary) for piece in work):
                self.posting.add(seq)
        for piece in work:
            self.reader.take(table, piece, {seq} if seq is not None else set(), self.stamps[table.id])

    def _forget_soon(self, seqs: set[int]) -> None:
        """Take events with nothing to show out of the stored outbox, in the background."""
        task = asyncio.get_running_loop().create_task(self.storage.events_shown(seqs))
        self._forgetting.add(task)
        task.add_done_callback(self._forgetting.discard)

    async def shown(self, seqs: set[int]) -> None:
        """One piece of work of each of these events is done; forget the events whose work is all done."""
        finished = set()
        for seq in seqs:
            self.outstanding[seq] = self.outstanding.get(seq, 1) - 1
            if self.outstanding[seq] <= 0:
                del self.outstanding[seq]
                finished.add(seq)
        if finished & self.posting:
            # An event that posted something leaves the outbox at once, so a crash right after cannot post
            # it twice; those that only brought messages up to date (shown again harmlessly) go in batches.
            # The batch is taken before the write: events shown while it waits go with the next one.
            self.posting -= finished
            batch, self._shown_later = finished | self._shown_later, set()
            await self.storage.events_shown(batch)
        else:
            self._shown_later |= finished

    async def flush_shown(self) -> None:
        """Forget, in one transaction, the events done since the last time (called as a lane runs dry: a
        busy lane forgets many at once)."""
        done, self._shown_later = self._shown_later, set()
        if done:
            await self.storage.events_shown(done)

    async def discard(self, seq: int) -> None:
        """Forget a stored event that cannot be shown (its table is gone, or it cannot be read)."""
        await self.storage.events_shown({seq})

    async def left_over(self) -> list[tuple[int, int, str, dict[str, Any]]]:
        """The events the stored outbox still holds, oldest first (after a restart)."""
        return await self.storage.pending_events()

    def forget(self, table_id: int) -> None:
        """The table is over and shown: let go of its stamps and of the last event taken."""
        self.stamps.pop(table_id, None)
        self.seen.pop(table_id, None)

    def drop(self, table_ids: Iterable[int]) -> None:
        """Another process runs these tables now: what is left stays in the stored outbox for it."""
        for table_id in table_ids:
            self.seen.pop(table_id, None)
