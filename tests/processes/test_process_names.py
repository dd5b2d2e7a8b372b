"""A process's name (PROCESS_ID) by default: named after its shards, so a restarted process is the same
process to its tables and takes them back at once (no waiting out the lease); and a second process that
would share a name is refused at start-up, in one line."""

from __future__ import annotations

import time
from functools import partial

import pytest

from tests.processes.cluster import Board, Cluster, until
from tests.standin import DiscordStandIn

pytestmark = [pytest.mark.slow]  # real bot processes on one PostgreSQL database
LEASE = 20.0  # the default: a stranger to the table would wait this long before taking it over


async def test_a_restart_without_process_id_takes_its_tables_back_at_once(
    standin: DiscordStandIn, postgres_url, tmp_path
):
    cluster = Cluster(
        standin, postgres_url, tmp_path, extra_env={"LEASE_SECONDS": str(LEASE), "COMPUTER_PAUSE": "0.5"}
    )
    board = await Board.open(postgres_url)
    try:
        cluster.start("first", None, named=False)
        await standin.wait_for_bot(timeout=90)
        guild = standin.create_guild("Hall Restart")
        channel = standin.create_channel(guild, "games")
        host = standin.create_user("ann")
        standin.add_member(guild, host)
        await standin.slash(host, channel, "42 new", wait="answer", target=7, options="timer=off")
        for label in ("Sit North", "Add computer", "Add computer", "Add computer", "Start"):
            lobby = await standin.wait_until(partial(_enabled, channel, label), 20, label)
            await standin.click(host, lobby, label)
            await until(partial(_changed, lobby), 20, f"the lobby after {label}")
        table_id = int(lobby.button("Start").custom_id.split(":")[1])
        assert (await board.owners())[table_id] == "all-shards", "named after its shards: all of them"
        await until(lambda: _playing(board, table_id), 20, "the game to start")
        await cluster.kill("first")
        version = (await board.storage.table_versions([table_id]))[table_id]
        cluster.start("again", None, named=False)
        restarted = time.monotonic()
        await until(lambda: _moved(board, table_id, version), LEASE, "the restarted process to play on", 0.1)
        back_after = time.monotonic() - restarted
        assert (await board.owners())[table_id] == "all-shards"
        print({"table back after the restart (s)": round(back_after, 1)})
        assert back_after < LEASE / 2, "the table did not wait out its lease"
    finally:
        await cluster.close()
        await board.close()


async def test_a_second_process_with_the_same_name_is_refused_in_one_line(
    standin: DiscordStandIn, postgres_url, tmp_path
):
    cluster = Cluster(standin, postgres_url, tmp_path)
    try:
        cluster.start("first", "0", named=False)
        await standin.wait_for_bot(timeout=90)  # shard 0 of 2 connected: the first process runs
        second = cluster.start("second", "0", named=False)
        code = await second.wait()
        assert code == 2
        last = second.log().strip().splitlines()[-1]
        assert last.startswith("texas42: another process is running as PROCESS_ID=shard0"), second.log()[
            -2000:
        ]
        assert "Traceback" not in second.log()
        assert cluster.processes["first"].alive(), "the first process runs on"
    finally:
        await cluster.close()


def _enabled(channel, label: str):
    message = channel.find(label)
    button = message.button(label) if message is not None else None
    return message if button is not None and not button.disabled else None


async def _changed(message) -> bool:
    return message.version > 0 or message.deleted


async def _playing(board: Board, table_id: int) -> bool:
    table = await board.table(table_id)
    return table is not None and table.status == "playing" and table.version > 0


async def _moved(board: Board, table_id: int, version: int) -> bool:
    return (await board.storage.table_versions([table_id])).get(table_id, 0) > version
