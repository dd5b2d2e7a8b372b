"""Hearing that another process changed a table: PostgreSQL's `LISTEN` on a connection of its own.

Every change's transaction sends `NOTIFY t42_tables, '<table>:<version>'`, delivered at commit. The feed
listens on a dedicated connection outside the pool (a pooled connection's reset would `UNLISTEN *` it). A
notification is only a hint: one sent while the connection is down is lost, so the owner also compares
versions on every tick, and the feed reconnects on the next tick after its connection dies.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from .postgres import CHANGES_CHANNEL
from .target import DatabaseTarget

log = logging.getLogger(__name__)
APPLICATION_NAME = "texas42-listen"  # how the connection shows in pg_stat_activity


class ChangeFeed:
    """Calls `on_change(table_id, version)` for every table change any process commits (PostgreSQL)."""

    def __init__(self, target: DatabaseTarget, on_change: Callable[[int, int], None]):
        self.target = target
        self.on_change = on_change
        self.connection: Any = None  # asyncpg.Connection while listening
        self.reconnects = 0

    @property
    def listening(self) -> bool:
        """True while the connection is up and listening."""
        return self.connection is not None and not self.connection.is_closed()

    async def check(self) -> bool:
        """Make sure the feed is listening (connecting again if its connection died); True if it had to
        (changes in between may have been missed: the caller compares versions anyway)."""
        if self.listening:
            return False
        if self.connection is not None:
            log.warning("the LISTEN connection was lost; connecting again")
            self.reconnects += 1
        try:
            await self._connect()
        except Exception as error:  # the database is away: the tick compares versions meanwhile
            log.warning("cannot LISTEN for table changes (%s); trying again next tick", error)
            self.connection = None
        return True

    async def _connect(self) -> None:
        import asyncpg

        connection = await asyncpg.connect(
            self.target.asyncpg_dsn(), server_settings={"application_name": APPLICATION_NAME}
        )
        await connection.add_listener(CHANGES_CHANNEL, self._heard)
        self.connection = connection

    def _heard(self, _connection: Any, _pid: int, _channel: str, payload: str) -> None:
        table, _, version = payload.partition(":")
        try:
            self.on_change(int(table), int(version))
        except ValueError:
            log.warning("ignoring a table-change notification I cannot read: %r", payload)
        except Exception:
            log.exception("handling a table-change notification failed")

    async def close(self) -> None:
        """Stop listening."""
        if self.connection is not None:
            connection, self.connection = self.connection, None
            try:
                await connection.close(timeout=2)
            except Exception:
                connection.terminate()
