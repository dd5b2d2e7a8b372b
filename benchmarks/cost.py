"""What a computer player costs: CPU seconds per hand (all of one player's decisions in one hand).

    python benchmarks/cost.py [--deals 60] [--budget-ms 300] [--clock cpu] [--level strong]
                              [--variant standard] [--seed 1] [--jobs 1]

Each seeded deal is played at a table like the bot's: one seat is the human's (played by easy), the other
seats are computers of ``--level``. Every computer decision is metered in CPU time of the deciding thread
(``time.thread_time``), so the figures hold however loaded the machine is; ``--clock`` says what the
player's budget is measured in (cpu: as the bot runs it; wall: as ``python -m engine player`` does).
Prints the CPU seconds per hand of one computer (median with p10/p90, mean with its 95% interval, max), of
the table's computers together, of one computer in the hands played (thrown-in deals cost almost nothing),
per phase, and the decision-time spread.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Hand, Rules, view_for  # noqa: E402
from engine.ai import make_player, warm_up  # noqa: E402

Z = 1.96
PHASES = ("auction", "exchange", "contract", "play")


class Metered:
    """A player whose every decision's CPU time is recorded, per phase, for the hand in progress."""

    def __init__(self, player):
        self.player = player
        self.spent: dict[str, float] = {}
        self.decisions: list[float] = []

    def choose(self, view: dict) -> str:
        """The player's choice, metered."""
        start = time.thread_time()
        action = self.player.choose(view)
        used = time.thread_time() - start
        phase = view.get("phase", "?")
        self.spent[phase] = self.spent.get(phase, 0.0) + used
        if len(view["legal"]) > 1:
            self.decisions.append(used)
        return action


def play_deal(args: tuple) -> list[dict]:
    """One seeded deal at a table of computers and one easy "human"; each computer's costs for the hand."""
    seed, level, budget_ms, clock, variant = args
    rules = Rules.from_preset(variant)
    rng = random.Random(seed)
    dealer = seed % rules.players
    human = rng.randrange(rules.players)
    players: list = []
    for s in range(rules.players):
        if s == human:
            players.append(make_player("easy", seed * 10 + s))
        else:
            cpu = time.thread_time if clock == "cpu" else None
            players.append(Metered(make_player(level, seed * 10 + s, budget_ms, clock=cpu)))
    hand = Hand.new(rules, dealer, rng)
    wall = time.perf_counter()
    while not hand.complete:
        view = view_for(hand, hand.turn)
        hand = hand.apply(players[hand.turn].choose(view))
    wall = time.perf_counter() - wall
    return [
        {
            "cpu": sum(p.spent.values()),
            "phases": p.spent,
            "decisions": p.decisions,
            "wall": wall,
            "played": hand.bidder is not None,
        }
        for p in players
        if isinstance(p, Metered)
    ]


def spread(xs: list[float], unit: str = "s", scale: float = 1.0) -> str:
    """Median with p10/p90/p95, mean with its 95% interval, and the maximum."""
    if not xs:
        return "n/a"
    qs = statistics.quantiles(xs, n=10) if len(xs) > 1 else [xs[0]] * 9
    p95 = statistics.quantiles(xs, n=20)[18] if len(xs) > 1 else xs[0]
    mean = statistics.mean(xs)
    half = Z * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    f = scale
    return (
        f"median {statistics.median(xs) * f:.3f} {unit} [p10 {qs[0] * f:.3f}, p90 {qs[8] * f:.3f}, "
        f"p95 {p95 * f:.3f}], "
        f"mean {mean * f:.3f} ± {half * f:.3f}, max {max(xs) * f:.3f} (n={len(xs)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--budget-ms", type=float, default=300)
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu")
    parser.add_argument("--level", default="strong")
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (CPU is metered per thread)")
    args = parser.parse_args()
    warm_up()
    jobs = [
        (args.seed * 100_000 + i, args.level, args.budget_ms, args.clock, args.variant)
        for i in range(args.deals)
    ]
    start = time.perf_counter()
    load = os.getloadavg()[0]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs, initializer=warm_up) as pool:
            tables = list(pool.map(play_deal, jobs))
    else:
        tables = [play_deal(job) for job in jobs]
    seats = [seat for table in tables for seat in table]
    decisions = [d for seat in seats for d in seat["decisions"]]
    print(
        f"== {args.variant}: {args.level} at {args.budget_ms:g} ms ({args.clock} time) per decision, "
        f"{args.deals} deals, {len(seats)} computer hands; {time.perf_counter() - start:.0f} s, "
        f"load average {load:.2f} -> {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores =="
    )
    print(f"  CPU per hand, one computer      {spread([s['cpu'] for s in seats])}")
    print(
        f"  CPU per hand, the table's {len(tables[0])}     {spread([sum(s['cpu'] for s in t) for t in tables])}"
    )
    print(
        f"  CPU per hand played (not thrown in), one computer  {spread([s['cpu'] for s in seats if s['played']])}"
    )
    for phase in PHASES:
        xs = [s["phases"].get(phase, 0.0) for s in seats]
        if any(xs):
            print(f"    {phase:<10} per computer hand  mean {statistics.mean(xs):.3f} s")
    print(
        f"  decisions with a choice, per computer hand  mean "
        f"{statistics.mean(len(s['decisions']) for s in seats):.1f}"
    )
    print(f"  CPU per decision with a choice  {spread(decisions, 'ms', 1000)}")
    budget = args.budget_ms / 1000
    full = sum(d >= 0.9 * budget for d in decisions)
    print(f"  decisions using >= 90% of the budget: {full} of {len(decisions)}")


if __name__ == "__main__":
    main()
