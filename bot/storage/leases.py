"""Table leases: which process runs a table (its computer players, timers and messages), until when.

A lease is a row (table, owner, expires_at), timed by the database's clock so processes on different
machines agree. The owner renews all its leases in one statement every tick; a table whose lease has run
out (its owner died or stalled) is claimed by the next process that looks, and only one process wins the
claim (`INSERT … ON CONFLICT … DO UPDATE … WHERE expired` re-checks the row it waited for). A process
that stalled past its lease is fenced: `Storage.commit(owner=…)` refuses its owner-only changes.
"""

from __future__ import annotations

from collections.abc import Iterable

from .driver import Database
from .sql import OPEN_STATUSES, run

HAS_WORK = f"(t.status IN {OPEN_STATUSES} OR EXISTS (SELECT 1 FROM table_outbox o WHERE o.table_id = t.id))"


class Leases:
    """One process's leases, held for `seconds` past each renewal."""

    def __init__(self, storage: Database, owner: str, seconds: float):
        self.storage = storage
        self.owner = owner
        self.seconds = seconds

    async def renew(self) -> set[int]:
        """Extend every lease this process holds; the tables it still holds (a lease another process took
        after it ran out is gone)."""
        async with self.storage.transaction() as db:
            result = await run(
                db,
                f"UPDATE table_leases SET expires_at = {self.storage.driver.clock_sql} + :seconds"
                " WHERE owner = :owner RETURNING table_id",
                seconds=self.seconds,
                owner=self.owner,
            )
            return {row.table_id for row in result}

    async def claim_orphans(self, limit: int = 100) -> set[int]:
        """Take the tables that have work (open, or messages still to show) and no live lease: new to
        nobody, or their owner's ran out. Returns the tables claimed."""
        clock = self.storage.driver.clock_sql
        async with self.storage.transaction() as db:
            result = await run(
                db,
                "INSERT INTO table_leases (table_id, owner, expires_at)"
                f" SELECT t.id, :owner, {clock} + :seconds FROM game_tables t WHERE {HAS_WORK}"
                f" AND NOT EXISTS (SELECT 1 FROM table_leases l WHERE l.table_id = t.id AND l.expires_at >= {clock})"
                " ORDER BY t.id LIMIT :limit"
                " ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at"
                f" WHERE table_leases.expires_at < {clock} RETURNING table_id",
                owner=self.owner,
                seconds=self.seconds,
                limit=limit,
            )
            return {row.table_id for row in result}

    async def finished_with(self, table_ids: Iterable[int]) -> set[int]:
        """Of these tables, those with nothing left to run: closed, every message shown."""
        ids = list(table_ids)
        if not ids:
            return set()
        async with self.storage.reading() as db:
            rows = await run(
                db, f"SELECT t.id FROM game_tables t WHERE t.id IN :ids AND NOT {HAS_WORK}", ids=ids
            )
            return {row.id for row in rows}

    async def release(self, table_ids: Iterable[int] | None = None) -> None:
        """Give up leases (all of this process's, by default), so another process may take them at once."""
        async with self.storage.transaction() as db:
            if table_ids is None:
                await run(db, "DELETE FROM table_leases WHERE owner = :owner", owner=self.owner)
                return
            ids = list(table_ids)
            if ids:
                await run(
                    db,
                    "DELETE FROM table_leases WHERE owner = :owner AND table_id IN :ids",
                    owner=self.owner,
                    ids=ids,
                )

    async def holders(self) -> dict[int, str]:
        """Every lease and its owner (for tests and logs)."""
        async with self.storage.reading() as db:
            return {
                row.table_id: row.owner for row in await run(db, "SELECT table_id, owner FROM table_leases")
            }
