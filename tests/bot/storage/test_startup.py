"""Starting `python -m bot` as an admin would: every problem before Discord is one line and no traceback."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.paths import ROOT
from tests.standin import DiscordStandIn

pytestmark = pytest.mark.slow  # each test starts `python -m bot` processes


def start(cwd: Path, **env: str) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    environ.update(env)
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=cwd,
        env={**environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )


def one_line_error(run: subprocess.CompletedProcess, *words: str) -> None:
    assert run.returncode != 0
    assert run.stderr.strip().count("\n") == 0, run.stderr
    assert "Traceback" not in run.stderr and all(word in run.stderr for word in words), run.stderr


def test_starting_without_a_token_says_so_and_where_the_env_file_would_be(tmp_path):
    one_line_error(start(tmp_path), "DISCORD_TOKEN", str(tmp_path / ".env"))


@pytest.mark.parametrize(
    "url",
    [
        "sqlite:////nonexistent/dir/t.db",
        "sqlite:////proc/t.db",
        "postgresql://nobody@/nothing?host=/nonexistent",
    ],
)
def test_an_unusable_database_is_one_line(tmp_path, url):
    one_line_error(start(tmp_path, DISCORD_TOKEN="not-a-real-token", DATABASE_URL=url), "database")


def damaged_copy(tmp_path: Path, how: str) -> Path:
    """A database file that is not a SQLite database, or a real one damaged where a table's rows lie (past
    what opening it and migrating it read)."""
    path = tmp_path / f"{how}.db"
    if how == "not-sqlite":
        path.write_text("hello, I am a text file\n")
        return path
    import sqlite3

    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE filler (x TEXT)")
    connection.executemany("INSERT INTO filler VALUES (?)", [("x" * 3000,) for _ in range(200)])
    connection.commit()
    connection.close()
    size = path.stat().st_size
    with open(path, "r+b") as file:  # pages in the middle of the table overwritten
        file.seek(size // 2 // 4096 * 4096)
        file.write(bytes(range(256)) * 64)
    return path


@pytest.mark.parametrize("how", ["not-sqlite", "damaged"])
def test_a_database_file_that_is_not_sqlite_or_is_damaged_stops_the_start_in_one_line(tmp_path, how):
    path = damaged_copy(tmp_path, how)
    run = start(tmp_path, DISCORD_TOKEN="not-a-real-token", DATABASE_URL=f"sqlite:///{path}")
    one_line_error(run, str(path), "restore it from a backup")


def test_the_env_file_is_read_from_the_working_directory(tmp_path):
    (tmp_path / ".env").write_text("DISCORD_TOKEN=x\nDATABASE_URL=sqlite:////proc/from-env.db\n")
    one_line_error(start(tmp_path), "/proc/from-env.db")


def test_sqlite_with_only_some_shards_is_refused_in_one_line(tmp_path):
    one_line_error(
        start(tmp_path, DISCORD_TOKEN="x", SHARD_COUNT="2", SHARD_IDS="1"), "SHARD_IDS", "PostgreSQL"
    )


async def test_a_first_start_says_where_its_new_database_is_and_then_who_it_is_where_when_ready(tmp_path):
    """The token from `.env` in the folder the bot starts in, the default SQLite file made in that same
    folder, the log naming it as new, and the ready line (against the stand-in for Discord)."""
    folder = Path(os.path.realpath(tmp_path))
    async with DiscordStandIn(seed=1) as discord:
        discord.create_guild("Domino Hall")
        (folder / ".env").write_text(f"DISCORD_TOKEN={discord.token}\n")
        env = {
            k: v
            for k, v in os.environ.items()
            if k not in ("DISCORD_TOKEN", "DATABASE_URL", "SHARD_COUNT", "SHARD_IDS")
        }
        env.update(STANDIN_URL=discord.url, PYTHONPATH=str(ROOT), COMPUTER_WORKERS="threads:1")
        log = folder / "bot.log"
        with open(log, "wb") as out:
            process = subprocess.Popen(
                [sys.executable, "-m", "tests.standin.launcher"],
                cwd=folder,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        try:
            deadline = time.monotonic() + 60
            while "ready:" not in log.read_text() and process.poll() is None and time.monotonic() < deadline:
                await asyncio.sleep(0.1)
        finally:
            process.kill()
            await asyncio.to_thread(process.wait)
    text = log.read_text()
    assert (folder / "texas42.db").exists(), text
    assert (
        f"database: {folder / 'texas42.db'} (SQLite: one process only) — a new, empty database was created there"
        in text
    )
    assert re.search(
        r"ready: logged in as Texas 42 \(id \d+\) in 1 server\(s\), shard\(s\) 0 of 1; "
        r"commands synced globally \(\d+ command",
        text,
    ), text
