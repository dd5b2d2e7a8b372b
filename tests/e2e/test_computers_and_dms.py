"""Computer seats, `My hand`, and players whose DMs are closed."""

from __future__ import annotations

from tests.bot.table_driver import (
    buttons,
    choose,
    enabled_actions,
    in_a_channel,
    open_and_seat,
    play_until_over,
    reply,
    table_message,
    take_turn,
)


async def test_one_member_and_three_computers_play_a_game(simcord_env):
    env = simcord_env
    _, channel, [alice] = in_a_channel(env, "alice")

    table = await open_and_seat(env, channel, alice, [alice], target=1, options="computers=easy")
    for _ in range(3):
        await alice.click(table, label="Add computer")
    lobby = table_message(channel)
    names = [
        line.split(": ", 1)[1]
        for line in lobby.content.splitlines()
        if line.startswith(("**East**", "**South**", "**West**"))
    ]
    assert len(set(names)) == 3 and all(name.endswith(" (computer)") for name in names), names
    assert "Computer" not in " ".join(names), "computers have names of their own"
    assert "Computer players: easy" in lobby.content
    assert next(b for b in buttons(lobby) if b.label == "Add computer").disabled

    await alice.click(lobby, label="Start")
    final = await play_until_over(channel, [alice])
    assert "win" in final.content


async def test_host_removes_a_computer_with_leave_and_nothing_is_tallied(simcord_env):
    env = simcord_env
    _, channel, [alice, bob] = in_a_channel(env, "alice", "bob")

    table = await open_and_seat(env, channel, alice, [bob])
    await alice.click(table, label="Add computer")
    east = table_message(channel).content.split("**East**: ")[1].split("\n")[0]
    assert east.endswith(" (computer)")
    await alice.click(table, label="Leave")  # the unseated host takes the computer back
    assert "(computer)" not in table_message(channel).content
    await bob.click(table, label="Leave")
    assert f"<@{bob.id}>" not in table_message(channel).content.split("**Rules**")[0]

    ended = await alice.slash(channel, "42 end")
    assert ended.ephemeral
    assert "ended" in table_message(channel).content
    board = await bob.slash(channel, "42 leaderboard")
    assert "No finished games" in reply(board).content


async def test_closed_dms_are_reported_and_the_player_plays_through_my_hand(simcord_env):
    env = simcord_env
    _, channel, [alice] = in_a_channel(env, "alice")
    env.inject_error(
        "POST",
        f"/channels/{alice.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )

    table = await open_and_seat(env, channel, alice, [alice], target=1)
    for _ in range(3):
        await alice.click(table, label="Add computer")
    await alice.click(table, label="Start")
    playing = table_message(channel)
    assert f"I can't DM <@{alice.id}>" in playing.content and "My hand" in playing.content
    assert alice.user.dm_channel.last_message is None

    for _ in range(100):
        current = table_message(channel)
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
    assert "win" in table_message(channel).content


async def test_without_attach_files_the_table_is_shown_in_text(simcord_env):
    env = simcord_env
    _, channel, [alice] = in_a_channel(env, "alice")
    table = await open_and_seat(env, channel, alice, [alice], target=1, options="timer=off")
    for _ in range(3):
        await alice.click(table, label="Add computer")
    await alice.click(table, label="Start")
    env.bot.clock.advance(15 * 60)  # the Start click's token is spent: the table message is edited by channel
    current = table_message(channel)
    env.inject_error(
        "PATCH",
        f"/channels/{channel.id}/messages/{current.id}",
        status=403,
        code=50013,
        message="Missing Permissions",
    )
    mark = len(env.http_requests)

    assert await take_turn([alice])

    edits = [
        r
        for r in env.http_requests[mark:]
        if r.method == "PATCH" and r.path.endswith(f"/messages/{current.id}")
    ]
    refused, retried = edits[0], edits[1]
    assert refused.json.get("attachments") and retried.json.get("attachments") == []
    assert "Marks: N–S 0 · E–W 0" in retried.json["content"]
    assert "Marks: N–S" in table_message(channel).content
