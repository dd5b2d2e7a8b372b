"""Driving a table through simcord like players do: seat, start, and click through turns."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass
from pathlib import Path

import discord
import simcord

from bot.discord.client import BotSettings, Texas42Bot
from bot.discord.delivery.sender import Limits
from bot.tables.dealing import seeds_from
from engine.ai import make_player


def quick_player(level: str, seed: int | None):
    """Computer players for tests: "strong" plays as "random" (instant, and independent of the strong
    player's progress); other levels are the real ones."""
    return make_player("random" if level == "strong" else level, seed)


class FakeClock:
    """A clock tests move by hand: `clock()` is the time, `clock.advance(seconds)` moves it on."""

    def __init__(self, start: float = 1_800_000_000.0):
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move the time on."""
        self.now += seconds


def make_bot(
    database: Path,
    seed: int = 42,
    clock: FakeClock | None = None,
    player_factory=quick_player,
    limits: Limits | None = None,
) -> Texas42Bot:
    """A bot with its own database file, a seeded shuffle, quick computer players (unless `player_factory`
    says otherwise), no computer pause, no rate plan (unless `limits` gives one: its waits then only pass
    when a test advances simcord's time), and timers that only move when a test moves `clock` and calls
    `bot.service.tick()`."""
    settings = BotSettings(
        database,
        computer_pause=0,
        warm_up_computers=False,
        tick_seconds=None,
        shard_count=1,
        limits=limits or Limits.none(),
    )
    return Texas42Bot(
        settings,
        rng=random.Random(seed),
        player_factory=player_factory,
        clock=clock or FakeClock(),
        daily_player=lambda decision: player_factory("strong", decision),
        puzzle_seeds=seeds_from(random.Random(seed)),
    )


def spend_tokens(env) -> None:
    """Move the bot's clock past the life of the interaction tokens it holds, so it edits and sends
    through channels again (where tests inject Discord's errors)."""
    env.bot.clock.advance(15 * 60)


async def run_as_bot(env, work) -> None:
    """Run `work` as the bot's own background work (as its timer task would) and settle everything it starts.

    simcord only waits for tasks the bot owns; this borrows its bot scope for a test-driven tick."""
    with env._bot_scope():
        task = asyncio.get_running_loop().create_task(work)
    await env.settle()
    await task


async def show_now(env, table, *work) -> None:
    """Queue work for a table's messages (as an event would) and let it run to the end."""

    async def show() -> None:
        env.bot.outbox.show(table, list(work))
        await env.bot.delivery.idle()

    await run_as_bot(env, show())


SEATS = ("Sit North", "Sit East", "Sit South", "Sit West")


@dataclass(frozen=True)
class Button:
    """What a player sees of a button."""

    label: str
    custom_id: str
    disabled: bool


def buttons(message: discord.Message | simcord.ResponseMessage | None) -> list[Button]:
    """Every button on a message (a channel/DM message or an interaction reply)."""
    if message is None:
        return []
    found: list[Button] = []
    for row in message.components:
        if isinstance(row, dict):
            for child in row.get("components", []):
                if child.get("type") == 2:
                    found.append(
                        Button(
                            child.get("label", ""), child.get("custom_id", ""), bool(child.get("disabled"))
                        )
                    )
            continue
        for child in getattr(row, "children", []):
            if isinstance(child, discord.Button):
                found.append(Button(child.label or "", child.custom_id or "", child.disabled))
    return found


def enabled_actions(message: discord.Message | simcord.ResponseMessage | None) -> list[Button]:
    """The enabled turn controls (engine actions) on a message."""
    return [b for b in buttons(message) if not b.disabled and b.custom_id and ":act:" in b.custom_id]


def choose(controls: list[Button]) -> Button:
    """A simple, deterministic player: raise with the lowest number it may bid, else take the first control."""
    for button in controls:
        if (button.label or "").isdigit():
            return button
    for button in controls:
        if button.label != "Pass":
            return button
    return controls[0]


async def open_and_seat(env, channel, host, players, **options) -> discord.Message:
    """`/42 new` by `host`, then each of `players` sits in order; returns the table message."""
    result = await host.slash(channel, "42 new", **options)
    assert result.acknowledged
    table_message = channel.last_message
    for seat, player in enumerate(players):
        await player.click(table_message, label=SEATS[seat])
    return channel_message(channel, table_message.id)


def in_a_channel(env, *names: str):
    """A new guild with a "games" channel and a member per name; returns the guild, the channel and the
    members in the order named."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    return guild, channel, [guild.add_member(env.create_user(name)) for name in names]


async def started_table(env, **options):
    """Alice, Bob, Carol and Dave seated North to West at a new table in a fresh channel, the game started
    by Alice (the host). `options` go to `/42 new`. Returns the channel, the members and the table message."""
    _, channel, members = in_a_channel(env, "alice", "bob", "carol", "dave")
    table = await open_and_seat(env, channel, members[0], members, **options)
    await members[0].click(table, label="Start")
    return channel, members, table


async def take_turn(members) -> bool:
    """Find the member whose DM shows turn controls and click one; False if nobody has controls."""
    for member in members:
        message = member.user.dm_channel.last_message
        controls = enabled_actions(message)
        if controls:
            result = await member.user.click(message, custom_id=choose(controls).custom_id)
            assert result.acknowledged
            return True
    return False


async def play_until_over(channel, members, limit: int = 400) -> discord.Message:
    """Click through turns until the table message offers `Rematch`; returns that message."""
    for _ in range(limit):
        message = table_message(channel)
        if any(b.label == "Rematch" for b in buttons(message)):
            return message
        assert await take_turn(members), f"nobody has controls; table says:\n{message.content}"
    raise AssertionError("the game did not end")


TABLE_LABELS = ("Sit ", "Add computer", "Start", "My hand", "Rematch", "Leave", "I'm back")


def table_message(channel) -> discord.Message:
    """The table message: the newest message of the channel with a table's buttons (after each hand it is
    posted anew below the hand's summary, which keeps the message it replaced). An ended table's message
    has no buttons: then the newest message of the bot that starts like a table message."""
    for message in reversed(channel.history()):
        if any(b.custom_id.startswith("t42:") and b.label.startswith(TABLE_LABELS) for b in buttons(message)):
            return message
    for message in reversed(channel.history()):
        if message.content.startswith("**") and " · table " in message.content.split("\n")[0]:
            return message
    raise AssertionError("no table message in the channel")


def channel_message(channel, message_id: int) -> discord.Message:
    """The current state of one channel message."""
    for message in channel.history():
        if message.id == message_id:
            return message
    raise AssertionError(f"message {message_id} not in the channel")


def reply(result: simcord.InteractionResult):
    """The message a command or click answered with (a deferred reply's follow-up fills the response)."""
    if result.followups:
        return result.followups[-1]
    assert result.response is not None, "the interaction got no reply"
    return result.response


def member_on_turn(channel, members):
    """The member the table message says is to act."""
    content = table_message(channel).content
    for member in members:
        if f"Turn: <@{member.id}>" in content:
            return member
    raise AssertionError(f"no member is on turn:\n{content}")


def requests_since(env, mark: int):
    """REST calls the bot made after `mark` (an earlier `len(env.http_requests)`)."""
    return env.http_requests[mark:]


def is_ack(entry) -> bool:
    """True for an interaction callback (the acknowledgement)."""
    return entry.path.startswith("/interactions/") and entry.path.endswith("/callback")


def refusal(result: simcord.InteractionResult) -> str:
    """The text of a private refusal (asserting it is private: ephemeral)."""
    message = reply(result)
    assert message.ephemeral, f"refusal should be private: {message.content!r}"
    return message.content
