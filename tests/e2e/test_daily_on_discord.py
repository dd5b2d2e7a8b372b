"""The daily deals on Discord: two players play the same day privately and are scored against each other;
nothing of one player's day reaches a message the other can see before the other has finished (every
version of every message checked, after every click); a restart mid-deal resumes through the old
buttons; a stale or forged button is refused privately."""

from __future__ import annotations

import re
from datetime import date

from bot.daily.seeds import DEALS_A_DAY
from bot.show import daily_ids
from tests.bot.discord.test_hostile import click_forged
from tests.bot.table_driver import buttons, in_a_channel, make_bot, refusal, reply


def seen_by(env, member) -> set[str]:
    """Every message member can see now, as text: content, buttons and attachment names."""
    out = set()
    for channel_id, messages in env.backend.messages.items():
        for message in messages.values():
            if not message.visible_to(member.id):
                continue
            channel = env.backend.channels.get(channel_id)
            guild_id = getattr(channel, "guild_id", None)
            if guild_id is None and member.id not in getattr(channel, "recipient_ids", ()):
                continue
            labels = " ".join(b.label for b in buttons(message)) if message.components else ""
            out.add(f"{message.content}\n{labels}")
    return out


async def play(member, channel, pick, watch=None, stop_after: int | None = None):
    """`/42 daily`, then click `pick(enabled buttons)` until the day is done (or `stop_after` clicks);
    `watch()` runs after every interaction. Returns the last message."""
    message = reply(await member.slash(channel, "42 daily"))
    clicks = 0
    while True:
        if watch:
            watch()
        usable = [b for b in buttons(message) if not b.disabled]
        if not usable or clicks == stop_after:
            return message
        message = reply(await member.click(message, custom_id=pick(usable).custom_id))
        clicks += 1


def moment(text: str) -> list[str]:
    """A panel's lines but the last deal's outcome (said once, on the click that ended it)."""
    return [line for line in text.splitlines() if not re.match(r"Deal \d+: ", line)]


def first(usable):
    return usable[0]


def last(usable):
    return usable[-1]


def percentages(text: str) -> dict[str, float]:
    return {m[1]: float(m[2]) for m in re.finditer(r"^\d+\. (\w+) — ([0-9.]+)%", text, re.M)}


async def test_two_players_same_day_scored_and_nothing_leaks(simcord_env):
    env = simcord_env
    _, channel, (alice, bob) = in_a_channel(env, "alice", "bob")
    bob_saw: set[str] = set()

    def watch():
        bob_saw.update(seen_by(env, bob))

    done = await play(alice, channel, first, watch)
    assert f"all {DEALS_A_DAY} deals played" in done.content and done.ephemeral
    alice_lines = [line for line in done.content.splitlines() if line.startswith("Deal ")]
    assert len(alice_lines) == DEALS_A_DAY
    assert any(alice_lines[0] in text for text in seen_by(env, alice))  # the check sees what alice sees
    board = reply(await bob.slash(channel, "42 daily", show="leaderboard"))
    watch()
    assert board.ephemeral and "• alice · streak 1" in board.content and "%" not in board.content
    midway = await play(bob, channel, last, watch, stop_after=8)
    assert "deals played" not in midway.content and not any("deals played" in text for text in bob_saw)
    bob_done = await play(bob, channel, last)  # resumes where bob stopped, and finishes
    assert f"all {DEALS_A_DAY} deals played" in bob_done.content
    for line in alice_lines:  # alice's results, where bob's own differ: never in what bob saw while playing
        if line not in bob_done.content:
            assert not any(line in text for text in bob_saw), line
    assert not any("alice —" in text or "alice** —" in text for text in bob_saw)
    shown = percentages(reply(await alice.slash(channel, "42 daily", show="leaderboard")).content)
    assert set(shown) == {"alice", "bob"} and abs(sum(shown.values()) - 100.0) < 0.2  # 8 matchpoints shared


async def test_a_restart_mid_day_resumes_both_players_through_the_old_buttons(simcord_env, database):
    env = simcord_env
    _, channel, (alice, bob) = in_a_channel(env, "alice", "bob")
    alice_at = await play(alice, channel, first, stop_after=4)
    bob_at = await play(bob, channel, last, stop_after=11)
    old = env.bot
    await env.restart_bot(make_bot(database, clock=old.clock))  # no clean stop: as after kill -9
    await old.storage.close()
    for member, message in ((alice, alice_at), (bob, bob_at)):
        before = message.content
        again = reply(await member.slash(channel, "42 daily"))
        assert moment(again.content) == moment(before)  # the same deal, the same moment
        usable = [b for b in buttons(message) if not b.disabled]
        moved = reply(await member.click(message, custom_id=usable[0].custom_id))  # a button from before
        assert moment(moved.content) != moment(before) and "Daily deals" in moved.content
        stale = await member.click(again, custom_id=usable[0].custom_id)  # the same move again: refused
        assert "out of date" in refusal(stale)
    for member in (alice, bob):  # and both finish the day
        assert "deals played" in (await play(member, channel, first)).content


async def test_forged_daily_buttons_are_refused_privately(simcord_env):
    env = simcord_env
    _, channel, (alice,) = in_a_channel(env, "alice")
    message = reply(await alice.slash(channel, "42 daily"))
    before = message.content
    today = message.content.split("· ")[1].split("**")[0].strip()
    forged = daily_ids.make(date.fromisoformat(today), 0, 999, 0)
    assert "out of date" in refusal(await click_forged(env, channel, alice, forged))
    old_day = "t42d:20200101:0:0:0"
    assert "over" in refusal(await click_forged(env, channel, alice, old_day))
    assert reply(await alice.slash(channel, "42 daily")).content == before
