"""Load benchmark: the real bot process against a local stand-in for Discord, N tables at once.

Run as ``python benchmarks/load.py --tables 5 --minutes 3``. It starts the stand-in (Discord's REST limits
modelled: 50 requests/s per token, 5 creates and 5 edits per channel per 5 s, 429s as Discord sends them),
starts ``python -m bot`` on a fresh SQLite database, and opens N tables, each with one human (who clicks the
moment a control arrives) and three computers. It prints ack and turn latency, REST traffic and 429s, the
bot's CPU and memory, hands played and stalled tables. docs/load-benchmark.md says what each figure means.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import shutil
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.pgcluster import Cluster  # noqa: E402
from tests.standin import BotProcess, DiscordStandIn  # noqa: E402
from tests.standin.chaos import outage_figures  # noqa: E402
from tests.standin.measures import ProcessSampler, percentile, turns  # noqa: E402
from tests.standin.players import Click, Human  # noqa: E402
from tests.standin.records import ChannelRecord, read_channels_at  # noqa: E402

TABLES_PER_GUILD = 50
READY_LINE = "computer players ready"  # the bot's log line once the strong player is warmed up


@dataclass
class Run:
    """One benchmark run's live state."""

    standin: DiscordStandIn
    bot: BotProcess
    humans: list[Human]
    sampler: ProcessSampler
    start: float = 0.0
    end: float = 0.0
    before: tuple[
        int, ...
    ] = ()  # requests, exempt ones, global 429s, per-channel 429s, invalid ones, at the start
    harness_cpu: float = 0.0  # CPU seconds this process (stand-in and players) used while playing
    stalled: set[int] | None = None  # indexes of humans whose table went `stall` s without a change
    database: str = ""  # the bot's DATABASE_URL
    cluster: Cluster | None = None  # --database postgresql: the server of this run
    outage: tuple[float, float] | None = None  # --db-outage-at: when the server stopped and started again


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=5, help="tables played at once (default 5)")
    parser.add_argument("--minutes", type=float, default=3.0, help="how long to play, from the first /42 new")
    parser.add_argument(
        "--pause", type=float, default=1.2, help="COMPUTER_PAUSE given to the bot (default 1.2)"
    )
    parser.add_argument("--ramp", type=float, default=0.1, help="seconds between two tables' /42 new")
    parser.add_argument("--options", default="", help="the options text of /42 new, e.g. computers=easy")
    parser.add_argument(
        "--stall", type=float, default=60.0, help="seconds without a change that count as stalled"
    )
    parser.add_argument("--seed", type=int, default=1, help="seeds the humans' choices")
    parser.add_argument("--workdir", type=Path, help="keep the database and logs here (default: a temp dir)")
    parser.add_argument(
        "--database",
        choices=("sqlite", "postgresql"),
        default="sqlite",
        help="the bot's database: a SQLite file, or a PostgreSQL server of this run's own (default sqlite)",
    )
    parser.add_argument(
        "--db-outage-at", type=float, help="stop the PostgreSQL server this many seconds into play"
    )
    parser.add_argument(
        "--db-outage-s", type=float, default=10.0, help="and start it again this many seconds later (10)"
    )
    args = parser.parse_args(argv)
    if args.db_outage_at is not None and args.database != "postgresql":
        parser.error("--db-outage-at needs --database postgresql")
    return args


async def prepare(args: argparse.Namespace, workdir: Path) -> Run:
    """Start the stand-in and the bot, and seat one human per table (not yet playing)."""
    standin = await DiscordStandIn(keep_files=False, seed=args.seed).start()
    guild = None
    humans = []
    for number in range(args.tables):
        if number % TABLES_PER_GUILD == 0:
            guild = standin.create_guild(f"Domino Hall {number // TABLES_PER_GUILD + 1}")
        assert guild is not None
        channel = standin.create_channel(guild, f"table-{number + 1}")
        user = standin.create_user(f"player{number + 1}")
        standin.add_member(guild, user)
        options = {"options": args.options} if args.options else {}
        humans.append(Human(standin, user, channel, seed=args.seed * 100_003 + number, new_options=options))
    cluster, database = None, str(workdir / "bot.db")
    if args.database == "postgresql":
        cluster = Cluster()
        cluster.start()
        database = cluster.url
    bot = BotProcess(
        standin,
        database=workdir / "bot.db",
        workdir=workdir,
        computer_pause=args.pause,
        env={"DATABASE_URL": database} if cluster is not None else None,
    ).start()
    await standin.wait_for_bot(timeout=120)
    await wait_for_log(bot, READY_LINE, 180)
    return Run(standin, bot, humans, ProcessSampler(bot.pid), database=database, cluster=cluster)


async def wait_for_log(bot: BotProcess, text: str, timeout: float) -> None:
    """Wait for a line in the bot's log (its warm-up), or `timeout` seconds, or its exit."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and bot.alive() and text not in bot.log():
        await asyncio.sleep(0.5)
    if not bot.alive():
        raise SystemExit(f"the bot stopped during start-up; its log:\n{bot.log()[-3000:]}")
    if text not in bot.log():
        print(f"note: no {text!r} in the bot's log after {timeout:.0f} s; starting anyway")


async def play(run: Run, args: argparse.Namespace) -> None:
    """Open the tables (one every `ramp` s), let them play for `minutes`, watching for stalls."""
    stats = run.standin.stats
    run.before = (stats.total, stats.exempt, stats.limited_global, stats.limited_bucket, stats.invalid())
    run.sampler.sample()
    run.start = time.perf_counter()
    cpu_before = time.process_time()
    finish = run.start + args.minutes * 60
    stalled: set[int] = set()
    opener = asyncio.create_task(open_tables(run.humans, args.ramp))
    outage = asyncio.create_task(stop_the_database(run, args)) if args.db_outage_at is not None else None
    while (now := time.perf_counter()) < finish:
        await asyncio.sleep(min(1.0, finish - now))
        run.sampler.sample()
        now = time.perf_counter()
        for index, human in enumerate(run.humans):
            if human.clicks and now - human.last_change >= args.stall:
                stalled.add(index)
        if not run.bot.alive():
            print("the bot process ended during the run")
            break
    run.end = time.perf_counter()
    run.harness_cpu = time.process_time() - cpu_before
    run.stalled = stalled
    await opener
    if outage is not None:
        await outage
    for human in run.humans:
        human.stop()
    await clicks_answered(run.humans, run.start, run.end)


async def clicks_answered(humans: list[Human], start: float, end: float, wait: float = 5.0) -> None:
    """Give the clicks made just before the end up to `wait` seconds to show (the bot is stopped next):
    a click made in the run's last moments is not counted as never shown for want of time."""
    clicks = [*clicks_of(humans, "lobby", start, end), *clicks_of(humans, "turn", start, end)]
    deadline = time.perf_counter() + wait
    while time.perf_counter() < deadline and any(
        c.interaction.shown_latency is None and not c.interaction.text for c in clicks
    ):
        await asyncio.sleep(0.1)


async def stop_the_database(run: Run, args: argparse.Namespace) -> None:
    """Stop the PostgreSQL server `--db-outage-at` seconds into play, and start it `--db-outage-s` later."""
    assert run.cluster is not None
    await asyncio.sleep(max(0.0, run.start + args.db_outage_at - time.perf_counter()))
    down = time.perf_counter()
    await run.cluster.astop("fast")
    while time.perf_counter() < down + args.db_outage_s - 1:  # players waiting press `My hand` meanwhile
        await asyncio.gather(*(human.poke() for human in run.humans))
        await asyncio.sleep(min(2.0, max(0.0, down + args.db_outage_s - time.perf_counter())))
    await asyncio.sleep(max(0.0, down + args.db_outage_s - time.perf_counter()))
    await run.cluster.astart()
    run.outage = (down, time.perf_counter())


async def open_tables(humans: list[Human], ramp: float) -> None:
    """`/42 new` at each table in turn."""
    for human in humans:
        human.last_change = time.perf_counter()
        await human.open_table()
        await asyncio.sleep(ramp)


def report(
    run: Run,
    args: argparse.Namespace,
    load_before: tuple[float, float, float],
    records: dict[int, ChannelRecord],
) -> str:
    """The figures, as printed."""
    standin, humans = run.standin, run.humans
    seconds = run.end - run.start
    interactions = [i for i in standin.interactions if run.start <= i.sent_at <= run.end]
    acks = [i.ack_latency for i in interactions if i.ack_latency is not None]
    unacked = sum(1 for i in interactions if i.ack_latency is None)
    turn_times, unmatched = [], 0
    for human in humans:
        record = records.get(human.channel.id)
        if record is not None:
            found, skipped = turns(human, record.actions)
            turn_times.extend(t.latency(args.pause) for t in found)
            unmatched += skipped
    raw_turns = sum(h.turns for h in humans)
    shown = {kind: click_shown(humans, kind, run.start, run.end) for kind in ("lobby", "turn")}
    hands = [records[h.channel.id].hands_complete if h.channel.id in records else 0 for h in humans]
    stats = standin.stats
    requests, exempt = stats.total - run.before[0], stats.exempt - run.before[1]
    limited_global, limited_bucket = (
        stats.limited_global - run.before[2],
        stats.limited_bucket - run.before[3],
    )
    counted = requests - exempt - limited_global - limited_bucket
    invalid = stats.invalid() - run.before[4]
    mean_rate, peak_rate = stats.rate(run.start, run.end)
    mean_counted, peak_counted = stats.rate(run.start, run.end, counted=True)
    escaped = [e for e in run.bot.escaped_errors() if e["status"] == 429]
    other_escaped = [e for e in run.bot.escaped_errors() if e["status"] != 429]
    cpu = run.sampler.cpu_share(run.start, run.end)
    rss_peak, rss_last = run.sampler.rss(run.start, run.end)
    lobby_stuck = [h for h in humans if not h.in_game]
    stalled = (run.stalled or set()) | {humans.index(h) for h in lobby_stuck}
    load_after = os.getloadavg()
    total_hands = sum(hands)
    lines = [
        f"load benchmark: {args.tables} tables × {args.minutes:g} min, COMPUTER_PAUSE {args.pause:g} s, "
        f"options {args.options or '(none)'}, {os.cpu_count()} cores, {args.database}",
        f"machine load (1/5/15 min) before {fmt_load(load_before)}, after {fmt_load(load_after)}",
        f"ack latency      p50 {ms(percentile(acks, 50))}  p99 {ms(percentile(acks, 99))}  max {ms(max(acks, default=math.nan))}"
        f"  (n={len(acks)}, not acknowledged {unacked})",
        f"turn latency     p50 {sec(percentile(turn_times, 50))}  p99 {sec(percentile(turn_times, 99))}"
        f"  max {sec(max(turn_times, default=math.nan))}  (n={len(turn_times)} of {raw_turns} turn clicks;"
        f" {unmatched} not matched to a stored action)",
        *(
            f"click shown      {kind:5} p50 {sec(percentile(times, 50))}  p99 {sec(percentile(times, 99))}"
            f"  max {sec(max(times, default=math.nan))}  (n={len(times)}; {missing} clicks never changed "
            "the message clicked through their own interaction)"
            + (f"\n                 {which}" if which else "")
            for kind, (times, missing, which) in shown.items()
        ),
        f"panel follow     {follow_line(run.bot.log())}",
        f"REST requests    {requests} in {seconds:.0f} s ({exempt} to interaction endpoints, "
        f"{limited_global + limited_bucket} refused with 429): mean {mean_rate:.1f}/s, peak {peak_rate}/s",
        f"global limit     counted {counted}: mean {mean_counted:.1f}/s, peak {peak_counted}/s (limit 50/s); per hand "
        + (
            f"{counted / total_hands:.1f} counted, {requests / total_hands:.1f} in all"
            if total_hands
            else "n/a"
        ),
        f"429s             {limited_global + limited_bucket} sent to the bot (global {limited_global}, per-channel "
        f"{limited_bucket}); {len(escaped)} reached the bot's code; invalid requests (401/403/429) at "
        f"{invalid / seconds * 600:.0f} per 10 min (Discord bans the IP at 10,000)",
        f"bot process      CPU {cpu * 100:.0f}% of one core; RSS peak {rss_peak / 2**20:.0f} MB, "
        f"at the end {rss_last / 2**20:.0f} MB (the stand-in and players: CPU {run.harness_cpu / seconds * 100:.0f}%)",
        f"hands played     {total_hands} in all; per table mean {total_hands / max(len(hands), 1):.1f}, "
        f"min {min(hands, default=0)}, max {max(hands, default=0)}",
        f"stalled tables   {len(stalled)} (no change for {args.stall:g} s); never left the lobby {len(lobby_stuck)}; "
        f"lobby presses repeated {sum(h.lobby_retries for h in humans)}",
        f"computers        {computers_line(run.bot.log())}",
        f"turn panels      {panels_line(run.bot.log())}",
        f"computer moves   {moves_line(run.bot.log())}",
        "requests by route: "
        + ", ".join(f"{route} {count}" for route, count in stats.requests.most_common()),
    ]
    if stats.limited:
        lines.append("429s by route: " + ", ".join(f"{r} {c}" for r, c in stats.limited.most_common()))
    if stats.errors:
        lines.append("refusals: " + ", ".join(f"{r} code {c}: {n}" for (r, c), n in stats.errors.items()))
    if stats.unknown:
        lines.append("routes the stand-in does not serve: " + ", ".join(stats.unknown))
    if other_escaped:
        codes = sorted({(e["status"], e["code"]) for e in other_escaped})
        lines.append(f"other HTTP errors in the bot's code: {len(other_escaped)} {codes}")
    if run.outage is not None:
        figures = outage_figures(standin, humans, records, [run.bot.log()], *run.outage)
        lines.extend(figures.lines())
    return "\n".join(lines)


def clicks_of(humans: list[Human], kind: str, start: float, end: float) -> list[Click]:
    """The clicks of `kind` made while playing (between `start` and `end`)."""
    return [c for h in humans for c in h.clicks if c.kind == kind and start <= c.at <= end]


def click_shown(humans: list[Human], kind: str, start: float, end: float) -> tuple[list[float], int, str]:
    """Seconds from each click of `kind` ("lobby", "turn") made while playing to the message clicked
    changing through the click's own interaction, how many clicks never changed it (refused ones among
    them: a lobby press repeated, controls already spent), and which: their labels and the bot's answers."""
    clicks = clicks_of(humans, kind, start, end)
    times = [c.interaction.shown_latency for c in clicks if c.interaction.shown_latency is not None]
    unchanged = Counter(
        f"{c.label!r} answered {c.interaction.text[:50]!r}"
        for c in clicks
        if c.interaction.shown_latency is None
    )
    said = "; ".join(f"{n} × {what}" for what, n in unchanged.most_common(4))
    said = f"never changed: {said}" if said else ""
    if kind == "lobby":  # the opening presses and the rematches' differ: say each kind's
        by_label: dict[str, list[float]] = {}
        for c in clicks:
            if c.interaction.shown_latency is not None:
                by_label.setdefault(c.label.split()[0], []).append(c.interaction.shown_latency)
        said += (
            ("\n                 " if said else "")
            + "by button: "
            + ", ".join(
                f"{label} p50 {sec(percentile(ts, 50))} p99 {sec(percentile(ts, 99))} (n={len(ts)})"
                for label, ts in sorted(by_label.items())
            )
        )
    return times, len(clicks) - len(times), said


def follow_line(log: str) -> str:
    """The bot's last line on how long every seated player's panel took to show a move (from the move to
    Discord taking the edit or the new panel), or a note that there is none (a bot that does not edit
    panels between turns)."""
    found = [line.partition("delivery: ")[2] for line in log.splitlines() if "panel(s) followed in" in line]
    return found[-1] if found else "(no panel follow line in the bot's log)"


def computers_line(log: str) -> str:
    """The bot's last counters line of its computer players (budgets given, CPU used, late and cut
    decisions; docs/computer-scheduling.md), or a note that there is none."""
    found = [line.partition("computers: ")[2] for line in log.splitlines() if "computers: decisions=" in line]
    spread = [
        line.partition("computers: ")[2] for line in log.splitlines() if "computers: budgets over" in line
    ]
    return (found[-1] if found else "(no counters line in the bot's log)") + (
        f"\n                 {spread[-1]}" if spread else ""
    )


def panels_line(log: str) -> str:
    """The bot's last line on how long turn panels took to go out after the move (the delivery's share of a
    turn), or a note that there is none."""
    found = [line.partition("delivery: ")[2] for line in log.splitlines() if "turn panel(s) out in" in line]
    return found[-1] if found else "(no turn panel line in the bot's log)"


def moves_line(log: str) -> str:
    """The bot's last line on how long computer moves took beyond their pause, and in which parts
    (`bot.tables.pace`), or a note that there is none."""
    found = [
        line.partition("computer moves: ")[2] for line in log.splitlines() if "computer moves: moves=" in line
    ]
    return found[-1] if found else "(no computer moves line in the bot's log)"


def fmt_load(load: tuple[float, float, float]) -> str:
    """`2.10 / 1.50 / 0.90`."""
    return " / ".join(f"{x:.2f}" for x in load)


def ms(value: float) -> str:
    """Seconds shown as milliseconds."""
    return "n/a" if math.isnan(value) else f"{value * 1000:.0f} ms"


def sec(value: float) -> str:
    """Seconds with two decimals."""
    return "n/a" if math.isnan(value) else f"{value:.2f} s"


async def main_async(args: argparse.Namespace) -> str:
    """Run the benchmark and return its report."""
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="texas42-load-"))
    workdir.mkdir(parents=True, exist_ok=True)
    load_before = os.getloadavg()
    run = await prepare(args, workdir)
    try:
        await play(run, args)
    finally:
        await run.bot.stop()
        await run.standin.stop()
    try:
        records = await read_channels_at(run.database)
    finally:
        if run.cluster is not None:
            run.cluster.close()
    text = report(run, args, load_before, records)
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
