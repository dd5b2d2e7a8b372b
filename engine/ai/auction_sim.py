"""Bidding by simulation: the chance a point bid makes, from sampled deals solved for this hand.

At its call a seat deals the hidden tiles at random consistently with the calls so far
(``sampler.deal``), solves each sample with perfect information for its few best-looking trump contracts
(this seat declaring and leading), and reads each sample's solved points through the made rate of real
bids that the true deal made by that margin (``MADE``, measured on strong players' hands). A contract's
chance is the mean over the samples; the bid's, the best contract's.

Only for tables whose whole deals solve in milliseconds and whose auctions go round once (four seats,
no widow, bids that do not name a trump). The strong player uses it only when ``strong.BID_BY`` asks: it
did not bid measurably better than the table (docs/computer-players.md, "Tried and taken out")."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from engine.contracts import DOUBLES, SUIT, Contract

from . import evaluate, sampler
from .situation import Situation
from .solver import Position, thread_problem

CONTRACTS = 3  # the hand's best-looking trump contracts, solved on every sample
# below this many points a sample says only "not a bid": the window keeps the solves fast (a window of
# (24, 43) searched about twice as fast as an open one on opening deals)
WINDOW_LOW = 24
MIN_SAMPLES = 6  # fewer solved samples in the time left: the table decides
# made = 1 / (1 + exp(-(MADE_A + MADE_B x (solved points - bid)))). The slope was fitted on the solved points of
# the true deal against what 986 point bids made when strong players (12 samples a decision) played them out
# in ``python benchmarks/strength.py --deals 1000 --games 0 --pairing strong-strong-play --solver 0 --seed 201
# --samples 12 --log FILE`` (made = sigma(-0.37 + 0.174 x margin): a bid the true deal makes by exactly its
# points made 0.41 of the time, by 12 points 0.85). Read over 16 samples of the bidder's view, that put the
# 500 bids' mean chance at 0.71 against 0.68 made; -0.6 brings it to 0.68 (Brier score 0.214, against 0.225
# for the table and 0.218 for the made rate alone: the bidder's hand says little more of the outcome)
MADE = (-0.6, 0.174)


def applies(sit: Situation) -> bool:
    """Whether this table bids by simulation (see the module docstring)."""
    lay = sit.rules.layout
    return (
        sit.players == 4
        and lay.partners
        and not lay.open_auction
        and not lay.widow_size
        and not lay.bids_name_trump
        and not lay.shoot_bids
        and sit.rules.scoring == "marks"
        and lay.hand_size * sit.players <= 28
    )


def contracts_for(sit: Situation) -> list[Contract]:
    """The trump contracts worth solving: the evaluation's best few."""
    ts = sit.ts
    every = [Contract(SUIT, k) for k in range(ts.top + 1) if ts.suit_masks[k]]
    if sit.rules.options.doubles_trump:
        every.append(Contract(DOUBLES))
    every.sort(key=lambda c: -evaluate.tricks(sit.rules, c, sit.mine))
    return every[:CONTRACTS]


def solved_points(
    sit: Situation,
    rng: random.Random,
    samples: int,
    clock: Callable[[], float],
    deadline: float,
    node_limit: Callable[[float], int],
) -> dict[Contract, list[int]] | None:
    """Per contract, the points this seat's side takes in each sampled deal with perfect play, this seat
    declaring (values under ``WINDOW_LOW`` are only "at most that"); None when too few samples solved in
    time. ``node_limit(seconds left)`` keeps each solve inside the time left."""
    contracts = contracts_for(sit)
    values: dict[Contract, list[int]] = {c: [] for c in contracts}
    solved = 0
    while solved < samples and clock() < deadline:
        held = sampler.deal(sit, rng)
        if held is None:
            break
        row = []
        for c in contracts:
            prob = thread_problem(sit.rules, c, sit.seat, (), False)
            v = prob.value(
                Position(held, [], -1, sit.seat),
                node_limit=node_limit(deadline - clock()),
                alpha=WINDOW_LOW,
                beta=sit.rules.layout.total + 1,
            )
            if v is None:
                break
            row.append(v)
        if len(row) < len(contracts):
            continue
        for c, v in zip(contracts, row, strict=True):
            values[c].append(v)
        solved += 1
    return values if solved >= MIN_SAMPLES else None


def chance(values: dict[Contract, list[int]], level: int, made: tuple[float, float] = MADE) -> float:
    """The chance a bid of ``level`` makes: the best contract's mean over the samples of the made rate of
    bids whose true deal solves to the sample's value (``MADE``)."""
    best = 0.0
    for vs in values.values():
        if vs:
            best = max(best, sum(made_rate(v, level, made) for v in vs) / len(vs))
    return best


def made_rate(value: int, level: int, made: tuple[float, float] = MADE) -> float:
    """How often a point bid of ``level`` made when the true deal solved to ``value`` points (``MADE``)."""
    a, b = made
    return 1 / (1 + math.exp(-(a + b * (value - level))))
