"""A click's acknowledgement goes out while its change is made: the player waits for the longer of the two,
not for both; nothing else is said through the click before Discord has taken it."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import discord

from bot.discord.delivery.sender import Limits
from bot.discord.delivery.table_message import TableMessage
from bot.discord.delivery.tokens import Tokens
from bot.tables import Refusal, Table, Why
from tests.bot.show.test_game_scenes import table_for
from tests.bot.table_driver import enabled_actions, started_table
from tests.engine.helpers import make_hand

Deferrals = tuple[asyncio.Event, list[str]]


def _held_deferrals(monkeypatch) -> Deferrals:
    """Every click's acknowledgement waits for the event before Discord gets it; `order` notes when."""
    release, order = asyncio.Event(), []
    real_defer = discord.InteractionResponse.defer

    async def held(self, **options):
        order.append("defer asked")
        await release.wait()
        await real_defer(self, **options)
        order.append("defer taken")

    monkeypatch.setattr(discord.InteractionResponse, "defer", held)
    return release, order


async def _version_becomes(env, table_id: int, version: int) -> bool:
    for _ in range(200):
        if env.bot.service.table(table_id).version >= version:
            return True
        await asyncio.sleep(0.01)
    return False


async def test_a_move_is_stored_while_its_acknowledgement_is_on_its_way(simcord_env, monkeypatch):
    env = simcord_env
    _, members, _ = await started_table(env, target=1, options="timer=off")
    member = next(m for m in members if enabled_actions(m.user.dm_channel.last_message))
    panel = member.user.dm_channel.last_message
    before = env.bot.service.table(1).version
    release, order = _held_deferrals(monkeypatch)
    click = asyncio.create_task(member.user.click(panel, custom_id=enabled_actions(panel)[0].custom_id))
    assert await _version_becomes(env, 1, before + 1), "the move waits for nobody's acknowledgement"
    assert order == ["defer asked"]
    release.set()
    result = await click
    assert result.acknowledged and order == ["defer asked", "defer taken"]
    shown = member.user.dm_channel.last_message
    assert "You " in shown.content, "the move shows on the message clicked, once acknowledged"


async def test_a_refused_move_is_answered_after_its_acknowledgement(simcord_env, monkeypatch):
    env = simcord_env
    _, members, _ = await started_table(env, target=1, options="timer=off")
    member = next(m for m in members if enabled_actions(m.user.dm_channel.last_message))
    panel = member.user.dm_channel.last_message

    async def refused(*args, **kwargs):
        order.append("refused")
        raise Refusal(Why.NOT_YOUR_TURN)

    release, order = _held_deferrals(monkeypatch)
    monkeypatch.setattr(env.bot.service, "act", refused)
    click = asyncio.create_task(member.user.click(panel, custom_id=enabled_actions(panel)[0].custom_id))
    for _ in range(100):
        if len(order) == 2:
            break
        await asyncio.sleep(0.01)
    assert sorted(order) == ["defer asked", "refused"], (
        "the change is made (here: refused) while acknowledging"
    )
    release.set()
    result = await click
    assert result.acknowledged and order[2:] == ["defer taken"]
    said = member.user.dm_channel.last_message
    assert said.id != panel.id and "turn" in said.content.lower(), "the refusal follows the acknowledgement"


class _Channel:
    """A sender that posts table messages (ids from 77) and records the edits made through clicks."""

    def __init__(self) -> None:
        self.edits: list[tuple[int, dict]] = []

    async def send(self, table_id, channel_id, content, **fields):
        return SimpleNamespace(id=77)

    async def edit_original(self, table_id, interaction, **fields):
        self.edits.append((interaction.message.id, fields))


class _SlowTables:
    """The tables' source, whose record of a new table message waits for `recorded` to be set."""

    def __init__(self, table: Table) -> None:
        self.tables = {table.id: table}
        self.recording, self.recorded = asyncio.Event(), asyncio.Event()

    async def set_message(self, table: Table, message_id, posted_at=None) -> None:
        self.recording.set()
        await self.recorded.wait()
        table.message_id, table.message_posted_at = message_id, posted_at


async def test_a_click_on_a_table_message_just_posted_waits_until_the_table_knows_it():
    # A player sees the new table message as soon as Discord has it, and may click before the bot has
    # recorded it as the table's: the click waits, and then shows its change through itself.
    hand = make_hand(variant="standard", calls=["30"])
    table = table_for(hand)
    table.message_id = None
    channel, tables = _Channel(), _SlowTables(table)
    shown = TableMessage(channel, Tokens(), tables, lambda table_id: 1, Limits())  # type: ignore[arg-type]
    posting = asyncio.create_task(shown.sync(table))
    await asyncio.wait_for(tables.recording.wait(), 10)  # posted: Discord has it, the bot records it
    changed: list[str] = []

    async def click() -> None:
        interaction = SimpleNamespace(message=SimpleNamespace(id=77))
        async with shown.clicked(table, interaction):  # type: ignore[arg-type]
            changed.append("sat")

    clicking = asyncio.create_task(click())
    await asyncio.sleep(0.05)
    assert changed == [], "the click waits while the new message is recorded"
    tables.recorded.set()
    await asyncio.wait_for(asyncio.gather(posting, clicking), 10)
    assert changed == ["sat"] and [message for message, _ in channel.edits] == [77], (
        "the change shows on the message clicked, through the click"
    )
