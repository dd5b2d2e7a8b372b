"""Computer seats, `My hand`, and players whose DMs are closed."""

from __future__ import annotations

from tests.bot.table_driver import (
    buttons,
    channel_message,
    choose,
    enabled_actions,
    in_a_channel,
    open_and_seat,
    play_until_over,
    reply,
)


async def test_one_member_and_three_computers_play_a_game(simcord_env):
    env = simcord_env
    _, channel, [alice] = in_a_channel(env, "alice")

    table = await open_and_seat(env, channel, alice, [alice], target=1, options="computers=easy")
    for _ in range(3):
        await alice.click(table, label="Add computer")
    lobby = channel_message(channel, table.id)
    assert "Computer East" in lobby.content and "Computer West" in lobby.content
    assert "Computer players: easy" in lobby.content
    assert next(b for b in buttons(lobby) if b.label == "Add computer").disabled

    await alice.click(lobby, label="Start")
    final = await play_until_over(channel, [alice], table.id)
    assert "win" in final.content


async def test_host_removes_a_computer_with_leave_and_nothing_is_tallied(simcord_env):
    env = simcord_env
    _, channel, [alice, bob] = in_a_channel(env, "alice", "bob")

    table = await open_and_seat(env, channel, alice, [bob])
    await alice.click(table, label="Add computer")
    assert "Computer East" in channel_message(channel, table.id).content
    await alice.click(table, label="Leave")  # the unseated host takes the computer back
    assert "Computer East" not in channel_message(channel, table.id).content
    await bob.click(table, label="Leave")
    assert f"<@{bob.id}>" not in channel_message(channel, table.id).content.split("**Rules**")[0]

    ended = await alice.slash(channel, "42 end")
    assert ended.ephemeral
    assert "ended" in channel_message(channel, table.id).content
    board = await bob.slash(channel, "42 leaderboard")
    assert "No finished games" in reply(board).content


async def test_closed_dms_are_reported_and_the_player_plays_through_my_hand(simcord_env):
    env = simcord_env
    _, channel, [alice] = in_a_channel(env, "alice")
    env.inject_error(
        "POST", f"/channels/{alice.user.dm_channel.id}/messages", status=403, code=50007,
        message="Cannot send messages to this user", times=None,
    )

    table = await open_and_seat(env, channel, alice, [alice], target=1)
    for _ in range(3):
        await alice.click(table, label="Add computer")
    await alice.click(table, label="Start")
    playing = channel_message(channel, table.id)
    assert f"I can't DM <@{alice.id}>" in playing.content and "My hand" in playing.content
    assert alice.user.dm_channel.last_message is None

    for _ in range(100):
        current = channel_message(channel, table.id)
        if any(b.label == "Rematch" for b in buttons(current)):
            break
        shown = await alice.click(current, label="My hand")
        assert shown.ephemeral
        shown_reply = reply(shown)
        assert shown_reply.attachments, "the hand comes as a picture"
        controls = enabled_actions(shown_reply)
        assert controls, f"alice should be on turn whenever computers have finished: {shown_reply.content}"
        acted = await alice.click(shown_reply, custom_id=choose(controls).custom_id)
        assert acted.acknowledged
    else:
        raise AssertionError("the game did not end")
    assert "win" in channel_message(channel, table.id).content


async def test_without_attach_files_the_table_is_shown_in_text(simcord_env):
    env = simcord_env
    _, channel, [alice] = in_a_channel(env, "alice")
    table = await open_and_seat(env, channel, alice, [alice], target=1)
    for _ in range(3):
        await alice.click(table, label="Add computer")
    env.inject_error(
        "PATCH", f"/channels/{channel.id}/messages/{table.id}", status=403, code=50013, message="Missing Permissions"
    )

    mark = len(env.http_requests)

    await alice.click(table, label="Start")

    edits = [r for r in env.http_requests[mark:] if r.method == "PATCH" and r.path.endswith(f"/messages/{table.id}")]
    refused, retried = edits[0], edits[1]
    assert refused.json.get("attachments") and retried.json.get("attachments") == []
    assert "Marks: N–S 0 · E–W 0" in retried.json["content"]
    assert "Marks: N–S" in channel_message(channel, table.id).content
