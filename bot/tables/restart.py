"""Starting and stopping: rebuild this process's unfinished tables from storage and let their computers carry
on; take over tables another process stopped running and let go of those it took; and a clean stop."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bot.storage.errors import StorageUnavailable
from bot.storage.store import Storage

from .model import Table
from .ownership import Ownership, Turnover
from .registry import Registry, first_line

log = logging.getLogger("bot.tables")


@dataclass(frozen=True)
class DamagedTable:
    """A stored table that could not be continued after a restart, and why."""

    id: int
    channel_id: int
    message_id: int | None
    reason: str


class Restart:
    """Loads, adopts, resumes and stops this process's tables."""

    def __init__(self, storage: Storage, ownership: Ownership, registry: Registry):
        self.storage = storage
        self.ownership = ownership
        self.registry = registry
        self.damaged: list[DamagedTable] = []  # tables refused at load (bad records), for the bot to explain

    async def load(self) -> list[Table]:
        """Rebuild every unfinished table this process runs from storage (after a restart; with several
        processes, the tables it holds or adopts now).

        A table whose hand records cannot be read is refused alone: it is ended (so its channel can open
        a new one), logged, and listed in `damaged` for the bot to explain in its channel."""
        await self.ownership.tick()
        loaded = []
        for row in await self.storage.load_open_tables():
            if not self.registry.owns(row.id):
                continue
            try:
                loaded.append(self.registry.rebuilt(row, seat_computers=True))
            except Exception as error:
                reason = row.damage or first_line(error)
                log.error("table %s in channel %s cannot be continued: %s", row.id, row.channel_id, reason)
                await self.storage.end_table(row.id)
                self.damaged.append(DamagedTable(row.id, row.channel_id, row.message_id, reason))
        for table in loaded:
            self.registry.keep(table)
        return loaded

    def resume(self) -> None:
        """Let computer players carry on at every reloaded table."""
        for table in self.registry.tables.values():
            self.registry.kick(table)

    async def renew(self) -> Turnover:
        """Renew this process's tables: adopt orphans (their owner stopped), drop tables another process
        took (this one stalled past its lease). Returns what changed hands, for the messages to follow."""
        turnover = await self.ownership.tick()
        for table_id in turnover.lost:
            self.registry.drop(table_id)
        for table_id in turnover.gained:
            await self._adopt(table_id)
        return turnover

    async def _adopt(self, table_id: int) -> None:
        """A table this process runs from now on (its owner stopped): read it as stored."""
        table = self.registry.tables.get(table_id)
        if table is None:
            table = await self.registry.find(table_id, ended_too=True)
            if table is None:
                return
        else:
            async with self.registry.lock(table):
                await self.registry.fresh(table, force=True)
        if table.status == "playing":
            self.registry.seat_computers(table)

    async def shutdown(self) -> None:
        """A clean stop: refuse new actions, let the action in hand finish, stop the computer players."""
        self.registry.closing = True
        self.registry.stop_hints()
        for table in list(self.registry.tables.values()):
            async with self.registry.lock(table):  # waits for the action in hand
                self.registry.computers.stop(table)
        await self.registry.computers.stop_all()

    async def release(self) -> None:
        """After a clean stop (and once the messages in hand are shown): let other processes take this
        process's tables at once, rather than when its leases run out."""
        try:
            await self.ownership.release_all()
        except StorageUnavailable:
            log.warning("the database is away: this process's tables are adopted when their leases run out")
        except Exception:
            log.exception(
                "could not release this process's tables; they are adopted when their leases run out"
            )
