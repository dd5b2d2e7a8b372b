"""A clean stop under load: the bot process and its decision workers are sent SIGTERM together (systemd's
stop signals every process of the service; a terminal's Ctrl-C signals the whole process group) while
computer decisions are queued. The workers leave the stop to the bot: nothing restarts the pool it is
closing, no traceback, exit status 0, and no worker is left behind."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import time

import pytest

from tests.standin import BotProcess, DiscordStandIn
from tests.standin.players import Human

pytestmark = pytest.mark.slow  # a real bot process with a worker process, under load
TABLES = 12


def children(pid: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
    return [int(p) for p in found]


async def test_sigterm_to_the_bot_and_its_workers_while_decisions_are_queued_stops_cleanly(tmp_path):
    async with DiscordStandIn(keep_files=False, seed=3) as standin:
        guild = standin.create_guild("Busy Hall")
        humans = []
        for number in range(TABLES):
            channel = standin.create_channel(guild, f"table-{number}")
            user = standin.create_user(f"player{number}")
            standin.add_member(guild, user)
            humans.append(Human(standin, user, channel, seed=number))
        bot = BotProcess(
            standin,
            database=tmp_path / "bot.db",
            workdir=tmp_path,
            computer_pause=0,
            env={"COMPUTER_WORKERS": "processes:1"},
        ).start()
        try:
            await standin.wait_for_bot(timeout=120)
            deadline = time.monotonic() + 120
            while "computer players ready" not in bot.log() and time.monotonic() < deadline:
                await asyncio.sleep(0.2)
            for human in humans:
                await human.open_table()
            while "computer budgets shrink" not in bot.log():  # decisions queue for the one worker
                assert time.monotonic() < deadline, bot.log()[-3000:]
                await asyncio.sleep(0.2)
            await asyncio.sleep(1.0)
            workers = children(bot.pid)
            assert workers, "the decision worker runs in a process of its own"
            for pid in workers:
                os.kill(pid, signal.SIGTERM)
            await asyncio.sleep(
                0.3
            )  # a busy bot acts on its own signal a moment after its workers get theirs
            os.kill(bot.pid, signal.SIGTERM)
            code = await asyncio.wait_for(bot.wait(), 60)
        finally:
            for human in humans:
                human.stop()
            await bot.kill()
    log = bot.log()
    assert code == 0, log[-3000:]
    assert "stopping: finishing the action in hand" in log
    assert "pool broke" not in log, log[-3000:]
    assert "Traceback" not in log and "InvalidStateError" not in log, log[-3000:]
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    assert not [pid for pid in workers if _alive(pid)], "no worker outlives the bot"


def _alive(pid: int) -> bool:
    return os.path.exists(f"/proc/{pid}") and not _zombie(pid)


def _zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] == "Z"
    except OSError:
        return True
