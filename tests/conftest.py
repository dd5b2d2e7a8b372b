"""Fixtures shared by every test folder: each preset of the engine (`preset`), a fresh database on each
backend (`backend`, `database_url`, copied from `sqlite_template` on SQLite) and a `storage` opened on it."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from _pytest.mark.expression import Expression
from hypothesis import settings

from engine import PRESETS
from tests.databases import BACKENDS, POSTGRESQL, database_for, drop_postgres_database, migrated_sqlite_file

if TYPE_CHECKING:
    from bot.storage import Storage

pytest_plugins = ["tests.simcord_fixtures"]  # the real bot on simcord, for tests/bot/discord and tests/e2e

# Every property draws the same examples each run (a failure in CI is a failure at home), and keeps no
# database of past failures between runs; a test's own settings still say how many examples it draws.
settings.register_profile("suite", derandomize=True, database=None, deadline=None)
settings.load_profile("suite")
QUICK_LOOP_SHARE = 4  # the quick loop draws a quarter of each property's examples (at least QUICK_LOOP_LEAST)
QUICK_LOOP_LEAST = 10


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
    from bot.storage import Storage  # here: pytest's controller loads this file, and starts workers sooner

    storage = await Storage.open(database_url)
    yield storage
    await storage.close()


def _slow_left_out(config) -> bool:
    """Whether this run leaves the `slow` tests out (the quick loop, `-m "not slow"`)."""
    markexpr = config.getoption("markexpr")

    def slow_only(mark: str, /, **_: str | int | bool | None) -> bool:
        return mark == "slow"

    return bool(markexpr) and not Expression.compile(markexpr).evaluate(slow_only)


def pytest_collection_modifyitems(config, items) -> None:
    """The multi-process tests (bot processes on shards sharing one PostgreSQL database: kills, leases) run
    one after another on one xdist worker: side by side they would crowd each other's leases and the 3 s
    answer they check. In the quick loop each property draws a quarter of its examples (the whole suite,
    and CI, draw them all)."""
    if _slow_left_out(config):
        _fewer_examples(items)
    for item in items:
        if "processes" in item.path.parts and "postgres_url" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("processes"))


WHOLE_SUITE_WORKERS = 2  # one per core on the 2-core machines we target: more crowd the process-based tests
QUICK_LOOP_WORKERS = 3  # no slow tests: one more, so both cores stay busy while a worker waits


def pytest_xdist_auto_num_workers(config) -> int:
    """The workers `-n auto` (pyproject's addopts) starts: the whole suite runs one per core, as its bot
    processes and their 3 s answers need the rest; a run that leaves the `slow` tests out (the quick loop,
    `-m "not slow"`) is all in-process and spends about a tenth of each worker's time waiting on its
    picture and database threads, which a third worker fills (on 2 cores: 66 s -> 60 s).
    PYTEST_XDIST_AUTO_NUM_WORKERS still decides where it is set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return int(os.environ["PYTEST_XDIST_AUTO_NUM_WORKERS"])
    return QUICK_LOOP_WORKERS if _slow_left_out(config) else WHOLE_SUITE_WORKERS


def _fewer_examples(items) -> None:
    """A quarter of each hypothesis test's examples (once per test function: parametrized tests share it)."""
    done: set[int] = set()
    for item in items:
        test: Any = getattr(item, "obj", None)
        chosen = getattr(test, "_hypothesis_internal_use_settings", None)  # what its @settings chose
        if chosen is None or id(test) in done:
            continue
        done.add(id(test))
        fewer = max(QUICK_LOOP_LEAST, chosen.max_examples // QUICK_LOOP_SHARE)
        test._hypothesis_internal_use_settings = settings(
            chosen, max_examples=min(fewer, chosen.max_examples)
        )
