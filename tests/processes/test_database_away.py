"""The PostgreSQL server stopped under a real bot process while tables play, then started again (a server of
the test's own; the shared test server is never stopped), then every connection of the bot cut at once.

While the server is away every click is acknowledged within Discord's 3 s and answered privately "try
again"; nothing acknowledged is lost and nothing is applied twice; every table carries on by itself within
10 s of the server's return; the log says once that the database went away and once that it came back,
and holds no traceback. Cutting every connection (the pool's and the LISTEN one) stalls no table: a
transaction it catches midway fails like one in an outage (a click is asked to try again, a computer tries
again) and the log may say so once each way. `benchmarks/load.py --database postgresql --db-outage-at S` is the same at scale.
"""

from __future__ import annotations

import asyncio
import time

import pytest

from tests.pgcluster import pg_cluster  # noqa: F401  (a fixture)
from tests.standin import BotProcess, DiscordStandIn
from tests.standin.chaos import outage_figures
from tests.standin.players import Human
from tests.standin.records import read_channels_at

pytestmark = pytest.mark.slow  # a real bot process on a PostgreSQL server stopped and started
TABLES, OUTAGE_S, RESUME_LIMIT = 3, 6.0, 10.0


async def next_controls(humans: list[Human], after: float, timeout: float) -> list[float]:
    """For each human, seconds from `after` to their next turn controls (waiting up to `timeout`)."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        if all(any(a.at > after for a in h.arrivals) for h in humans):
            break
        await asyncio.sleep(0.1)
    return [min((a.at for a in h.arrivals if a.at > after), default=float("inf")) - after for h in humans]


async def test_the_server_stopped_and_started_then_every_connection_cut(pg_cluster, tmp_path):  # noqa: F811
    async with DiscordStandIn(keep_files=False, seed=5) as standin:
        guild = standin.create_guild("Hall Away")
        humans = []
        for number in range(TABLES):
            channel = standin.create_channel(guild, f"table-{number}")
            user = standin.create_user(f"player{number}")
            standin.add_member(guild, user)
            humans.append(Human(standin, user, channel, seed=number, new_options={"options": "timer=off"}))
        bot = BotProcess(
            standin,
            database=tmp_path / "unused.db",
            workdir=tmp_path,
            computer_pause=0.4,
            env={
                "DATABASE_URL": pg_cluster.url,
                "TICK_SECONDS": "0.5",
                "COMPUTER_WORKERS": "threads:1",
                "LOG_LEVEL": "INFO",
            },
        ).start()
        try:
            await standin.wait_for_bot(timeout=120)
            for human in humans:
                await human.open_table()
            await next_controls(humans, 0.0, 60)
            await asyncio.sleep(3.0)  # play a little
            down = time.perf_counter()
            await pg_cluster.astop("fast")
            while time.perf_counter() < down + OUTAGE_S - 1:  # players press `My hand` meanwhile
                await asyncio.gather(*(human.poke() for human in humans))
                await asyncio.sleep(1.0)
            await asyncio.sleep(max(0.0, down + OUTAGE_S - time.perf_counter()))
            await pg_cluster.astart()
            up = time.perf_counter()
            resumed = await next_controls(humans, up, RESUME_LIMIT + 5)
            await asyncio.sleep(2.0)  # the "is back" line follows the first writes after the return

            import asyncpg

            said_before_the_cut = bot.log()
            admin = await asyncpg.connect(pg_cluster.url)
            cut = await admin.fetchval(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE application_name IN ('texas42', 'texas42-listen')"
            )
            await admin.close()
            cut_at = time.perf_counter()
            after_cut = await next_controls(humans, cut_at, RESUME_LIMIT + 5)
        finally:
            for human in humans:
                human.stop()
            await bot.stop()
        records = await read_channels_at(pg_cluster.url)
        figures = outage_figures(standin, humans, records, [bot.log()], down, up)
    log = bot.log()
    print(figures.lines(), {"next controls after every connection was cut (s)": after_cut})
    assert figures.during >= TABLES and figures.unacknowledged == 0, figures
    assert figures.try_again >= TABLES, "the presses meanwhile were answered: try again"
    assert figures.ack_p99 < 3.0
    assert figures.lost == 0 and figures.doubled == 0, figures
    assert max(resumed) < RESUME_LIMIT, f"every table carried on by itself within 10 s: {resumed}"
    before = said_before_the_cut
    assert before.count(" is away (") == 1 and before.count(" is back after ") == 1, before[-4000:]
    assert figures.tracebacks == 0, log[-4000:]
    assert cut >= 2, "the pool's connections and the LISTEN one"
    assert max(after_cut) < RESUME_LIMIT, f"cutting every connection stalls nothing: {after_cut}"
    # A transaction the cut catches midway is answered "try again" like any other in an outage, and the log
    # may then say so, once each way; one that catches none is no outage at all.
    after = log[len(before) :]
    assert after.count(" is away (") <= 1, after[-4000:]
    assert after.count(" is back after ") == after.count(" is away ("), after[-4000:]
