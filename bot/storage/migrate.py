"""Bringing a database's schema up to date, once, however many processes start together.

The migrations are Alembic's (`migrations/versions/`). They run inside one transaction that first takes a
lock: `pg_advisory_xact_lock` on PostgreSQL (released at commit, or when a killed process's connection
drops), `BEGIN IMMEDIATE` on SQLite. A second process starting at the same moment waits for the lock, then
finds nothing left to do. Within one process, migrations also wait for each other (`_in_turn`): Alembic keeps
its running migration in module globals, so two at once in one process would trip over each other. A
database already at the newest version skips Alembic's upgrade altogether. A SQLite database made before
Alembic (its `PRAGMA user_version` counted migrations 1–4, which are Alembic's 0001–0004) is stamped at its
revision first, then carried forward.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from dataclasses import dataclass
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

from .engine import WRITE
from .errors import StorageError
from .target import POSTGRESQL, SQLITE

MIGRATIONS = Path(__file__).with_name("migrations")
logging.getLogger("alembic.runtime.migration").setLevel(logging.WARNING)  # the store logs what it migrated
LEGACY_REVISIONS = 4  # user_version 1..4 written by the bot before Alembic: revisions 0001..0004
MIGRATION_LOCK = 0x7434325F6D6967  # any constant: the advisory lock key of "migrating the schema"
_turns: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = weakref.WeakKeyDictionary()


@dataclass(frozen=True)
class Migrated:
    """What `migrate` found and left: the schema version before and after (equal: nothing to do)."""

    before: int
    after: int


def alembic_config(connection: Connection | None = None) -> Config:
    """Alembic's configuration for the bot's migrations, on `connection` if given."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def head_revision() -> int:
    """The newest schema version this bot knows (the number of its last migration)."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return int(head)


async def migrate(engine: AsyncEngine, backend: str) -> Migrated:
    """Apply every migration the database lacks (under the migration lock)."""
    async with _in_turn(), engine.connect() as connection:
        writing = await connection.execution_options(**{WRITE: True})
        return await writing.run_sync(_migrate, backend)


def _in_turn() -> asyncio.Lock:
    """This process's lock on running Alembic (one per event loop)."""
    loop = asyncio.get_running_loop()
    lock = _turns.get(loop)
    if lock is None:
        lock = _turns[loop] = asyncio.Lock()
    return lock


async def schema_version(engine: AsyncEngine) -> int:
    """The schema version a database is at (0: none yet)."""
    async with engine.connect() as connection:
        current = await connection.run_sync(
            lambda sync: MigrationContext.configure(sync).get_current_revision()
        )
    return int(current) if current else 0


def _migrate(connection: Connection, backend: str) -> Migrated:
    with connection.begin():
        if backend == POSTGRESQL:
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config = alembic_config(connection)
        script = ScriptDirectory.from_config(config)
        head = script.get_current_head()
        current = MigrationContext.configure(connection).get_current_revision()
        before = int(current) if current else 0
        if current is None and backend == SQLITE:
            legacy = int(connection.exec_driver_sql("PRAGMA user_version").scalar() or 0)
            if legacy > LEGACY_REVISIONS:
                raise StorageError(
                    f"the database is at schema version {legacy}, newer than this bot ({head})"
                )
            if legacy:
                command.stamp(config, f"{legacy:04d}")
                before = legacy
        elif current is not None and current not in {rev.revision for rev in script.walk_revisions()}:
            raise StorageError(f"the database is at schema version {current}, newer than this bot ({head})")
        if current != head:
            command.upgrade(config, "head")
        assert head is not None
        if backend == SQLITE:  # so a bot from before Alembic refuses this database instead of misusing it
            connection.exec_driver_sql(f"PRAGMA user_version = {int(head)}")
    return Migrated(before, int(head))
