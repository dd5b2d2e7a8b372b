"""How many sampled deals the strong player's card play solves in the first tricks: the search's speed where
the 200-table budgets leave it a few milliseconds.

    python benchmarks/first_tricks.py [--positions 40] [--deals 8] [--budget-ms 5] [--seed 1]

Positions: straight 42 with a forced bid, played by easy players until the seat to play has a choice with at
most 28, 24 or 20 tiles left. For each, two figures:

- *fixed work*: ``--deals`` deals of the hidden tiles drawn as card play draws them, each given the
  make-or-set test card play asks at short budgets (the policy's first three tiles, the window around what
  the bidders need), with no node limit: nodes and CPU time per deal (``time.thread_time``), and a checksum
  of the answers (old and new searches must print the same);
- *in the budget*: the strong player deciding at ``--budget-ms`` of CPU time: the deals it solved.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Hand, Rules, view_for  # noqa: E402
from engine.ai import make_player, policy, sampler, warm_up  # noqa: E402
from engine.ai.card_play import PRUNE_TO  # noqa: E402
from engine.ai.easy import EasyPlayer  # noqa: E402
from engine.ai.play_goal import every_trick, need_of, play_moves  # noqa: E402
from engine.ai.situation import read  # noqa: E402
from engine.ai.solver import Position, thread_problem  # noqa: E402

DEPTHS = (28, 24, 20)


def tiles_left(hand: Hand) -> int:
    """Tiles in the hands of the seats that play."""
    return sum(bin(hand.held[s]).count("1") for s in range(hand.players) if s not in hand.seats_out)


def views(rules: Rules, seed: int, left: int, count: int) -> list[dict]:
    """``count`` views of a seat with a choice to play at most ``left`` tiles left, easy play before."""
    rng, easy, out = random.Random(seed * 1000 + left), EasyPlayer(seed), []
    while len(out) < count:
        hand = Hand.new(rules, rng.randrange(4), rng)
        while not hand.complete:
            view = view_for(hand, hand.turn)
            if hand.phase == "play" and tiles_left(hand) <= left:
                if len(view["legal"]) > 1:
                    out.append(view)
                break
            hand = hand.apply(easy.choose(view))
    return out


def fixed_work(view: dict, deals: int, seed: int) -> tuple[list[int], list[float], list[list[int]]]:
    """Nodes, CPU seconds and answers of ``deals`` make-or-set tests of this view, as card play asks them."""
    sit = read(view)
    moves = list(play_moves(sit))
    moves = (policy.ranked(sit, moves) or moves)[:PRUNE_TO]
    every = every_trick(sit)
    assert sit.bidder is not None
    prob = thread_problem(sit.rules, sit.named, sit.bidder, sit.out, every)
    need = need_of(sit, every)
    rng = random.Random(seed)
    nodes, spent, answers = [], [], []
    for _ in range(deals):
        held = sampler.deal(sit, rng)
        if held is None:
            break
        pos = Position(held, list(sit.trick), sit.lead, sit.seat)
        start = time.thread_time()
        values = prob.move_values(pos, moves, need - 1, need, node_limit=1 << 40)
        spent.append(time.thread_time() - start)
        nodes.append(prob.nodes)
        assert values is not None
        answers.append([int(v >= need) for v in values])
    return nodes, spent, answers


def main(argv: list[str] | None = None) -> int:
    """Print the per-depth figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--deals", type=int, default=8, help="deals per position (fixed work)")
    parser.add_argument("--budget-ms", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    warm_up()
    rules = Rules.from_preset("standard", {"forced_bid": True, "play_out": True})
    for left in DEPTHS:
        positions = views(rules, args.seed, left, args.positions)
        nodes: list[int] = []
        spent: list[float] = []
        digest = hashlib.sha256()
        for i, view in enumerate(positions):
            n, s, a = fixed_work(view, args.deals, args.seed * 7919 + i)
            nodes += n
            spent += s
            digest.update(repr(a).encode())
        solved = []
        for i, view in enumerate(positions):
            player = make_player("strong", args.seed * 31 + i, args.budget_ms, clock=time.thread_time)
            player.choose(view)
            figures = list(player.last_figures.values())
            solved.append(figures[0].deals if figures else 0)
        per_deal = sorted(spent)
        print(
            f"{left:2d} tiles left: fixed work {len(spent)} deals, {statistics.mean(nodes):,.0f} nodes a deal "
            f"(median {statistics.median(nodes):,.0f}), CPU a deal mean {1000 * statistics.mean(spent):.3f} ms "
            f"median {1000 * statistics.median(spent):.3f} p90 {1000 * per_deal[int(0.9 * len(per_deal))]:.3f}, "
            f"{sum(nodes) / max(sum(spent), 1e-9) / 1e6:.1f} M nodes/s, answers {digest.hexdigest()[:12]}; "
            f"in {args.budget_ms:g} ms: {statistics.mean(solved):.1f} deals solved "
            f"(median {statistics.median(solved):g})",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
