"""A bot started as a process sets its start-up's objects aside from full garbage collections once it is up
(bot/discord/heap.py); a bot in a test leaves the test process's collector alone."""

from __future__ import annotations

import gc
from dataclasses import replace

import pytest

from bot.config import Config
from bot.discord import heap
from bot.discord.client import BotSettings
from tests.bot.table_driver import make_bot


@pytest.fixture
def frozen(monkeypatch) -> list[str]:
    """Calls to the collector's freeze, recorded instead of made (the test process stays as it is)."""
    calls: list[str] = []

    def collect(*generation: int) -> int:
        calls.append("collect")
        return 0

    monkeypatch.setattr(heap.gc, "freeze", lambda: calls.append("freeze"))
    monkeypatch.setattr(heap.gc, "collect", collect)
    return calls


def test_a_process_freezes_its_start_up_and_a_test_bot_does_not():
    config = Config.from_env({"DISCORD_TOKEN": "token"}, load_dotenv_file=False)
    assert BotSettings.from_config(config).freeze_start_up
    assert not BotSettings("bot.db").freeze_start_up


def test_freezing_collects_first_then_freezes(frozen):
    assert heap.freeze_start_up() == gc.get_freeze_count()
    assert frozen == ["collect", "freeze"]  # garbage of the start-up is not kept for good


async def test_the_bot_freezes_once_it_is_up(database, frozen):
    import simcord

    bot = make_bot(database)
    bot.settings = replace(bot.settings, freeze_start_up=True)
    env = simcord.Env(bot)
    await env.start()
    try:
        await env.settle()
        assert bot._resumed and frozen == ["collect", "freeze"]
    finally:
        await env.shutdown()
        await bot.storage.close()
