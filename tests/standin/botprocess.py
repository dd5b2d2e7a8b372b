"""The real bot (`python -m bot`, through `tests.standin.launcher`) as a child process of a test or benchmark."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import IO

from tests.paths import ROOT

from .standin import DiscordStandIn


class BotProcess:
    """One bot process pointed at a stand-in. Its log goes to `log_path`; errors that escaped discord.py
    into the bot's code are read back with `escaped_errors()`."""

    def __init__(
        self,
        standin: DiscordStandIn,
        *,
        database: Path | str,
        workdir: Path | str | None = None,
        computer_pause: float = 1.2,
        env: dict[str, str] | None = None,
        log_level: str = "INFO",
    ):
        self.standin = standin
        self.workdir = Path(workdir) if workdir is not None else Path(database).resolve().parent
        self.log_path = self.workdir / "bot.log"
        self.client_log = self.workdir / "escaped.jsonl"
        database = Path(database).resolve()
        self.env = {
            **os.environ,
            **standin.bot_environment(),
            "DATABASE_URL": f"sqlite:///{database}",
            "COMPUTER_PAUSE": str(computer_pause),
            "LOG_LEVEL": log_level,
            "STANDIN_CLIENT_LOG": str(self.client_log),
            "PYTHONUNBUFFERED": "1",
            **(env or {}),
        }
        self.process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    def start(self) -> BotProcess:
        """Start the process (from the repository root, so `bot` and `tests` import)."""
        self.workdir.mkdir(parents=True, exist_ok=True)
        self._log = open(self.log_path, "ab")  # closed in wait()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.standin.launcher"],
            cwd=ROOT,
            env=self.env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )
        return self

    @property
    def pid(self) -> int:
        """The process id."""
        assert self.process is not None
        return self.process.pid

    def alive(self) -> bool:
        """Still running."""
        return self.process is not None and self.process.poll() is None

    async def stop(self, timeout: float = 20.0) -> int | None:
        """SIGTERM (the bot's clean stop), then SIGKILL if it does not stop in `timeout` s. Returns the exit
        code. Async: the stand-in must keep serving while the bot says goodbye."""
        if self.process is None:
            return None
        if self.alive():
            self.process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(asyncio.to_thread(self.process.wait), timeout)
            except TimeoutError:
                self.process.kill()
        return await self.wait()

    async def kill(self) -> int | None:
        """SIGKILL now (`kill -9`)."""
        if self.process is not None and self.alive():
            self.process.kill()
        return await self.wait()

    async def wait(self) -> int | None:
        """Wait for the process to end (without blocking the event loop); close its log."""
        if self.process is None:
            return None
        code = await asyncio.to_thread(self.process.wait)
        if self._log is not None:
            self._log.close()
            self._log = None
        return code

    def log(self) -> str:
        """The process's output so far."""
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def escaped_errors(self) -> list[dict]:
        """HTTP errors that reached the bot's code, one dict each (`status`, `code`, `method`, `route`)."""
        if not self.client_log.exists():
            return []
        return [json.loads(line) for line in self.client_log.read_text().splitlines() if line.strip()]
