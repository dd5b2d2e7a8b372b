"""Races: the same button clicked twice at once, clicks on many tables at once, a click against the turn
timer. Every action applies exactly once, in memory and in storage."""

from __future__ import annotations

import asyncio
import random
from typing import cast

import pytest

from bot.storage import Storage
from bot.tables import Refusal, TableService
from engine import write_record
from tests.bot.table_driver import FakeClock, quick_player


class Yielding:
    """Wraps storage so every write yields to the loop first: racing callers interleave as much as they can."""

    def __init__(self, storage: Storage):
        self._storage = storage

    def __getattr__(self, name: str):
        target = getattr(self._storage, name)
        if not asyncio.iscoroutinefunction(target):
            return target

        async def slow(*args, **kwargs):
            await asyncio.sleep(0)
            return await target(*args, **kwargs)

        return slow


def service_for(storage: Storage, seed: int, clock: FakeClock | None = None) -> TableService:
    return TableService(
        cast(Storage, Yielding(storage)),  # a Storage in all but name: every attribute is forwarded to it
        rng=random.Random(seed),
        computer_pause=0,
        player_factory=quick_player,
        clock=clock or FakeClock(),
    )


async def human_table(service: TableService, channel: int, options: str = "timer=off"):
    table = await service.open_table(guild_id=1, channel_id=channel, host_id=10, options=options)
    for seat in range(4):
        await service.sit(table, 10 + seat, f"p{seat}", seat)
    await service.start(table, 10)
    return table


def moves(table) -> int:
    record = write_record(table.hand)
    return (
        table.hand_no * 1000
        + len(record.get("calls", []))
        + len(record.get("plays", []))
        + (1 if record.get("contract") else 0)
    )


async def stored_record(storage: Storage, table) -> dict:
    row = await storage.load_table(table.id)
    assert row is not None
    return row.hands[table.hand_no]


@pytest.mark.parametrize("seed", range(4))
async def test_double_clicks_on_many_tables_at_once_apply_exactly_once(storage, seed):
    service = service_for(storage, seed)
    tables = [await human_table(service, channel) for channel in range(100, 105)]
    rng = random.Random(seed)
    for _ in range(30):
        clicks, expected = [], {}
        for table in tables:
            if table.status != "playing":
                continue
            seat, token = table.turn(), table.token
            action = rng.choice(table.hand.legal_actions())
            expected[table.id] = moves(table)
            clicks += [service.act(table, 10 + seat, token, action) for _ in range(rng.randint(2, 4))]
        rng.shuffle(clicks)
        results = await asyncio.gather(*clicks, return_exceptions=True)
        assert all(r is None or isinstance(r, Refusal) for r in results), results
        assert sum(r is None for r in results) == len(expected), "one click per table applied"
        for table in tables:
            if table.id in expected and table.status == "playing":
                assert moves(table) == expected[table.id] + 1 or table.hand_no * 1000 > expected[table.id]
                assert await stored_record(storage, table) == write_record(table.hand)


async def test_a_click_racing_the_timer_takeover_applies_once(storage):
    clock = FakeClock()
    service = service_for(storage, 3, clock)
    table = await human_table(service, 200, options="timer=1m")
    for _ in range(6):
        seat, token, before = table.turn(), table.token, moves(table)
        clock.advance(61)
        await service.tick()  # the reminder
        assert table.reminded
        clock.advance(61)
        action = table.hand.legal_actions()[0]
        results = await asyncio.gather(
            service.act(table, 10 + seat, token, action), service.tick(), return_exceptions=True
        )
        assert all(r is None or isinstance(r, Refusal) for r in results), results
        assert moves(table) == before + 1 or table.hand_no * 1000 > before, "exactly one action for the turn"
        assert await stored_record(storage, table) == write_record(table.hand)
        if table.seats[seat].away:
            break
