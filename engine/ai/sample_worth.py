"""The sampler's hand rating, compiled: the most tricks ``evaluate.trump_tricks`` gives a hand over every
trump contract, the same numbers as the Python (every sum in the same order), some thirty times faster.

Checking a sampled deal against the auction rates up to three hands over eight contracts each, which took
most of a sample's time in the first tricks (0.13 ms a deal, as long as the search of a deal at 24 tiles
left). One-copy tile sets only; ``sampler`` keeps the Python for the others.
"""

from __future__ import annotations

from functools import cache

import numpy as np
from numba import float64, int64, njit

from engine.contracts import Contract
from engine.suits import suit_table
from engine.tiles import TileSet

from .evaluate import ranked

MAX_TILES = 64
MAX_SUITS = 16


@njit(int64(int64), cache=True, nogil=True)
def _count(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(int64(int64[:], int64, int64), cache=True, nogil=True)
def _walk(order, start, base):
    """How many of the suit's tiles from ``order[start]`` down (-1 ends it) ``base`` holds without a gap."""
    n = 0
    while order[start + n] >= 0 and (base >> order[start + n]) & 1:
        n += 1
    return n


@njit(float64(int64, int64[:], int64[:], int64[:], float64), cache=True, nogil=True)
def most_tricks(mask, plan, order, place, bonus):
    """The best of ``trump_tricks`` over the contracts of ``plan`` (rows of trump suit, trump members, how
    many trumps), each plus ``bonus``: ``order`` lists each contract's suits' tiles highest first,
    ``place`` each tile's place in its lead suit's list (its lead suit in the row's second half)."""
    best = -1.0
    for c in range(plan.shape[0] // 3):
        trump = plan[3 * c]
        trumps = mask & plan[3 * c + 1]
        n_trumps = _count(trumps)
        rows = c * MAX_SUITS * (MAX_TILES + 1)
        walk = _walk(order, rows + trump * (MAX_TILES + 1), mask)
        control = 1.0 if n_trumps >= 4 or walk >= 2 else 0.7
        score = walk + 0.55 * (n_trumps - walk)
        if n_trumps * 2 > plan[3 * c + 2]:
            score += 0.4
        m = mask & ~trumps
        t = 0
        while m:
            if m & 1:
                s = place[c * 2 * MAX_TILES + MAX_TILES + t]
                w = _walk(order, rows + s * (MAX_TILES + 1), mask)
                if w and place[c * 2 * MAX_TILES + t] < w:
                    score += 0.75 * control
            m >>= 1
            t += 1
        score += bonus
        if score > best:
            best = score
    return best


@cache
def plan_of(ts: TileSet, contracts: tuple[Contract, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``most_tricks``'s tables for these trump contracts of a one-copy tile set."""
    plan = np.zeros(3 * len(contracts), np.int64)
    order = np.full(len(contracts) * MAX_SUITS * (MAX_TILES + 1), -1, np.int64)
    place = np.full(len(contracts) * 2 * MAX_TILES, MAX_TILES, np.int64)
    for c, contract in enumerate(contracts):
        table = suit_table(ts, contract)
        plan[3 * c : 3 * c + 3] = (
            table.trump,
            table.members[table.trump],
            len(ranked(ts, contract, table.trump)),
        )
        for s in range(len(table.members)):
            start = (c * MAX_SUITS + s) * (MAX_TILES + 1)
            for i, t in enumerate(ranked(ts, contract, s)):
                order[start + i] = t
        for t in ts.ids:
            s = table.lead_suit[t]
            place[c * 2 * MAX_TILES + MAX_TILES + t] = s
            suit = ranked(ts, contract, s)
            if t in suit:
                place[c * 2 * MAX_TILES + t] = suit.index(t)
    return plan, order, place
