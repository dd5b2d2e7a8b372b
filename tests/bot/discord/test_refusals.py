"""Every click is checked: the seat's own player, on their turn, from a current message. Refusals are
private and change nothing."""

from __future__ import annotations

import discord

from tests.bot.table_driver import (
    buttons,
    choose,
    enabled_actions,
    in_a_channel,
    member_on_turn,
    open_and_seat,
    refusal,
    reply,
    table_message,
)


async def start_four(env):
    guild, channel, members = in_a_channel(env, "alice", "bob", "carol", "dave")
    table = await open_and_seat(env, channel, members[0], members, target=3)
    return guild, channel, members, table


async def test_only_the_host_may_start(simcord_env):
    _, channel, members, table = await start_four(simcord_env)
    before = table_message(channel).content

    refused = await members[1].click(table, label="Start")

    assert "Only the host" in refusal(refused)
    assert table_message(channel).content == before


async def test_a_seat_is_taken_once_and_starting_needs_every_seat(simcord_env):
    env = simcord_env
    _, channel, [alice, bob] = in_a_channel(env, "alice", "bob")
    table = await open_and_seat(env, channel, alice, [alice])

    assert next(b for b in buttons(table) if b.label == "Sit North").disabled
    start = next(b for b in buttons(table) if b.label == "Start")
    assert start.disabled
    moved = await alice.click(table, label="Sit East")  # moving seats frees the old one
    assert moved.acknowledged
    now = table_message(channel)
    assert not next(b for b in buttons(now) if b.label == "Sit North").disabled
    assert next(b for b in buttons(now) if b.label == "Sit East").disabled
    refused = await bob.click(now, label="Leave")
    assert "not seated" in refusal(refused)


async def test_only_seated_players_see_a_hand(simcord_env):
    env = simcord_env
    guild, channel, members, table = await start_four(env)
    await members[0].click(table, label="Start")
    stranger = guild.add_member(env.create_user("eve"))

    refused = await stranger.click(table_message(channel), label="My hand")
    assert "not playing" in refusal(refused)
    by_command = await stranger.slash(channel, "42 hand")
    assert "not playing" in refusal(by_command)


async def test_stale_controls_are_refused_and_change_nothing(simcord_env):
    env = simcord_env
    _, channel, members, table = await start_four(env)
    await members[0].click(table, label="Start")
    player = member_on_turn(channel, members)

    # Two `My hand` replies: the bot takes controls off the latest when the turn passes; a client may
    # still show the older one.
    mine = reply(await player.click(table_message(channel), label="My hand"))
    old = enabled_actions(mine)
    assert old, "the player on turn gets controls with My hand"
    latest = reply(await player.click(table_message(channel), label="My hand"))
    assert enabled_actions(latest)
    dm = player.user.dm_channel.last_message
    await player.user.click(dm, custom_id=choose(enabled_actions(dm)).custom_id)
    assert not enabled_actions(_message(player, dm.id)), "acting takes the controls off the DM"
    assert not enabled_actions(_reply_now(env, latest)), "and off the latest My hand reply"
    before = table_message(channel).content

    refused = await player.click(mine, custom_id=old[0].custom_id)

    assert "out of date" in refusal(refused)
    assert table_message(channel).content == before


async def test_a_click_on_an_ended_table_is_refused(simcord_env):
    env = simcord_env
    _, channel, members, table = await start_four(env)
    await members[0].click(table, label="Start")
    player = member_on_turn(channel, members)
    mine = reply(await player.click(table_message(channel), label="My hand"))
    controls = enabled_actions(mine)
    await player.click(table_message(channel), label="My hand")  # the one the bot tidies

    not_host = await members[1].slash(channel, "42 end")
    assert "Only the table's host" in refusal(not_host)
    await members[0].slash(channel, "42 end")
    assert "ended" in table_message(channel).content
    assert not buttons(table_message(channel))

    refused = await player.click(mine, custom_id=controls[0].custom_id)
    assert "ended" in refusal(refused)


async def test_unknown_buttons_get_a_private_refusal(simcord_env):
    env = simcord_env
    _, channel, [alice] = in_a_channel(env, "alice")
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Old game", custom_id="someone-else:1"))
    view.add_item(discord.ui.Button(label="Gone table", custom_id="t42:999:act:0.0:pass"))
    await env.bot.get_channel(channel.id).send("left over from an old bot", view=view)
    message = channel.last_message

    foreign = await alice.click(message, label="Old game")
    assert "isn't in use" in refusal(foreign)
    gone = await alice.click(message, label="Gone table")
    assert "closed" in refusal(gone)


async def test_one_open_table_per_channel_but_many_per_server(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    games = guild.create_text_channel("games")
    more = guild.create_text_channel("more-games")
    alice = guild.add_member(env.create_user("alice"))

    await alice.slash(games, "42 new")
    second = await alice.slash(games, "42 new")
    assert "already has a table" in reply(second).content
    other = await alice.slash(more, "42 new", preset="three-hand")
    assert "table is open" in reply(other).content
    assert [b.label for b in buttons(more.last_message)][:3] == ["Sit North", "Sit East", "Sit West"]


async def test_bad_house_rules_are_explained(simcord_env):
    env = simcord_env
    _, channel, [alice] = in_a_channel(env, "alice")

    bad = await alice.slash(channel, "42 new", options="nello=sometimes")
    assert "nello" in refusal(bad)
    good = await alice.slash(channel, "42 new", options="nello=off plunge=off forced_bid=on", target=5)
    assert "table is open" in reply(good).content
    lobby = channel.last_message.content
    assert (
        "first to 5" in lobby
        and "Nello" not in lobby.split("**Rules**")[1].split("Contracts:")[1].split("\n")[0]
    )


def _message(member, message_id: int):
    for message in member.user.dm_channel.history():
        if message.id == message_id:
            return message
    raise AssertionError("DM not found")


async def test_rules_of_a_table_or_a_preset(simcord_env):
    env = simcord_env
    _, channel, [alice] = in_a_channel(env, "alice")

    preset = await alice.slash(channel, "42 rules", preset="big-game")
    assert preset.ephemeral and "The Big Game" in reply(preset).content
    assert "double-eight" in reply(preset).content
    await alice.slash(channel, "42 new", options="sevens=on", target=3)
    table_rules = await alice.slash(channel, "42 rules")
    assert "Standard 42" in reply(table_rules).content and "Sevens" in reply(table_rules).content


async def test_house_rules_autocomplete(simcord_env):
    env = simcord_env
    _, channel, [alice] = in_a_channel(env, "alice")

    choices = await alice.autocomplete(channel, "42 new", "options", "plu")
    assert "plunge=off" in [choice["value"] for choice in choices]


def _reply_now(env, message):
    """A private reply as it is now (after the bot's edits)."""
    from simcord.results import ResponseMessage

    return ResponseMessage(env, env.backend.get_message(message.channel_id, message.id))
