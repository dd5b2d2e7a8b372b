"""Concurrent computer decisions: throughput, budgets, and what they do to the event loop's latency.

    python benchmarks/decisions.py [--plans inline threads:1 processes:1] [--streams 8] [--seconds 20]
                                   [--budget-ms 300] [--pause 1.2] [--niceness 10] [--seed 1]

For each plan (`inline`: decided on the event loop itself, the thing the bot must never do; otherwise a
`COMPUTER_WORKERS` value) the bot's own chooser (`PoolChooser`, its governor, its CPU budgets) decides
`--streams` computer turns at once, over and over, from seeded views of standard 42 (the same views, in the
same order, for every plan). Meanwhile a probe on the event loop asks to wake every 5 ms and records how late
it wakes: the delay a click would meet. Prints per plan: decisions per second, CPU per decision, the budgets
the governor gave (mean, shrunk share; decisions answered after the window, decisions cut at it), the
probe's lateness p50/p99/max, and the workers' memory.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.computers.choosers import PoolChooser
from bot.computers.decisions import Decision, decide
from bot.computers.governor import Governor
from bot.computers.pools import WorkerPlan
from engine.ai import make_player, warm_up  # noqa: E402
from engine.ai.solver import Workspace  # noqa: E402
from tests.bot.computer_views import views as sample_views  # noqa: E402

PROBE_S = 0.005


class Table:
    """What the chooser reads of a table."""

    def __init__(self, table_id: int):
        self.id = table_id
        self.computer_level = "strong"


def quantile(xs: list[float], q: float) -> float:
    """The q-quantile (nearest rank)."""
    ordered = sorted(xs)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def children_rss() -> int:
    """Resident memory of this process's children, in bytes (worker processes)."""
    total = 0
    try:
        children = Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children").read_text().split()
    except OSError:
        return 0
    for pid in children:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            pass
    return total


async def probe(stop: asyncio.Event, late: list[float]) -> None:
    """Wake every 5 ms and record how late each wake-up is."""
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        start = loop.time()
        await asyncio.sleep(PROBE_S)
        late.append(loop.time() - start - PROBE_S)


async def run_plan(name: str, views: list[dict], args) -> dict:
    """Decide `args.streams` turns at once for `args.seconds`; the figures of this plan."""
    rng = random.Random(args.seed)
    inline = name == "inline"
    plan = WorkerPlan(niceness=args.niceness) if inline else WorkerPlan.parse(name)
    plan = WorkerPlan(plan.kind, plan.workers, args.niceness)
    governor = Governor(plan.workers, window_s=args.pause, full_ms=args.budget_ms)
    chooser = PoolChooser(make_player, rng, plan, governor=governor)
    chooser.start()
    if plan.kind == "processes":  # wait for the workers to load the solver before timing anything
        await asyncio.gather(
            *(asyncio.wrap_future(chooser.pool.submit(time.sleep, 0.5)) for _ in range(plan.workers))
        )
    made = Workspace.made
    cursor = iter(range(10**9))
    stop = asyncio.Event()
    late: list[float] = []
    done = 0

    async def stream(table: Table) -> None:
        nonlocal done
        while not stop.is_set():
            view = views[next(cursor) % len(views)]
            if inline:  # on the event loop itself: every click waits for it
                budget = governor.admit()
                outcome = decide(Decision(make_player, "strong", rng.randrange(2**32), view, budget))
                governor.finish(budget, outcome)
                await asyncio.sleep(0)
            else:
                await chooser.choose(table, view["seat"], view)
            done += 1

    cpu_before = time.process_time()
    start = time.perf_counter()
    tasks = [asyncio.create_task(stream(Table(i))) for i in range(args.streams)]
    prober = asyncio.create_task(probe(stop, late))
    await asyncio.sleep(args.seconds)
    stop.set()
    await asyncio.gather(*tasks, prober)
    seconds = time.perf_counter() - start
    rss = children_rss()
    chooser.close()
    stats = governor.stats()
    return {
        "plan": name,
        "decisions": done,
        "per_s": done / seconds,
        "stats": stats,
        "late": late,
        "rss": rss,
        "workspaces": Workspace.made - made,
        "main_cpu": (time.process_time() - cpu_before) / seconds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plans", nargs="+", default=["inline", "threads:1", "threads:2", "processes:1"])
    parser.add_argument("--streams", type=int, default=8, help="computer turns waiting at once")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--budget-ms", type=float, default=300)
    parser.add_argument("--pause", type=float, default=1.2, help="the window the governor fits budgets into")
    parser.add_argument("--niceness", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    warm_up()
    views = sample_views("standard", args.seed, 400)
    load = os.getloadavg()[0]
    print(
        f"== {args.streams} computer turns at once, {args.seconds:g} s per plan, full budget "
        f"{args.budget_ms:g} ms CPU, window {args.pause:g} s, workers niced +{args.niceness}; "
        f"{os.cpu_count()} cores, load average {load:.2f} =="
    )
    for name in args.plans:
        r = asyncio.run(run_plan(name, views, args))
        s = r["stats"]
        late = [x * 1000 for x in r["late"]]
        mean_budget = s.budget_ms_total / max(1, s.decisions)
        cpu = 1000 * s.cpu_s_total / max(1, s.finished)
        print(
            f"  {r['plan']:<12} {r['per_s']:6.1f} decisions/s  CPU {cpu:5.1f} ms/decision  "
            f"budget mean {mean_budget:5.1f} ms ({100 * s.shrunk / max(1, s.decisions):.0f}% shrunk, "
            f"{s.late} late, {s.cut} cut)  "
            f"loop late p50 {statistics.median(late):5.2f} / p99 {quantile(late, 0.99):6.2f} / max "
            f"{max(late):6.1f} ms  event-loop process CPU {r['main_cpu']:.2f}  "
            f"workers' RSS {r['rss'] / 2**20:.0f} MB  new workspaces {r['workspaces']}"
        )
    print(f"  load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
