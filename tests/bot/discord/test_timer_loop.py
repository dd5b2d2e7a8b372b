"""The real background task: the bot checks its timers every few seconds by itself (simcord's virtual time)."""

from __future__ import annotations

import random

import pytest

from bot.discord.client import BotSettings, Texas42Bot
from bot.discord.delivery.sender import Limits
from tests.bot.table_driver import FakeClock, in_a_channel, open_and_seat, quick_player, table_message


@pytest.fixture
def simcord_bot(database):
    """A bot whose timer task runs every 5 (virtual) seconds, on a clock the test moves."""
    settings = BotSettings(
        database,
        computer_pause=0,
        warm_up_computers=False,
        tick_seconds=5,
        shard_count=1,
        limits=Limits.none(),
    )
    return Texas42Bot(settings, rng=random.Random(1), player_factory=quick_player, clock=FakeClock())


async def test_the_background_task_closes_an_idle_table_by_itself(simcord_env):
    env = simcord_env
    bot = env.bot
    await env.settle()
    assert bot._timers is not None and bot._timers.is_running()
    _, channel, [alice] = in_a_channel(env, "alice")
    await open_and_seat(env, channel, alice, [alice], options="idle=1h")
    bot.clock.advance(3599)
    await env.advance_time(6)
    assert bot.service.table(1).status == "lobby"
    bot.clock.advance(2)
    await env.advance_time(6)
    assert bot.service.table(1).status == "ended"
    assert "nobody played for 1 hour" in table_message(channel).content
