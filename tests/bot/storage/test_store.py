"""The store on both backends: one open table per channel, 64-bit ids, versioned writes that refuse a stale
writer, the owner's fence, the outbox, and the reads the table service asks of it."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import inspect

from bot.storage import Change, ChannelBusy, NotOwner, SeatRow, StaleTable, Storage
from bot.storage.migrate import head_revision
from bot.storage.rows import Panel

SNOWFLAKE = 2**63 - 1  # the largest Discord id there can be


async def lobby(storage: Storage, channel: int = 2, **extra) -> int:
    return await storage.create_table(
        guild_id=1,
        channel_id=channel,
        host_id=3,
        variant="standard",
        rules={},
        computer_level="strong",
        **extra,
    )


async def test_the_schema_is_current_and_opening_again_applies_nothing(storage, database_url):
    assert await storage.schema_version() == head_revision() >= 5
    again = await Storage.open(database_url)
    try:
        assert (await again.migrate()).before == head_revision()
    finally:
        await again.close()


async def test_one_open_table_per_channel_is_enforced_by_the_database(storage):
    first = await lobby(storage)
    with pytest.raises(ChannelBusy):
        await lobby(storage)
    await storage.end_table(first)
    assert await lobby(storage) != first


async def test_discord_ids_are_64_bit_everywhere(storage):
    seat = SeatRow(seat=0, name="max", user_id=SNOWFLAKE)
    table_id = await storage.create_table(
        guild_id=SNOWFLAKE,
        channel_id=SNOWFLAKE - 1,
        host_id=SNOWFLAKE - 2,
        variant="standard",
        rules={},
        computer_level="strong",
        seats=[seat],
    )
    await storage.commit(Change(table_id).set_message(SNOWFLAKE - 3, 1.5))
    await storage.set_dm_channel(SNOWFLAKE, SNOWFLAKE - 4)
    row = await storage.load_table(table_id)
    assert (row.guild_id, row.channel_id, row.host_id, row.message_id) == (
        SNOWFLAKE,
        SNOWFLAKE - 1,
        SNOWFLAKE - 2,
        SNOWFLAKE - 3,
    )
    assert row.seats[0].user_id == SNOWFLAKE and await storage.dm_channel(SNOWFLAKE) == SNOWFLAKE - 4
    assert await storage.open_table_in(SNOWFLAKE - 1) == table_id
    assert await storage.open_tables_of(SNOWFLAKE) == [table_id]


async def test_every_id_column_of_every_table_is_64_bit(storage):
    """Schema-wide, so a table added later cannot slip a 32-bit id in (SQLite's INTEGER is 64-bit)."""

    def id_columns(connection) -> dict[str, str]:
        schema = inspect(connection)
        return {
            f"{table}.{column['name']}": str(column["type"])
            for table in schema.get_table_names()
            for column in schema.get_columns(table)
            if column["name"] == "id" or column["name"].endswith("_id")
        }

    async with storage.reading() as db:
        columns = await db.run_sync(id_columns)
    assert {"game_tables.guild_id", "seats.user_id", "panels.message_id", "ratings.user_id"} <= set(columns)
    wide = {"BIGINT", "INTEGER"} if storage.target.backend == "sqlite" else {"BIGINT"}
    assert {name: kind for name, kind in columns.items() if kind not in wide} == {}


async def test_each_change_bumps_the_version_and_a_stale_writer_is_refused_and_writes_nothing(storage):
    table_id = await lobby(storage)
    assert await storage.table_version(table_id) == 0
    await storage.commit(
        Change(table_id).put_seat(SeatRow(0, "ann", user_id=10)).announce("a", {}), version=0
    )
    assert await storage.table_version(table_id) == 1
    stale = Change(table_id).put_seat(SeatRow(1, "bob", user_id=11)).announce("b", {})
    with pytest.raises(StaleTable) as refused:
        await storage.commit(stale, version=0)
    assert (refused.value.expected, refused.value.found) == (0, 1)
    row = await storage.load_table(table_id)
    assert list(row.seats) == [0] and row.version == 1
    assert [kind for _, _, kind, _ in await storage.pending_events(table_id)] == ["a"]


async def test_two_writers_racing_on_one_version_exactly_one_wins(storage, database_url):
    """Two stores (as two processes would) commit against the same version at the same moment, 20 times."""
    other = await Storage.open(database_url)
    try:
        table_id = await lobby(storage)
        for version in range(20):
            results = await asyncio.gather(
                storage.commit(Change(table_id).announce("first", {"v": version}), version=version),
                other.commit(Change(table_id).announce("second", {"v": version}), version=version),
                return_exceptions=True,
            )
            assert sorted(type(r).__name__ for r in results) == ["StaleTable", "list"], results
        assert await storage.table_version(table_id) == 20
        assert [payload["v"] for _, _, _, payload in await storage.pending_events(table_id)] == list(
            range(20)
        )
    finally:
        await other.close()


async def test_only_the_lease_holder_may_make_an_owner_change(storage):
    table_id = await lobby(storage, owner="p1", lease_seconds=60)
    await storage.commit(Change(table_id).announce("by owner", {}), owner="p1")
    with pytest.raises(NotOwner) as refused:
        await storage.commit(Change(table_id).announce("by another", {}), owner="p2")
    assert refused.value.holder == "p1"
    assert [kind for _, _, kind, _ in await storage.pending_events(table_id)] == ["by owner"]


async def test_the_outbox_is_numbered_in_order_per_table_and_read_after_a_number(storage):
    first, second = await lobby(storage, 2), await lobby(storage, 3)
    seqs = await storage.commit(Change(first).announce("x", {"n": 1}).announce("y", {"n": 2}))
    await storage.commit(Change(second).announce("z", {}))
    assert seqs == sorted(seqs) and len(set(seqs)) == 2
    assert [kind for _, _, kind, _ in await storage.pending_events(first, after=seqs[0])] == ["y"]
    await storage.events_shown(seqs)
    assert [(table, kind) for _, table, kind, _ in await storage.pending_events()] == [(second, "z")]


async def test_versions_of_several_tables_and_a_rematch_link(storage):
    first = await lobby(storage)
    await storage.commit(Change(first).end_table())
    second = await lobby(storage, rematch_of=first)
    assert await storage.table_versions([first, second, 999]) == {first: 1, second: 0}
    assert (await storage.load_table(first)).rematch_id == second
    assert await storage.open_table_in(2) == second


async def test_sqlite_runs_in_wal_mode_with_commits_that_survive_a_killed_process(tmp_path):
    """WAL with synchronous=NORMAL: durable across a crash of the bot (tests/processes/test_kill9.py kills it
    mid-game), without waiting for the disk at every commit. (PostgreSQL's durability is its server's.)"""
    storage = await Storage.open(tmp_path / "t.db")
    try:
        async with storage.reading() as db:
            settings = [
                (await db.exec_driver_sql(f"PRAGMA {name}")).scalar()
                for name in ("journal_mode", "synchronous", "foreign_keys")
            ]
    finally:
        await storage.close()
    assert settings == ["wal", 1, 1]  # synchronous 1 = NORMAL


async def test_two_processes_saving_one_players_panel_at_once_both_succeed(storage, database_url):
    """Each process saves a player's panel as one upsert: two at once never run into the panel's key."""
    table = await lobby(storage)
    other = await Storage.open(database_url)
    try:
        for round_no in range(20):
            await asyncio.gather(
                storage.save_panel(table, 7, Panel(table, 7, 10, 100 + round_no)),
                other.save_panel(table, 7, Panel(table, 7, 10, 200 + round_no)),
            )
        [panel] = await storage.panels([table])
        assert panel.message_id in (119, 219)
    finally:
        await other.close()
