"""Fresh databases for tests, on either backend, each already at the newest schema.

SQLite: a file in the test's temporary folder, copied from a template the migrations made once per test
process (`sqlite_template`; Alembic's upgrade of an empty file costs more than most tests that use one).
PostgreSQL: the server named by `TEST_DATABASE_URL` (CI starts a throwaway one on a Unix socket, see
`.ci/run`); each test gets its own database, copied from a template migrated once per run (`CREATE
DATABASE … TEMPLATE`), and dropped afterwards. Without `TEST_DATABASE_URL` the PostgreSQL variants are
skipped, except under `CI=true`, where they fail: a green CI must never hide a missing server.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from sqlalchemy.engine import URL

SQLITE, POSTGRESQL = "sqlite", "postgresql"
BACKENDS = (SQLITE, POSTGRESQL)
TEMPLATE = f"t42_template_{os.getpid()}"
_numbers = itertools.count(1)
_template_ready = False
_template_lock: tuple[asyncio.AbstractEventLoop, asyncio.Lock] | None = None


def server_url() -> str:
    """The PostgreSQL server for tests; skips (fails under CI=true) when there is none."""
    url = os.environ.get("TEST_DATABASE_URL", "").strip()
    if not url:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("TEST_DATABASE_URL is not set under CI=true: the PostgreSQL leg must run, not skip")
        pytest.skip("TEST_DATABASE_URL is not set (no PostgreSQL server for the PostgreSQL variants)")
    return url


def make_url(url: str) -> URL:
    """SQLAlchemy's reading of `url` (imported here: pytest's controller loads this module, and starts its
    workers sooner without the bot's storage and SQLAlchemy)."""
    from sqlalchemy.engine import make_url as read

    return read(url)


def _with_database(url: str, name: str) -> str:
    return make_url(url).set(database=name).render_as_string(hide_password=False)


async def _admin(url: str, *statements: str) -> None:
    import asyncpg

    connection = await asyncpg.connect(_with_database(url, "postgres"))
    try:
        for sql in statements:
            await connection.execute(sql)
    finally:
        await connection.close()


async def fresh_postgres_database() -> str:
    """A new, migrated, empty database on the test server; its URL."""
    global _template_ready, _template_lock
    url = server_url()
    loop = asyncio.get_running_loop()
    if _template_lock is None or _template_lock[0] is not loop:  # a test's databases may be made side by side
        _template_lock = (loop, asyncio.Lock())
    async with _template_lock[1]:
        if not _template_ready:
            await _admin(
                url, f"DROP DATABASE IF EXISTS {TEMPLATE} WITH (FORCE)", f"CREATE DATABASE {TEMPLATE}"
            )
            from bot.storage import Storage

            storage = await Storage.open(_with_database(url, TEMPLATE))  # migrate the template once
            await storage.close()
            _template_ready = True
    name = f"t42_{os.getpid()}_{next(_numbers)}"
    await _admin(url, f"CREATE DATABASE {name} TEMPLATE {TEMPLATE} STRATEGY FILE_COPY")
    return _with_database(url, name)


async def drop_postgres_database(database_url: str) -> None:
    """Drop a test database (ending any connection still open to it)."""
    name = make_url(database_url).database
    await _admin(server_url(), f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def migrated_sqlite_file(path: Path) -> Path:
    """`path`, an empty SQLite file brought to the newest schema by the bot's own migrations (on an event
    loop of its own, apart from any test's); a template to copy."""

    from bot.storage import Storage

    async def migrate() -> None:
        storage = await Storage.open(path)
        await storage.close()

    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, migrate()).result()
    leftovers = sorted(p.name for p in path.parent.iterdir() if p != path)
    assert not leftovers, (
        f"the closed template still has {leftovers}: a copy of the file alone would lose them"
    )
    return path


def fresh_sqlite_database(template: Path, tmp_path: Path) -> Path:
    """A fresh SQLite database for one test, in its temporary folder: a copy of the migrated `template`.
    (The migrations themselves run on empty and old files in tests/bot/storage/test_migrations.py.)"""
    path = tmp_path / "texas42.db"
    shutil.copyfile(template, path)
    return path


async def database_for(backend: str, tmp_path: Path, sqlite_template: Path) -> str:
    """A fresh, migrated database of `backend` for one test: a SQLite path, or a PostgreSQL URL."""
    if backend == SQLITE:
        return str(fresh_sqlite_database(sqlite_template, tmp_path))
    return await fresh_postgres_database()
