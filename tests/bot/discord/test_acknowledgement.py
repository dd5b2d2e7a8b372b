"""A click's acknowledgement goes out while its change is made: the player waits for the longer of the two,
not for both; nothing else is said through the click before Discord has taken it."""

from __future__ import annotations

import asyncio

import discord

from bot.tables import Refusal, Why
from tests.bot.table_driver import enabled_actions, started_table

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
