"""Time every picture the bot draws, in every shape of game, PNG encoding included.

Run as ``python benchmarks/render.py [--runs N] [--threads T] [--only SUBSTRING]``. For each example scene of
``bot/pictures/examples.py`` it prints the median time of many renders after a warm-up (the warm-up fills
the sprite and background caches, as a running bot's first picture does) with the 10th and 90th
percentiles, the median CPU time (steadier on a shared machine), the PNG's size and the picture's size. Then it draws every example in turn from T threads at
once, as the bot's worker threads do, and prints pictures per second. The machine's load average is printed
before and after: quote it with the figures.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.pictures.examples import RENDERERS, every_example  # noqa: E402


def timings(render, scene, runs: int) -> tuple[list[float], list[float], bytes]:
    """Wall and CPU milliseconds per render over ``runs`` renders after one warm-up, and the last PNG.

    CPU time (this process's) is the steadier figure on a shared machine: waiting for a core is not in it.
    """
    data = render(scene)
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        data = render(scene)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return wall, cpu, data


def throughput(jobs: list, threads: int, rounds: int) -> float:
    """Pictures per second drawing ``jobs`` (renderer, scene) ``rounds`` times over from ``threads`` threads."""
    work = jobs * rounds
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=threads) as pool:
        list(pool.map(lambda job: job[0](job[1]), work))
    return len(work) / (time.perf_counter() - start)


def main() -> None:
    """Print each picture's median time (with spread), size and dimensions, then threaded throughput."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=60, help="timed renders per picture (default 60)")
    parser.add_argument(
        "--threads", type=int, default=2, help="threads for the throughput figure (default 2)"
    )
    parser.add_argument("--only", default="", help="only pictures whose name contains this")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
    print(f"{'picture':26} {'median':>8} {'p10':>7} {'p90':>7} {'CPU med':>8} {'PNG':>8}  size")
    jobs = []
    medians: dict[str, list[float]] = {}
    for name, (kind, scene) in every_example().items():
        if args.only not in name:
            continue
        render = RENDERERS[kind]
        times, cpu, data = timings(render, scene, args.runs)
        deciles = statistics.quantiles(times, n=10)
        width, height = Image.open(io.BytesIO(data)).size
        median = statistics.median(times)
        medians.setdefault(kind, []).append(median)
        print(
            f"{name:26} {median:6.2f}ms {deciles[0]:6.2f} {deciles[-1]:6.2f} {statistics.median(cpu):6.2f}ms "
            f"{len(data) / 1000:6.1f}KB  {width}x{height}"
        )
        jobs.append((render, scene))
    print()
    for kind, values in medians.items():
        print(f"{kind:10} median of medians {statistics.median(values):6.2f} ms over {len(values)} shapes")
    if jobs:
        rounds = max(1, 200 // len(jobs))
        one = throughput(jobs, 1, rounds)
        many = throughput(jobs, args.threads, rounds)
        print(f"throughput: {one:6.0f} pictures/s from 1 thread, {many:6.0f} from {args.threads} threads")
    print(f"load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
