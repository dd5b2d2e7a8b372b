"""The database going away under the store: a PostgreSQL server stopped and started (a server of the test's
own), every pooled connection cut at once, a SQLite disk that fills (a small file system where the machine
allows mounting one, else the writer's error injected) and a SQLite file that turns read-only (injected:
Linux refuses to remount read-only under a file open for writing). Each time: the change fails with
`StorageUnavailable` and writes nothing, the log says once that the database is away and once that it is
back, and the store works again by itself."""

from __future__ import annotations

import logging
import os
import sqlite3
import subprocess
import uuid
from pathlib import Path

import pytest

from bot.storage import SeatRow, Storage
from bot.storage.errors import StorageUnavailable, is_outage
from bot.storage.outage import Outage
from bot.storage.sqlite import SqliteWriter
from tests.pgcluster import pg_cluster  # noqa: F401  (a fixture)


def away_lines(caplog) -> list[str]:
    return [
        r.getMessage() for r in caplog.records if r.name == "bot.storage" and " is away " in r.getMessage()
    ]


def back_lines(caplog) -> list[str]:
    return [
        r.getMessage() for r in caplog.records if r.name == "bot.storage" and " is back " in r.getMessage()
    ]


async def open_lobby(storage: Storage, channel: int = 2) -> int:
    return await storage.create_table(
        guild_id=1,
        channel_id=channel,
        host_id=10,
        variant="standard",
        rules={},
        computer_level="easy",
        seats=[SeatRow(seat=0, name="alice", user_id=10)],
    )


async def status(storage: Storage, table_id: int) -> str:
    row = await storage.load_table(table_id)
    assert row is not None
    return row.status


def sqlite_error(message: str, code: int) -> sqlite3.OperationalError:
    error = sqlite3.OperationalError(message)
    error.sqlite_errorcode = code
    return error


# ---------------------------------------------------------------------- which errors are an outage


def test_errors_that_mean_the_database_is_away_and_those_that_do_not():
    assert is_outage(sqlite_error("database or disk is full", 13))
    assert is_outage(sqlite_error("attempt to write a readonly database", 8))
    assert is_outage(sqlite_error("disk I/O error", 10 | (3 << 8)))  # an extended code
    assert is_outage(ConnectionRefusedError(111, "Connection refused"))
    assert is_outage(FileNotFoundError(2, "No such file or directory"))  # a Unix socket gone
    assert not is_outage(sqlite_error('near "SELEC": syntax error', 1))
    assert not is_outage(sqlite3.IntegrityError("UNIQUE constraint failed"))
    assert not is_outage(ValueError("a bug"))
    wrapped = RuntimeError("wrapper")
    wrapped.__cause__ = sqlite_error("database or disk is full", 13)
    assert is_outage(wrapped)


async def test_the_log_says_once_that_it_went_and_once_that_it_came_back(caplog):
    caplog.set_level(logging.INFO)
    now = [100.0]
    outage = Outage("db", is_outage, StorageUnavailable, clock=lambda: now[0], settle=2.0)
    backs = []
    outage.on_back.append(lambda: backs.append(now[0]))
    for _ in range(3):
        with pytest.raises(StorageUnavailable):
            async with outage.guard():
                raise ConnectionRefusedError(111, "refused")
        now[0] += 1
    assert outage.away and len(away_lines(caplog)) == 1
    async with outage.guard():  # a transaction goes through 1 s after the last failure: not settled yet
        pass
    assert outage.away and back_lines(caplog) == []
    now[0] += 2
    async with outage.guard():
        pass
    assert not outage.away and len(back_lines(caplog)) == 1 and backs == [now[0]]
    with pytest.raises(ValueError):  # not an outage: raised as it is, nothing said
        async with outage.guard():
            raise ValueError("a bug")
    assert len(away_lines(caplog)) == 1 and outage.outages == 1


async def test_while_one_transaction_tries_the_database_the_others_are_answered_at_once():
    outage = Outage("db", is_outage, StorageUnavailable)
    with pytest.raises(StorageUnavailable):
        async with outage.guard():
            raise OSError("gone")
    async with outage.guard():  # the probe
        with pytest.raises(StorageUnavailable):
            async with outage.guard():  # refused without trying
                raise AssertionError("not tried")


# ---------------------------------------------------------------------- SQLite


@pytest.fixture(params=["mounted", "injected"])
def small_disk(request, tmp_path: Path):
    """A 3 MB file system of its own (tmpfs; skipped where the machine does not allow mounting), or None:
    the writer's error is injected instead."""
    if request.param == "injected":
        yield None
        return
    mount = tmp_path / "small"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip("this machine does not allow mounting a small file system (the injected variant runs)")
    yield mount
    subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def fill(folder: Path) -> Path:
    """Fill the file system with a file; that file (delete it to make room)."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, b"x" * 65536)
    except OSError:
        pass
    finally:
        os.close(fd)
    return filler


async def test_a_sqlite_disk_that_fills_refuses_changes_then_recovers(
    small_disk, tmp_path, monkeypatch, caplog
):
    caplog.set_level(logging.INFO)
    folder = small_disk or tmp_path
    storage = await Storage.open(folder / "texas42.db")
    storage.outage.settle = 0.0
    table_id = await open_lobby(storage)
    await storage.set_dm_channel(7, 70)
    if small_disk is not None:
        filler = fill(small_disk)
    else:  # no mounting here: the writer finds the disk full
        real = SqliteWriter._transaction

        def full(self, body):
            raise sqlite_error("database or disk is full", 13)

        monkeypatch.setattr(SqliteWriter, "_transaction", full)
    for user in range(100, 140):  # enough new rows to need new pages
        await storage.set_dm_channel(user, user * 10)  # bookkeeping waits for the database, it never raises
    with pytest.raises(StorageUnavailable):
        for channel in range(3, 60):  # changes that need room: the writer's, then lobbies with long rules
            await storage.end_table(table_id)
            await storage.create_table(
                guild_id=1,
                channel_id=channel,
                host_id=10,
                variant="standard",
                rules={"note": "y" * 4000},
                computer_level="easy",
            )
    assert storage.outage.away and len(away_lines(caplog)) == 1
    assert ("dm", 120) in storage.guarded.waiting, "the bookkeeping waits for the database"
    if small_disk is not None:
        os.unlink(filler)
    else:
        monkeypatch.setattr(SqliteWriter, "_transaction", real)
    await storage.end_table(table_id)  # the database takes changes again
    assert not storage.outage.away and len(back_lines(caplog)) == 1
    await storage.guarded.flush()
    assert not storage.guarded.waiting
    await storage.close()
    again = await Storage.open(folder / "texas42.db")
    assert await again.dm_channel(139) == 1390, "what waited was written once there was room"
    assert await status(again, table_id) == "ended"
    await again.close()


async def test_a_sqlite_file_turned_read_only_refuses_changes_then_recovers(tmp_path, monkeypatch, caplog):
    caplog.set_level(logging.INFO)
    storage = await Storage.open(tmp_path / "texas42.db")
    storage.outage.settle = 0.0
    table_id = await open_lobby(storage)
    version = await storage.table_version(table_id)
    assert version is not None
    real = sqlite3.Connection.execute
    failing = {"on": True}

    def read_only(connection, sql, *args):  # the writer's connection: its transaction cannot begin
        if failing["on"] and sql.startswith("BEGIN"):
            raise sqlite_error("attempt to write a readonly database", 8)
        return real(connection, sql, *args)

    writer = storage.driver.inner._writer  # type: ignore[attr-defined]
    monkeypatch.setattr(writer, "_connect", lambda: _Proxy(SqliteWriter._connect(writer), read_only))
    for _ in range(3):
        with pytest.raises(StorageUnavailable):
            await storage.end_table(table_id)
    assert await storage.table_version(table_id) == version, "nothing was written"
    assert len(away_lines(caplog)) == 1
    failing["on"] = False
    await storage.end_table(table_id)
    assert await storage.table_version(table_id) == version + 1
    assert len(back_lines(caplog)) == 1
    await storage.close()


class _Proxy:
    """A sqlite3 connection whose `execute` goes through `execute(connection, sql, *args)`."""

    def __init__(self, connection: sqlite3.Connection, execute):
        self._connection, self._execute = connection, execute

    def execute(self, sql, *args):
        return self._execute(self._connection, sql, *args)

    def __getattr__(self, name):
        return getattr(self._connection, name)


# ---------------------------------------------------------------------- PostgreSQL


@pytest.mark.slow
async def test_a_postgresql_server_stopped_and_started_under_the_store(pg_cluster, caplog):  # noqa: F811
    caplog.set_level(logging.INFO)
    storage = await Storage.open(pg_cluster.url)
    storage.outage.settle = 0.0
    table_id = await open_lobby(storage)
    await pg_cluster.astop()
    for _ in range(3):
        with pytest.raises(StorageUnavailable):
            await storage.end_table(table_id)
        with pytest.raises(StorageUnavailable):
            await storage.table_version(table_id)
    await storage.set_dm_channel(5, 50)  # waits for the server
    assert len(away_lines(caplog)) == 1
    await pg_cluster.astart()
    await storage.end_table(table_id)
    assert len(back_lines(caplog)) == 1
    assert await status(storage, table_id) == "ended"
    await storage.guarded.flush()
    assert await storage.dm_channel(5) == 50 and not storage.guarded.waiting
    await storage.close()


@pytest.mark.slow
async def test_a_pool_that_loses_every_connection_at_once_carries_on(pg_cluster, caplog):  # noqa: F811
    import asyncpg

    storage = await Storage.open(pg_cluster.url)
    table_id = await open_lobby(storage)
    for _ in range(3):
        await storage.table_version(table_id)
    admin = await asyncpg.connect(
        pg_cluster.url, server_settings={"application_name": f"admin-{uuid.uuid4()}"}
    )
    cut = await admin.fetchval(
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = 'texas42'"
    )
    await admin.close()
    assert cut >= 1
    await storage.end_table(table_id)  # the pool replaces its dead connections: nothing fails
    assert await status(storage, table_id) == "ended"
    assert away_lines(caplog) == []
    await storage.close()


def test_the_pool_closing_a_connection_the_server_dropped_logs_no_traceback(caplog):
    Outage("db", is_outage, StorageUnavailable)  # installs the filter
    pool_log = logging.getLogger("sqlalchemy.pool.impl.AsyncAdaptedQueuePool")
    for error in (BrokenPipeError(32, "Broken pipe"), ValueError("a bug")):
        try:
            raise error
        except Exception:
            pool_log.error("Exception closing connection %r", "conn", exc_info=True)
    logged = [r for r in caplog.records if r.name == pool_log.name]
    assert [type(r.exc_info[1]) for r in logged if r.exc_info] == [ValueError], "only the bug is logged"
