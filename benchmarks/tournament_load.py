"""Tournament benchmark: a tournament of computer teams run to its champion by the real bot process against
the local stand-in for Discord, beside N live tables where a human plays with three computers.

Run as ``python benchmarks/tournament_load.py --teams 64 --tables 20``. It starts the stand-in and
``python -m bot`` (as ``benchmarks/load.py`` does), opens the N tables, then an organiser (Manage Server)
types ``/42 tournament new`` in a channel of its own, clicks ``Add computer team`` once per team and
``Start``. It waits until the tournament message names its champion and prints the tournament's wall time
from Start, its matches and threads, the Discord requests its channel and threads took (per match), and
the live tables' figures over the same time (turn latency p50 and p99, stalls, 429s) as the load benchmark
prints them.
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

from benchmarks.load import fmt_load, open_tables, prepare, report  # noqa: E402
from bot.tournaments.progress import champion  # noqa: E402
from bot.tournaments.record import from_json  # noqa: E402
from tests.standin.model import Channel  # noqa: E402
from tests.standin.records import read_channels_at  # noqa: E402
from tests.standin.standin import DiscordStandIn  # noqa: E402
from tests.standin.tournaments import champion_named, computer_tournament, threads_of  # noqa: E402


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teams", type=int, default=64, help="computer teams in the tournament (default 64)")
    parser.add_argument("--format", default="pools", help="the tournament's format (default pools)")
    parser.add_argument("--target", type=int, default=1, help="marks a game (default 1)")
    parser.add_argument(
        "--computers", default="easy", help="the level of the tournament's computers (default easy)"
    )
    parser.add_argument("--tables", type=int, default=20, help="live tables beside it (default 20)")
    parser.add_argument("--options", default="", help="the options text of the live tables' /42 new")
    parser.add_argument("--pause", type=float, default=1.2, help="COMPUTER_PAUSE given to the bot")
    parser.add_argument("--ramp", type=float, default=0.1, help="seconds between two tables' /42 new")
    parser.add_argument("--limit", type=float, default=60.0, help="minutes to wait for the champion")
    parser.add_argument(
        "--stall", type=float, default=60.0, help="seconds without a change that stall a table"
    )
    parser.add_argument("--seed", type=int, default=1, help="seeds the humans' choices")
    parser.add_argument("--workdir", type=Path, help="keep the database and logs here (default: a temp dir)")
    args = parser.parse_args(argv)
    args.minutes = 0.0  # the live tables' time, measured (the load report prints it)
    # the live tables run as the load benchmark's default run: on SQLite, the database never stopped
    args.database, args.db_outage_at, args.db_outage_s = "sqlite", None, 10.0
    return args


def in_tournament(standin: DiscordStandIn, channel: Channel) -> list[Channel]:
    """The tournament's channel and its threads."""
    return [channel, *threads_of(standin, channel)]


def matches_played(database: Path) -> tuple[int, int, str]:
    """The finished tournament's matches (byes left out), games, and champion's name, as stored."""
    with sqlite3.connect(database) as db:
        (record,) = db.execute("SELECT record_json FROM tournaments ORDER BY id DESC LIMIT 1").fetchone()
    tournament = from_json(json.loads(record)).tournament
    assert tournament is not None
    played = [m for m in tournament.matches if not m.is_bye]
    top = champion(tournament)
    return len(played), sum(len(m.games) for m in played), tournament.name_of(top) if top is not None else "?"


async def main_async(args: argparse.Namespace) -> str:
    """Run the benchmark and return its report."""
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="texas42-tournament-"))
    workdir.mkdir(parents=True, exist_ok=True)
    load_before = os.getloadavg()
    run = await prepare(args, workdir)
    standin = run.standin
    guild = standin.create_guild("Tournament Hall")
    cup = standin.create_channel(guild, "cup")
    stalled: set[int] = set()
    try:
        opener = asyncio.create_task(open_tables(run.humans, args.ramp))
        await computer_tournament(
            standin,
            cup,
            name="Benchmark Cup",
            teams=args.teams,
            format=args.format,
            target=args.target,
            computers=args.computers,
        )
        await opener
        stats = standin.stats
        run.before = (stats.total, stats.exempt, stats.limited_global, stats.limited_bucket, stats.invalid())
        before_here = sum(stats.by_channel[c.id] for c in in_tournament(standin, cup))
        run.sampler.sample()
        run.start = time.perf_counter()
        cpu_before = time.process_time()
        deadline = run.start + args.limit * 60
        while not champion_named(cup) and time.perf_counter() < deadline and run.bot.alive():
            await asyncio.sleep(1.0)
            run.sampler.sample()
            now = time.perf_counter()
            for index, human in enumerate(run.humans):
                if human.clicks and now - human.last_change >= args.stall:
                    stalled.add(index)
        run.end = time.perf_counter()
        run.harness_cpu = time.process_time() - cpu_before
        run.stalled = stalled
        here = sum(stats.by_channel[c.id] for c in in_tournament(standin, cup)) - before_here
        threads = len(in_tournament(standin, cup)) - 1
        for human in run.humans:
            human.stop()
    finally:
        await run.bot.stop()
        await standin.stop()
    args.minutes = (run.end - run.start) / 60
    finished = champion_named(cup)
    matches, games, top = matches_played(workdir / "bot.db") if finished else (0, 0, "?")
    records = await read_channels_at(run.database)  # the live tables' stored moves, for their turn figures
    lines = [
        f"tournament benchmark: {args.teams} computer teams ({args.computers}), format {args.format}, "
        f"target {args.target}, beside {args.tables} live tables; {os.cpu_count()} cores, machine load "
        f"before {fmt_load(load_before)}",
        (
            f"tournament       champion {top} after {run.end - run.start:.0f} s from Start: {matches} matches, "
            f"{games} games, {threads} threads; {here} requests in its channel and threads "
            f"({here / max(matches, 1):.1f} per match)"
            if finished
            else f"tournament       NO champion after {run.end - run.start:.0f} s ({threads} threads opened)"
        ),
        report(run, args, load_before, records),
    ]
    text = "\n".join(lines)
    if args.workdir is None:
        shutil.rmtree(workdir, ignore_errors=True)
    else:
        text += f"\ndatabase and logs kept in {workdir}"
    return text


def main(argv: list[str] | None = None) -> None:
    """Run and print."""
    print(asyncio.run(main_async(parse_args(argv))))


if __name__ == "__main__":
    main()
