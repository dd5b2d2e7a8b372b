"""Fixtures for tests with several bot processes: a fresh PostgreSQL database each (these tests need
PostgreSQL: skipped without TEST_DATABASE_URL, failed under CI=true), and the stand-in for Discord."""

from __future__ import annotations

import pytest

from tests.databases import drop_postgres_database, fresh_postgres_database
from tests.processes.cluster import LIMITS
from tests.standin import DiscordStandIn


@pytest.fixture
async def postgres_url():
    """A fresh, migrated database on the test server."""
    url = await fresh_postgres_database()
    yield url
    await drop_postgres_database(url)


@pytest.fixture
async def standin():
    """The stand-in for Discord, seeded (ids repeat from run to run)."""
    async with DiscordStandIn(seed=1, limits=LIMITS) as discord:
        yield discord
