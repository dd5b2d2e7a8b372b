"""Every preset plays to the end on Discord: one member and computer players."""

from __future__ import annotations

import pytest

from tests.bot.table_driver import buttons, in_a_channel, open_and_seat, play_until_over, table_message

SEAT_COUNTS = {"tournament": 4, "three-hand": 3, "big-game": 4, "eighty-eight": 6}
TARGETS = {"tournament": 2, "three-hand": 1, "big-game": 60, "eighty-eight": 80}


@pytest.mark.slow  # a whole game of every preset
@pytest.mark.parametrize("preset", sorted(SEAT_COUNTS))
async def test_each_preset_plays_to_the_end(simcord_env, preset):
    env = simcord_env
    _, channel, [alice] = in_a_channel(env, "alice")

    table = await open_and_seat(env, channel, alice, [alice], preset=preset, target=TARGETS[preset])
    sits = [b.label for b in buttons(table) if b.label.startswith("Sit ")]
    assert len(sits) == SEAT_COUNTS[preset]
    for _ in range(SEAT_COUNTS[preset] - 1):
        await alice.click(table, label="Add computer")
    await alice.click(table_message(channel), label="Start")

    final = await play_until_over(channel, [alice], limit=600)
    assert "win" in final.content


async def test_grouped_bids_open_behind_one_button_and_back(simcord_env):
    env = simcord_env
    _, channel, [alice] = in_a_channel(env, "alice")
    # easy computers: random ones may bid the most there is and leave alice only "pass"
    table = await open_and_seat(
        env, channel, alice, [alice], preset="eighty-eight", target=80, options="computers=easy"
    )
    for _ in range(5):
        await alice.click(table, label="Add computer")
    await alice.click(table_message(channel), label="Start")

    dm = alice.user.dm_channel.last_message  # one auction round: alice's bid comes once
    menus = [b for b in buttons(dm) if ":menu:" in b.custom_id and not b.disabled]
    assert menus, f"eighty-eight bids name a trump: each bid opens its suits\n{dm.content}"
    opened = await alice.user.click(dm, custom_id=menus[0].custom_id)
    assert opened.acknowledged
    inside = [b.label for b in buttons(alice.user.dm_channel.last_message)]
    assert "‹ Back" in inside and any(label in inside for label in ("Blanks", "Fives", "Sixes", "Ones"))
    await alice.user.click(alice.user.dm_channel.last_message, label="‹ Back")
    assert menus[0].label in [b.label for b in buttons(alice.user.dm_channel.last_message)]
