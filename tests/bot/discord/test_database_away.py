"""The SQLite file stops taking writes while tables play (a read-only file system, a full disk: the writer's
error injected), then takes them again. Clicks and commands meanwhile get one short private answer to try
again, never a failure or a traceback; nothing is written or half-made in memory; once the file takes
writes again the same click goes through, and computers carry on by themselves."""

from __future__ import annotations

import asyncio
import logging
import random
import sqlite3
from contextlib import asynccontextmanager

import pytest

from bot.show import replies
from bot.storage import SeatRow, Storage
from bot.storage.sqlite import SqliteDriver, SqliteWriter
from bot.tables import TableService
from engine import write_record
from tests.bot.table_driver import (
    choose,
    enabled_actions,
    in_a_channel,
    quick_player,
    reply,
    started_table,
    table_message,
)
from tests.bot.table_state import hand_of


class ReadOnly:
    """While on, every write transaction of the SQLite file fails as on a read-only file system (with
    `after(n)`: once n more have gone through)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch):
        self.on = False
        self.allowed = 0
        writer_transaction = SqliteWriter._transaction
        driver_transaction = SqliteDriver.transaction
        failing = self

        def writer(self, body):
            failing.check()
            return writer_transaction(self, body)

        @asynccontextmanager
        async def transaction(self):
            failing.check()
            async with driver_transaction(self) as connection:
                yield connection

        monkeypatch.setattr(SqliteWriter, "_transaction", writer)
        monkeypatch.setattr(SqliteDriver, "transaction", transaction)

    def after(self, writes: int) -> None:
        """Let `writes` more writes through, then fail every one."""
        self.on, self.allowed = True, writes

    def check(self) -> None:
        if not self.on:
            return
        if self.allowed > 0:
            self.allowed -= 1
            return
        raise self.error()

    @staticmethod
    def error() -> sqlite3.OperationalError:
        error = sqlite3.OperationalError("attempt to write a readonly database")
        error.sqlite_errorcode = 8
        return error


@pytest.fixture
def read_only(monkeypatch):
    return ReadOnly(monkeypatch)


def dm_controls(member):
    message = member.user.dm_channel.last_message
    return message, enabled_actions(message)


def on_turn_with_controls(members):
    for member in members:
        message, controls = dm_controls(member)
        if controls:
            return member, message, controls
    raise AssertionError("nobody has controls")


async def test_clicks_and_commands_while_the_file_takes_no_writes_are_asked_to_try_again(
    simcord_env, read_only, caplog
):
    env = simcord_env
    caplog.set_level(logging.INFO)
    env.bot.storage.outage.settle = 0.0
    channel, members, _ = await started_table(env, target=3, options="timer=off")
    state = env.bot.service.table(1)
    member, message, controls = on_turn_with_controls(members)
    before, version = write_record(state.hand), state.version
    read_only.on = True

    clicked = await member.user.click(message, custom_id=choose(controls).custom_id)
    assert clicked.acknowledged and reply(clicked).content == replies.DATABASE_AWAY
    assert write_record(state.hand) == before and state.version == version, "nothing changed in memory"
    _, lobby_channel, [eve] = in_a_channel(env, "eve")
    opened = await eve.slash(lobby_channel, "42 new")
    assert opened.acknowledged and reply(opened).content == replies.DATABASE_AWAY
    assert reply(opened).ephemeral, "in a server the answer is private"
    hand = await member.click(table_message(channel), label="My hand")  # reads only: answered as ever
    assert enabled_actions(reply(hand)), "My hand still shows the controls"
    assert sum("is away" in r.getMessage() for r in caplog.records) == 1

    read_only.on = False
    again = await member.user.click(message, custom_id=choose(controls).custom_id)
    assert again.acknowledged and reply(again).content != replies.DATABASE_AWAY
    assert state.version == version + 1, "the same click goes through once the file takes writes"
    assert sum("is back" in r.getMessage() for r in caplog.records) == 1
    assert not [r for r in caplog.records if r.exc_info], "no traceback anywhere"
    stored = await env.bot.storage.load_table(1)
    assert stored is not None and stored.version == state.version


async def test_computers_wait_for_the_file_and_carry_on_by_themselves(tmp_path, read_only):
    storage = await Storage.open(tmp_path / "texas42.db")
    storage.outage.settle = 0.0
    service = TableService(storage, rng=random.Random(4), computer_pause=0, player_factory=quick_player)
    service.computers.retry_s = 0.02
    seats = [SeatRow(seat=0, name="alice", user_id=11)] + [
        SeatRow(seat=s, name=f"Computer {s}", computer_level="easy") for s in (1, 2, 3)
    ]
    table = await service.open_table(guild_id=1, channel_id=2, host_id=11, seats=seats, options="timer=off")
    await service.start(table, 11)
    for _ in range(200):  # alice plays until her move hands the turn to the computers
        await until(lambda: table.human_turn() == 0 or table.status != "playing")
        action = hand_of(table).legal_actions()[0]
        read_only.after(1)  # her move is stored; the computers' moves after it are not
        await service.act(table, 11, table.token, action)
        if table.computer_turn() is not None:
            break
        read_only.on = False
    assert table.computer_turn() is not None
    waiting = table.version
    await asyncio.sleep(0.2)
    assert table.version == waiting, "the computers wait while the file takes no writes"
    read_only.on = False
    await until(lambda: table.human_turn() == 0 or table.status != "playing")
    assert table.version > waiting, "the computers carried on by themselves once the file took writes"
    await service.shutdown()
    await storage.close()


async def until(condition, timeout: float = 10.0) -> None:
    for _ in range(int(timeout / 0.01)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("timed out")
