"""The strong player's card play: sampled deals, each solved, guided by the fast policy.

The hidden tiles are dealt at random consistently with the view (``sampler``) and each deal is solved for
every candidate tile (a make-or-set test in the search's window); the tile that makes (or sets) the bid in
the most deals is played, expected points over the same deals breaking ties as time allows.

The fast policy (``policy``: a small network learned from this search's answers at full budget) orders
the candidates, so among equals the tile it prefers stands when the tie-break runs out of time, and it
answers on its own where the search cannot: too many tiles left for the budget, or fewer than
``MIN_SAMPLES`` deals solved in time. At short budgets (under ``PRUNE_BELOW_S``) only its first
``PRUNE_TO`` tiles are searched, so each deal costs less and more deals fit.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from engine.contracts import Contract
from engine.rules import Rules

from . import policy, sampler
from .play_goal import every_trick, need_of, play_moves
from .search_budget import MAX_SAMPLES, MIN_SAMPLES, node_limit
from .situation import Situation
from .solver import Position, Problem

USE_POLICY = True  # benchmarks/strength.py --policy off: the search alone, easy's rules where it cannot
PRUNE_BELOW_S = 0.05  # budgets under this search only the policy's first few tiles
PRUNE_TO = 3
TIE_SHARE = 0.35  # of the budget, kept for the points tie-break ...
# ... except under PRUNE_BELOW_S with the policy, whose order breaks ties: every deal solved there counts
# more (5 ms card play, 1,000 deal pairs: +0.027 ± 0.031 marks per hand paired, with the faster sampler)
TIE_SHARE_GUIDED_SHORT = 0.0
# a deal is started only with SAFETY times the slowest deal so far left, and at least RESERVE of the budget
# is kept for what follows the deals (choosing, the figures): the decisions' p95 stays inside the budget
SAFETY = 1.5
RESERVE = 0.08
MARGIN = 0.02  # of the budget, left unused at the end of the tie-break (and of declaring, strong.py)
# The policy's utility estimate weighs as PRIOR_DEALS solved deals where fewer than BLEND_BELOW were solved
# (above, its order breaks ties only), and with it the search's answer stands from MIN_GUIDED deals. Chosen
# offline (python -m training.blend: k = 16 least regret for 1-8 deals; one deal and the policy's order beat
# the policy alone) and checked in play: 5 ms card play, 1,000 deal pairs, +0.024 ± 0.030 marks per hand
# paired against PRIOR_DEALS 0 and MIN_GUIDED 4
PRIOR_DEALS = 16.0
BLEND_BELOW = 16
MIN_GUIDED = 1


@dataclass(frozen=True)
class Figures:
    """What the search found for one tile: in ``made`` of ``deals`` sampled deals the mover's side reaches
    its goal (makes, or sets, the bid) after it; ``points``: its mean value to the mover over the same deals
    where the tie-break weighed it (the bidders' points, negated for the defenders, so the difference
    between two tiles is points won or given up; None where it was not weighed)."""

    made: int
    deals: int
    points: float | None = None


class Searcher(Protocol):
    """What card play needs of the player it decides for (``strong.StrongPlayer``)."""

    rng: random.Random
    samples: int | None
    budget: float
    clock: Callable[[], float]
    last_value: float | None
    last_figures: dict[str, Figures]

    def solve_tiles(self, rules: Rules) -> int: ...

    def problem(
        self, sit: Situation, contract: Contract, bidder: int, out: tuple[int, ...], every: bool
    ) -> Problem: ...


def play(player: Searcher, sit: Situation, deadline: float) -> str | None:
    """The tile that makes (or sets) the contract in the most samples; the policy's where the search
    cannot answer; None to defer to easy (where neither applies)."""
    options = play_moves(sit)
    moves = list(options)
    player.last_figures = {}
    if len(moves) == 1:
        return options[moves[0]]
    prior = policy.utilities(sit, moves) if USE_POLICY else None
    fallback = None
    tie_share = TIE_SHARE
    if prior is not None:
        by_move = dict(zip(moves, prior, strict=True))
        moves.sort(key=lambda m: -by_move[m])
        fallback = options[moves[0]]
        if player.budget < PRUNE_BELOW_S and not player.samples:
            moves = moves[:PRUNE_TO]
            tie_share = TIE_SHARE_GUIDED_SHORT
    counts = sit.view["tile_counts"]
    if sum(c for s, c in enumerate(counts) if s not in sit.out) > player.solve_tiles(sit.rules):
        return fallback
    every = every_trick(sit)
    assert sit.bidder is not None
    prob = player.problem(sit, sit.named, sit.bidder, sit.out, every)
    need = need_of(sit, every)
    maximiser = bool(prob.max_side[sit.seat])
    pos_trick = list(sit.trick)
    deals: list[Position] = []
    makes = [0] * len(moves)
    # most of the budget goes to make/set tests; the rest to the points tie-break
    sampling_end = deadline - max(tie_share, RESERVE) * player.budget
    slowest = 0.0  # the longest deal so far: one that may not fit in what is left is not started
    while len(deals) < (player.samples or MAX_SAMPLES):
        now = player.clock()
        left = sampling_end - now
        if left <= 0 or (deals and left < SAFETY * slowest):
            break
        held = sampler.deal(sit, player.rng)
        if held is None:
            break
        pos = Position(held, pos_trick, sit.lead, sit.seat)
        values = prob.move_values(pos, moves, need - 1, need, node_limit=node_limit(left))
        if values is None:
            break
        deals.append(pos)
        slowest = max(slowest, player.clock() - now)
        for i, v in enumerate(values):
            makes[i] += (v >= need) == maximiser
    if len(deals) < (MIN_SAMPLES if prior is None else MIN_GUIDED):
        return fallback
    if prior is not None and PRIOR_DEALS and len(deals) < BLEND_BELOW:
        # the policy's estimate counts as PRIOR_DEALS deals more: it steadies a search of few deals
        score = [makes[i] + PRIOR_DEALS * by_move[m] for i, m in enumerate(moves)]
        best = max(score)
        tied = [i for i, v in enumerate(score) if v >= best - 1e-9]
        top = makes[tied[0]]
    else:
        top = max(makes)
        tied = [i for i, m in enumerate(makes) if m == top]
    player.last_value = top / len(deals)
    points: dict[int, float] = {}
    if len(tied) > 1:
        # the tie-break stops a little short of the deadline: its last solve may overrun by a node limit
        end = deadline - MARGIN * player.budget
        tied, points = tie_break(player, prob, deals, moves, tied, maximiser, end)
    player.last_figures = {
        options[m]: Figures(makes[i], len(deals), points.get(i)) for i, m in enumerate(moves)
    }
    return options[moves[tied[0]]]


def tie_break(
    player: Searcher,
    prob: Problem,
    deals: list[Position],
    moves: list[int],
    tied: list[int],
    maximiser: bool,
    deadline: float,
) -> tuple[list[int], dict[int, float]]:
    """Among moves equally likely to make, the one with the best expected points over the same deals: the
    tied moves best first, and each one's mean value to the mover (as ``Figures.points``; by index in
    ``moves``).

    Uses whatever time is left; with none left, the first of the tied moves (best ordered) stands.
    """
    sub = [moves[i] for i in tied]
    totals = [0] * len(sub)
    solved = 0
    slowest = 0.0
    for pos in deals:
        now = player.clock()
        left = deadline - now
        if left <= 0 or (solved and left < SAFETY * slowest):
            break
        values = prob.move_values(pos, sub, node_limit=node_limit(left))
        if values is None:
            break
        solved += 1
        slowest = max(slowest, player.clock() - now)
        for i, v in enumerate(values):
            totals[i] += v if maximiser else -v
    if not solved:
        return tied, {}
    order = sorted(range(len(sub)), key=lambda i: -totals[i])
    return [tied[i] for i in order], {tied[i]: totals[i] / solved for i in range(len(sub))}
