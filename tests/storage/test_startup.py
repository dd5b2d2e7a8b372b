"""Starting `python -m bot` as an admin would: every problem before Discord is one line and no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def start(cwd: Path, **env: str) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    environ.update(env)
    return subprocess.run([sys.executable, "-m", "bot"], cwd=cwd, env={**environ, "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True, timeout=60)


def one_line_error(run: subprocess.CompletedProcess, *words: str) -> None:
    assert run.returncode != 0
    assert run.stderr.strip().count("\n") == 0, run.stderr
    assert "Traceback" not in run.stderr and all(word in run.stderr for word in words), run.stderr


def test_starting_without_a_token_says_so_and_where_the_env_file_would_be(tmp_path):
    one_line_error(start(tmp_path), "DISCORD_TOKEN", str(tmp_path / ".env"))


@pytest.mark.parametrize("url", ["sqlite:////nonexistent/dir/t.db", "sqlite:////proc/t.db",
                                 "postgresql://nobody@/nothing?host=/nonexistent"])
def test_an_unusable_database_is_one_line(tmp_path, url):
    one_line_error(start(tmp_path, DISCORD_TOKEN="not-a-real-token", DATABASE_URL=url), "database")


def test_the_env_file_is_read_from_the_working_directory(tmp_path):
    (tmp_path / ".env").write_text("DISCORD_TOKEN=x\nDATABASE_URL=sqlite:////proc/from-env.db\n")
    one_line_error(start(tmp_path), "/proc/from-env.db")


def test_sqlite_with_only_some_shards_is_refused_in_one_line(tmp_path):
    one_line_error(start(tmp_path, DISCORD_TOKEN="x", SHARD_COUNT="2", SHARD_IDS="1"), "SHARD_IDS", "PostgreSQL")
