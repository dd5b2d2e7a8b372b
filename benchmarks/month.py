"""A month on end, compressed: the real bot process plays 10,000 hands of computer tables against the local
stand-in for Discord, and says what grew.

Run as ``python benchmarks/month.py --hands 10000``. Each table is hosted by a member who fills its four
seats with computers, starts, and presses Rematch and Start after every game, so every table plays on.
Time is compressed: the computers' pause is off (`COMPUTER_PAUSE=0`), and nothing else waits at a table of
computers (no turn timer runs without a person; the idle clock counts from a person's last action and a
run is hours, not the 24 h it allows). The bot's resident memory and what it keeps (`kill -USR2`:
tasks, threads, open files, and its containers; `tests/standin/launcher.py`) are read at 1,000 hands and
then every `--every` hands; the database's size gives its bytes per hand. At the end the hosts stop
rematching, the games still going finish, and the bot is counted once more: nothing it keeps may be left
from the tables it played (tasks, threads and open files back to what they were before the first table).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.pgcluster import Cluster  # noqa: E402
from tests.standin import BotProcess, DiscordStandIn  # noqa: E402
from tests.standin.measures import ProcessSampler  # noqa: E402
from tests.standin.players import Human  # noqa: E402

TABLES_PER_GUILD = 50
READY_LINE = "computer players ready"


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands to play (default 10,000)")
    parser.add_argument("--tables", type=int, default=20, help="tables playing at once (default 20)")
    parser.add_argument("--every", type=int, default=1_000, help="count the bot every this many hands")
    parser.add_argument("--options", default="", help="the options text of /42 new (e.g. computers=easy)")
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--workdir", type=Path, help="keep the database and the bot's log here")
    return parser.parse_args(argv)


class Database:
    """The bot's database as the benchmark reads it: finished hands, and bytes in use."""

    def __init__(self, url: str, path: Path | None):
        self.url, self.path = url, path

    async def hands(self) -> int:
        """Complete hands stored."""
        return int(await self._one("SELECT count(*) FROM hands WHERE complete = 1"))

    async def bytes(self) -> int:
        """Bytes the database uses (SQLite: pages in use, the WAL left out; PostgreSQL: its size)."""
        if self.path is None:
            return int(await self._one("SELECT pg_database_size(current_database())"))
        pages = await self._one("PRAGMA page_count")
        free = await self._one("PRAGMA freelist_count")
        size = await self._one("PRAGMA page_size")
        return int((pages - free) * size)

    async def rows(self) -> dict[str, int]:
        """Rows per table of the schema (what grows with play)."""
        names = (
            "game_tables seats hands team_results player_stats table_outbox panels dm_channels table_leases"
            " rated_games ratings rating_history hints_shown"
        ).split()
        return {name: int(await self._one(f"SELECT count(*) FROM {name}")) for name in names}

    async def _one(self, sql: str) -> int:
        if self.path is None:
            import asyncpg

            connection = await asyncpg.connect(self.url)
            try:
                return await connection.fetchval(sql)
            finally:
                await connection.close()
        db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
        try:
            return db.execute(sql).fetchone()[0]
        finally:
            db.close()


async def count(bot: BotProcess, sampler: ProcessSampler) -> dict:
    """The bot's own count (`kill -USR2`), with the resident memory of the bot and of its workers."""
    before = bot.log().count("inventory: ")
    os.kill(bot.pid, 10 + 2)  # SIGUSR2
    deadline = time.monotonic() + 30
    while bot.log().count("inventory: ") == before:
        if time.monotonic() > deadline:
            raise SystemExit("the bot did not answer kill -USR2 (is it run through tests.standin.launcher?)")
        await asyncio.sleep(0.2)
    line = [line for line in bot.log().splitlines() if line.startswith("inventory: ")][-1]
    found = json.loads(line.removeprefix("inventory: "))
    _, tree = sampler.sample()
    found["rss_tree_kb"] = tree // 1024
    return found


async def main_async(args: argparse.Namespace) -> str:
    """Run the benchmark; its report."""
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="texas42-month-"))
    workdir.mkdir(parents=True, exist_ok=True)
    load_before = os.getloadavg()
    cluster = None
    url, path = f"sqlite:///{workdir / 'bot.db'}", workdir / "bot.db"
    if args.database == "postgresql":
        cluster = Cluster()
        cluster.start()
        url, path = cluster.url, None
    database = Database(url, path)
    standin = await DiscordStandIn(keep_files=False, seed=1).start()
    hosts = []
    guild = None
    for number in range(args.tables):
        if number % TABLES_PER_GUILD == 0:
            guild = standin.create_guild(f"Month Hall {number // TABLES_PER_GUILD + 1}")
        assert guild is not None
        channel = standin.create_channel(guild, f"table-{number + 1}")
        user = standin.create_user(f"host{number + 1}")
        standin.add_member(guild, user)
        options = {"options": args.options} if args.options else {}
        hosts.append(Human(standin, user, channel, seed=number, new_options=options, sits=False))
    bot = BotProcess(
        standin, database=workdir / "bot.db", workdir=workdir, computer_pause=0, env={"DATABASE_URL": url}
    ).start()
    sampler = ProcessSampler(bot.pid)
    counts: list[tuple[int, float, dict, int]] = []  # (hands, seconds, the bot's count, database bytes)
    try:
        await standin.wait_for_bot(timeout=120)
        while READY_LINE not in bot.log():
            await asyncio.sleep(0.5)
        idle = await count(bot, sampler)
        start = time.perf_counter()
        for host in hosts:
            await host.open_table()
        mark = args.every
        while (hands := await database.hands()) < args.hands:
            if not bot.alive():
                raise SystemExit(f"the bot stopped; its log ends:\n{bot.log()[-3000:]}")
            if hands >= mark:
                counts.append(
                    (hands, time.perf_counter() - start, await count(bot, sampler), await database.bytes())
                )
                print(f"{hands} hands in {counts[-1][1]:.0f} s: {json.dumps(counts[-1][2])}", flush=True)
                mark = (hands // args.every + 1) * args.every
            await asyncio.sleep(2.0)
        played_at = time.perf_counter() - start
        for host in hosts:
            host.rematch = False  # the games going on finish; no new one starts
        settle_deadline = time.monotonic() + 600
        while time.monotonic() < settle_deadline:
            rows = await database.rows()
            await asyncio.sleep(5.0)
            if await database.rows() == rows:  # nothing moved for 5 s: every game is over and shown
                break
        end = await count(bot, sampler)
        final_hands, final_bytes, rows = await database.hands(), await database.bytes(), await database.rows()
    finally:
        for host in hosts:
            host.stop()
        await bot.stop()
        await standin.stop()
        if cluster is not None:
            cluster.close()
    return report(args, load_before, idle, counts, end, final_hands, final_bytes, rows, played_at, workdir)


def report(
    args: argparse.Namespace,
    load_before: tuple[float, float, float],
    idle: dict,
    counts: list[tuple[int, float, dict, int]],
    end: dict,
    hands: int,
    size: int,
    rows: dict[str, int],
    seconds: float,
    workdir: Path,
) -> str:
    """The figures, as printed."""
    first, last = counts[0], counts[-1]
    growth = last[2]["rss_kb"] / first[2]["rss_kb"] - 1
    per_hand = (last[3] - first[3]) / max(1, last[0] - first[0])
    load_after = os.getloadavg()
    lines = [
        f"month benchmark: {hands} hands at {args.tables} tables of computers ({args.database}), "
        f"{seconds / 60:.1f} min; {os.cpu_count()} cores",
        "machine load (1/5/15 min) before "
        + " / ".join(f"{x:.2f}" for x in load_before)
        + ", after "
        + " / ".join(f"{x:.2f}" for x in load_after),
        f"bot RSS          {first[2]['rss_kb'] / 1024:.0f} MB at {first[0]} hands, {last[2]['rss_kb'] / 1024:.0f} MB "
        f"at {last[0]} hands: {growth * 100:+.1f}% (the workers too: {first[2]['rss_tree_kb'] / 1024:.0f} → "
        f"{last[2]['rss_tree_kb'] / 1024:.0f} MB)",
        "RSS by count     " + ", ".join(f"{h}: {c['rss_kb'] / 1024:.0f} MB" for h, _, c, _ in counts),
        f"database         {size / 2**20:.1f} MB for {hands} hands; {per_hand:.0f} bytes per hand between "
        f"{first[0]} and {last[0]} hands",
        "rows             " + ", ".join(f"{name} {n}" for name, n in rows.items()),
        f"kept at {first[0]} hands  " + json.dumps({k: v for k, v in first[2].items() if v is not None}),
        f"kept at {last[0]} hands " + json.dumps({k: v for k, v in last[2].items() if v is not None}),
        "before the first table " + json.dumps({k: idle[k] for k in ("tasks", "threads", "fds")}),
        "after the last game    " + json.dumps({k: v for k, v in end.items() if v is not None}),
    ]
    if args.workdir is None:
        shutil.rmtree(workdir, ignore_errors=True)
    else:
        lines.append(f"database and log kept in {workdir}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Run and print."""
    print(asyncio.run(main_async(parse_args(argv))))


if __name__ == "__main__":
    main()
