"""A SQLite file's changes in one step of the writer's thread: the same statements as through the engine, all
or nothing, and a change read back through the engine at once."""

from __future__ import annotations

import sqlite3

import pytest

from bot.storage import Change, Storage
from bot.storage.sqlite import SqliteWriter


async def lobby(storage: Storage) -> int:
    return await storage.create_table(
        guild_id=1, channel_id=2, host_id=3, variant="standard", rules={}, computer_level="strong"
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
