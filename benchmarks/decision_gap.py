"""How much a budget (or a card-play setting) gives up, decision by decision, on labelled positions.

    python benchmarks/decision_gap.py --positions training/data/positions-2.jsonl.gz --budget-ms 5 \
        --clock cpu --jobs 2 --out A.jsonl [--card-play NAME=VALUE ...]
    python benchmarks/decision_gap.py --compare A.jsonl B.jsonl

A game's result folds every decision's quality into one mark, so a strength run needs thousands of deals to
see a few hundredths of a mark. Here strong decides each labelled position of ``training/make_positions.py``
(the view a seat saw in the first four tricks, and every legal tile's value on 24 deals drawn as strong
draws them) at the given budget, and its choice is scored on those deals: the share reaching the side's goal
(what marks follow) and the utility the policy learns from (that share plus a tenth of the mean points over
42). The label's deals are drawn apart from the decision's own, so the mean score of a choice estimates its
worth without bias, and two runs on the same positions compare paired, position by position.

``--budget-ms A,B,...`` draws each decision's budget from the list (seeded by the position), as
``strength.py`` does with the bot's logged budgets. ``--compare`` prints the paired difference (B - A)
overall and by trick, with 95% intervals.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.strength import set_card_play  # noqa: E402
from engine.ai import warm_up  # noqa: E402
from engine.ai.strong import StrongPlayer  # noqa: E402
from training.train_policy import POINTS_WEIGHT  # noqa: E402  (the utility the policy learns)

Z = 1.96
BUCKETS = ((25, 28, "trick 1"), (21, 24, "trick 2"), (17, 20, "trick 3"), (12, 16, "trick 4"))

# set before the worker processes fork, so they inherit them
BUDGETS: list[float] = [300.0]
CLOCK = time.perf_counter
SEED = 1


def scores(row: dict, action: str) -> tuple[float, float]:
    """The share of the label's deals where ``action`` reaches the mover's goal, and its utility."""
    values = row["values"][row["actions"].index(action)]
    need = row["need"]
    if row["maximiser"]:
        good = sum(v >= need for v in values) / len(values)
        mine = sum(values) / len(values)
    else:
        good = sum(v < need for v in values) / len(values)
        mine = -sum(values) / len(values)
    return good, good + POINTS_WEIGHT * mine / 42


def decide(job: tuple[int, dict]) -> dict:
    """Strong's choice at one labelled position, and its scores."""
    index, row = job
    rng = random.Random(SEED * 1_000_003 + index)
    budget_ms = rng.choice(BUDGETS)
    player = StrongPlayer(rng.randrange(1 << 30), budget_ms / 1000, clock=CLOCK)
    start = CLOCK()
    action = player.choose(row["view"])
    spent = CLOCK() - start
    good, util = scores(row, action)
    best = max(scores(row, a)[1] for a in row["actions"])
    return {
        "i": index,
        "left": sum(row["view"]["tile_counts"]),
        "budget_ms": budget_ms,
        "ms": round(1000 * spent, 3),
        "action": action,
        "good": good,
        "utility": util,
        "regret": best - util,
    }


def _init() -> None:
    warm_up()


def run(args: argparse.Namespace) -> int:
    rows: list[dict] = []
    for path in args.positions:
        with gzip.open(path, "rt") as f:
            rows.extend(json.loads(line) for line in f)
    if args.limit:
        rows = rows[: args.limit]
    jobs = list(enumerate(rows))
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs, initializer=_init) as pool:
            out = list(pool.map(decide, jobs, chunksize=8))
    else:
        _init()
        out = [decide(j) for j in jobs]
    with open(args.out, "w") as f:
        for line in out:
            f.write(json.dumps(line) + "\n")
    n = len(out)
    print(f"{n} positions in {time.perf_counter() - start:.0f} s -> {args.out}")
    print(f"  goal share {mean_ci([o['good'] for o in out])}  utility {mean_ci([o['utility'] for o in out])}")
    print(f"  regret against the label's best {mean_ci([o['regret'] for o in out])}")
    spent = sorted(o["ms"] for o in out)
    print(
        f"  decision ms: p50 {spent[n // 2]:.2f}  p95 {spent[int(0.95 * (n - 1))]:.2f}  max {spent[-1]:.2f}"
    )
    return 0


def mean_ci(xs: list[float]) -> str:
    """Mean ± the 95% half-width."""
    n = len(xs)
    if n < 2:
        return f"{xs[0] if xs else 0:+.4f}"
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    return f"{m:+.4f} ± {Z * sd / math.sqrt(n):.4f}"


def compare(a_path: str, b_path: str) -> int:
    """The paired difference B - A per position, overall and by trick."""

    def load(path: str) -> dict[int, dict]:
        with open(path) as f:
            return {d["i"]: d for d in map(json.loads, f)}

    a, b = load(a_path), load(b_path)
    common = sorted(set(a) & set(b))
    print(f"{len(common)} positions in both; B - A (95% interval); differing choices in brackets")
    groups = [("all", 0, 99)] + [(name, lo, hi) for lo, hi, name in BUCKETS]
    for name, lo, hi in groups:
        ids = [i for i in common if lo <= a[i]["left"] <= hi]
        if not ids:
            continue
        differ = sum(a[i]["action"] != b[i]["action"] for i in ids)
        goal = mean_ci([b[i]["good"] - a[i]["good"] for i in ids])
        util = mean_ci([b[i]["utility"] - a[i]["utility"] for i in ids])
        print(f"  {name:8} n={len(ids):5} [{differ:4}]  goal share {goal}  utility {util}")
    return 0


def main(argv: list[str] | None = None) -> int:
    global BUDGETS, CLOCK, SEED
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", nargs="+")
    parser.add_argument("--budget-ms", default="300")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="cpu")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--out")
    parser.add_argument("--card-play", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"))
    args = parser.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    if not args.positions or not args.out:
        parser.error("--positions and --out are needed (or --compare A B)")
    BUDGETS = [float(b) for b in args.budget_ms.split(",")]
    CLOCK = time.thread_time if args.clock == "cpu" else time.perf_counter
    SEED = args.seed
    set_card_play(args.card_play)
    return run(args)


if __name__ == "__main__":
    raise SystemExit(main())
