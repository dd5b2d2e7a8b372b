"""What a finished game leaves behind, so a month of play does not grow: once a table is over and every
message of it shown, its panels leave memory and the database, the outbox and the lanes let go of it, and
only the latest finished tables stay in memory (older ones are read again from the database if a click
asks for one, such as its Rematch). `benchmarks/month.py` measures the same over 10,000 hands."""

from __future__ import annotations

from bot.tables import registry
from tests.bot.table_driver import play_until_over, started_table


async def test_a_finished_game_leaves_no_panel_lane_or_outbox_entry(simcord_env):
    env = simcord_env
    channel, members, _ = await started_table(env, target=1, options="timer=off")
    assert await env.bot.storage.panels([1]), "each player has a panel while the game runs"
    await play_until_over(channel, members)
    await env.settle()
    assert await env.bot.storage.panels([1]) == [], "the finished game's panels left the database"
    assert not [key for key in env.bot.panels.panels if key[0] == 1]
    assert not [key for key in env.bot.delivery.lanes if key[0] == 1]
    assert 1 not in env.bot.outbox.seen and 1 not in env.bot.outbox.stamps
    assert env.bot.service.table(1) is not None, "the latest finished tables stay in memory"


async def test_only_the_latest_finished_tables_stay_in_memory(simcord_env, monkeypatch):
    env = simcord_env
    monkeypatch.setattr(registry, "KEEP_CLOSED", 1)
    first = await started_table(env, target=1, options="timer=off")
    await play_until_over(first[0], first[1])
    second = await started_table(env, target=1, options="timer=off")
    await play_until_over(second[0], second[1])
    await env.settle()
    assert env.bot.service.table(1) is None and env.bot.service.table(2) is not None
    again = await env.bot.service.find(1, ended_too=True)
    assert again is not None and again.status == "finished", "read again from the database when asked"


async def test_discord_py_keeps_no_view_for_the_messages_the_bot_sends(simcord_env):
    """Every button is answered by a dynamic item; a view discord.py kept for a message would be kept for
    good (the bot asks for no message events, so it never hears the message went): one a hand, a month on."""
    env = simcord_env
    channel, members, _ = await started_table(env, target=2, options="timer=off")
    await play_until_over(channel, members)
    store = env.bot._connection._view_store
    assert store._views == {} and store._synced_message_views == {}
