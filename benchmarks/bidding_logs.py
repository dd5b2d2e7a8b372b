"""Read the deal logs of ``benchmarks/strength.py --log FILE`` (a bidding comparison, ``strong-strong-play``).

    python benchmarks/bidding_logs.py kinds LOG          where the two tables of a deal differ, what happened
    python benchmarks/bidding_logs.py paired LOG1 LOG2   two runs on the same seed and deals: A's net marks per
                                                         hand in each and the paired difference (LOG2 - LOG1)
    python benchmarks/bidding_logs.py pooled LOG ...     runs of one match in pieces (--first-deal): A's net
                                                         marks per hand and points per deal pair over them all

``kinds`` sorts the deal pairs into alike (the same calls and contract at both tables: they score exactly 0 with
``--samples``), the same calls with another contract, and other calls, with A's net marks in each; then the
differing pairs by what happened at each table (S: A's side bid, E: B's side; made, set or thrown in).
``paired`` compares two variants of A against the same B on the same deals: deals where both variants bid
alike cancel, so the difference is measured far more closely than either figure alone.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from collections import defaultdict

Z = 1.96


def read(path: str) -> list[dict]:
    """The logged deal pairs, one per line."""
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def net(table: dict) -> int:
    """A's net marks at one table (A plays for team ``a_team``)."""
    award = table["award"] or [0, 0]
    return award[table["a_team"]] - award[1 - table["a_team"]]


def pair_net(row: dict) -> float:
    """A's net marks per hand over a deal pair."""
    return sum(net(t) for t in row["tables"]) / 2


def has_bid(row: dict) -> bool:
    """Whether anyone bid at either table (deals passed out at both say nothing)."""
    return any(t["bidder"] is not None for t in row["tables"])


def outcome(table: dict) -> str:
    """S or E (whose side won the auction) and made or set; or thrown in."""
    if table["bidder"] is None:
        return "thrown in"
    side = "S" if table["bidder"] % 2 == table["a_team"] else "E"
    return f"{side} {'made' if table['made'] else 'set'}"


def mean_ci(xs: list[float]) -> str:
    """Mean ± 95% half-width."""
    half = Z * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return f"{statistics.mean(xs):+.3f} ± {half:.3f}  (n={len(xs)})"


def kinds(path: str) -> None:
    """Print where the tables differ and what it cost A."""
    rows = [r for r in read(path) if has_bid(r)]
    groups: dict[str, list[float]] = defaultdict(list)
    outcomes: dict[tuple[str, str], list[float]] = defaultdict(list)
    for r in rows:
        t0, t1 = r["tables"]
        if t0["calls"] == t1["calls"]:
            groups["alike" if t0["contract"] == t1["contract"] else "same calls, another contract"].append(
                pair_net(r)
            )
            if t0["contract"] == t1["contract"]:
                continue
        else:
            groups["other calls"].append(pair_net(r))
        a, b = sorted((outcome(t0), outcome(t1)))
        outcomes[(a, b)].append(pair_net(r))
    print(
        f"{path}: {len(rows)} deal pairs with a bid; A's net marks per hand over all {mean_ci([pair_net(r) for r in rows])}"
    )
    for name, xs in groups.items():
        print(f"  {name:28s} {len(xs):4d} pairs, A's net marks summed {sum(xs):+6.1f}")
    print("  where the tables differ, by what happened at each:")
    for (a, b), xs in sorted(outcomes.items(), key=lambda kv: sum(kv[1])):
        print(f"    {a:9s} / {b:9s} {len(xs):4d} pairs, A's net marks summed {sum(xs):+6.1f}")


def paired(first: str, second: str) -> None:
    """Print both runs' figures and their paired difference."""
    a, b = read(first), read(second)
    n = min(len(a), len(b))
    a, b = a[:n], b[:n]
    if [r["seed"] for r in a] != [r["seed"] for r in b]:
        raise SystemExit("the logs are not of the same deals (seed and --deals)")
    both = [(x, y) for x, y in zip(a, b, strict=True) if has_bid(x) or has_bid(y)]
    print(f"{first}: A's net marks per hand {mean_ci([pair_net(x) for x, _ in both])}")
    print(f"{second}: A's net marks per hand {mean_ci([pair_net(y) for _, y in both])}")
    diff = [pair_net(y) - pair_net(x) for x, y in both]
    print(
        f"paired difference (second - first)  {mean_ci(diff)}; {sum(d != 0 for d in diff)} deal pairs differ"
    )


def pooled(paths: list[str]) -> None:
    """Print A's figures over the deal pairs of several logs of one match (each deal counted once)."""
    rows = {r["seed"]: r for path in paths for r in read(path)}
    played = [r for r in rows.values() if has_bid(r)]
    points = [
        sum(t["points"][t["a_team"]] - t["points"][1 - t["a_team"]] for t in r["tables"]) for r in played
    ]
    print(f"{len(paths)} logs, {len(played)} deal pairs with a bid")
    print(f"  A's net marks per hand        {mean_ci([pair_net(r) for r in played])}")
    print(f"  A's net points per deal pair  {mean_ci(points)}")


def main(argv: list[str] | None = None) -> int:
    """Run the command asked for."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("kinds").add_argument("log")
    p = sub.add_parser("paired")
    p.add_argument("first")
    p.add_argument("second")
    sub.add_parser("pooled").add_argument("logs", nargs="+")
    args = parser.parse_args(argv)
    if args.command == "kinds":
        kinds(args.log)
    elif args.command == "pooled":
        pooled(args.logs)
    else:
        paired(args.first, args.second)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
