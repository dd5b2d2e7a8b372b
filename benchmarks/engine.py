"""Engine speed on one core: random legal standard hands per second, and legal-play generations per second.

    python benchmarks/engine.py [--seconds 3]

Hands are played through the fast path the computer players use (tile ids, ``legal_plays``/``play``) and,
separately, through the text API the bot and records use (``legal_actions``/``apply``).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

# This file is named like the package it measures: put the project, not this folder, first on the path.
sys.path[0] = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from engine import Hand, Rules  # noqa: E402
from engine.tiles import bits  # noqa: E402


def random_hand_fast(rules: Rules, rng: random.Random) -> Hand:
    """Deal, auction, contract and every trick, choosing at random; plays by tile id."""
    h = Hand.new(rules, rng.randrange(4), rng)
    while h.phase != "play":
        if h.complete:
            return h
        h = h.apply(rng.choice(h.legal_actions()))
    while not h.complete:
        legal = list(bits(h.legal_plays()))
        h = h.play(legal[rng.randrange(len(legal))])
    return h


def random_hand_text(rules: Rules, rng: random.Random) -> Hand:
    h = Hand.new(rules, rng.randrange(4), rng)
    while not h.complete:
        h = h.apply(rng.choice(h.legal_actions()))
    return h


def rate(fn, seconds: float) -> float:
    """Calls of ``fn`` per second over about ``seconds``."""
    n, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(50):
            fn()
        n += 50
    return n / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    rules = Rules.from_preset("standard", {"play_out": True})
    rng = random.Random(42)
    fast = rate(lambda: random_hand_fast(rules, rng), args.seconds)
    text = rate(lambda: random_hand_text(rules, rng), args.seconds)

    # Legal-play generation over a pool of positions taken from random hands, mid-trick and leading.
    positions = []
    while len(positions) < 2000:
        h = Hand.new(rules, 0, rng)
        h = h.apply("30")
        while h.phase == "auction":
            h = h.apply("pass")
        h = h.apply(rng.choice(h.legal_actions()))
        while not h.complete:
            positions.append((h.table, h.held[h.turn], h.lead))
            legal = list(bits(h.legal_plays()))
            h = h.play(legal[rng.randrange(len(legal))])
    idx = [0]

    def generate():
        table, held, lead = positions[idx[0]]
        idx[0] = (idx[0] + 1) % len(positions)
        table.legal_mask(held, lead)

    gens = rate(generate, args.seconds)
    print(f"random standard hands/s (fast path, ids):   {fast:10,.0f}")
    print(f"random standard hands/s (text actions):     {text:10,.0f}")
    print(f"legal-play generations/s:                   {gens:10,.0f}")


if __name__ == "__main__":
    main()
