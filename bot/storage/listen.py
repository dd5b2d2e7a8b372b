"""Hearing that another process changed a table: PostgreSQL's `LISTEN` on a connection of its own, which
also holds this process's name.

Every change's transaction sends `NOTIFY t42_tables, '<table>:<version>'`, delivered at commit. The feed
listens on a dedicated connection outside the pool (a pooled connection's reset would `UNLISTEN *` it). A
notification is only a hint: one sent while the connection is down is lost, so the owner also compares
versions on every tick, and the feed reconnects on the next tick after its connection dies (the log says
once that it is lost and once that it listens again).

The same connection holds a session advisory lock on the process's name (`PROCESS_ID`) for as long as it
lives: a second process with the same name is refused (`NameTaken`), since two processes sharing a name
would each take the other's leases for its own. A process that dies lets go of it with its connection, so
a restarted process takes its name, and its tables, back at once.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from .errors import StorageError
from .postgres import CHANGES_CHANNEL
from .target import DatabaseTarget

log = logging.getLogger(__name__)
APPLICATION_NAME = "texas42-listen"  # how the connection shows in pg_stat_activity
NAMES_LOCK = 0x74343270  # the advisory lock's first key ("t42p"); the second is the name's hash
# The server drops the connection of a machine that vanished within about 11 s (PostgreSQL's own default
# waits two hours), so the name it held is free for its restart (no effect on a Unix socket).
KEEPALIVES = {"tcp_keepalives_idle": "5", "tcp_keepalives_interval": "2", "tcp_keepalives_count": "3"}
NAME_WAIT_S = 15.0  # at start-up, how long a process waits for its name to be let go of


class NameTaken(StorageError):
    """Another live process on the database has this process's name (PROCESS_ID)."""

    def __init__(self, name: str):
        super().__init__(
            f"another process is running as PROCESS_ID={name} on this database: give each process its own "
            "SHARD_IDS (the default PROCESS_ID is named after them) or its own PROCESS_ID"
        )
        self.name = name


class ChangeFeed:
    """Calls `on_change(table_id, version)` for every table change any process commits (PostgreSQL)."""

    def __init__(
        self, target: DatabaseTarget, on_change: Callable[[int, int], None], name: str | None = None
    ):
        self.target = target
        self.on_change = on_change
        self.name = name  # this process's name, held while the connection lives (None: not claimed)
        self.connection: Any = None  # asyncpg.Connection while listening
        self.reconnects = 0
        self._away = False  # the connection is lost and not back yet (said once in the log)

    @property
    def listening(self) -> bool:
        """True while the connection is up and listening."""
        return self.connection is not None and not self.connection.is_closed()

    async def check(self) -> bool:
        """Make sure the feed is listening (connecting again if its connection died); True if it had to
        (changes in between may have been missed: the caller compares versions anyway). `NameTaken` if
        another process holds this process's name."""
        if self.listening:
            return False
        if self.connection is not None:
            log.warning("the LISTEN connection was lost; connecting again every tick")
            self.reconnects += 1
            self.connection = None
            self._away = True
        try:
            await self._connect()
        except NameTaken:
            raise
        except Exception as error:  # the database is away: the tick compares versions meanwhile
            if not self._away:
                log.warning("cannot LISTEN for table changes (%s); trying again every tick", error)
                self._away = True
            return True
        if self._away:
            log.warning("listening for table changes again")
            self._away = False
        return True

    async def start(self, wait_s: float = NAME_WAIT_S) -> None:
        """Listen, holding this process's name: a process with this name that has just died may hold it
        for a few seconds more, so wait up to `wait_s` for it; then `NameTaken`."""
        deadline = time.monotonic() + wait_s
        said = False
        while True:
            try:
                await self.check()
                return
            except NameTaken:
                if time.monotonic() >= deadline:
                    raise
                if not said:
                    log.warning(
                        "PROCESS_ID=%s is held by another process; waiting up to %.0f s for it to let go",
                        self.name,
                        wait_s,
                    )
                    said = True
                await asyncio.sleep(0.5)

    async def _connect(self) -> None:
        import asyncpg

        connection = await asyncpg.connect(
            self.target.asyncpg_dsn(), server_settings={"application_name": APPLICATION_NAME, **KEEPALIVES}
        )
        try:
            if self.name is not None and not await connection.fetchval(
                "SELECT pg_try_advisory_lock($1, hashtext($2))", NAMES_LOCK, self.name
            ):
                raise NameTaken(self.name)
            await connection.add_listener(CHANGES_CHANNEL, self._heard)
        except BaseException:
            connection.terminate()
            raise
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
