"""One change at a table, in one place: decided on the table as stored, stored in one transaction with its
events, only then made in memory, then published.

A job (the lobby, play, the clocks) decides a change under the table's lock (`run`) and hands it to `save`
as what storage writes (a `Change`), the events it tells, and the values of the table's fields it sets;
a job only ever holds the table itself. Nothing changes in memory before the change is stored: `save`
works out the turn timer on a draft of the table as it will be, stores everything against the version the
table was read at, and only then does the table take the values the change set and its new timer fields,
at once (`Table.update`).

A change refused as stale (another process changed the table between the read and the write) is decided
again on the reloaded table; an owner's change this process may no longer make (its lease has gone to
another process) is dropped with the table. A change the database could not take (it was away) changes
nothing in memory and is the caller's to try again; the table is read afresh before its next change, in
case the commit went through just as the connection was cut.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Any, Protocol, TypeVar

from bot.storage.change import Change
from bot.storage.errors import NotOwner, StaleTable, StorageUnavailable
from bot.storage.store import Storage

from .events import TableEvent
from .model import Table
from .ownership import Ownership
from .refusal import Refusal, Why
from .timers import TurnClock, timer_fields

log = logging.getLogger("bot.tables")
ATTEMPTS = 5  # a change refused as stale is decided again on the fresh table, this many times at most
T = TypeVar("T")


class TablesInMemory(Protocol):
    """The tables in memory as a change needs them (`registry.Registry`)."""

    def lock(self, table: Table) -> asyncio.Lock:
        """The table's lock."""
        ...

    async def fresh(self, table: Table, *, force: bool = False) -> bool:
        """(Lock held.) Read the table again if another process changed it."""
        ...

    def drop(self, table_id: int) -> None:
        """This process no longer runs the table."""

    def doubt(self, table: Table) -> None:
        """A change at the table may or may not have been stored (the database went away during it)."""

    def publish(self, table: Table, seqs: Sequence[int], events: Sequence[TableEvent]) -> None:
        """(Lock held.) Show the events of a change just stored."""


class UnitOfWork:
    """Decides, stores and makes each change at a table (see the module docstring)."""

    def __init__(self, storage: Storage, ownership: Ownership, timers: TurnClock, tables: TablesInMemory):
        self.storage = storage
        self.ownership = ownership
        self.timers = timers
        self.tables = tables

    async def run(
        self, table: Table, decide: Callable[[], Awaitable[T]], *, by_owner: bool = False
    ) -> T | None:
        """Run `decide` (which checks the request and saves one change) under the table's lock, on the
        table as stored now; its result. A stale change is decided again (Refusal after `ATTEMPTS`); an
        owner's change the database refuses to this process is dropped: None (`by_owner`), else NotOwner."""
        for _ in range(ATTEMPTS):
            async with self.tables.lock(table):
                try:
                    await self.tables.fresh(table)
                    return await decide()
                except StaleTable:
                    await self.tables.fresh(table, force=True)
                except StorageUnavailable:
                    # A commit cut off may have been stored or not: the table is read again next time.
                    self.tables.doubt(table)
                    raise
                except NotOwner:
                    log.warning("table %s is run by another process now; this one drops it", table.id)
                    self.ownership.lost(table.id)
                    self.tables.drop(table.id)
                    if by_owner:
                        return None
                    raise
        raise Refusal(Why.TABLE_BUSY)

    async def save(
        self,
        table: Table,
        change: Change,
        events: Sequence[TableEvent],
        *,
        human: bool = False,
        by_owner: bool = False,
        **values: Any,
    ) -> None:
        """(Lock held.) Store `change` with `events` in the table's outbox, then set the table's fields to
        `values`, then publish the events. The turn timer follows the table as it will be (and the idle
        clock restarts if a person acted: `human`).

        The change is stored against the version the table was read at (`StaleTable` if another process
        got there first); `by_owner` changes also need this process to hold the table's lease
        (`NotOwner`)."""
        draft = replace(table, **values)  # the table as it will be: its clocks follow it
        if human:
            self.timers.human_acted(draft)
        if self.timers.arm(draft) or human:
            change.save_timer(
                deadline=draft.deadline,
                token=draft.deadline_token,
                reminded=draft.reminded,
                last_human_at=draft.last_human_at,
            )
        for event in events:
            change.announce(event.kind, event.to_payload())
        seqs = await self.storage.commit(
            change, version=table.version, owner=self.ownership.owner if by_owner else None
        )
        table.update(**{**values, **timer_fields(draft), "version": table.version + 1})
        self.tables.publish(table, seqs, events)
