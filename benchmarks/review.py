"""Time the hand review: the solver and the strong player over every decision of one seat.

Run as ``python benchmarks/review.py [--hands N] [--budget S] [--seed K] [--preset NAME]``. Hands are dealt
from a seeded shuffle and played by easy computers (a forced bid, so every hand is played); each is
reviewed once for a seat that alternates between the bidder and a defender, as the bot reviews it, and
the wall time is recorded. Prints the median, p95 and max, how many reviews finished every decision
inside the budget, and the machine's load average before and after: quote it with the figures. The time
is what a player waits for: the analysis, the picture drawn and the text written.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.pictures.examples import seats  # noqa: E402
from bot.pictures.review import render_review  # noqa: E402
from bot.show.review import review_scene, review_text
from engine import Hand, Rules, write_record  # noqa: E402
from engine.ai import warm_up  # noqa: E402
from engine.ai.arena import play_hand  # noqa: E402
from engine.ai.easy import EasyPlayer  # noqa: E402
from engine.ai.review import DEFAULT_BUDGET_S, review_hand  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def main() -> None:
    """Review seeded hands and print the time per review with its spread."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=60, help="hands to review (default 60)")
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET_S, help="review budget in seconds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", default="standard")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
    warm_up()
    rules = Rules.from_preset(
        args.preset, {"forced_bid": True} if "forced_bid" in Rules.option_names() else {}
    )
    rng = random.Random(args.seed)
    times, complete, decisions = [], 0, 0
    for i in range(args.hands):
        hand = play_hand(
            Hand.new(rules, i % rules.players, rng), [EasyPlayer(s + i) for s in range(rules.players)]
        )
        seat = hand.bidder if i % 2 == 0 or hand.bidder is None else (hand.bidder + 1) % rules.players
        start = time.perf_counter()
        review = review_hand(write_record(hand), seat or 0, budget_s=args.budget, seed=i)
        names = seats(rules.players)
        render_review(review_scene(hand, i, names, seat or 0, review))
        review_text(hand, i, names, seat or 0, review)
        times.append(time.perf_counter() - start)
        complete += review.complete
        decisions += len(review.decisions)
    print(
        f"{args.preset}: {args.hands} reviews, {decisions / args.hands:.1f} decisions each, budget {args.budget} s"
    )
    print(
        f"  review time: median {statistics.median(times):.3f} s, p95 {percentile(times, 0.95):.3f} s, "
        f"max {max(times):.3f} s, min {min(times):.3f} s"
    )
    print(f"  every decision analysed inside the budget: {complete} of {args.hands}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
