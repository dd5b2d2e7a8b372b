"""How long the strong player's search takes with so many tiles left, per game: the figures behind
``engine.ai.strong.DEPTH_BY_SHAPE``.

    python benchmarks/solve_depth.py [--positions 12] [--seed 1] [--presets moon seventy-two ...]

For each game and depth, random positions (the first seat bids the lowest bid, easy players exchange and
declare, random legal play until that many tiles are left in the hands of the seats that play) are given
to the solver as the strong player asks it: a make-or-set test of every legal move around what the
bidders still need. Prints the median, p90 and largest time and the most nodes searched.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Hand, Rules, view_for  # noqa: E402
from engine.ai import warm_up  # noqa: E402
from engine.ai.easy import EasyPlayer  # noqa: E402
from engine.ai.review_solve import need  # noqa: E402  (what the bidders must still take)
from engine.ai.solver import Position, Problem  # noqa: E402
from engine.contracts import Goal  # noqa: E402
from engine.tiles import bits  # noqa: E402

TABLES = {
    "standard": {},
    "moon": {},
    "seventy-two": {},
    "geezer": {},
    "eighty-four": {},
    "eighty-four/6": {"players": 6},
    "eighty-eight": {},
}


def tiles_left(hand: Hand) -> int:
    """Tiles in the hands of the seats that play."""
    return sum(bin(hand.held[s]).count("1") for s in range(hand.players) if s not in hand.seats_out)


def position(rules: Rules, rng: random.Random, left: int, easy: EasyPlayer) -> Hand:
    """A random hand of ``rules`` in play with at most ``left`` tiles left."""
    while True:
        hand = Hand.new(rules, rules.players - 1, rng)
        hand = hand.apply(next(a for a in hand.legal_actions() if a != "pass"))
        while hand.phase != "play" and not hand.complete:
            legal = hand.legal_actions()
            if hand.phase == "auction":
                hand = hand.apply("pass" if "pass" in legal else legal[0])
            else:
                hand = hand.apply(easy.choose(view_for(hand, hand.to_act)))
        while not hand.complete and tiles_left(hand) > left:
            hand = hand.play(rng.choice(list(bits(hand.legal_plays()))))
        if not hand.complete:
            return hand


def main(argv: list[str] | None = None) -> int:
    """Time the solver per game and depth."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=12, help="positions per game and depth")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--presets", nargs="+", default=list(TABLES), help="games (eighty-four/6: six seats)")
    args = parser.parse_args(argv)
    warm_up()
    for name in args.presets:
        rules = Rules.from_preset(name.partition("/")[0], {**TABLES.get(name, {}), "play_out": True})
        rng, easy = random.Random(args.seed), EasyPlayer(args.seed)
        depths = (21, 24, 28, 30, 32, 36) if rules.players <= 4 else (24, 28, 30, 32, 36, 40)
        for left in depths:
            times, nodes = [], []
            for _ in range(args.positions):
                hand = position(rules, rng, left, easy)
                assert hand.contract is not None and hand.bidder is not None and hand.turn is not None
                prob = Problem(rules, hand.contract, hand.bidder, hand.seats_out, hand.goal != Goal.POINTS)
                pos = Position(
                    list(hand.held),
                    list(zip(hand.trick_seats, hand.trick, strict=True)),
                    hand.lead,
                    hand.turn,
                )
                goal = need(hand)
                start = time.perf_counter()
                prob.move_values(pos, list(bits(hand.legal_plays())), goal - 1, goal, node_limit=30_000_000)
                times.append(time.perf_counter() - start)
                nodes.append(prob.nodes)
            times.sort()
            print(
                f"{name:14s} {left:2d} tiles left: median {1000 * statistics.median(times):7.1f} ms, "
                f"p90 {1000 * times[int(0.9 * len(times))]:7.1f} ms, max {1000 * times[-1]:7.0f} ms, "
                f"most nodes {max(nodes):,}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
