"""Which tables this process runs: their computer players, turn timers and messages.

Any process may apply a person's click at any table (the database decides, by the table's version); only
a table's owner plays its computers, runs its timers and shows its messages. With SQLite there is one
process and it owns everything (`SoleOwner`). With PostgreSQL each process holds leases (`LeasedOwner`):
it keeps the tables it opened, renews them every tick, adopts tables whose owner stopped renewing, and
drops a table whose lease another process took (a stalled owner waking up late).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Protocol

from bot.storage.leases import Leases

log = logging.getLogger("bot.tables")


@dataclass(frozen=True)
class Turnover:
    """What a tick changed: tables this process now runs that it did not, and tables it no longer runs."""

    gained: frozenset[int] = field(default_factory=frozenset)
    lost: frozenset[int] = field(default_factory=frozenset)


class Ownership(Protocol):
    """This process's tables."""

    owner: str | None  # the name owner-only changes are fenced by (None: no fencing, one process)
    lease_seconds: float

    def owns(self, table_id: int) -> bool:
        """True if this process runs the table."""
        ...

    def took(self, table_id: int) -> None:
        """This process opened the table (its lease was written with it)."""

    def lost(self, table_id: int) -> None:
        """The database refused an owner's change at the table: another process runs it now."""

    async def tick(self) -> Turnover:
        """Renew, adopt and let go; what changed."""
        ...

    async def release_all(self) -> None:
        """A clean stop: let other processes take every table at once."""


class SoleOwner:
    """One process, every table (SQLite)."""

    owner: str | None = None
    lease_seconds = 0.0

    def owns(self, table_id: int) -> bool:
        """Every table is this process's."""
        return True

    def took(self, table_id: int) -> None:
        """Nothing to note."""

    def lost(self, table_id: int) -> None:
        """Never happens with one process."""

    async def tick(self) -> Turnover:
        """Nothing ever changes hands."""
        return Turnover()

    async def release_all(self) -> None:
        """Nothing to release."""


class LeasedOwner:
    """Tables held by leases in the database (PostgreSQL, several processes)."""

    def __init__(self, leases: Leases):
        self.leases = leases
        self.owner: str | None = leases.owner
        self.lease_seconds = leases.seconds
        self.held: set[int] = set()

    def owns(self, table_id: int) -> bool:
        """True while this process holds the table's lease (as of its last tick)."""
        return table_id in self.held

    def took(self, table_id: int) -> None:
        """A table this process opened."""
        self.held.add(table_id)

    def lost(self, table_id: int) -> None:
        """Another process holds the table's lease now."""
        self.held.discard(table_id)

    async def tick(self) -> Turnover:
        """Renew every lease, adopt orphaned tables, let go of tables with nothing left to run."""
        before = set(self.held)
        still = await self.leases.renew()
        claimed = await self.leases.claim_orphans()
        done = await self.leases.finished_with(still | claimed)
        if done:
            await self.leases.release(done)
        opened_meanwhile = self.held - before  # tables this process opened while the tick ran
        self.held = (still | claimed | opened_meanwhile) - done
        lost = before - still - done
        if lost:
            log.warning("tables %s are run by another process now (this one missed its lease)", sorted(lost))
        if claimed - before:
            log.info("adopted table(s) %s", sorted(claimed - before))
        return Turnover(frozenset(self.held - before), frozenset(lost))

    async def release_all(self) -> None:
        """Let go of every table."""
        await self.leases.release()
        self.held.clear()
