"""Bringing a database's schema up to date, once, however many processes start together.

The migrations are Alembic's (`migrations/versions/`). They run inside one transaction that first takes the
driver's schema lock (`pg_advisory_xact_lock` on PostgreSQL, released at commit or when a killed process's
connection drops; on SQLite, `BEGIN IMMEDIATE` is one). A second process starting at the same moment waits
for the lock, then finds nothing left to do. Within one process, migrations also wait for each other
(`_in_turn`): Alembic keeps its running migration in module globals, so two at once in one process would
trip over each other. A database already at the newest version skips Alembic's upgrade altogether. A SQLite
database made before Alembic (its `PRAGMA user_version` counted migrations 1–4, which are Alembic's
0001–0004) is stamped at its revision first, then carried forward. A database newer than this bot is left
as it is, and `Migrated` says why (the store refuses it, in one line).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import weakref
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncConnection

MIGRATIONS = Path(__file__).with_name("migrations")
logging.getLogger("alembic.runtime.migration").setLevel(logging.WARNING)  # the store logs what it migrated
LEGACY_REVISIONS = 4  # user_version 1..4 written by the bot before Alembic: revisions 0001..0004
_turns: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = weakref.WeakKeyDictionary()


@dataclass(frozen=True)
class Migrated:
    """What `migrate` found and left: the schema version before and after (equal: nothing to do), and
    why the database was left alone if it was refused."""

    before: int
    after: int
    refused: str | None = None


class SchemaHooks(Protocol):
    """What differs between backends in migrating (the store's driver gives these)."""

    def connect(self, *, write: bool = False) -> AbstractAsyncContextManager[AsyncConnection]:
        """A connection, no transaction begun yet (with `write`, the one it begins will write)."""

    def lock_schema(self, connection: Connection) -> None:
        """Take the lock that lets one process at a time migrate."""

    def legacy_revision(self, connection: Connection) -> int:
        """The schema version the bot wrote before Alembic (0: none)."""

    def mark_revision(self, connection: Connection, revision: int) -> None:
        """Leave the schema version where a bot from before Alembic would look for it."""


def alembic_config(connection: Connection | None = None) -> Config:
    """Alembic's configuration for the bot's migrations, on `connection` if given."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


@functools.cache
def _scripts() -> ScriptDirectory:
    """The migration scripts, read once per process: Alembic reads every file again for each directory it
    makes, so each store opened on a database already up to date would (the files never change meanwhile)."""
    return ScriptDirectory.from_config(alembic_config())


def head_revision() -> int:
    """The newest schema version this bot knows (the number of its last migration)."""
    head = _scripts().get_current_head()
    assert head is not None
    return int(head)


async def migrate(hooks: SchemaHooks) -> Migrated:
    """Apply every migration the database lacks (under the migration lock)."""
    async with _in_turn(), hooks.connect(write=True) as connection:
        return await connection.run_sync(_migrate, hooks)


def _in_turn() -> asyncio.Lock:
    """This process's lock on running Alembic (one per event loop)."""
    loop = asyncio.get_running_loop()
    lock = _turns.get(loop)
    if lock is None:
        lock = _turns[loop] = asyncio.Lock()
    return lock


async def schema_version(connection: AsyncConnection) -> int:
    """The schema version a database is at (0: none yet)."""
    current = await connection.run_sync(lambda sync: MigrationContext.configure(sync).get_current_revision())
    return int(current) if current else 0


def _migrate(connection: Connection, hooks: SchemaHooks) -> Migrated:
    with connection.begin():
        hooks.lock_schema(connection)
        config = alembic_config(connection)
        script = _scripts()
        head = script.get_current_head()
        current = MigrationContext.configure(connection).get_current_revision()
        assert head is not None
        before = int(current) if current else 0
        legacy = hooks.legacy_revision(connection) if current is None else 0
        if legacy > LEGACY_REVISIONS or (
            current is not None and current not in {rev.revision for rev in script.walk_revisions()}
        ):
            found = legacy or current
            return Migrated(
                before, before, f"the database is at schema version {found}, newer than this bot ({head})"
            )
        if legacy:
            command.stamp(config, f"{legacy:04d}")
            before = legacy
        if current != head:
            command.upgrade(config, "head")
        hooks.mark_revision(connection, int(head))
    return Migrated(before, int(head))
