"""Engine speed on one core: random legal hands per second for every preset, and legal-play generations.

    python benchmarks/engine.py [--seconds 1] [--rounds 5] [--preset standard ...]

Each preset is timed in ``--rounds`` rounds of ``--seconds`` each; the figures are the median with the
lowest and highest round, per second of the process's CPU time (one core). Hands go through the fast path
the computer players use (tile ids, ``legal_plays``/``play``) and, separately, through the text API the
bot and records use (``legal_actions``/``apply``). Every trick is played (``play_out``) where the preset allows it, so
hands are whole. The standard figure is the one to keep at 5,000 hands/s or more (fast path).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable

# This file is named like the package it measures: put the project, not this folder, first on the path.
sys.path[0] = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from engine import PRESETS, Hand, Rules, RulesError  # noqa: E402
from engine.tiles import bits  # noqa: E402


def random_hand_fast(rules: Rules, rng: random.Random) -> Hand:
    """Deal, auction, exchange and contract by text, then every trick by tile id, choosing at random."""
    h = Hand.new(rules, rng.randrange(rules.players), rng)
    while h.phase != "play":
        if h.complete:
            return h
        h = h.apply(rng.choice(h.legal_actions()))
    while not h.complete:
        legal = list(bits(h.legal_plays()))
        h = h.play(legal[rng.randrange(len(legal))])
    return h


def random_hand_text(rules: Rules, rng: random.Random) -> Hand:
    """A random legal hand through the text API only."""
    h = Hand.new(rules, rng.randrange(rules.players), rng)
    while not h.complete:
        h = h.apply(rng.choice(h.legal_actions()))
    return h


def rate(fn: Callable[[], object], seconds: float) -> float:
    """Calls of ``fn`` per second of this process's CPU time, over about ``seconds`` of it.

    CPU time, not wall time: on a shared machine the wall clock also counts the time other processes
    hold the core, and the engine is single-threaded, so its CPU time is what one core gives it.
    """
    n, start = 0, time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        for _ in range(20):
            fn()
        n += 20
    return n / elapsed


def spread(fn: Callable[[], object], seconds: float, rounds: int) -> tuple[float, float, float]:
    """(median, lowest, highest) of ``rounds`` rates."""
    rates = [rate(fn, seconds) for _ in range(rounds)]
    return statistics.median(rates), min(rates), max(rates)


def table_rules(preset: str) -> Rules:
    """The preset with every trick played, where it has that option."""
    try:
        return Rules.from_preset(preset, {"play_out": True})
    except RulesError:
        return Rules.from_preset(preset)


def legal_play_generations(seconds: float, rounds: int) -> tuple[float, float, float]:
    """Legal-play generation over a pool of positions taken from random standard hands."""
    rules = table_rules("standard")
    rng = random.Random(42)
    positions = []
    while len(positions) < 2000:
        h = Hand.new(rules, 0, rng).apply("30")
        while h.phase == "auction":
            h = h.apply("pass")
        h = h.apply(rng.choice(h.legal_actions()))
        while not h.complete:
            positions.append((h.table, h.held[h.turn], h.lead))  # type: ignore[index]
            legal = list(bits(h.legal_plays()))
            h = h.play(legal[rng.randrange(len(legal))])
    idx = [0]

    def generate() -> None:
        table, held, lead = positions[idx[0]]
        idx[0] = (idx[0] + 1) % len(positions)
        table.legal_mask(held, lead)

    return spread(generate, seconds, rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one timed round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--preset", nargs="*", default=list(PRESETS))
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    print(f"{'random legal hands/s':<34}{'fast path (ids)':>26}{'text actions':>26}")
    for preset in args.preset:
        rules = table_rules(preset)
        rng = random.Random(42)
        fast = spread(lambda: random_hand_fast(rules, rng), args.seconds, args.rounds)  # noqa: B023
        text = spread(lambda: random_hand_text(rules, rng), args.seconds, args.rounds)  # noqa: B023
        print(
            f"{preset:<34}{fast[0]:>10,.0f} [{fast[1]:>6,.0f}, {fast[2]:>6,.0f}]"
            f"{text[0]:>10,.0f} [{text[1]:>6,.0f}, {text[2]:>6,.0f}]"
        )
    gens = legal_play_generations(args.seconds, args.rounds)
    print(f"{'legal-play generations/s':<34}{gens[0]:>10,.0f} [{gens[1]:,.0f}, {gens[2]:,.0f}]")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
