"""Dealing the unseen tiles at random, consistently with everything a seat has seen.

A sample gives every other seat as many tiles as it still holds, never a tile it is known not to hold (a
suit it showed out of, tiles closer to the Sevens target than one it played), and leaves the rest in the
widow, kitty or a Nello partner's hand. The auction is respected softly: a declarer who named a trump is
dealt a fair share of it, when the deal allows.
"""

from __future__ import annotations

import random
from functools import cache, lru_cache

import numpy as np

from engine.calls import PASS, POINTS, parse_call
from engine.contracts import DOUBLES, SUIT, Contract

from . import evaluate, sample_worth
from .situation import Situation, bits, count_bits

ATTEMPTS = 60


def _pick(rng: random.Random, mask: int, k: int) -> int:
    """``k`` random tiles of ``mask`` as a mask."""
    tiles = list(bits(mask))
    out = 0
    for t in rng.sample(tiles, k):
        out |= 1 << t
    return out


def deal(sit: Situation, rng: random.Random, respect_auction: bool = True) -> list[int] | None:
    """Held masks for every seat (this seat's own tiles for itself), or None if no deal fits."""
    counts = sit.view["tile_counts"]
    out = sit.out
    seats = [s for s in range(sit.players) if s != sit.seat and s not in out and counts[s] > 0]
    pool = sit.unseen()
    for attempt in range(ATTEMPTS):
        held = [0] * sit.players
        held[sit.seat] = sit.mine
        left = pool
        # the most constrained seats first: the fewest spare tiles to choose from
        order = sorted(seats, key=lambda s: count_bits(left & ~sit.cannot[s]) - counts[s] + rng.random())
        ok = True
        for s in order:
            allowed = left & ~sit.cannot[s]
            if count_bits(allowed) < counts[s]:
                ok = False
                break
            held[s] = _pick(rng, allowed, counts[s])
            left &= ~held[s]
        if not ok:
            continue
        if respect_auction and attempt < ATTEMPTS // 2 and not _fits_auction(sit, held):
            continue
        for s in out:  # face down: whatever is left (the solver ignores them)
            held[s] = _pick(rng, left, min(counts[s], count_bits(left)))
            left &= ~held[s]
        return held
    return None


def _fits_auction(sit: Situation, held: list[int]) -> bool:
    """A declarer who chose a trump holds, with what he played, at least three of it (or of doubles); in a
    four-player one-round auction a point bidder's hand was worth nearly his bid, and a seat that passed
    an opponent's low bid held no clearly biddable hand."""
    declarer = sit.view.get("declarer")
    if (
        declarer is not None
        and declarer != sit.seat
        and sit.contract is not None
        and sit.contract.kind in (SUIT, DOUBLES)
    ):
        trumps = sit.suits.members[sit.suits.trump]
        if count_bits((held[declarer] | sit.played[declarer]) & trumps) < 3:
            return False
    lay = sit.rules.layout
    if sit.players != 4 or lay.open_auction or lay.widow_size:
        return True
    high, high_seat = 0, None
    for i, text in enumerate(sit.view.get("calls") or []):
        seat = (sit.view["dealer"] + 1 + i) % 4
        call = parse_call(text, sit.rules)
        if seat != sit.seat:
            # the hand's worth only where the call says something of it (it costs most of a sample)
            if call.kind == POINTS and _worth(sit.rules, held[seat] | sit.played[seat]) < call.level - 8:
                return False
            if (
                call.kind == PASS
                and high < lay.min_bid + 2
                and (high_seat is None or high_seat % 2 != seat % 2)
                and _worth(sit.rules, held[seat] | sit.played[seat]) >= lay.min_bid + 8
            ):
                return False
        if call.is_bid:
            high, high_seat = call.level, seat
    return True


@lru_cache(maxsize=4096)
def _worth(rules, mask: int) -> float:
    """The easy evaluation's points for a whole hand, best over the trump contracts (the points of the
    most tricks: the same as the best points, for one conversion instead of one per contract). One-copy
    tile sets rate the tricks compiled (``sample_worth``: the same numbers)."""
    ts = rules.layout.tiles
    if ts.copies == 1 and rules.layout.partners:
        bonus = 1.0 if rules.players == 4 else 0.0  # ``evaluate.tricks``: a partner takes some tricks too
        plan, order, place = _plan(rules)
        most = sample_worth.most_tricks(mask, plan, order, place, bonus)
    else:
        most = max(evaluate.tricks(rules, c, mask) for c in _trumps(rules))
    return evaluate.points_for_tricks(rules, most, mask)


@cache
def _plan(rules) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``sample_worth``'s tables for ``_trumps(rules)``."""
    return sample_worth.plan_of(rules.layout.tiles, _trumps(rules))


@cache
def _trumps(rules) -> tuple[Contract, ...]:
    """The trump contracts ``_worth`` weighs: every number, and the doubles."""
    return tuple(Contract(SUIT, k) for k in range(rules.layout.tiles.top + 1)) + (Contract(DOUBLES),)
