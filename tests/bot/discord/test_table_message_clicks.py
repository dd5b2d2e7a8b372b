"""A click on a table message that has only just appeared shows its change through itself."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from bot.discord.delivery.sender import Limits
from bot.discord.delivery.table_message import TableMessage
from bot.discord.delivery.tokens import Tokens
from bot.tables import Table
from tests.bot.show.test_game_scenes import table_for
from tests.engine.helpers import make_hand


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
