"""The strong player's card play: sampled deals, each solved, guided by the fast policy.

The hidden tiles are dealt at random consistently with the view (``sampler``) and each deal is solved for
every candidate tile (a make-or-set test in the search's window); the tile that makes (or sets) the bid in
the most deals is played, expected points over the same deals breaking ties as time allows.

The fast policy (``policy``: a small network learned from this search's answers at full budget) orders
the candidates, so among equals the tile it prefers stands when the tie-break runs out of time, and it
answers on its own where the search cannot: too many tiles left for the budget, or fewer than
``MIN_SAMPLES`` deals solved in time. At short budgets (under ``PRUNE_BELOW_S``) only its first
``PRUNE_TO`` tiles are searched, so each deal costs less and more deals fit, and the deals fill the
budget (``FILL_SHORT``).
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
from .search_budget import MAX_SAMPLES, MIN_SAMPLES, NODE_FLOOR, node_limit
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
# Under PRUNE_BELOW_S (with the policy) the deals fill the budget: instead of the SAFETY rule above (a deal
# started only with 1.5 times the slowest so far left), which left a third of a 10-20 ms budget unused in
# the first tricks where deals' times vary most, every deal after the first gets the nodes the time left
# allows (no floor), so one that runs out stops in time and the next is tried, down to MIN_NODES. At the
# 200-table run's budgets (python benchmarks/strength.py --pairing strong-play-easy --seed 5 --variant
# 'standard:{"forced_bid": true}' --clock cpu --budget-ms 5,5,8,10,11,12,13,14,16,22, deals 0-2,999) with
# the faster sampler: +0.249 ± 0.021 marks per hand, paired +0.014 ± 0.015 against +0.235 ± 0.021 before
# (deals at 28 / 24 / 20 tiles left 2.4 / 5.7 / 15 -> 4.4 / 8.6 / 22); decision p95 9.7 ms at 10 ms and
# 21.1 ms at 22 ms (python benchmarks/cost.py --deals 40 --seed 2 --budget-ms B --clock cpu)
FILL_SHORT = True
MIN_NODES = 500


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
    fill = False
    if prior is not None:
        by_move = dict(zip(moves, prior, strict=True))
        moves.sort(key=lambda m: -by_move[m])
        fallback = options[moves[0]]
        if player.budget < PRUNE_BELOW_S and not player.samples:
            moves = moves[:PRUNE_TO]
            tie_share = TIE_SHARE_GUIDED_SHORT
            fill = FILL_SHORT
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
    tried = False  # a deal was solved or given up: the next ones need no node floor (``fill``)
    while len(deals) < (player.samples or MAX_SAMPLES):
        now = player.clock()
        left = sampling_end - now
        limit = _deal_limit(left, fill, tried, bool(deals), slowest)
        if limit is None:
            break
        held = sampler.deal(sit, player.rng)
        if held is None:
            break
        pos = Position(held, pos_trick, sit.lead, sit.seat)
        values = prob.move_values(pos, moves, need - 1, need, node_limit=limit)
        tried = True
        if values is None:
            if fill:
                continue
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
        tied, points = tie_break(player, prob, deals, moves, tied, maximiser, end, fill)
    player.last_figures = {
        options[m]: Figures(makes[i], len(deals), points.get(i)) for i, m in enumerate(moves)
    }
    return options[moves[tied[0]]]


def _deal_limit(left: float, fill: bool, tried: bool, solved: bool, slowest: float) -> int | None:
    """The node limit of the next deal with ``left`` seconds of sampling left, or None to start no more.

    ``fill`` (``FILL_SHORT``): each deal gets the nodes the time left allows, the floor only for the
    first, so one that runs out stops in time and the next is tried. Else a deal starts only with SAFETY
    times the slowest so far left."""
    if fill:
        limit = node_limit(left, floor=0 if tried else NODE_FLOOR)
        return limit if left > 0 and limit >= MIN_NODES else None
    if left <= 0 or (solved and left < SAFETY * slowest):
        return None
    return node_limit(left)


def tie_break(
    player: Searcher,
    prob: Problem,
    deals: list[Position],
    moves: list[int],
    tied: list[int],
    maximiser: bool,
    deadline: float,
    fill: bool = False,
) -> tuple[list[int], dict[int, float]]:
    """Among moves equally likely to make, the one with the best expected points over the same deals: the
    tied moves best first, and each one's mean value to the mover (as ``Figures.points``; by index in
    ``moves``).

    Uses whatever time is left; with none left, the first of the tied moves (best ordered) stands. With
    ``fill`` (short budgets, as in ``play``) a solve gets only the nodes the time left allows, no floor.
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
        limit = node_limit(left, floor=0 if fill else NODE_FLOOR)
        if limit < MIN_NODES:
            break
        values = prob.move_values(pos, sub, node_limit=limit)
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
