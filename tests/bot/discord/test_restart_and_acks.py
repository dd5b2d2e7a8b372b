"""A restart in the middle of a hand loses nothing; every interaction is acknowledged before slow work."""

from __future__ import annotations

from engine import write_record
from tests.bot.table_driver import (
    buttons,
    channel_message,
    choose,
    enabled_actions,
    in_a_channel,
    is_ack,
    make_bot,
    member_on_turn,
    play_until_over,
    requests_since,
    started_table,
    table_message,
    take_turn,
)
from tests.bot.table_state import hand_of


async def test_restart_mid_hand_carries_on_from_sqlite(simcord_env, database):
    env = simcord_env
    channel, members, table = await started_table(env, target=1)
    for _ in range(6):  # the auction and the first plays
        assert await take_turn(members)
    old_bot = env.bot
    before = write_record(old_bot.service.table(1).hand)
    assert before["plays"], "the restart happens in the middle of play"
    player = member_on_turn(channel, members)
    controls_from_before = player.user.dm_channel.last_message

    new_bot = make_bot(database)
    await env.restart_bot(new_bot)
    await old_bot.storage.close()
    try:
        reloaded = new_bot.service.table(1)
        assert reloaded is not None and reloaded.status == "playing"
        assert write_record(hand_of(reloaded)) == before
        # The DM sent before the restart still works: its buttons are persistent DynamicItems.
        button = choose(enabled_actions(controls_from_before))
        clicked = await player.user.click(controls_from_before, custom_id=button.custom_id)
        assert clicked.acknowledged
        after = new_bot.service.table(1)
        assert after is not None and len(write_record(hand_of(after))["plays"]) > len(before["plays"])
        tidied = next(m for m in player.user.dm_channel.history() if m.id == controls_from_before.id)
        assert not enabled_actions(tidied), "controls sent before the restart are taken away once used"
        final = await play_until_over(channel, members)
        assert "win" in final.content
        # Rematch still works on a finished table after another restart.
        newest = make_bot(database)
        await env.restart_bot(newest)
        await new_bot.storage.close()
        new_bot = newest
        await members[2].click(final, label="Rematch")
        lobby = channel.last_message
        assert lobby.id != final.id and "Sit North" in [b.label for b in buttons(lobby)]
        assert all(f"<@{m.id}>" in lobby.content for m in members)
        assert "Every seat is taken" in lobby.content
        assert not buttons(channel_message(channel, final.id)), (
            "the finished table's Rematch has done its job"
        )
    finally:
        await new_bot.storage.close()


async def test_every_click_and_command_is_acknowledged_before_anything_else(simcord_env):
    env = simcord_env
    _, channel, members = in_a_channel(env, "alice", "bob", "carol", "dave")

    async def acknowledged_first(action):
        mark = len(env.http_requests)
        result = await action
        made = requests_since(env, mark)
        assert result.acknowledged
        assert made and is_ack(made[0]), f"first REST call was {made[0].method} {made[0].path}"
        return result

    await acknowledged_first(members[0].slash(channel, "42 new", target=1))
    table = channel.last_message
    for seat, member in enumerate(members[:3]):
        await acknowledged_first(member.click(table, label=("Sit North", "Sit East", "Sit South")[seat]))
    await acknowledged_first(members[0].click(table, label="Add computer"))
    await acknowledged_first(members[0].click(table, label="Start"))
    await acknowledged_first(members[1].click(table_message(channel), label="My hand"))
    for _ in range(200):
        message = table_message(channel)
        if "win" in message.content:
            break
        for member in members[:3]:
            dm = member.user.dm_channel.last_message
            controls = enabled_actions(dm)
            if controls:
                await acknowledged_first(member.user.click(dm, custom_id=choose(controls).custom_id))
                break
        else:
            raise AssertionError("nobody has controls")
    await acknowledged_first(members[2].slash(channel, "42 leaderboard"))
    await acknowledged_first(members[2].slash(channel, "42 stats"))


async def test_controls_lost_in_a_crash_are_sent_again_after_the_restart(simcord_env, database):
    env = simcord_env
    channel, members, table = await started_table(env, target=1)
    player = member_on_turn(channel, members)
    old_bot = env.bot
    seat = old_bot.service.table(1).seat_of(player.id)
    # As if the bot had stopped after storing the deal but before its DM went out:
    await old_bot.storage.save_panel(1, player.id, None)
    assert seat is not None
    lost = [m.id for m in player.user.dm_channel.history()]

    new_bot = make_bot(database)
    await env.restart_bot(new_bot)
    await old_bot.storage.close()
    try:
        [panel] = player.user.dm_channel.history()  # the panel it lost track of is found and goes
        assert panel.id not in lost and enabled_actions(panel), "her controls come anew"
    finally:
        await new_bot.storage.close()
