"""The puzzle generator: how many puzzles a minute, and how hard they are.

    python benchmarks/puzzles.py [--puzzles 200] [--seed 1] [--budget-ms 300]

Generates puzzles from seeded deals (``engine.ai.puzzles.find``) until ``--puzzles`` are found, timing the
generation (CPU time of this process: on a shared machine wall time measures the neighbours), then asks
the strong computer player, from the puzzle seat's own view (its tiles and what has been played, not the
other hands), for its tile in each: the share that finds the clearly best tile is the puzzles' difficulty
(the lower, the harder). Also prints how the puzzles spread over the trick they start at and the side on
turn.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Rules, view_for  # noqa: E402
from engine.ai import make_player, warm_up  # noqa: E402
from engine.ai.puzzles import find, on_bidders_side  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget-ms", type=float, default=300.0)
    args = parser.parse_args()
    rules = Rules.from_preset("standard")
    warm_up()
    find(b"warm", rules)  # the solver's first search compiles nothing more, but fills its caches
    found = []
    tries = 0
    start = time.process_time()
    while len(found) < args.puzzles:
        seed = hashlib.sha256(f"bench {args.seed} {tries}".encode()).digest()
        tries += 1
        puzzle = find(seed, rules, tries=1)
        if puzzle is not None:
            found.append(puzzle)
    cpu = time.process_time() - start
    print(f"{len(found)} puzzles from {tries} deals in {cpu:.1f} CPU-s: {60 * len(found) / cpu:.0f} a minute")
    right = 0
    seconds = []
    for k, puzzle in enumerate(found):
        hand = puzzle.hand()
        assert hand.turn is not None
        player = make_player("strong", k, args.budget_ms, clock=time.thread_time)
        began = time.thread_time()
        choice = player.choose(view_for(hand, hand.turn))
        seconds.append(time.thread_time() - began)
        right += choice == puzzle.best
    share = right / len(found)
    half = 1.96 * (share * (1 - share) / len(found)) ** 0.5
    print(
        f"the strong player ({args.budget_ms:.0f} ms) finds the best tile in {right} of {len(found)}: "
        f"{100 * share:.1f}% ± {100 * half:.1f} (mean decision {statistics.mean(seconds) * 1000:.0f} ms)"
    )
    tricks = Counter(len(p.hand().tricks) + 1 for p in found)
    sides = Counter("bidders" if on_bidders_side(p.hand()) else "defenders" for p in found)
    print("trick the puzzle is in:", dict(sorted(tricks.items())), "· seat on turn:", dict(sides))


if __name__ == "__main__":
    main()
