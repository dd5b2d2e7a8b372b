"""Storage migrations and WAL; configuration from the environment; start-up failures in one line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import Config, ConfigError, database_path_from_url
from bot.migrations import MIGRATIONS
from bot.storage import ChannelBusy, Storage, StorageError

ROOT = Path(__file__).resolve().parents[2]


async def test_migrations_run_once_and_the_database_is_in_wal_mode(tmp_path):
    path = tmp_path / "t.db"
    storage = await Storage.open(path)
    assert await storage.schema_version() == len(MIGRATIONS)
    async with storage._db.execute("PRAGMA journal_mode") as cursor:
        assert (await cursor.fetchone())[0] == "wal"
    await storage.close()
    again = await Storage.open(path)  # re-opening applies nothing twice
    assert await again.schema_version() == len(MIGRATIONS)
    await again.close()


async def test_an_older_database_is_migrated_and_keeps_its_data(tmp_path):
    import sqlite3

    path = tmp_path / "old.db"
    old = sqlite3.connect(path)
    old.executescript(f"BEGIN;\n{MIGRATIONS[0]}\nPRAGMA user_version = 1;\nCOMMIT;")
    old.execute("INSERT INTO game_tables (guild_id, channel_id, host_id, variant) VALUES (1, 2, 3, 'standard')")
    old.execute("INSERT INTO seats (table_id, seat, user_id, name) VALUES (1, 0, 3, 'alice')")
    old.commit()
    old.close()

    storage = await Storage.open(path)
    try:
        assert await storage.schema_version() == len(MIGRATIONS) >= 3
        [table] = await storage.load_open_tables()
        assert table.seats[0].name == "alice" and table.seats[0].turn_message_id is None
        # Tables from before timers get the default timer and idle close, and start with no deadline.
        assert (table.turn_seconds, table.idle_seconds, table.deadline) == (120, 86400, None)
        assert not table.seats[0].away and table.seats[0].taken_over == 0
    finally:
        await storage.close()


async def test_one_open_table_per_channel_is_enforced_by_the_database(tmp_path):
    storage = await Storage.open(tmp_path / "t.db")
    try:
        first = await storage.create_table(
            guild_id=1, channel_id=2, host_id=3, variant="standard", rules={}, computer_level="strong"
        )
        with pytest.raises(ChannelBusy):
            await storage.create_table(
                guild_id=1, channel_id=2, host_id=3, variant="standard", rules={}, computer_level="strong"
            )
        await storage.end_table(first)
        second = await storage.create_table(
            guild_id=1, channel_id=2, host_id=3, variant="standard", rules={}, computer_level="strong"
        )
        assert second != first
    finally:
        await storage.close()


async def test_a_database_in_a_missing_folder_is_a_clear_error(tmp_path):
    with pytest.raises(StorageError, match="does not exist"):
        await Storage.open(tmp_path / "missing" / "t.db")


def test_config_reads_the_environment():
    config = Config.from_env(
        {"DISCORD_TOKEN": "abc", "DATABASE_URL": "sqlite:////var/data/t.db", "DEV_GUILD_ID": "123",
         "LOG_LEVEL": "debug"}
    )
    assert config.token == "abc"
    assert config.database_path == Path("/var/data/t.db")
    assert config.dev_guild_id == 123 and config.log_level == "DEBUG"
    assert Config.from_env({"DISCORD_TOKEN": "abc"}).database_path == Path("texas42.db")


@pytest.mark.parametrize(
    ("environ", "message"),
    [
        ({}, "DISCORD_TOKEN"),
        ({"DISCORD_TOKEN": "x", "DATABASE_URL": "postgres://db"}, "DATABASE_URL"),
        ({"DISCORD_TOKEN": "x", "DEV_GUILD_ID": "general"}, "DEV_GUILD_ID"),
        ({"DISCORD_TOKEN": "x", "LOG_LEVEL": "loud"}, "LOG_LEVEL"),
    ],
)
def test_bad_configuration_is_one_clear_error(environ, message):
    with pytest.raises(ConfigError, match=message):
        Config.from_env(environ)


def test_relative_database_urls():
    assert database_path_from_url("sqlite:///data/t.db") == Path("data/t.db")
    with pytest.raises(ConfigError):
        database_path_from_url("sqlite:///")


def _start(tmp_path: Path, **env: str) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    environ.update(env)
    return subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env={**environ, "PYTHONPATH": str(ROOT)},
        capture_output=True, text=True, timeout=60,
    )


def test_starting_without_a_token_prints_one_line_and_fails(tmp_path):
    run = _start(tmp_path)
    assert run.returncode != 0
    assert run.stderr.strip().count("\n") == 0 and "DISCORD_TOKEN" in run.stderr
    assert "Traceback" not in run.stderr


def test_starting_with_an_unusable_database_prints_one_line_and_fails(tmp_path):
    run = _start(tmp_path, DISCORD_TOKEN="not-a-real-token", DATABASE_URL="sqlite:////nonexistent/dir/t.db")
    assert run.returncode != 0
    assert run.stderr.strip().count("\n") == 0 and "database" in run.stderr
    assert "Traceback" not in run.stderr
