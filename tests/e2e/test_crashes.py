"""Restarts at every kind of moment of a hand, replayed clicks, and a damaged hand record that stops only
its own table."""

from __future__ import annotations

import json
import logging
import sqlite3

import discord
import pytest

from engine import write_record
from tests.bot.table_driver import (
    choose,
    enabled_actions,
    make_bot,
    member_on_turn,
    open_and_seat,
    play_until_over,
    reply,
    started_table,
    table_message,
    take_turn,
)


async def restart(env, database):
    """As if the process died (no clean stop) and started again on the same database."""
    old = env.bot
    new = make_bot(database, clock=old.clock)
    await env.restart_bot(new)
    await old.storage.close()
    return new


async def click_id(env, channel, member, custom_id: str):
    """Click a button with exactly `custom_id`, as a client still showing an old message could."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="old", custom_id=custom_id))
    await env.bot.get_channel(channel.id).send("a message some client still shows", view=view)
    return await member.click(channel.last_message, custom_id=custom_id)


def kind_of(action: str, phase: str) -> str:
    """Which kind of action a click was: the restart points the test wants to cover."""
    if phase == "auction":
        return "pass" if action == "pass" else "bid"
    if phase == "contract":
        return "contract"
    if phase == "exchange":
        return "exchange"
    return "play"


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["standard", "big-game"])
async def test_a_restart_after_each_kind_of_action_loses_nothing_and_applies_nothing_twice(
    simcord_env, database, preset
):
    env = simcord_env
    channel, members, table = await started_table(env, target=2, preset=preset)
    seen: set[str] = set()
    restarts = 0
    for _ in range(120):
        state = env.bot.service.table(1)
        if state.status != "playing":
            break
        player = member_on_turn(channel, members)
        dm = player.user.dm_channel.last_message
        controls = enabled_actions(dm)
        button = choose(controls)
        if any(call != "pass" for call in write_record(state.hand)["calls"]):
            button = next((b for b in controls if b.label == "Pass"), button)  # one bid, then passes
        action = button.custom_id.rsplit(":", 1)[1]
        hand_no, phase, trick_done = (
            state.hand_no,
            state.hand.phase,
            len(write_record(state.hand)["plays"]) % 4 == 3,
        )
        kind = kind_of(action, phase)
        if trick_done and phase == "play":
            kind = "end of trick"
        await player.user.click(dm, custom_id=button.custom_id)
        if env.bot.service.table(1).hand_no != hand_no:
            kind = "end of hand"
        if kind in seen:
            continue
        seen.add(kind)
        before = env.bot.service.table(1)
        record, scores, number = write_record(before.hand), list(before.scores), before.hand_no
        await restart(env, database)
        restarts += 1
        after = await env.bot.service.find(1)  # a finished table is read back from storage
        assert write_record(after.hand) == record and after.scores == scores and after.hand_no == number, kind
        # The click just made, replayed after the restart, is refused and changes nothing.
        replayed = await click_id(env, channel, player, button.custom_id)
        said = reply(replayed).content
        assert reply(replayed).ephemeral and (
            "out of date" in said or "not your turn" in said or "over" in said
        )
        assert write_record((await env.bot.service.find(1)).hand) == record
    wanted = {"pass", "bid", "contract", "play", "end of trick", "end of hand"}
    assert wanted | ({"exchange"} if preset == "big-game" else set()) <= seen, seen
    assert restarts >= 6
    if env.bot.service.table(1).status == "playing":
        await play_until_over(channel, members)
    assert "win" in table_message(channel).content


async def test_controls_sent_before_a_restart_still_work_or_point_to_my_hand(simcord_env, database):
    env = simcord_env
    channel, members, table = await started_table(env, target=1)
    player = member_on_turn(channel, members)
    live = player.user.dm_channel.last_message
    await restart(env, database)
    my_hand = await player.click(table_message(channel), label="My hand")
    assert enabled_actions(reply(my_hand)), "My hand offers the current controls after a restart"
    used = await player.user.click(live, custom_id=choose(enabled_actions(live)).custom_id)
    assert used.acknowledged
    assert await take_turn(members)


def corrupt(database, table_id: int, text: str) -> None:
    """Overwrite a table's latest hand record, as a failing disk or a bad hand edit might."""
    with sqlite3.connect(database) as db:
        db.execute(
            "UPDATE hands SET record_json = ? WHERE table_id = ? AND hand_no = "
            "(SELECT MAX(hand_no) FROM hands WHERE table_id = ?)",
            (text, table_id, table_id),
        )


async def two_tables(env):
    guild = env.create_guild()
    channels = [guild.create_text_channel(name) for name in ("one", "two")]
    alice = guild.add_member(env.create_user("alice"))
    tables = []
    for channel in channels:
        table = await open_and_seat(env, channel, alice, [alice], target=1, options="timer=off")
        for _ in range(3):
            await alice.click(table, label="Add computer")
        await alice.click(table_message(channel), label="Start")
        tables.append(table)
    return channels, alice, tables


async def check_damage_stops_one_table(env, database, caplog, damage: str) -> None:
    channels, alice, tables = await two_tables(env)
    corrupt(database, 1, damage)
    with caplog.at_level(logging.ERROR, logger="bot.tables"):
        await restart(env, database)
    assert any(
        "table 1" in r.getMessage() and "cannot be continued" in r.getMessage() for r in caplog.records
    )
    said = channels[0].last_message.content
    assert "Table 1 can't be continued" in said and "/42 new" in said
    assert env.bot.service.table(1) is None
    # Its buttons are refused, the other table plays on, and the damaged one's channel may open a new table.
    gone = await alice.click(table_message(channels[0]), label="My hand")
    assert "closed" in reply(gone).content
    final = await play_until_over(channels[1], [alice])
    assert "win" in final.content
    fresh = await alice.slash(channels[0], "42 new")
    assert "Your table is open" in reply(fresh).content


async def test_an_unreadable_hand_record_stops_only_its_table(simcord_env, database, caplog):
    await check_damage_stops_one_table(simcord_env, database, caplog, '{"variant": "standard", "deal": [[')


async def test_an_illegal_hand_record_stops_only_its_table(simcord_env, database, caplog):
    with sqlite3.connect(database) as db:  # the migrations have run: the file exists
        db.execute("SELECT 1")
    record = {"variant": "standard", "dealer": 0, "deal": [["6-6"] * 7] * 4, "calls": [], "plays": []}
    await check_damage_stops_one_table(simcord_env, database, caplog, json.dumps(record))
