"""A clean stop (SIGTERM, SIGINT): the action in hand finishes, nothing new starts, the database closes."""

from __future__ import annotations

import asyncio
import os
import random
import signal

import pytest
from discord.ext import commands

from bot.discord.process import run_until_stopped
from bot.storage import SeatRow, Storage
from bot.tables import Refusal, TableService, Why
from tests.bot.table_driver import quick_player
from tests.bot.table_state import hand_of


async def test_shutdown_waits_for_the_action_in_hand_then_refuses_new_ones(storage):
    service = TableService(storage, rng=random.Random(3), computer_pause=0, player_factory=quick_player)
    seats = [SeatRow(seat=0, name="alice", user_id=11)] + [
        SeatRow(seat=s, name=f"Computer {s}", computer_level="easy") for s in (1, 2, 3)
    ]
    table = await service.open_table(guild_id=1, channel_id=2, host_id=11, seats=seats, options="timer=off")
    await service.start(table, 11)
    while table.human_turn() != 0:
        await asyncio.sleep(0)
    await service.lock(table).acquire()  # an action in hand
    stopping = asyncio.create_task(service.shutdown())
    await asyncio.sleep(0)
    assert not stopping.done(), "the stop waits for the action in hand"
    service.lock(table).release()
    await stopping
    with pytest.raises(Refusal) as refused:
        await service.act(table, 11, table.token, hand_of(table).legal_actions()[0])
    assert refused.value.why is Why.RESTARTING
    await storage.close()
    await storage.close()  # closing twice is harmless


class FakeBot:
    """Just enough of a bot for `run_until_stopped`: it runs until closed."""

    def __init__(self) -> None:
        self.closed = asyncio.Event()
        self.close_calls = 0

    async def __aenter__(self) -> FakeBot:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def start(self, token: str) -> None:
        await self.closed.wait()

    async def close(self) -> None:
        self.close_calls += 1
        self.closed.set()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
async def test_a_stop_signal_closes_the_bot_cleanly(signum):
    bot = FakeBot()
    running = asyncio.create_task(run_until_stopped(bot, "token"))  # type: ignore[arg-type]
    await asyncio.sleep(0)
    os.kill(os.getpid(), signum)
    await asyncio.wait_for(running, timeout=5)
    assert bot.closed.is_set() and bot.close_calls >= 1
    asyncio.get_running_loop().remove_signal_handler(signum)


async def test_a_stop_during_the_start_up_warm_up_leaves_the_tables_alone(tmp_path, monkeypatch):
    """SIGTERM while the computers warm up: the start-up resume stops there (it would otherwise start the
    computers and read the outbox after the database closed)."""
    from bot.discord.client import BotSettings, Texas42Bot
    from bot.discord.delivery.outbox import Outbox

    bot = Texas42Bot(
        BotSettings(tmp_path / "stop.db", warm_up_computers=True, tick_seconds=None, shard_count=1),
        player_factory=quick_player,
    )
    bot.storage = await Storage.open(tmp_path / "stop.db")
    bot.outbox = Outbox(bot.storage)
    bot.service = TableService(
        bot.storage,
        rng=random.Random(3),
        computer_pause=0,
        player_factory=quick_player,
        listeners=[bot.outbox],
    )
    bot.build_delivery()
    warming, released = asyncio.Event(), asyncio.Event()
    carried_on: list[str] = []

    async def ready() -> None:
        return None

    async def warm_up() -> float:
        warming.set()
        await released.wait()
        return 0.0

    async def resume(*args: object) -> None:
        carried_on.append("outbox read")

    monkeypatch.setattr(bot, "wait_until_ready", ready)
    monkeypatch.setattr(commands.AutoShardedBot, "close", lambda self: ready())  # never connected
    monkeypatch.setattr(bot.service.chooser, "warm_up", warm_up)
    monkeypatch.setattr(bot.delivery, "resume", resume)
    bot._resuming = asyncio.get_running_loop().create_task(bot._resume())
    await warming.wait()
    await bot.close()
    released.set()
    await asyncio.sleep(0)
    assert bot._resuming.cancelled(), "the resume was stopped with the bot"
    assert carried_on == [] and not bot._resumed


async def test_a_seat_handed_back_after_a_click_logs_a_refusal_in_one_line(caplog):
    """An away player's click hands their seat back in the background; refused then (the bot stopping), it
    is one log line, not an exception nobody retrieves."""
    from types import SimpleNamespace

    from bot.discord.clicks import ClickHandler

    class Stopping:
        async def come_back(self, table: object, user_id: int) -> bool:
            raise Refusal(Why.RESTARTING)

    clicks = ClickHandler(Stopping(), answers=None)  # type: ignore[arg-type]
    table = SimpleNamespace(id=7, seats={0: SimpleNamespace(user_id=5, away=True)}, seat_of=lambda user: 0)
    with caplog.at_level("INFO", logger="bot.discord.clicks"):
        clicks.come_back_soon(table, 5)  # type: ignore[arg-type]
        [task] = clicks._pending
        await task
    assert task.exception() is None
    [record] = [r for r in caplog.records if r.name == "bot.discord.clicks"]
    assert "not handed back now: The bot is restarting" in record.getMessage() and record.exc_info is None
