"""Migrations: a database made by the bot before Alembic (schema 4) carries forward with nothing lost; a
newer one is refused in one line; two processes starting together on an empty database migrate it once."""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
import sqlalchemy
from alembic import command

from bot.storage import Storage, StorageError, TableRow
from bot.storage.migrate import alembic_config, head_revision
from engine import Game, Hand, RecordError, Rules, read_record, write_record
from tests.databases import POSTGRESQL, drop_postgres_database, server_url
from tests.paths import ROOT

SEVENTY_TWO = "seventy-two"
V4 = Path(__file__).with_name("data") / "v4.db"
BIG = 2**62 + 12345
# The first migration as the bot wrote it before Alembic (PRAGMA user_version 1), for the oldest databases.
SCHEMA_1 = """
CREATE TABLE game_tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT, guild_id INTEGER NOT NULL, channel_id INTEGER NOT NULL,
    message_id INTEGER, host_id INTEGER NOT NULL, variant TEXT NOT NULL, rules_json TEXT NOT NULL DEFAULT '{}',
    computer_level TEXT NOT NULL DEFAULT 'strong',
    status TEXT NOT NULL DEFAULT 'lobby' CHECK (status IN ('lobby', 'playing', 'finished', 'ended')),
    first_dealer INTEGER, rematch_of INTEGER REFERENCES game_tables(id),
    created_at TEXT NOT NULL DEFAULT (datetime('now')), closed_at TEXT
);
CREATE UNIQUE INDEX one_open_table_per_channel ON game_tables(channel_id) WHERE status IN ('lobby', 'playing');
CREATE INDEX game_tables_by_status ON game_tables(status);
CREATE TABLE seats (
    table_id INTEGER NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE, seat INTEGER NOT NULL,
    user_id INTEGER, name TEXT NOT NULL, computer_level TEXT, dm_closed INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat), CHECK ((user_id IS NULL) <> (computer_level IS NULL))
);
CREATE TABLE hands (
    table_id INTEGER NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE, hand_no INTEGER NOT NULL,
    record_json TEXT NOT NULL, complete INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (table_id, hand_no)
);
CREATE TABLE player_stats (
    guild_id INTEGER NOT NULL, user_id INTEGER NOT NULL, name TEXT NOT NULL,
    games_played INTEGER NOT NULL DEFAULT 0, games_won INTEGER NOT NULL DEFAULT 0,
    marks_won INTEGER NOT NULL DEFAULT 0, points_won INTEGER NOT NULL DEFAULT 0,
    hands_bid INTEGER NOT NULL DEFAULT 0, hands_made INTEGER NOT NULL DEFAULT 0,
    hands_set INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (guild_id, user_id)
);
CREATE TABLE team_results (
    table_id INTEGER NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE, guild_id INTEGER NOT NULL,
    team INTEGER NOT NULL, team_name TEXT NOT NULL, players_json TEXT NOT NULL, score INTEGER NOT NULL,
    score_kind TEXT NOT NULL, won INTEGER NOT NULL, PRIMARY KEY (table_id, team)
);
CREATE INDEX team_results_by_guild ON team_results(guild_id);
"""


def dump(path: Path) -> dict[str, list[tuple]]:
    """Every row of every table the old bot wrote, by table."""
    with sqlite3.connect(path) as db:
        names = [
            n
            for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            if not n.startswith(("sqlite_", "alembic_"))
        ]
        return {name: db.execute(f"SELECT * FROM {name} ORDER BY 1, 2").fetchall() for name in names}


async def stored(storage: Storage, table_id: int) -> TableRow:
    """A table the database holds (the test fails if it does not)."""
    row = await storage.load_table(table_id)
    assert row is not None, f"table {table_id} is not stored"
    return row


async def test_a_database_made_by_the_bot_before_alembic_carries_forward_with_nothing_lost(tmp_path):
    path = tmp_path / "old.db"
    shutil.copy(V4, path)
    before = dump(path)
    storage = await Storage.open(path)
    try:
        assert await storage.schema_version() == head_revision()
        after = dump(path)
        for name, rows in before.items():  # every old row is still there, with new columns appended
            assert [row[: len(rows[0])] for row in after[name]] == rows, name
        finished, playing, lobby, ended = [await stored(storage, n) for n in (1, 2, 3, 4)]
        assert [t.status for t in (finished, playing, lobby, ended)] == [
            "finished",
            "playing",
            "lobby",
            "ended",
        ]
        assert playing.guild_id == BIG and playing.seats[0].user_id == BIG + 1 and playing.version == 0
        assert playing.first_dealer is not None  # its game was under way
        game = Game.from_records(
            Rules.from_preset(playing.variant, playing.rules), playing.first_dealer, playing.hands[:-1]
        )
        assert len(game.records) == 1 and read_record(playing.hands[-1]) is not None
        assert ended.ended_by == "carol" and lobby.seats[2].name == "bob"
        assert len(await storage.team_results(1)) == 2 and len(await storage.pending_events()) == 34
        [panel] = await storage.panels()
        assert (panel.channel_id, panel.message_id) == (BIG + 2, BIG + 3)
        assert await storage.dm_channel(BIG + 1) == BIG + 2
    finally:
        await storage.close()
    with sqlite3.connect(path) as db:  # a bot from before Alembic now refuses the file rather than misuse it
        assert db.execute("PRAGMA user_version").fetchone()[0] == head_revision()


async def test_the_oldest_databases_migrate_and_keep_their_data(tmp_path):
    path = tmp_path / "v1.db"
    with sqlite3.connect(path) as old:
        old.executescript(f"BEGIN;\n{SCHEMA_1}\nPRAGMA user_version = 1;\nCOMMIT;")
        old.execute(
            "INSERT INTO game_tables (guild_id, channel_id, host_id, variant) VALUES (1, 2, 3, 'standard')"
        )
        old.execute("INSERT INTO seats (table_id, seat, user_id, name) VALUES (1, 0, 3, 'alice')")
    storage = await Storage.open(path)
    try:
        [table] = await storage.load_open_tables()
        assert table.seats[0].name == "alice" and table.seats[0].turn_message_id is None
        # Tables from before timers get the default timer and idle close, and start with no deadline.
        assert (table.turn_seconds, table.idle_seconds, table.deadline) == (120, 86400, None)
        assert not table.seats[0].away and table.seats[0].taken_over == 0 and table.version == 0
    finally:
        await storage.close()


async def test_a_database_newer_than_the_bot_is_refused_in_one_line(tmp_path):
    path = tmp_path / "future.db"
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 9")
    with pytest.raises(StorageError, match="newer than this bot"):
        await Storage.open(path)
    storage = await Storage.open(tmp_path / "now.db")
    async with storage.transaction() as db:
        await db.exec_driver_sql("UPDATE alembic_version SET version_num = '9999'")
    await storage.close()
    with pytest.raises(StorageError, match="newer than this bot"):
        await Storage.open(tmp_path / "now.db")


OPEN_ONCE = """
import asyncio, sys
from bot.storage import Storage
from bot.storage import migrate
async def main():
    sys.stdin.readline()  # both processes start, then open the database at the same moment
    storage = await Storage.open(sys.argv[1], migrate=False)
    done = await storage.migrate()
    print(done.before, done.after, flush=True)
    await storage.close()
asyncio.run(main())
"""


async def empty_database(backend: str, tmp_path: Path, number: int = 0) -> str:
    """A database with nothing in it, not even a schema: a SQLite path, or a new PostgreSQL database."""
    if backend != POSTGRESQL:
        return str(tmp_path / f"empty{number}.db")
    import asyncpg
    from sqlalchemy.engine import make_url

    url = make_url(server_url())
    name = f"t42_empty{number}_{tmp_path.name[-20:].replace('-', '_').lower()}"
    admin = await asyncpg.connect(url.set(database="postgres").render_as_string(hide_password=False))
    await admin.execute(f"CREATE DATABASE {name}")
    await admin.close()
    return url.set(database=name).render_as_string(hide_password=False)


async def migrated_once(target: str) -> bool:
    """True if the database holds exactly one schema version row."""
    storage = await Storage.open(target)
    try:
        async with storage.reading() as db:
            return (await db.exec_driver_sql("SELECT count(*) FROM alembic_version")).scalar() == 1
    finally:
        await storage.close()


async def test_two_empty_databases_opened_at_once_in_one_process_are_both_migrated(backend, tmp_path):
    """Alembic keeps its running migration in module globals, and the database's own lock does not span two
    databases: migrations in one process must take turns."""
    targets = [await empty_database(backend, tmp_path, n) for n in (1, 2)]
    try:
        stores = await asyncio.gather(*(Storage.open(target) for target in targets))
        assert [await s.schema_version() for s in stores] == [head_revision()] * 2
        for store in stores:
            await store.close()
        assert all([await migrated_once(target) for target in targets])
    finally:
        if backend == POSTGRESQL:
            for target in targets:
                await drop_postgres_database(target)


@pytest.mark.slow
async def test_two_processes_starting_together_on_an_empty_database_migrate_it_once(backend, tmp_path):
    target = await empty_database(backend, tmp_path)
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", OPEN_ONCE, target],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    await asyncio.sleep(0)
    for process in processes:  # both are importing by now; release them together
        assert process.stdin is not None
        process.stdin.write("go\n")
        process.stdin.flush()
    results = []
    for process in processes:
        out, err = await asyncio.to_thread(process.communicate, timeout=60)
        assert process.returncode == 0, err
        results.append(tuple(int(n) for n in out.split()))
    head = head_revision()
    assert sorted(results) == [(0, head), (head, head)]  # one migrated from nothing, the other found it done
    assert await migrated_once(target)
    if backend == POSTGRESQL:
        await drop_postgres_database(target)


def test_the_v4_fixture_is_what_its_maker_says(tmp_path):
    with sqlite3.connect(V4) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 4
        statuses = [s for (s,) in db.execute("SELECT status FROM game_tables ORDER BY id")]
        assert statuses == ["finished", "playing", "lobby", "ended"]
        record = json.loads(
            db.execute("SELECT record_json FROM hands WHERE table_id = 2 ORDER BY hand_no").fetchone()[0]
        )
        assert record["variant"] == "standard"


def _seventy_two_mid_exchange() -> dict:
    """A Seventy-two hand whose bidder has taken the widow and discarded one tile of two, as the earlier bot
    wrote it (no `done` mark)."""
    rng = random.Random(3)
    hand = Hand.new(Rules.from_preset(SEVENTY_TWO, {}), 0, rng)
    while hand.phase != "exchange":
        legal = hand.legal_actions()
        bids = [a for a in legal if a != "pass"]
        hand = hand.apply(
            bids[0]
            if hand.phase == "auction" and not hand.calls
            else legal[0]
            if hand.phase != "auction"
            else "pass"
        )
    hand = hand.apply("take")
    hand = hand.apply(hand.legal_actions()[0])  # the first discard
    record = write_record(hand)
    assert record["exchange"]["done"] is False and len(record["exchange"]["discard"]) == 1
    del record["exchange"]["done"]
    return record


async def test_a_hand_saved_partway_through_a_whole_widow_exchange_reads_after_the_migration(tmp_path):
    path = tmp_path / "v6.db"
    engine = sqlalchemy.create_engine(f"sqlite:///{path}")
    old = _seventy_two_mid_exchange()
    with pytest.raises(RecordError):
        read_record(old)  # the engine refuses the earlier bot's record of that moment
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), "0006")
        connection.execute(
            sqlalchemy.text(
                "INSERT INTO game_tables (id, guild_id, channel_id, host_id, variant, status) "
                "VALUES (1, 1, 1, 1, :variant, 'playing')"
            ),
            {"variant": SEVENTY_TWO},
        )
        for hand_no, record, complete in ((0, old, 0), (1, {**old, "plays": ["6-6"]}, 1)):
            connection.execute(
                sqlalchemy.text("INSERT INTO hands VALUES (1, :n, :record, :complete)"),
                {"n": hand_no, "record": json.dumps(record), "complete": complete},
            )
    engine.dispose()
    storage = await Storage.open(path)
    await storage.close()
    with sqlite3.connect(path) as db:
        stored = {n: json.loads(text) for n, text in db.execute("SELECT hand_no, record_json FROM hands")}
    assert stored[0]["exchange"]["done"] is False
    assert read_record(stored[0]).phase == "exchange"
    assert "done" not in stored[1]["exchange"]  # a complete hand is left as it was
