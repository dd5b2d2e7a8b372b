"""Absent players: the turn timer reminds, then a computer acts; twice in a row makes the seat away until
its owner comes back; idle tables close; a player may leave mid-game. No sleeping: the clock is moved."""

from __future__ import annotations

import pytest

from bot.tables.model import TableSettings
from bot.tables.options_text import split_settings
from engine import RulesError, write_record
from tests.bot.table_driver import (
    buttons,
    enabled_actions,
    in_a_channel,
    make_bot,
    open_and_seat,
    refusal,
    reply,
    run_as_bot,
    table_message,
)

# The deals these tests play: in the first one, the turn the timer hands to a computer is not followed by
# alice's own (else her reminder panel is replaced by a fresh one rather than tidied, as it should be then).
SEED = 3


@pytest.fixture
async def simcord_bot(database):
    """The bot of these tests, its deals seeded by `SEED`."""
    bot = make_bot(database, seed=SEED)
    yield bot
    await bot.storage.close()


async def tick(env, seconds: float) -> None:
    """Move the bot's clock on, check the timers, and let whatever that started finish."""
    env.bot.clock.advance(seconds)
    await run_as_bot(env, env.bot.service.tick())


async def two_humans_two_computers(env, **options):
    """alice (North) and bob (South) with computers East and West, started; returns what tests need."""
    _, channel, [alice, bob] = in_a_channel(env, "alice", "bob")
    table = await open_and_seat(env, channel, alice, [alice], **options)
    await alice.click(table, label="Add computer")
    await bob.click(table, label="Sit South")
    await alice.click(table, label="Add computer")
    await alice.click(table_message(channel), label="Start")
    return channel, alice, bob, table, env.bot.service.table(1)


def notices_since(channel, mark: int) -> list[str]:
    """Channel messages posted after the message with id `mark`."""
    return [m.content for m in channel.history() if m.id > mark]


async def act(member) -> None:
    """The member clicks the first of their turn controls."""
    message = member.user.dm_channel.last_message
    controls = enabled_actions(message)
    assert controls, "the member has no controls"
    await member.user.click(message, custom_id=controls[0].custom_id)


def on_turn(state, members):
    """The member whose seat is to act (alice North=0, bob South=2)."""
    seat = state.human_turn()
    return {0: members[0], 2: members[1]}.get(seat)


async def test_settings_are_read_from_the_options_text():
    assert split_settings("nello=off timer=90s idle=2h") == (TableSettings(90, 7200), "nello=off")
    assert split_settings("timer=off")[0].turn_seconds is None
    assert split_settings("timer=5")[0].turn_seconds == 300  # a bare number is minutes
    assert split_settings(None)[0] == TableSettings(120, 86400)
    for bad in ("timer=soon", "timer=3s", "idle=99999d", "timer=-1"):
        with pytest.raises(RulesError):
            split_settings(bad)


async def test_reminder_then_a_computer_acts_then_away_then_back(simcord_env):
    env = simcord_env
    channel, alice, bob, table, state = await two_humans_two_computers(env, target=7)
    members = (alice, bob)
    # Let whoever is on turn first act until it is alice's turn.
    for _ in range(10):
        if state.human_turn() == 0:
            break
        await act(on_turn(state, members))
    assert state.human_turn() == 0
    old_controls = alice.user.dm_channel.last_message
    mark = channel.last_message.id

    await tick(env, 119)
    assert notices_since(channel, mark) == [], "nothing happens before the deadline"
    await tick(env, 2)
    said = notices_since(channel, mark)
    assert len(said) == 1 and "⏰" in said[0] and f"<@{alice.id}>" in said[0]
    reminded = alice.user.dm_channel.last_message
    assert "⏰" in reminded.content and enabled_actions(reminded), (
        "the reminder is a fresh panel with controls"
    )
    assert old_controls.id not in [m.id for m in alice.user.dm_channel.history()], "and the old one is gone"
    before = write_record(state.hand)

    await tick(env, 60)
    assert write_record(state.hand) == before, "the reminder gives a whole new turn's time"
    await tick(env, 61)
    said = notices_since(channel, mark)
    assert any("⌛ Time ran out" in line and f"<@{alice.id}>" in line for line in said)
    assert write_record(state.hand) != before
    assert state.seats[0].taken_over == 1 and not state.seats[0].away
    tidied = next(m for m in alice.user.dm_channel.history() if m.id == reminded.id)
    assert not enabled_actions(tidied) and "Time ran out" in tidied.content

    # Second turn in a row taken over: the seat goes away and the computer plays it.
    for _ in range(12):
        if state.human_turn() == 0 or state.status != "playing":
            break
        if state.human_turn() == 2:
            await act(bob)
    assert state.human_turn() == 0, (state.status, state.turn(), state.hand.phase)
    await tick(env, 121)
    await tick(env, 121)
    assert state.seats[0].away
    assert any("💤" in line for line in notices_since(channel, mark))
    message = table_message(channel)
    assert "I'm back" in [b.label for b in buttons(message)]
    assert state.human_turn() in (None, 2), "alice's seat is the computer's while she is away"

    not_away = await bob.click(message, label="I'm back")
    assert "already playing" in refusal(not_away) and state.seats[0].away
    back = await alice.click(message, label="I'm back")
    assert "Welcome back" in reply(back).content
    assert not state.seats[0].away and state.seats[0].taken_over == 0
    assert any("👋" in line for line in notices_since(channel, mark))
    assert "I'm back" not in [b.label for b in buttons(table_message(channel))]
    # Play on: alice gets her turns again.
    for _ in range(12):
        if state.human_turn() == 0:
            break
        await act(bob)
    assert state.human_turn() == 0 and enabled_actions(alice.user.dm_channel.last_message)


async def test_any_click_at_the_table_brings_an_away_player_back(simcord_env):
    env = simcord_env
    channel, alice, bob, table, state = await two_humans_two_computers(env, target=7)
    for _ in range(30):
        if state.seats[2].away:
            break
        if state.human_turn() == 0:
            await act(alice)
        else:
            await tick(env, 121)
    assert state.seats[2].away
    await bob.click(table_message(channel), label="My hand")
    assert not state.seats[2].away


async def test_timers_survive_a_restart(simcord_env, database):
    env = simcord_env
    channel, alice, bob, table, state = await two_humans_two_computers(env, target=7)
    on = on_turn(state, (alice, bob))
    seat = state.human_turn()
    deadline = state.deadline
    assert deadline == env.bot.clock() + 120
    clock = env.bot.clock
    old = env.bot
    await env.restart_bot(make_bot(database, clock=clock))
    await old.storage.close()
    reloaded = env.bot.service.table(1)
    assert reloaded.deadline == deadline and reloaded.deadline_token == reloaded.token
    mark = channel.last_message.id
    await tick(env, 121)
    assert any("⏰" in line and f"<@{on.id}>" in line for line in notices_since(channel, mark))
    await tick(env, 121)
    assert reloaded.seats[seat].taken_over == 1


async def test_timer_off_never_takes_a_turn(simcord_env):
    env = simcord_env
    channel, alice, bob, table, state = await two_humans_two_computers(env, options="timer=off")
    before = write_record(state.hand)
    mark = channel.last_message.id
    await tick(env, 10 * 3600)
    assert write_record(state.hand) == before and notices_since(channel, mark) == []


async def test_an_idle_table_closes_and_tallies_nothing(simcord_env):
    env = simcord_env
    channel, alice, bob, table, state = await two_humans_two_computers(env, options="timer=off idle=1h")
    await tick(env, 3599)
    assert state.status == "playing"
    await tick(env, 2)
    assert state.status == "ended"
    assert "nobody played for 1 hour" in table_message(channel).content
    assert not buttons(table_message(channel))
    board = await alice.slash(channel, "42 leaderboard")
    assert "No finished games" in reply(board).content
    # The channel is free for a new table.
    again = await alice.slash(channel, "42 new")
    assert "Your table is open" in reply(again).content


async def test_an_idle_lobby_closes_too(simcord_env):
    env = simcord_env
    _, channel, [alice] = in_a_channel(env, "alice")
    await open_and_seat(env, channel, alice, [alice])
    await tick(env, 24 * 3600 + 1)
    assert env.bot.service.table(1).status == "ended"
    assert "nobody played for 1 day" in table_message(channel).content


async def test_a_player_leaves_mid_game_and_a_computer_takes_the_seat(simcord_env):
    env = simcord_env
    channel, alice, bob, table, state = await two_humans_two_computers(env, target=1)
    message = table_message(channel)
    asked = await bob.click(message, label="Leave")
    assert reply(asked).ephemeral and "Leave this game?" in reply(asked).content
    assert not state.seats[2].is_computer, "nothing happens until the player confirms"
    left = await bob.click(reply(asked), label="Leave the game")
    assert "left" in reply(left).content
    assert state.seats[2].is_computer and state.seat_of(bob.id) is None
    assert any("🚪" in m.content and "South" in m.content for m in channel.history())
    assert "South Dash (computer)" in table_message(channel).content, "a computer with a name of its own"
    refused = await bob.click(table_message(channel), label="Leave")
    assert "not playing" in refusal(refused)
    # The game goes on to the end with alice alone among computers.
    for _ in range(200):
        if state.status != "playing":
            break
        await act(alice)
    assert state.status == "finished"
