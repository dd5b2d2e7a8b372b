"""A PostgreSQL server of a test's own, to stop and start under the bot (the shared test server is never
stopped): a throwaway cluster in a temporary folder, reached through a Unix socket there, as `.ci/run` starts
one. As root the server runs as the `postgres` user (initdb refuses root). Skipped where PostgreSQL's
programs are missing, except under CI=true, where that fails: CI installs them."""

from __future__ import annotations

import asyncio
import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest


def _bin() -> Path | None:
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: [int(x) for x in p.split("/")[4].split(".")],
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


class Cluster:
    """One throwaway PostgreSQL server: `start()`, `stop()` (fast: connections are cut, as a server shut down
    under its clients), `url` for the bot, `close()` to remove it."""

    def __init__(self) -> None:
        pgbin = _bin()
        if pgbin is None:
            if os.environ.get("CI", "").lower() == "true":
                pytest.fail("PostgreSQL's programs (initdb, pg_ctl) are missing under CI=true")
            pytest.skip("PostgreSQL's programs (initdb, pg_ctl) are not installed")
        self.pgbin = pgbin
        self.folder = Path(tempfile.mkdtemp(prefix="t42-pg-"))
        self.runas: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres")
            self.runas = ["runuser", "-u", "postgres", "--"]
        self._run("initdb", "-D", str(self.folder / "data"), "-A", "trust", "-U", "postgres", "--no-sync")
        self.url = f"postgresql://postgres@/postgres?host={self.folder}"

    def _run(self, program: str, *args: str) -> None:
        subprocess.run(
            [*self.runas, str(self.pgbin / program), *args], check=True, capture_output=True, timeout=60
        )

    def start(self) -> None:
        """Start the server (returns once it takes connections)."""
        options = f"-k {self.folder} -c listen_addresses='' -c fsync=off -c max_connections=100"
        data, log = str(self.folder / "data"), str(self.folder / "log")
        self._run("pg_ctl", "-D", data, "-l", log, "-w", "-o", options, "start")

    def stop(self, mode: str = "fast") -> None:
        """Stop the server: `fast` cuts every connection and shuts down cleanly, `immediate` as a crash."""
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", mode, "-w", "stop")

    async def astart(self) -> None:
        """`start`, off the event loop."""
        await asyncio.to_thread(self.start)

    async def astop(self, mode: str = "fast") -> None:
        """`stop`, off the event loop."""
        await asyncio.to_thread(self.stop, mode)

    def close(self) -> None:
        """Stop the server if it runs, and remove its folder."""
        try:
            self.stop("immediate")
        except subprocess.CalledProcessError:
            pass  # not running
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture
def pg_cluster():
    """A running PostgreSQL server of this test's own (see `Cluster`)."""
    cluster = Cluster()
    cluster.start()
    yield cluster
    cluster.close()
