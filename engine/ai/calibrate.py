"""Rebuild ``engine/ai/data/bidding.json``: ``python -m engine.ai.calibrate [--deals N] [--selfplay N]``.

1. Simulate: deal at random; for the bidder's three best-looking trump contracts, solve the deal with
   perfect information (the bidder leading) and record the hand's features and the points his side takes.
2. Calibrate on self-play: strong players bid and play real hands (seeing only their views); on each the
   solver's prediction for the true deal is compared with what the bidding side actually took. The mean
   shortfall is the offset by which the solved values flatter the bidder, and the share of predicted
   every-trick hands that really took every trick discounts the mark-bid column.
3. Write per feature bucket the chance of making each bid 30..41 and of taking every trick (42).
Seeded throughout, so a rebuild with the same arguments gives the same file.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

from engine import Hand, Rules
from engine.calls import parse_call
from engine.suits import DOUBLES, SUIT, Contract

from . import bidding, evaluate
from .arena import play_hand
from .solver import Position, Problem

BIDS = list(range(30, 43))


def simulate(deals: int, seed: int) -> list[tuple[str, str, int]]:
    """(fine key, coarse key, solved points) for the best few contracts of ``deals`` random hands."""
    rules = Rules.from_preset("standard")
    rng = random.Random(seed)
    contracts = [Contract(SUIT, k) for k in range(7)] + [Contract(DOUBLES)]
    problems = {c: Problem(rules, c, 0, None, False) for c in contracts}
    out = []
    for _ in range(deals):
        hand = Hand.new(rules, 3, rng)
        mine = hand.held[0]
        best = sorted(contracts, key=lambda c: -evaluate.tricks(rules, c, mine))[:3]
        for c in best:
            v = problems[c].value(Position(list(hand.held), [], -1, 0))
            fine, coarse = bidding.features(rules, c, mine)
            out.append((fine, coarse, v))
    return out


def build(samples: list[tuple[str, str, int]], offset: float, every_discount: float) -> dict:
    """The table: per bucket, sample count and chance of making each bid after the offset."""
    groups: dict[str, list[int]] = defaultdict(list)
    for fine, coarse, v in samples:
        groups[fine].append(v)
        groups[coarse].append(v)
    buckets = {}
    for key, values in sorted(groups.items()):
        n = len(values)
        # a bid the solver makes only by taking every point is still made by taking every point
        make = {str(b): round(sum(v >= min(42, b + offset) for v in values) / n, 3) for b in BIDS[:-1]}
        make["42"] = round(sum(v == 42 for v in values) / n * every_discount, 3)
        buckets[key] = {"n": n, "make": make}
    return {"offset": round(offset, 2), "every_trick_discount": round(every_discount, 3), "buckets": buckets}


def dump(data: dict) -> str:
    """The table as JSON with one bucket per line: small, and readable in a diff."""
    head = {k: v for k, v in data.items() if k != "buckets"}
    lines = [f"  {json.dumps(k)}: {json.dumps(v, sort_keys=True)}" for k, v in sorted(data["buckets"].items())]
    return (json.dumps(head, sort_keys=True)[:-1] + ', "buckets": {\n' + ",\n".join(lines) + "\n}}\n")


def selfplay(hands: int, seed: int, budget_ms: int) -> dict:
    """Strong-vs-strong hands played out to the end. Returns the mean points by which the solver
    over-predicts the bidding side (``offset``), the share of predicted every-trick hands that took every
    trick (``discount``), and ``bids``: (the table's chance for the winning bid, made?) pairs."""
    from . import make_player
    from .situation import read

    rules = Rules.from_preset("standard", {"play_out": True})
    rng = random.Random(seed)
    players = [make_player("strong", seed=seed + s, budget_ms=budget_ms) for s in range(4)]
    gaps, all_pred, all_made, bids = [], 0, 0, []
    for i in range(hands):
        hand = Hand.new(rules, i % 4, rng)
        said = {}
        while hand.phase in ("auction", "contract"):  # bid and declare, then measure before the first lead
            view = hand.view_for(hand.turn)
            action = players[hand.turn].choose(view)
            if hand.phase == "auction" and action != "pass":
                sit = read(view)
                said[hand.turn] = bidding.raw_chance(sit, parse_call(action, rules), bidding.nello_hand(sit))
            hand = hand.apply(action)
        if hand.phase != "play":
            continue
        done = play_hand(hand, players)
        bids.append((said.get(hand.bidder, 0.5), bool(done.made)))
        if hand.contract.kind not in (SUIT, DOUBLES) or hand.high.kind != "points":
            continue
        prob = Problem(rules, hand.contract, hand.bidder, None, False)
        predicted = prob.value(Position(list(hand.held), [], -1, hand.turn))
        taken = done.points[rules.team_of(hand.bidder)]
        gaps.append(predicted - taken)
        if predicted == 42:
            all_pred += 1
            all_made += taken == 42
    return {"offset": statistics.mean(gaps) if gaps else 5.0,
            "discount": all_made / all_pred if all_pred >= 5 else 0.8, "hands": len(gaps), "bids": bids}


def fit(bids: list[tuple[float, bool]]) -> list[float]:
    """Least-squares line from the table's chance to the made rate seen in self-play: [a, b]."""
    if len(bids) < 20:
        return [0.0, 1.0]
    xs = [p for p, _ in bids]
    ys = [float(m) for _, m in bids]
    mx, my = statistics.mean(xs), statistics.mean(ys)
    var = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / var if var > 1e-9 else 0.0
    b = min(1.5, max(0.2, b))  # keep the line sane with few bids
    return [round(my - b * mx, 4), round(b, 4)]


def main(argv: list[str] | None = None) -> int:
    """Simulate, calibrate on self-play, write the table."""
    parser = argparse.ArgumentParser(prog="python -m engine.ai.calibrate")
    parser.add_argument("--deals", type=int, default=1500)
    parser.add_argument("--selfplay", type=int, default=80, help="self-play hands for the offset (0: use --offset)")
    parser.add_argument("--offset", type=float, default=5.0)
    parser.add_argument("--budget-ms", type=int, default=100)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--cache", help="file keeping the simulated deals between runs (skips step 1)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    if args.cache and Path(args.cache).exists():
        samples = [tuple(x) for x in json.loads(Path(args.cache).read_text())]
    else:
        samples = simulate(args.deals, args.seed)
        if args.cache:
            Path(args.cache).write_text(json.dumps(samples))
    print(f"simulated {args.deals} deals ({len(samples)} contracts) in {time.perf_counter() - start:.0f} s",
          file=sys.stderr)
    offset, discount = args.offset, 0.8
    # a first table with the given offset lets the self-play players bid sensibly
    bidding.DATA.parent.mkdir(exist_ok=True)
    bidding.DATA.write_text(dump(build(samples, offset, discount)))
    bidding.table.cache_clear()
    bidding._populated.cache_clear()
    line = [0.0, 1.0]
    if args.selfplay:
        result = selfplay(args.selfplay, args.seed + 1, args.budget_ms)
        offset, discount = result["offset"], result["discount"]
        made = sum(m for _, m in result["bids"])
        print(f"self-play: {result['hands']} hands, solver over-predicts the bidding side by {offset:.2f} points; "
              f"every-trick discount {discount:.2f}; bids made {made}/{len(result['bids'])}", file=sys.stderr)
        # the table's chances (pass --offset near the measured one), mapped onto what bids really made
        line = fit(result["bids"])
        print(f"made rate = {line[0]} + {line[1]} x table chance", file=sys.stderr)
    data = build(samples, offset, discount)
    data["made_line"] = line
    data["built"] = {"deals": args.deals, "selfplay_hands": args.selfplay, "seed": args.seed,
                     "budget_ms": args.budget_ms}
    bidding.DATA.write_text(dump(data))
    bidding.table.cache_clear()
    bidding._populated.cache_clear()
    print(f"wrote {bidding.DATA} in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
