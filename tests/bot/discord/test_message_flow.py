"""Fewer, better messages within Discord's limits: a player follows the game in one private panel that comes
anew on their turn (through their last click's interaction, not the global limit) and replaces the one
before; the table message stays in view below each hand's summary and is posted anew before it is an hour
old; DM channels are remembered; computers have names; a hand that stops early says why."""

from __future__ import annotations

import random
import re

from bot.discord.delivery.metered import PanelTimes
from bot.show.messages import hand_result_sentence
from bot.storage import SeatRow, Storage
from bot.tables import TableService
from engine import read_record, write_record
from tests.bot.table_driver import (
    buttons,
    choose,
    enabled_actions,
    in_a_channel,
    make_bot,
    open_and_seat,
    quick_player,
    requests_since,
    table_message,
)
from tests.bot.table_state import game_of


async def alone_with_computers(env, **options):
    """alice (North) and three computers, started; returns the channel, alice and the table's state."""
    _, channel, [alice] = in_a_channel(env, "alice")
    table = await open_and_seat(env, channel, alice, [alice], **options)
    for _ in range(3):
        await alice.click(table, label="Add computer")
    await alice.click(table_message(channel), label="Start")
    return channel, alice, env.bot.service.table(1)


async def play_turn(alice) -> None:
    dm = alice.user.dm_channel.last_message
    await alice.user.click(dm, custom_id=choose(enabled_actions(dm)).custom_id)


def panels_for_north(env) -> list[str]:
    """Every panel text the bot has written for North, edits included."""
    return [
        entry.json["content"]
        for entry in env.http_requests
        if isinstance(entry.json, dict) and "you are North" in (entry.json.get("content") or "")
    ]


def is_global(entry) -> bool:
    return not (entry.path.startswith("/interactions/") or entry.path.startswith("/webhooks/"))


def moves_made(state) -> tuple[int, int]:
    """(hand, actions so far in it): whether anyone but the clicker moved since."""
    record = write_record(state.hand)
    return state.hand_no, len(record["calls"]) + bool(record.get("contract")) + len(record["plays"])


def others_moved(state, before: tuple[int, int]) -> bool:
    """True if a seat other than the clicker's acted after the click (`before`: `moves_made` then)."""
    hand, actions = moves_made(state)
    return hand != before[0] or actions > before[1] + 1


async def test_the_next_turn_comes_as_a_follow_up_and_the_panel_before_it_goes(simcord_env):
    env = simcord_env
    channel, alice, state = await alone_with_computers(env, target=7, options="timer=off")
    dm_channel = alice.user.dm_channel
    for _ in range(12):
        if state.status != "playing":
            break
        before, moved = dm_channel.last_message, moves_made(state)
        mark = len(env.http_requests)
        await play_turn(alice)
        made = requests_since(env, mark)
        dm_writes = [
            e
            for e in made
            if e.path.startswith(f"/channels/{dm_channel.id}/") or e.path == "/users/@me/channels"
        ]
        assert dm_writes == [], f"the player's own DMs cost nothing under the global limit: {dm_writes}"
        if state.status == "playing" and state.human_turn() == 0:
            now = dm_channel.last_message
            assert enabled_actions(now)
            if others_moved(state, moved):
                assert now.id != before.id, "her turn came back: a new panel with controls (a notification)"
            else:
                assert now.id == before.id, (
                    "her turn again at once (the contract after the bid): on the panel clicked"
                )
            assert [m.id for m in dm_channel.history()] == [now.id], "the panel before it was deleted"
    assert state.hand_no >= 1


async def test_the_private_panel_carries_the_whole_game_in_text(simcord_env):
    env = simcord_env
    channel, alice, state = await alone_with_computers(env, target=7, options="timer=off")
    seen: set[str] = set()
    for _ in range(120):  # over as many hands as it takes alice's turns to have shown a trick too
        if state.status != "playing":
            break
        text = alice.user.dm_channel.last_message.content
        assert "you are North" in text and "Marks: N–S" in text
        if "Trick, led by" in text:
            seen.add("trick")
        if "Last trick, led by" in text:
            seen.add("last trick")
        if "Contract:" in text:
            seen.add("contract")
        if any("Last hand:" in panel for panel in panels_for_north(env)):
            seen.add("last hand")  # on the first panel of the next hand, which need not be alice's turn
        if {"contract", "last hand"} <= seen and seen & {"trick", "last trick"}:
            break
        await play_turn(alice)
    assert {"contract", "last hand"} <= seen, seen
    assert seen & {"trick", "last trick"}, seen


async def test_the_table_message_stays_in_view_below_each_hand_summary(simcord_env):
    env = simcord_env
    channel, alice, state = await alone_with_computers(env, target=7, options="timer=off")
    first = table_message(channel).id
    while state.hand_no < 2 and state.status == "playing":
        await play_turn(alice)
    history = channel.history()
    assert history[-1].id == table_message(channel).id != first, "the table message is the newest message"
    summaries = [m for m in history if m.content.startswith("**Hand ")]
    assert [m.content.split("**")[1] for m in summaries] == ["Hand 1", "Hand 2"][: len(summaries)]
    assert summaries[0].id == first, "the first table message became hand 1's summary"
    assert [b.label for b in buttons(summaries[0])] == ["Review"], (
        "with the hand's Review, not the table's buttons"
    )
    assert "Points this hand:" in summaries[0].content


async def test_the_table_message_is_posted_anew_before_it_is_an_hour_old(simcord_env):
    env = simcord_env
    channel, alice, state = await alone_with_computers(env, target=7, options="timer=off")
    old = table_message(channel).id
    env.bot.clock.advance(51 * 60)  # a long think
    mark = len(env.http_requests)
    await play_turn(alice)
    made = requests_since(env, mark)
    assert not [e for e in made if e.method == "PATCH" and e.path.endswith(f"/messages/{old}")], (
        "no edit of it"
    )
    assert any(e.method == "DELETE" and e.path.endswith(f"/messages/{old}") for e in made)
    assert table_message(channel).id != old and "My hand" in [
        b.label for b in buttons(table_message(channel))
    ]
    row = await env.bot.storage.load_table(1)
    assert row.message_id == state.message_id and row.message_posted_at == env.bot.clock()


async def test_an_edit_refused_with_30046_posts_the_table_message_anew(simcord_env):
    env = simcord_env
    channel, alice, state = await alone_with_computers(env, target=7, options="timer=off")
    env.bot.clock.advance(15 * 60)  # the Start click's token is spent: edits go through the channel
    old = table_message(channel).id
    env.inject_error(
        "PATCH",
        f"/channels/{channel.id}/messages/{old}",
        status=400,
        code=30046,
        message="Maximum number of edits to messages older than 1 hour reached. Try again later",
        times=None,
    )
    await play_turn(alice)
    assert table_message(channel).id != old
    assert old not in [m.id for m in channel.history()]
    assert env.bot.delivery.pending() == {}


async def test_dm_channels_are_remembered_across_a_restart(simcord_env, database):
    env = simcord_env
    channel, alice, state = await alone_with_computers(env, target=7, options="timer=off")
    assert state.human_turn() == 0, "with no pause the computers have played up to alice"
    assert await env.bot.storage.dm_channel(alice.id) == alice.user.dm_channel.id
    old = env.bot
    await old.storage.save_panel(1, alice.id, None)  # as if her panel had never gone out before the crash
    mark = len(env.http_requests)
    new = make_bot(database, clock=old.clock)
    await env.restart_bot(new)
    await old.storage.close()
    try:
        made = requests_since(env, mark)
        assert any(
            e.method == "POST" and e.path == f"/channels/{alice.user.dm_channel.id}/messages" for e in made
        )
        assert not [e for e in made if e.path.startswith("/users/")], "no user fetched, no DM channel opened"
        assert enabled_actions(alice.user.dm_channel.last_message)
    finally:
        await new.storage.close()


async def test_computers_have_names_and_no_two_seats_are_just_computer(simcord_env):
    env = simcord_env
    _, channel, [alice] = in_a_channel(env, "alice")
    table = await open_and_seat(env, channel, alice, [alice], preset="eighty-eight", target=80)
    for _ in range(5):
        await alice.click(table, label="Add computer")
    state = env.bot.service.table(1)
    names = [row.name for row in state.seats.values() if row.is_computer]
    assert len(set(names)) == 5 and not any(name.lower().startswith("computer") for name in names), names
    await alice.click(table_message(channel), label="Start")
    text = table_message(channel).content
    assert all(f"{name} (computer)" in text for name in names)


async def test_a_hand_that_stops_early_says_why(tmp_path):
    storage = await Storage.open(tmp_path / "early.db")
    found = None
    try:
        for seed in range(40):
            service = TableService(
                storage, rng=random.Random(seed), computer_pause=0, player_factory=quick_player
            )
            seats = [SeatRow(seat=s, name=f"c{s}", computer_level="easy") for s in range(4)]
            table = await service.open_table(
                guild_id=1,
                channel_id=500 + seed,
                host_id=1,
                target=3,
                seats=seats,
                options="timer=off idle=off",
            )
            await service.start(table, 1)
            while (runner := service.runner(table)) is not None and not runner.done():
                await runner
            for record in game_of(table).records:
                hand = read_record(record)
                summary = hand.summary()
                tricks = len(summary["tricks"])
                if summary["made"] is False and summary["bid"] and summary["bid"].isdigit() and tricks < 7:
                    found = (table, hand)
                    break
            if found:
                break
    finally:
        await storage.close()
    assert found, "some easy hand is set before its last trick"
    table, hand = found
    sentence = hand_result_sentence(table, hand)
    match = re.search(r"was set: needed (\d+), could reach at most (\d+)\.", sentence)
    assert match, sentence
    need, reach = int(match[1]), int(match[2])
    summary = hand.summary()
    bidders = table.rules.team_of(summary["bidder"])
    assert need == int(summary["bid"]) and reach < need
    assert reach == summary["points"][bidders] + 42 - sum(summary["points"])


async def test_rest_requests_are_counted_per_hand(simcord_env, caplog):
    env = simcord_env
    mark = len(env.http_requests)
    with caplog.at_level("DEBUG", logger="bot.discord.delivery"):
        channel, alice, state = await alone_with_computers(env, target=7, options="timer=off")
        while state.hand_no < 2 and state.status == "playing":
            await play_turn(alice)
        await env.settle()
    rest = env.bot.sender.rest
    assert rest.hands == 2
    counted = rest.hands_bound + sum(rest.bound.values())
    assert counted == len([e for e in requests_since(env, mark) if is_global(e)]), (
        "every bound request counted"
    )
    bound, exempt = rest.per_hand()
    assert 0 < bound < 20 and exempt > 0
    assert len([r for r in caplog.records if "REST requests for the hand" in r.getMessage()]) == 2


async def test_every_request_a_click_or_the_delivery_makes_through_an_interaction_is_counted(simcord_env):
    """The figures wrap the sender: the acknowledgements and answers of clicks are counted as they are made,
    with the delivery's edits, follow-ups and deletes through interaction tokens."""
    env = simcord_env
    channel, alice, state = await alone_with_computers(env, target=7, options="timer=off")
    await env.settle()
    rest = env.bot.sender.rest
    mark, before = len(env.http_requests), rest.hands_exempt + sum(rest.exempt.values())
    while state.hand_no < 2 and state.status == "playing":
        await play_turn(alice)
    await env.settle()
    exempt = [e for e in requests_since(env, mark) if not is_global(e)]
    assert exempt and rest.hands_exempt + sum(rest.exempt.values()) - before == len(exempt)


def test_turn_panel_times_are_logged_every_so_often(caplog):
    now = [0.0]
    times = PanelTimes(every=10.0, clock=lambda: now[0])
    with caplog.at_level("INFO", logger="bot.discord.delivery"):
        for seconds in (0.1, 0.3, 0.2):
            times.add(seconds)
        assert not caplog.records, "nothing before the interval is up"
        now[0] = 10.0
        times.add(0.9)
    [line] = [r.getMessage() for r in caplog.records]
    assert line == (
        "delivery: 4 turn panel(s) out in p50 300 ms, p90 900 ms, max 900 ms after the move; "
        "the last 4: p50 300 ms, p90 900 ms, p99 900 ms"
    )
    assert times.recent == [] and len(times.kept) == 4


async def test_each_turn_panel_is_timed_from_the_move_that_made_it_a_turn(simcord_env):
    env = simcord_env
    channel, alice, state = await alone_with_computers(env, target=7, options="timer=off")
    timed, moved = list(env.bot.sender.turn_panels.recent), moves_made(state)
    await play_turn(alice)
    if state.status == "playing" and state.human_turn() == 0 and others_moved(state, moved):
        assert len(env.bot.sender.turn_panels.recent) == len(timed) + 1
    assert all(seconds >= 0 for seconds in env.bot.sender.turn_panels.recent)
