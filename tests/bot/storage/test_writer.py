"""A SQLite file's changes in one step of the writer's thread: the same statements as through the engine, all
or nothing, and a change read back through the engine at once."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from typing import Any

import pytest

from bot.storage import Change, Storage
from bot.storage.errors import StaleTable
from bot.storage.sqlite import SqliteWriter


async def lobby(storage: Storage, channel_id: int = 2) -> int:
    return await storage.create_table(
        guild_id=1, channel_id=channel_id, host_id=3, variant="standard", rules={}, computer_level="strong"
    )


async def test_a_change_goes_through_the_writer_and_is_read_back_through_the_engine(tmp_path, monkeypatch):
    storage = await Storage.open(tmp_path / "bot.db")
    steps = []
    real = SqliteWriter.transaction

    async def counted(self, body):
        steps.append(body)
        return await real(self, body)

    monkeypatch.setattr(SqliteWriter, "transaction", counted)
    try:
        table_id = await lobby(storage)
        assert len(steps) == 1  # a new table: one step in the writer's thread
        steps.clear()
        seqs = await storage.commit(
            Change(table_id).set_message(77, 1.5).announce("a", {"n": 1}).announce("b", {"n": 2}), version=0
        )
        assert len(steps) == 1  # the whole change: one step in the writer's thread
        row = await storage.load_table(table_id)
        assert row is not None and (row.message_id, row.message_posted_at, row.version) == (77, 1.5, 1)
        assert [(seq, kind) for seq, _, kind, _ in await storage.pending_events(table_id)] == list(
            zip(seqs, "ab", strict=True)
        )
        await storage.events_shown(seqs[:1])
        assert [kind for _, _, kind, _ in await storage.pending_events(table_id)] == ["b"]
        assert len(steps) == 2  # forgetting events is one step too
    finally:
        await storage.close()


async def test_a_change_that_fails_half_way_leaves_nothing_behind(tmp_path):
    storage = await Storage.open(tmp_path / "bot.db")
    try:
        table_id = await lobby(storage)
        change = Change(table_id).set_message(77, 1.5).announce("a", {})

        def broken(run) -> None:
            run("INSERT INTO no_such_table (x) VALUES (:x)", {"x": 1})

        change.writes.append(broken)
        with pytest.raises(sqlite3.OperationalError):
            await storage.commit(change, version=0)
        row = await storage.load_table(table_id)
        assert row is not None and (row.message_id, row.version) == (None, 0)
        assert await storage.pending_events(table_id) == []
        await storage.commit(Change(table_id).set_message(78, 2.0), version=0)  # the writer goes on
        row = await storage.load_table(table_id)
        assert row is not None and row.message_id == 78
    finally:
        await storage.close()


async def test_a_change_records_its_writes_as_statements_run_in_order():
    change = Change(5).set_seat_state(2, away=True, taken_over=3).remove_seat(1)
    ran: list[tuple[str, dict]] = []

    def record(sql: str, params: dict) -> list:
        ran.append((sql.split()[0], params))
        return []

    for write in change.writes:
        write(record)
    assert ran == [
        ("UPDATE", {"away": 1, "taken": 3, "table": 5, "seat": 2}),
        ("DELETE", {"table": 5, "seat": 1}),
    ]


async def _stored(storage: Storage, *tables: int) -> list[tuple[int | None, int] | None]:
    """Each table's message id and version as stored (None: no such table)."""
    rows = [await storage.load_table(table_id) for table_id in tables]
    return [None if row is None else (row.message_id, row.version) for row in rows]


async def _queued(storage: Storage, changes: list, *, versions: list[int]) -> list:
    """Commit `changes` while the writer is held, so that they all wait together; their outcomes."""
    driver: Any = storage.driver  # the SQLite driver behind the guard (it forwards what it does not have)
    writer = driver._writer
    async with driver._write_lock:
        tasks = [
            asyncio.create_task(storage.commit(change, version=version))
            for change, version in zip(changes, versions, strict=True)
        ]
        while len(writer._queue) < len(tasks):
            await asyncio.sleep(0)  # each commit reaches the writer's queue; none can be written yet
    return await asyncio.gather(*tasks, return_exceptions=True)


async def test_changes_that_wait_together_share_one_commit(tmp_path, monkeypatch):
    storage = await Storage.open(tmp_path / "bot.db")
    groups: list[int] = []
    real = SqliteWriter._group

    def counted(self, bodies):
        groups.append(len(bodies))
        return real(self, bodies)

    monkeypatch.setattr(SqliteWriter, "_group", counted)
    try:
        tables = [await lobby(storage, channel) for channel in range(10)]
        groups.clear()
        changes = [Change(t).set_message(100 + t, 1.0).announce("a", {"n": t}) for t in tables]
        outcomes = await _queued(storage, changes, versions=[0] * len(tables))
        assert groups == [10]  # ten changes, one transaction
        for table_id, seqs in zip(tables, outcomes, strict=True):
            row = await storage.load_table(table_id)
            assert row is not None and (row.message_id, row.version) == (100 + table_id, 1)
            assert [seq for seq, _, _, _ in await storage.pending_events(table_id)] == seqs
    finally:
        await storage.close()


async def test_a_stale_change_in_a_group_is_refused_alone(tmp_path):
    storage = await Storage.open(tmp_path / "bot.db")
    try:
        first, second, third = [await lobby(storage, channel) for channel in range(3)]
        changes = [Change(t).set_message(7, 1.0).announce("a", {}) for t in (first, second, third)]
        outcomes = await _queued(storage, changes, versions=[0, 5, 0])  # the second was read at version 5
        assert isinstance(outcomes[1], StaleTable)
        assert all(isinstance(seqs, list) and len(seqs) == 1 for seqs in (outcomes[0], outcomes[2]))
        assert await _stored(storage, first, second, third) == [(7, 1), (None, 0), (7, 1)]
        assert await storage.pending_events(second) == []  # nothing of it stored, not even its events
    finally:
        await storage.close()


async def test_a_change_sqlite_refuses_in_a_group_fails_alone_and_the_others_land(tmp_path):
    storage = await Storage.open(tmp_path / "bot.db")
    try:
        first, second = await lobby(storage, 1), await lobby(storage, 2)
        broken = Change(first).set_message(7, 1.0)

        def missing(run) -> None:
            run("INSERT INTO no_such_table (x) VALUES (:x)", {"x": 1})

        broken.writes.append(missing)
        outcomes = await _queued(storage, [broken, Change(second).set_message(8, 1.0)], versions=[0, 0])
        assert isinstance(outcomes[0], sqlite3.OperationalError)
        assert outcomes[1] == []
        assert await _stored(storage, first, second) == [(None, 0), (8, 1)]
    finally:
        await storage.close()


async def test_a_write_given_up_while_it_waits_is_not_made(tmp_path):
    storage = await Storage.open(tmp_path / "bot.db")
    try:
        table_id = await lobby(storage)
        driver: Any = storage.driver
        async with driver._write_lock:
            task = asyncio.create_task(storage.commit(Change(table_id).set_message(9, 1.0), version=0))
            while not driver._writer._queue:
                await asyncio.sleep(0)
            task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        await storage.commit(Change(table_id).set_message(10, 1.0), version=0)  # the writer goes on
        row = await storage.load_table(table_id)
        assert row is not None and (row.message_id, row.version) == (10, 1)
    finally:
        await storage.close()


async def test_a_group_whose_writer_stops_waiting_still_answers_the_others(tmp_path):
    storage = await Storage.open(tmp_path / "bot.db")
    try:
        first, second = await lobby(storage, 1), await lobby(storage, 2)
        started, release = threading.Event(), threading.Event()
        slow = Change(first).set_message(7, 1.0)

        def held(run) -> None:  # the group stays in the writer's thread until the test lets it go
            started.set()
            release.wait(10)

        slow.writes.append(held)
        driver: Any = storage.driver
        async with driver._write_lock:
            leader = asyncio.create_task(storage.commit(slow, version=0))
            other = asyncio.create_task(storage.commit(Change(second).set_message(8, 1.0), version=0))
            while len(driver._writer._queue) < 2:
                await asyncio.sleep(0)
        assert await asyncio.to_thread(started.wait, 10)  # the leader writes both, as one group
        leader.cancel()
        release.set()
        assert await asyncio.wait_for(other, 10) == []  # the other's answer comes all the same
        with pytest.raises(asyncio.CancelledError):
            await leader
        assert await _stored(storage, first, second) == [(7, 1), (8, 1)]
    finally:
        await storage.close()
