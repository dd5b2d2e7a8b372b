"""Configuration from the environment: database URLs of both backends, one rule for relative paths, shards
(and SQLite's one-process rule), and every bad setting as one clear line."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Config, ConfigError
from bot.storage import database_target


def test_config_reads_the_environment():
    config = Config.from_env(
        {
            "DISCORD_TOKEN": "abc",
            "DATABASE_URL": "sqlite:////var/data/t.db",
            "DEV_GUILD_ID": "123",
            "LOG_LEVEL": "debug",
            "PROCESS_ID": "web-1",
        }
    )
    assert config.token == "abc" and config.process_id == "web-1"
    assert config.database_path == Path("/var/data/t.db")
    assert config.dev_guild_id == 123 and config.log_level == "DEBUG"
    assert (config.shard_count, config.shard_ids) == (None, None)


def test_pictures_are_drawn_in_processes_of_their_own_on_two_cores_or_more(monkeypatch):
    monkeypatch.setattr("bot.config.cores", lambda: 2)
    assert Config.from_env({"DISCORD_TOKEN": "x"}).picture_workers == 2
    assert Config.from_env({"DISCORD_TOKEN": "x", "PICTURE_WORKERS": "0"}).picture_workers == 0
    assert Config.from_env({"DISCORD_TOKEN": "x", "PICTURE_WORKERS": "3"}).picture_workers == 3
    monkeypatch.setattr("bot.config.cores", lambda: 1)
    assert Config.from_env({"DISCORD_TOKEN": "x", "PICTURE_WORKERS": "auto"}).picture_workers == 0


def test_a_relative_sqlite_path_is_in_the_working_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert Config.from_env({"DISCORD_TOKEN": "abc"}).database_path == tmp_path / "texas42.db"
    assert database_target("sqlite:///data/t.db").path == tmp_path / "data" / "t.db"
    assert database_target("sqlite:///../t.db", cwd=tmp_path / "a").path == tmp_path / "t.db"


def test_postgresql_urls_are_taken_as_they_are_and_never_shown_with_their_password():
    for url in ("postgresql://bot:secret@db.example/texas42", "postgres://bot:secret@db.example/texas42"):
        target = database_target(url)
        assert target.shared and target.path is None
        assert "secret" not in target.describe() and "db.example/texas42" in target.describe()
        assert target.sqlalchemy_url().drivername == "postgresql+asyncpg"
    socket = database_target("postgresql://bot@/texas42?host=/run/postgresql")
    assert socket.asyncpg_dsn() == "postgresql://bot@/texas42?host=/run/postgresql"


def test_shards_are_read_and_sqlite_refuses_to_run_only_some_of_them():
    both = Config.from_env({"DISCORD_TOKEN": "x", "SHARD_COUNT": "2", "SHARD_IDS": "1, 0"})
    assert (both.shard_count, both.shard_ids) == (2, (0, 1))
    one = Config.from_env(
        {"DISCORD_TOKEN": "x", "SHARD_COUNT": "2", "SHARD_IDS": "1", "DATABASE_URL": "postgresql://bot@db/t"}
    )
    assert one.shard_ids == (1,)
    with pytest.raises(ConfigError, match="several processes need PostgreSQL"):
        Config.from_env({"DISCORD_TOKEN": "x", "SHARD_COUNT": "2", "SHARD_IDS": "1"})


@pytest.mark.parametrize(
    ("environ", "message"),
    [
        ({}, "DISCORD_TOKEN"),
        ({"DATABASE_URL": "mysql://db"}, "DATABASE_URL"),
        ({"DATABASE_URL": "sqlite:///"}, "no database file"),
        ({"DATABASE_URL": "postgresql://host"}, "no PostgreSQL database"),
        ({"DEV_GUILD_ID": "general"}, "DEV_GUILD_ID"),
        ({"LOG_LEVEL": "loud"}, "LOG_LEVEL"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT"),
        ({"SHARD_IDS": "0"}, "SHARD_COUNT too"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2", "DATABASE_URL": "postgresql://h/d"}, "numbered 0 to 1"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "zero"}, "SHARD_IDS"),
        ({"TICK_SECONDS": "5", "LEASE_SECONDS": "6"}, "LEASE_SECONDS"),
        ({"COMPUTER_PAUSE": "-1"}, "COMPUTER_PAUSE"),
        ({"PICTURE_WORKERS": "two"}, "PICTURE_WORKERS"),
        ({"PICTURE_WORKERS": "-1"}, "PICTURE_WORKERS"),
    ],
)
def test_bad_configuration_is_one_clear_error(environ, message):
    token = {} if not environ else {"DISCORD_TOKEN": "x"}
    with pytest.raises(ConfigError, match=message) as error:
        Config.from_env({**token, **environ})
    assert "\n" not in str(error.value)


@pytest.mark.parametrize(
    ("shards", "expected"),
    [({}, "all-shards"), ({"SHARD_IDS": "1"}, "shard1"), ({"SHARD_IDS": "2,0"}, "shards0-2")],
)
def test_the_default_process_id_is_named_after_the_shards_so_a_restart_keeps_it(shards, expected):
    environ = {"DISCORD_TOKEN": "abc", "DATABASE_URL": "postgresql://u@h/db", "SHARD_COUNT": "4", **shards}
    assert Config.from_env(environ).process_id == expected
    assert Config.from_env({**environ, "PROCESS_ID": "web-1"}).process_id == "web-1", "PROCESS_ID wins"
