"""Fixtures shared by every test folder: each preset of the engine (`preset`), a fresh database on each
backend (`backend`, `database_url`, copied from `sqlite_template` on SQLite) and a `storage` opened on it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Storage
from engine import PRESETS
from tests.databases import BACKENDS, POSTGRESQL, database_for, drop_postgres_database, migrated_sqlite_file

pytest_plugins = ["tests.simcord_fixtures"]  # the real bot on simcord, for tests/bot/discord and tests/e2e


@pytest.fixture(params=list(PRESETS))
def preset(request) -> str:
    """Each preset the engine knows (`engine.PRESETS`) in turn: a new preset is tested as soon as it exists."""
    return request.param


@pytest.fixture(params=BACKENDS)
def backend(request) -> str:
    """Each backend in turn: "sqlite", then "postgresql" (skipped without a server, failed under CI)."""
    return request.param


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory) -> Path:
    """A SQLite file the migrations brought to the newest schema, once per test process: each test's
    SQLite database is a copy of it."""
    return migrated_sqlite_file(tmp_path_factory.mktemp("sqlite-template") / "texas42.db")


@pytest.fixture
async def database_url(backend, tmp_path, sqlite_template):
    """A fresh, empty, migrated database of the test's backend: a SQLite path or a URL."""
    url = await database_for(backend, tmp_path, sqlite_template)
    yield url
    if backend == POSTGRESQL:
        await drop_postgres_database(url)


@pytest.fixture
async def storage(database_url: str) -> AsyncIterator[Storage]:
    """The bot's storage on the test's fresh database (each backend in turn), closed afterwards."""
    storage = await Storage.open(database_url)
    yield storage
    await storage.close()


def pytest_collection_modifyitems(config, items) -> None:
    """The multi-process tests (bot processes on shards sharing one PostgreSQL database: kills, leases) run
    one after another on one xdist worker: side by side they would crowd each other's leases and the 3 s
    answer they check."""
    for item in items:
        if "processes" in item.path.parts and "postgres_url" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("processes"))
