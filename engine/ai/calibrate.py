"""Rebuild ``engine/ai/data/bidding.json``: ``python -m engine.ai.calibrate [--deals N] [--selfplay N]``.

``--variant three-hand`` rebuilds that variant's section only, steps 1-3 on three-hand deals and its own
strong self-play (``--selfplay 0``: the four-player offset, discount and made line instead). Built with
``python -m engine.ai.calibrate --variant three-hand --deals 600 --seed 43 --selfplay 3000 --budget-ms 60``
(211 s; strong players bid on about 2% of three-hand deals, so 3000 hands give some 60 bids).

``--variant big-game`` and ``--variant eighty-eight`` build those sections from hands played out by easy
players instead (``playouts``: their deals are too deep to solve whole), so their chances are calibrated
on self-play by construction. Built with ``python -m engine.ai.calibrate --variant big-game --deals 5000
--seed 42`` (15,000 hands, 228 s) and ``--variant eighty-eight --deals 6000 --seed 42`` (17,986, 183 s).

1. Simulate: deal at random; for the bidder's three best-looking trump contracts, solve the deal with
   perfect information (the bidder leading) and record the hand's features and the points his side takes;
   per contract kind and bid, fit a logistic model of "the solved points reach the bid plus the offset".
2. Calibrate on self-play: strong players bid and play real hands (seeing only their views); on each the
   solver's prediction for the true deal is compared with what the bidding side actually took. The mean
   shortfall is the offset by which the solved values flatter the bidder, and the share of predicted
   every-trick hands that really took every trick discounts the mark-bid column.
3. Write the model, the offset, the discount and a line from the model's chance of making a bid to the
   made rate of self-play bids.
Seeded throughout, so a rebuild with the same arguments gives the same file, except that strong self-play
is timed (``--budget-ms``), so its offset and line vary a little from run to run.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from engine import DEFAULT_PRESET

from . import bidding
from .calibrate_opening import build_made_line, build_opening
from .calibrate_playouts import build_playouts
from .calibrate_solved import build_variant, selfplay, simulate
from .calibrate_table import build, dump, fit, table_rules, too_deep


def main(argv: list[str] | None = None) -> int:
    """Simulate, calibrate on self-play, write the table."""
    parser = argparse.ArgumentParser(prog="python -m engine.ai.calibrate")
    parser.add_argument("--deals", type=int, default=1500)
    parser.add_argument(
        "--selfplay", type=int, default=80, help="self-play hands for the offset (0: use --offset)"
    )
    parser.add_argument("--offset", type=float, default=5.0)
    parser.add_argument("--budget-ms", type=int, default=100)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--cache", help="file keeping the simulated deals between runs (skips step 1)")
    parser.add_argument(
        "--variant",
        default=DEFAULT_PRESET,
        help="the default game's table, or one other game's section only: a preset, with options "
        'that change its seats as JSON after a colon (eighty-four:{"players": 6})',
    )
    parser.add_argument(
        "--opening",
        action="store_true",
        help="write data/opening.json only: every game's opening bars (see engine.ai.opening)",
    )
    parser.add_argument(
        "--target", type=float, default=0.25, help="with --opening: the share of deals thrown in"
    )
    parser.add_argument("--presets", nargs="+", help="with --opening: these tables only (specs as --variant)")
    parser.add_argument(
        "--made-line",
        type=int,
        metavar="HANDS",
        help="refit the four-player made line only, on HANDS opened hands played by strong players",
    )
    args = parser.parse_args(argv)
    if args.made_line:
        return build_made_line(args.made_line, args.seed, args.budget_ms, args.variant)
    if args.opening:
        return build_opening(args.deals, args.seed, args.target, args.presets)
    start = time.perf_counter()
    rules = table_rules(args.variant)
    if too_deep(rules):
        return build_playouts(args.variant, args.deals, args.seed)
    if bidding.section_key(rules) is not None:
        return build_variant(args.variant, args.deals, args.seed, args.selfplay, args.budget_ms)
    if args.cache and Path(args.cache).exists():
        samples = [
            tuple(x) for x in json.loads(Path(args.cache).read_text())
        ]  # simulated with these features
    else:
        samples = simulate(args.deals, args.seed)
        if args.cache:
            Path(args.cache).write_text(json.dumps(samples))
    print(
        f"simulated {args.deals} deals ({len(samples)} contracts) in {time.perf_counter() - start:.0f} s",
        file=sys.stderr,
    )
    offset, discount = args.offset, 0.8
    # a first table with the given offset lets the self-play players bid sensibly
    bidding.DATA.parent.mkdir(exist_ok=True)
    bidding.DATA.write_text(dump(build(samples, offset, discount)))
    bidding.table.cache_clear()
    line = [0.0, 1.0]
    if args.selfplay:
        result = selfplay(args.selfplay, args.seed + 1, args.budget_ms)
        offset, discount = result["offset"], result["discount"]
        made = sum(m for _, m in result["bids"])
        print(
            f"self-play: {result['hands']} hands, solver over-predicts the bidding side by {offset:.2f} points; "
            f"every-trick discount {discount:.2f}; bids made {made}/{len(result['bids'])}",
            file=sys.stderr,
        )
        # the table's chances (pass --offset near the measured one), mapped onto what bids really made
        line = fit(result["bids"])
        print(f"made rate = {line[0]} + {line[1]} x table chance", file=sys.stderr)
    data = build(samples, offset, discount)
    data["made_line"] = line
    data["built"] = {
        "deals": args.deals,
        "selfplay_hands": args.selfplay,
        "seed": args.seed,
        "budget_ms": args.budget_ms,
    }
    bidding.DATA.write_text(dump(data))
    bidding.table.cache_clear()
    print(f"wrote {bidding.DATA} in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
