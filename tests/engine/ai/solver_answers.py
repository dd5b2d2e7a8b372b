"""The search's answers on deep random positions, written by the search as it stood before it was made
faster, so that a faster search can be checked against them (``test_solver_answers.py``).

    python -m tests.engine.ai.solver_answers > tests/engine/ai/solver_answers.jsonl

The shipped file was written on main at 399d13a (the search with six arrays per call, before the work
array): eight positions with a choice in each game of ``test_solver.CASES``, played at random until 14-28 tiles are left
(14-32 at eight seats), each legal tile's exact value, whether it reaches what the bidders need in the
make-or-set window, and at a trick boundary the position's value.
"""

from __future__ import annotations

import json
import random
import sys

from engine.ai.review_solve import need
from engine.ai.solver import Position, Problem
from engine.tiles import bits

from .test_solver import CASES, position

PER_CASE = 8
NODE_LIMIT = 3_000_000  # positions the old search took longer over are left out


def main() -> int:
    """Write the answers as JSON lines on stdout."""
    for case, (preset, options, bid, contracts) in enumerate(CASES):
        rng = random.Random(5000 + case)
        written = 0
        for i in range(4 * PER_CASE):
            if written == PER_CASE:
                break
            contract = contracts[i % len(contracts)]
            deep = 32 if (preset, options) == ("eighty-four", {}) else 28  # eight seats: deeper
            left = rng.randrange(14, deep + 1)
            hand = position(preset, options, bid, contract, rng, left)
            if hand.complete:
                continue
            problem = Problem(hand.rules, hand.contract, hand.bidder, hand.seats_out, hand.every_trick())
            trick = [[s, t] for s, t in zip(hand.trick_seats, hand.trick, strict=True)]
            pos = Position(list(hand.held), [(s, t) for s, t in trick], hand.lead, hand.turn)
            moves = list(bits(hand.legal_plays()))
            if len(moves) < 2:
                continue
            exact = problem.move_values(pos, moves, node_limit=NODE_LIMIT)
            goal = need(hand)
            window = problem.move_values(pos, moves, goal - 1, goal, node_limit=NODE_LIMIT)
            value = problem.value(pos, node_limit=NODE_LIMIT) if not trick else None
            if exact is None or window is None or (not trick and value is None):
                continue
            row = {
                "case": case,
                "contract": hand.contract_text(),
                "held": list(hand.held),
                "trick": trick,
                "lead": hand.lead,
                "turn": hand.turn,
                "bidder": hand.bidder,
                "out": list(hand.seats_out),
                "every": hand.every_trick(),
                "moves": moves,
                "exact": exact,
                "need": goal,
                "made": [v >= goal for v in window],
                "value": value,
            }
            sys.stdout.write(json.dumps(row) + "\n")
            written += 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
