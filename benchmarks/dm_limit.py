"""The DM process's limit: how many direct-message clicks a second the process running shard 0 acknowledges
and stores while its acknowledgements stay under 100 ms at p99.

Run as ``python benchmarks/dm_limit.py --steps 10,20,40``. Discord sends every DM click to the process
that runs shard 0, wherever the table is. Here two bot processes share one PostgreSQL server of the run's
own (as `.ci/run` starts one): p0 runs shard 0, p1 shard 1. Every table is at a guild on shard 1, so p1
opens and runs it (its computers, its messages), and every turn click its human makes in their DMs lands
at p0, which acknowledges it, stores it, and tells p1 (`NOTIFY`). Each table has one human, who clicks the
moment their controls come, and three easy computers with no pause, so the clicks come as fast as the
two processes turn them around.

Each step adds tables (the earlier ones stop clicking) and measures, over `--seconds`: the DM clicks sent
and acknowledged a second, their acknowledgement p50/p99 (from the click's dispatch on the gateway to the
bot's first response), the humans' actions stored a second (from the hand records), and each process's
CPU. The limit is the busiest step whose ack p99 stays under 100 ms. docs/dm-limit.md has the figures and
what the bot would do past them.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.pgcluster import Cluster  # noqa: E402
from tests.standin import BotProcess, DiscordStandIn, Limits  # noqa: E402
from tests.standin.measures import ProcessSampler, percentile  # noqa: E402
from tests.standin.players import Human  # noqa: E402
from tests.standin.records import read_channels_at  # noqa: E402

TABLES_PER_GUILD = 50
ENV = {"SHARD_COUNT": "2", "COMPUTER_PAUSE": "0", "COMPUTER_WORKERS": "threads:1", "TICK_SECONDS": "1"}


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", default="10,20,40", help="tables playing at each step (default 10,20,40)")
    parser.add_argument("--seconds", type=float, default=60.0, help="measured seconds per step (default 60)")
    parser.add_argument("--warm", type=float, default=15.0, help="seconds before each step is measured")
    return parser.parse_args(argv)


async def human_actions(url: str) -> int:
    """The humans' actions stored so far, at every table."""
    return sum(1 for record in (await read_channels_at(url)).values() for a in record.actions if a.human)


async def main_async(args: argparse.Namespace) -> str:
    """Run the steps; the report."""
    load_before = os.getloadavg()
    workdir = Path(tempfile.mkdtemp(prefix="texas42-dm-"))
    cluster = Cluster()
    cluster.start()
    # Discord's channel buckets relaxed as in the multi-process tests: the limit measured is the bot's
    standin = await DiscordStandIn(
        keep_files=False, seed=2, limits=Limits(channel_creates=1000, channel_edits=1000)
    ).start()
    env = {**ENV, "DATABASE_URL": cluster.url}
    p0 = BotProcess(
        standin, database=workdir / "x.db", workdir=workdir / "p0", env={**env, "SHARD_IDS": "0"}
    ).start()
    p1 = BotProcess(
        standin, database=workdir / "x.db", workdir=workdir / "p1", env={**env, "SHARD_IDS": "1"}
    ).start()
    lines = []
    try:
        await standin.wait_for_bot(shard_count=2, timeout=180)
        for process in (p0, p1):
            while "computer players ready" not in process.log():
                await asyncio.sleep(0.5)
        playing: list[Human] = []
        opened = 0
        for tables in [int(n) for n in args.steps.split(",")]:
            for human in playing:
                human.stop()
            playing = []
            for number in range(tables):
                if number % TABLES_PER_GUILD == 0:
                    guild = standin.create_guild(f"Hall {opened + number}", shard=1, shard_count=2)
                channel = standin.create_channel(guild, f"t{opened + number}")
                user = standin.create_user(f"player{opened + number}")
                standin.add_member(guild, user)
                playing.append(
                    Human(
                        standin,
                        user,
                        channel,
                        seed=number,
                        new_options={"options": "computers=easy timer=off"},
                    )
                )
            opened += tables
            for human in playing:
                await human.open_table()
            await asyncio.sleep(args.warm)
            samplers = [ProcessSampler(p0.pid), ProcessSampler(p1.pid)]
            stored_before = await human_actions(cluster.url)
            start = time.perf_counter()
            for sampler in samplers:
                sampler.sample()
            await asyncio.sleep(args.seconds)
            end = time.perf_counter()
            for sampler in samplers:
                sampler.sample()
            stored = (await human_actions(cluster.url) - stored_before) / (end - start)
            dms = [
                i
                for i in standin.interactions
                if start <= i.sent_at <= end and i.guild is None and i.type == 3
            ]
            acks = [i.ack_latency for i in dms if i.ack_latency is not None]
            cpu = [s.cpu_share(start, end + 1) for s in samplers]
            per_click = cpu[0] * (end - start) / max(1, len(acks)) * 1000
            lines.append(
                f"{tables:4d} tables: DM clicks sent {len(dms) / (end - start):6.1f}/s, acknowledged "
                f"{len(acks) / (end - start):6.1f}/s (ack p50 {percentile(acks, 50) * 1000:.0f} ms, p99 "
                f"{percentile(acks, 99) * 1000:.0f} ms, not acknowledged {len(dms) - len(acks)}), humans' actions "
                f"stored {stored:6.1f}/s; CPU p0 {cpu[0] * 100:.0f}% ({per_click:.1f} ms a click), "
                f"p1 {cpu[1] * 100:.0f}% of a core"
            )
            print(lines[-1], flush=True)
        for human in playing:
            human.stop()
    finally:
        await p0.stop()
        await p1.stop()
        await standin.stop()
        cluster.close()
    header = [
        f"DM limit benchmark: {os.cpu_count()} cores; p0 runs shard 0 (every DM click), p1 shard 1 (every "
        f"table), one PostgreSQL server; {args.seconds:g} s per step",
        "machine load (1/5/15 min) before "
        + " / ".join(f"{x:.2f}" for x in load_before)
        + ", after "
        + " / ".join(f"{x:.2f}" for x in os.getloadavg()),
    ]
    return "\n".join(header + lines)


def main(argv: list[str] | None = None) -> None:
    """Run and print."""
    print(asyncio.run(main_async(parse_args(argv))))


if __name__ == "__main__":
    main()
