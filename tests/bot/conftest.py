"""Fixtures for the bot's integration tests: a real bot on a simulated Discord (simcord), seeded and instant."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.client import BotSettings, Texas42Bot
from engine.ai import make_player


def quick_player(level: str, seed: int | None):
    """Computer players for tests: "strong" plays as "random" (instant, and independent of the strong
    player's progress); other levels are the real ones."""
    return make_player("random" if level == "strong" else level, seed)


def make_bot(database: Path, seed: int = 42) -> Texas42Bot:
    """A bot with its own database file, a seeded shuffle, quick computer players and no computer pause."""
    settings = BotSettings(database, computer_pause=0, warm_up_computers=False)
    return Texas42Bot(settings, rng=random.Random(seed), player_factory=quick_player)


@pytest.fixture
def database(tmp_path: Path) -> Path:
    """A fresh SQLite file for one test."""
    return tmp_path / "texas42.db"


@pytest.fixture
async def simcord_bot(database: Path):
    """The bot under test (simcord's `simcord_env` fixture runs it)."""
    bot = make_bot(database)
    yield bot
    storage = getattr(bot, "storage", None)
    if storage is not None:
        await storage.close()
