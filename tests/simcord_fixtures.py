"""Fixtures for the tests that drive the real bot on a simulated Discord (simcord), seeded and instant: the bot's
adapter tests (tests/bot/discord) and the end-to-end games (tests/e2e). simcord's own `simcord_env` fixture
runs the bot `simcord_bot` gives it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.table_driver import make_bot
from tests.databases import fresh_sqlite_database


@pytest.fixture
def database(tmp_path: Path, sqlite_template: Path) -> Path:
    """A fresh SQLite file for one test, already migrated (a copy of `sqlite_template`)."""
    return fresh_sqlite_database(sqlite_template, tmp_path)


@pytest.fixture
async def simcord_bot(database: Path):
    """The bot under test (simcord's `simcord_env` fixture runs it)."""
    bot = make_bot(database)
    yield bot
    storage = getattr(bot, "storage", None)
    if storage is not None:
        await storage.close()
