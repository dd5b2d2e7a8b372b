"""Discord failing while the bot sends: a 403 on a DM, a 404 on a deleted table message, a 429 or a 5xx.
The game state is saved first; the message is sent again or re-posted, and the game goes on."""

from __future__ import annotations

import asyncio

import discord
import pytest

from bot.discord.delivery import sender
from bot.show.screens import Post
from engine import write_record
from tests.bot.table_driver import (
    buttons,
    channel_message,
    enabled_actions,
    in_a_channel,
    member_on_turn,
    play_until_over,
    reply,
    run_as_bot,
    show_now,
    spend_tokens,
    started_table,
    table_message,
    take_turn,
)


async def test_a_deleted_table_message_is_posted_again(simcord_env):
    env = simcord_env
    channel, members, table = await started_table(env, target=1, options="timer=off")
    spend_tokens(env)
    await env.bot.get_channel(channel.id).get_partial_message(table.id).delete()
    assert await take_turn(members)
    state = env.bot.service.table(1)
    assert state.message_id != table.id
    reposted = channel_message(channel, state.message_id)
    assert "My hand" in [b.label for b in buttons(reposted)]
    row = await env.bot.storage.load_table(1)
    assert row.message_id == state.message_id, "the new message is remembered across restarts"
    final = await play_until_over(channel, members)
    assert "win" in final.content


async def test_server_errors_and_rate_limits_on_the_table_message_are_retried(simcord_env):
    env = simcord_env
    channel, members, table = await started_table(env, target=1, options="timer=off")
    spend_tokens(env)
    state = env.bot.service.table(1)
    for status in (429, 500, 503):
        env.inject_error("PATCH", f"/channels/{channel.id}/messages/{table.id}", status=status, times=1)
        before = write_record(state.hand)
        assert await take_turn(members)
        assert write_record(state.hand) != before, "the action is saved although the message failed"
        assert env.bot.delivery.pending() == {(1, None): 1}, "the table message waits for the next tick"
        shown = table_message(channel).content
        await run_as_bot(env, env.bot.tick())
        assert env.bot.delivery.pending() == {}
        assert table_message(channel).content != shown or "Turn:" in shown


async def test_a_dm_refused_for_a_moment_is_sent_again_with_its_controls(simcord_env):
    env = simcord_env
    channel, members, table = await started_table(env, target=1, options="timer=off")
    spend_tokens(env)
    player = member_on_turn(channel, members)
    dm_channel = player.user.dm_channel
    # The next DM to whoever is on turn after this move fails once with a 503.
    state = env.bot.service.table(1)
    mover = member_on_turn(channel, members)
    next_seat = (state.turn() + 1) % 4
    target = members[next_seat]
    env.inject_error("POST", f"/channels/{target.user.dm_channel.id}/messages", status=503, times=1)
    assert await take_turn([mover])
    assert state.turn() == next_seat
    assert (1, target.id) in env.bot.delivery.pending()
    assert not enabled_actions(target.user.dm_channel.last_message)
    await run_as_bot(env, env.bot.tick())
    assert enabled_actions(target.user.dm_channel.last_message), "the controls went out on the retry"
    assert dm_channel is not None


async def test_a_dm_refused_with_403_points_to_my_hand_and_the_game_goes_on(simcord_env):
    env = simcord_env
    channel, members, table = await started_table(env, target=1, options="timer=off")
    spend_tokens(env)
    state = env.bot.service.table(1)
    next_seat = (state.turn() + 1) % 4
    target = members[next_seat]
    env.inject_error("POST", f"/channels/{target.user.dm_channel.id}/messages", status=403, times=None)
    mover = member_on_turn(channel, members)
    assert await take_turn([mover])
    assert state.seats[next_seat].dm_closed
    assert "My hand" in table_message(channel).content
    answer = await target.click(table_message(channel), label="My hand")
    controls = enabled_actions(reply(answer))
    assert controls
    clicked = await target.click(reply(answer), custom_id=controls[0].custom_id)
    assert clicked.acknowledged and state.turn() != next_seat


async def test_a_channel_post_refused_for_a_moment_is_posted_again(simcord_env):
    env = simcord_env
    channel, members, table = await started_table(env, target=1, options="timer=off")
    spend_tokens(env)
    state = env.bot.service.table(1)
    for status in (429, 503):
        line = f"A notice after a {status}."
        env.inject_error("POST", f"/channels/{channel.id}/messages", status=status, times=1)
        await show_now(env, state, Post(line))
        assert env.bot.delivery.pending() == {(1, None): 1}
        assert line not in [m.content for m in channel.history()]
        await run_as_bot(env, env.bot.tick())
        assert env.bot.delivery.pending() == {}
        assert line in [m.content for m in channel.history()]


async def test_a_channel_post_refused_for_good_is_not_retried(simcord_env):
    env = simcord_env
    channel, members, table = await started_table(env, target=1, options="timer=off")
    spend_tokens(env)
    env.inject_error("POST", f"/channels/{channel.id}/messages", status=403, times=1)
    await show_now(env, env.bot.service.table(1), Post("Never seen."))
    assert env.bot.delivery.pending() == {}
    assert "Never seen." not in [m.content for m in channel.history()]


async def test_a_new_table_whose_first_post_meets_a_server_error_stays_open(simcord_env):
    env = simcord_env
    _, channel, [host] = in_a_channel(env, "alice")
    env.inject_error("POST", f"/channels/{channel.id}/messages", status=503, times=2)
    result = await host.slash(channel, "42 new")
    assert result.acknowledged and "Discord is slow" in reply(result).content
    state = env.bot.service.table(1)
    assert state.status == "lobby" and env.bot.delivery.pending() == {(1, None): 1}
    await run_as_bot(env, env.bot.tick())
    assert env.bot.delivery.pending() == {}
    assert "Sit North" in [b.label for b in buttons(channel.last_message)]


async def test_a_table_message_edit_takes_its_room_in_the_budget_only_once_its_picture_is_drawn(
    simcord_env, monkeypatch
):
    """Room taken before a wait in the pictures' queue would be spent late, bunched with later requests
    (Discord's global limit counts them when they arrive)."""
    import bot.discord.delivery.table_message as table_message_module
    from bot.discord.delivery.sender import EDIT

    env = simcord_env
    channel, members, _ = await started_table(env, target=1, options="timer=off")
    spend_tokens(env)  # edits go through the channel, within the budget
    steps: list[tuple[str, str]] = []  # (the lane's task, what it did)
    budget, real_draw = env.bot.budget, table_message_module.draw
    real_acquire = budget.acquire

    def lane() -> str:
        task = asyncio.current_task()
        return task.get_name() if task is not None else ""

    async def acquire(table_id, channel_id=None, kind=None):
        steps.append((lane(), f"room {kind} in {channel_id}"))
        await real_acquire(table_id, channel_id, kind)

    async def draw(screen, *, urgent=False):
        steps.append((lane(), "draw"))
        return await real_draw(screen, urgent=urgent)

    monkeypatch.setattr(budget, "acquire", acquire)
    monkeypatch.setattr(table_message_module, "draw", draw)
    for _ in range(3):
        assert await take_turn(members)
    table_lane = [what for name, what in steps if name.endswith("-lane-channel")]
    edits = [i for i, what in enumerate(table_lane) if what == f"room {EDIT} in {channel.id}"]
    assert edits, "the table message was edited through the channel"
    assert all(i > 0 and table_lane[i - 1] == "draw" for i in edits), table_lane


async def test_a_request_discord_never_answers_is_given_up_and_the_game_goes_on(simcord_env, monkeypatch):
    # discord.py would wait five minutes; the sender gives a request REQUEST_TIMEOUT (then a lane tries its
    # work again at the next tick, as it does a request Discord refused for a moment: test_live_panels)
    env = simcord_env
    _, members, _ = await started_table(env, target=1, options="timer=off")
    monkeypatch.setattr(sender, "REQUEST_TIMEOUT", 0.05)
    hung: list[int] = []
    real_edit = discord.Webhook.edit_message

    async def never_answered(self, message_id, **fields):
        if not hung:  # the first edit through a token hangs; Discord answers the ones after
            hung.append(message_id)
            await asyncio.Event().wait()
        return await real_edit(self, message_id, **fields)

    monkeypatch.setattr(discord.Webhook, "edit_message", never_answered)
    with pytest.raises(TimeoutError):
        await sender.DiscordSender(env.bot, env.bot.budget).edit_by_token(1, "token", 7, content="x")
    assert hung == [7]
    assert await take_turn(members)  # the next requests are answered
