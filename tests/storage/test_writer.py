"""A SQLite file's changes in one step of the writer's thread: the same statements as through the engine, all
or nothing, and a change read back through the engine at once."""

from __future__ import annotations

import sqlite3

import pytest

from bot.storage import Change, Storage
from bot.storage.sql import run
from bot.storage.writer import Recorder, SqliteWriter


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

        async def broken(db) -> None:
            await run(db, "INSERT INTO no_such_table (x) VALUES (:x)", x=1)

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


async def test_the_recorder_keeps_each_statement_with_its_parameters():
    recorder = Recorder()
    await run(recorder, "UPDATE seats SET away = :away WHERE table_id = :table", away=1, table=5)  # type: ignore[arg-type]
    assert recorder.statements == [
        ("UPDATE seats SET away = :away WHERE table_id = :table", {"away": 1, "table": 5})
    ]
