"""Players clicking whatever they see, stale controls included: the game never breaks and always finishes."""

from __future__ import annotations

import random

import simcord

from tests.bot.table_driver import buttons, in_a_channel, open_and_seat, reply, table_message


async def test_random_clicking_players_finish_a_game(simcord_env):
    env = simcord_env
    _, channel, members = in_a_channel(env, "alice", "bob", "carol", "dave")
    table = await open_and_seat(env, channel, members[0], members[:3], target=2)
    await members[0].click(table, label="Add computer")
    await members[0].click(table, label="Start")
    rng = random.Random(2024)
    shown: list = []  # ephemeral My hand replies players still have on screen
    refusals = 0

    for _ in range(1500):
        current = table_message(channel)
        if any(b.label == "Rematch" for b in buttons(current)):
            break
        member = rng.choice(members)
        roll = rng.random()
        if roll < 0.2:
            result = await member.click(current, label="My hand")
            if member is not members[3]:
                shown.append((member, reply(result)))
        elif roll < 0.35 and shown:
            who, message = rng.choice(shown)
            live = [b for b in buttons(message) if not b.disabled]
            if not live:
                continue
            try:
                result = await who.click(message, custom_id=rng.choice(live).custom_id)
            except simcord.SetupError:  # the bot has taken those controls away since
                continue
        else:
            dm = member.user.dm_channel.last_message
            live = [b for b in buttons(dm) if not b.disabled]
            if not live:
                continue
            result = await member.user.click(dm, custom_id=rng.choice(live).custom_id)
        assert result.acknowledged
        said = reply(result).content
        refusals += "out of date" in said or "not playing" in said
    else:
        raise AssertionError("the game did not finish")
    assert "win" in table_message(channel).content
    assert refusals > 0, "strangers and stale controls were refused along the way"
