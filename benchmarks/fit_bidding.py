"""Fit strong's marginal call on what such calls earned: the rollouts of ``bidding_rollouts.py`` in, the
weights of ``engine/ai/learned_bid.py`` out.

    python benchmarks/fit_bidding.py ROLLOUTS.jsonl [...] [--folds 5] [--write]
    python benchmarks/fit_bidding.py --cost 300

Δ (the calling team's net marks, the cheapest point bid minus pass, and the jump to 34 minus pass) is fitted by
least squares on a few named terms (``learned_bid.TERMS``); each candidate set of terms, with and without the
jump, is judged by cross-validation over deals (folds keep a deal's calls together): the held-out squared
error, and what its rule (the call of best predicted Δ if positive, else pass) would have earned over the
table's own call on the held-out calls, each call changed alone. Prints the mean Δ per
band of the table's chance and who holds the bid, then the candidates; ``--write`` fits the best candidate
(by held-out gain) on every call and writes ``engine/ai/data/learned_bid.json``. ``--cost N`` instead times
the table's call and the learned call on every call of N seeded standard auctions (CPU time of this thread).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Hand, Rules, view_for  # noqa: E402
from engine.ai import bidding, learned_bid  # noqa: E402
from engine.ai.situation import read  # noqa: E402

CANDIDATES = {
    "a+b*p": ["one", "p"],
    "by who holds the bid": ["one", "p", "opp", "partner", "opp*p", "partner*p"],
    "by holder, dealer": ["one", "p", "opp", "partner", "opp*p", "partner*p", "dealer", "dealer*p"],
    "by holder, seats after": ["one", "p", "opp", "partner", "opp*p", "partner*p", "after"],
    "by holder, last seat": ["one", "p", "opp", "partner", "opp*p", "partner*p", "last", "opp*last"],
    "by holder, last seat, slope": [
        "one",
        "p",
        "opp",
        "partner",
        "opp*p",
        "partner*p",
        "last",
        "opp*last",
        "opp*last*p",
    ],
    "by holder, dealer, easy, level": [
        "one",
        "p",
        "opp",
        "partner",
        "opp*p",
        "partner*p",
        "dealer",
        "dealer*p",
        "easy points",
        "level",
    ],
}


def load(paths: list[str], window: tuple[float, float]) -> list[dict]:
    """The rollouts' calls inside the window where the table chose pass or the cheapest point bid."""
    rows = []
    for path in paths:
        with open(path) as f:
            for line in f:
                r = json.loads(line)
                if window[0] <= r["p"] <= window[1] and r["table"] in ("pass", r["cheapest"]):
                    rows.append(r)
    return rows


def design(rows: list[dict], names: list[str]) -> np.ndarray:
    """The fit's inputs, a row per call."""
    return np.array([learned_bid.terms(r, names) for r in rows])


def fit(rows: list[dict], names: list[str], key: str) -> np.ndarray:
    """Least-squares weights of ``names`` for Δ ``key`` ("delta": the cheapest bid; "delta_jump": the jump)
    over the rows that measured it."""
    rows = [r for r in rows if r.get(key) is not None]
    w, *_ = np.linalg.lstsq(design(rows, names), np.array([r[key] for r in rows], dtype=float), rcond=None)
    return w


def choices(rows: list[dict], names: list[str], w_bid: np.ndarray, w_jump: np.ndarray | None) -> list[str]:
    """The rule's call per row: "pass", "bid" (the cheapest) or "jump", the best predicted gain if positive."""
    out = []
    x = design(rows, names)
    for r, xi in zip(rows, x, strict=True):
        options = {"bid": float(xi @ w_bid)}
        if w_jump is not None and r.get("delta_jump") is not None:
            options["jump"] = float(xi @ w_jump)
        out.append(learned_bid.best_or_pass(options))
    return out


def value(r: dict, call: str) -> float:
    """Δ of a call against passing (0 for pass)."""
    return {"pass": 0.0, "bid": r["delta"], "jump": r.get("delta_jump") or 0.0}[call]


def table_choice(r: dict) -> str:
    """The table's own call on a rollout's row, as the rule's choices are named ("bid" or "pass")."""
    return "bid" if r["table"] == r["cheapest"] else "pass"


def gain_over_table(rows: list[dict], calls: list[str]) -> float:
    """Marks the rule's calls earn over the table's on these calls (each changed alone)."""
    return sum(value(r, c) - value(r, table_choice(r)) for r, c in zip(rows, calls, strict=True))


def cross_validate(rows: list[dict], names: list[str], folds: int, jump: bool) -> dict:
    """Held-out squared error (cheapest bid's Δ) and gain over the table, summed over folds; ``jump``: the
    rule may jump."""
    y = np.array([r["delta"] for r in rows], dtype=float)
    x = design(rows, names)
    fold = np.array([(r["seed"] * 7919) % folds for r in rows])
    sq, gain, per_fold, changed = 0.0, 0.0, [], 0
    for k in range(folds):
        test = fold == k
        train_rows = [r for r, t in zip(rows, test, strict=True) if not t]
        test_rows = [r for r, t in zip(rows, test, strict=True) if t]
        w = fit(train_rows, names, "delta")
        wj = fit(train_rows, names, "delta_jump") if jump else None
        sq += float(((x[test] @ w - y[test]) ** 2).sum())
        calls = choices(test_rows, names, w, wj)
        changed += sum(c != table_choice(r) for r, c in zip(test_rows, calls, strict=True))
        g = gain_over_table(test_rows, calls)
        gain += g
        per_fold.append(g)
    return {"mse": sq / len(rows), "gain": gain, "per_fold": per_fold, "changed": changed}


def bands(rows: list[dict], key: str = "delta", title: str = "bid − pass") -> None:
    """Mean of ``key`` per band of the table's chance, by who holds the high bid."""
    cells = defaultdict(list)
    for r in rows:
        v = (
            r.get(key)
            if key != "jump-bid"
            else (None if r.get("delta_jump") is None else r["delta_jump"] - r["delta"])
        )
        if v is not None:
            cells[(r["high"], min(9, int(r["p"] * 10)))].append(v)
    print(f"mean Δ ({title}, marks) by who holds the bid and the table's chance:")
    for high in ("none", "partner", "opponent"):
        parts = []
        for b in range(1, 11):
            ds = cells.get((high, b))
            if ds:
                m = sum(ds) / len(ds)
                sd = math.sqrt(sum((d - m) ** 2 for d in ds) / max(1, len(ds) - 1))
                parts.append(f"{b / 10:.1f}+: {m:+.2f}±{1.96 * sd / math.sqrt(len(ds)):.2f} ({len(ds)})")
        print(f"  {high:9s} " + "  ".join(parts))


def call_cost(deals: int) -> None:
    """CPU microseconds per call of the table and of the learned rule (median, p90), over every call of
    ``deals`` seeded standard auctions (each call timed 5 times, the fastest kept)."""
    rules = Rules.from_preset("standard")
    times: dict[str, list[float]] = {"table": [], "learned": []}
    for i in range(deals):
        hand = Hand.new(rules, i % 4, random.Random(i))
        while hand.phase == "auction":
            view = view_for(hand, hand.turn)
            for name, rule in (("table", bidding.bid), ("learned", learned_bid.bid)):
                best = math.inf
                for _ in range(5):
                    t = time.thread_time()
                    rule(read(view))
                    best = min(best, time.thread_time() - t)
                times[name].append(best * 1e6)
            hand = hand.apply(learned_bid.bid(read(view)))
    for name, ts in times.items():
        ts.sort()
        print(
            f"  {name:8s} median {statistics.median(ts):7.0f} µs   p90 {ts[int(0.9 * len(ts))]:7.0f} µs   "
            f"({len(ts)} calls)"
        )


def main(argv: list[str] | None = None) -> int:
    """Print the candidates' cross-validated figures; with ``--write``, ship the best."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("rollouts", nargs="*")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--low", type=float, default=0.15)
    parser.add_argument("--high", type=float, default=0.97)
    parser.add_argument("--write", action="store_true", help="write engine/ai/data/learned_bid.json")
    parser.add_argument("--cost", type=int, metavar="N", help="time the calls of N auctions instead")
    args = parser.parse_args(argv)
    if args.cost:
        call_cost(args.cost)
        return 0
    rows = load(args.rollouts, (args.low, args.high))
    deals = len({(r["seed"]) for r in rows})
    nonzero = sum(r["delta"] != 0 for r in rows)
    print(
        f"{len(rows)} calls ({nonzero} with Δ ≠ 0) from {deals} deals with a branched call; "
        f"{sum(r.get('delta_jump') is not None for r in rows)} with the jump measured"
    )
    bands(rows)
    bands(rows, "delta_jump", "jump to 34 − pass")
    bands(rows, "jump-bid", "jump to 34 − cheapest bid")
    print(
        f"\n{args.folds}-fold cross-validation over deals (gain: marks over the table's calls, held out; "
        "changed: calls the rule makes otherwise):"
    )
    results = {}
    for name, names in CANDIDATES.items():
        for jump in (False, True):
            res = cross_validate(rows, names, args.folds, jump)
            results[(name, jump)] = res
            folds = ", ".join(f"{g:+.0f}" for g in res["per_fold"])
            print(
                f"  {name + (' +jump' if jump else ''):38s} mse {res['mse']:.4f}  gain {res['gain']:+6.1f} marks "
                f"({folds})  changed {res['changed']}"
            )
    var = float(np.var([r["delta"] for r in rows]))
    print(f"  (variance of Δ: {var:.4f})")
    if args.write:
        best, jump = max(results, key=lambda k: results[k]["gain"])
        names = CANDIDATES[best]
        w = fit(rows, names, "delta")
        data = {
            "comment": "written by python benchmarks/fit_bidding.py "
            + " ".join(Path(p).name for p in args.rollouts)
            + " --write: least squares of Δ (marks, the call minus pass) on the rollouts of "
            "benchmarks/bidding_rollouts.py; candidate chosen by cross-validated gain over the table",
            "candidate": best + (" +jump" if jump else ""),
            "window": [args.low, args.high],
            "bid": {"terms": names, "weights": [round(float(v), 5) for v in w]},
            "calls": len(rows),
            "deals": deals,
            "cv": {
                "mse": round(results[(best, jump)]["mse"], 4),
                "gain_marks": round(results[(best, jump)]["gain"], 1),
                "changed": results[(best, jump)]["changed"],
                "variance": round(var, 4),
            },
        }
        if jump:
            wj = fit(rows, names, "delta_jump")
            data["jump"] = {"terms": names, "weights": [round(float(v), 5) for v in wj]}
        learned_bid.DATA.write_text(json.dumps(data, indent=1) + "\n")
        print(
            f"\nwrote {learned_bid.DATA}: {data['candidate']}: "
            + ", ".join(f"{n} {v:+.3f}" for n, v in zip(names, w, strict=True))
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
