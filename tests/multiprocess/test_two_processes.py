"""Two bot processes on shards 0 and 1 of one PostgreSQL database: a whole game at a guild on shard 1 whose
DM clicks all arrive at the shard-0 process, played the same as by one process; and the same click taken
by both processes at once, applied exactly once."""

from __future__ import annotations

from engine import read_record
from tests.databases import drop_postgres_database, fresh_postgres_database
from tests.multiprocess.cluster import LIMITS, Board, Cluster, Players, slow_acks, until
from tests.standin import DiscordStandIn

NAMES = ["alice", "bob", "carol", "dave"]


def interactions_by_shard(standin: DiscordStandIn, dm: bool) -> dict[int, int]:
    """How many click or command events each shard's sessions were sent (DMs, or guild channels)."""
    counts: dict[int, int] = {}
    for session in standin.gateway.sessions.values():
        for frame in session.frames:
            if frame.get("t") == "INTERACTION_CREATE" and ("guild_id" not in frame["d"]) == dm:
                counts[session.shard_id] = counts.get(session.shard_id, 0) + 1
    return counts


async def play_a_game(tmp_path, shards: list[str] | None) -> tuple[list[dict], dict[int, int], str | None, int]:
    """One game of four members to 3 marks at a guild on shard 1; the stored records, the DM clicks by
    shard, the process that ran the table, and how many turns the members clicked."""
    url = await fresh_postgres_database()
    async with DiscordStandIn(seed=1, limits=LIMITS) as discord:
        guild = discord.create_guild("Domino Hall", shard=1, shard_count=2)
        channel = discord.create_channel(guild, "games")
        players = Players(discord, guild, channel, NAMES, seed=3)
        cluster = Cluster(discord, url, tmp_path / ("two" if shards else "one"))
        board = await Board.open(url)
        try:
            for number, shard in enumerate(shards or [None]):  # type: ignore[list-item]
                cluster.start(f"p{number}", shard)
            await discord.wait_for_bot(shard_count=2 if shards else 1, timeout=90)
            table_id = await players.open_table(board, "timer=off", target=3)
            owner = (await board.owners()).get(table_id)
            await players.play_until(board, table_id, lambda table: False, timeout=240)
            table = await board.table(table_id)
            assert table is not None and table.status == "finished", cluster.logs()
            assert not slow_acks(discord), "every click answered within Discord's 3 s"
            return (await board.records(table_id), interactions_by_shard(discord, dm=True), owner,
                    len(players.clicks))
        finally:
            await cluster.close()
            await board.close()
            await drop_postgres_database(url)


async def test_a_game_at_shard_1_with_its_dm_clicks_at_shard_0_is_the_game_one_process_plays(tmp_path):
    two, dm_clicks, owner, turns = await play_a_game(tmp_path, ["0", "1"])
    one, *_ = await play_a_game(tmp_path, None)
    assert owner == "p1"  # the guild's shard opened the table and ran it
    assert dm_clicks == {0: turns} and turns >= 8  # every turn was clicked in a DM, and went to the other process
    assert two and all(read_record(record).complete for record in two)
    assert two == one


async def test_the_same_click_at_both_processes_at_once_is_applied_exactly_once(tmp_path, standin, postgres_url):
    """Both processes run both shards (duplicate sessions): each double click sends one interaction to each."""
    guild = standin.create_guild("Domino Hall", shard=1, shard_count=2)
    channel = standin.create_channel(guild, "games")
    players = Players(standin, guild, channel, NAMES, seed=5)
    cluster = Cluster(standin, postgres_url, tmp_path)
    board = await Board.open(postgres_url)
    try:
        cluster.start("p0", "0,1")
        cluster.start("p1", "0,1")
        await standin.wait_for_bot(shard_count=2, timeout=90)
        table_id = await players.open_table(board, "timer=off", target=7)
        start = actions(await board.records(table_id))
        for trial in range(1, 21):
            click = await players.turn(board, table_id, twice=True)
            assert click is not None
            await until(lambda trial=trial: stored_actions(board, table_id, start + trial), 20, "the click stored")
            refused = await standin.wait_until(lambda click=click: [
                i for i in click.interactions if "out of date" in i.text or "not your turn" in i.text], 10,
                "the other process's refusal")
            assert len(refused) == 1, [i.text for i in click.interactions]
        assert actions(await board.records(table_id)) == start + 20, cluster.logs()  # nothing applied twice
        errors = [line for name, p in cluster.processes.items() for line in p.log().splitlines()
                  if " ERROR " in line or "Traceback" in line]
        assert not errors, errors
    finally:
        await cluster.close()
        await board.close()


async def stored_actions(board: Board, table_id: int, count: int) -> bool:
    """True once `count` actions are stored (and never more: a second application would overshoot)."""
    stored = actions(await board.records(table_id))
    assert stored <= count, f"{stored} actions stored, expected {count}: a click was applied twice"
    return stored == count


def actions(records: list[dict]) -> int:
    """Every call, contract and play stored so far."""
    return sum(len(r.get("calls") or []) + len(r.get("plays") or []) + (1 if r.get("contract") else 0)
               for r in records)
