"""Positions for the fast card-play policy, labelled by the search: one seeded command, reproducible.

    python -m training.make_positions --seed 1 --deals 1000 --jobs 2 --out training/data/positions-1.jsonl.gz

Each seeded deal of straight 42 (forced bid, so every deal is played) is played out by strong players that
decide from a fixed number of solved samples (reseeded at every decision, so the same seed gives the same
hand on any machine), with an auction by easy's rules or by strong's (half each, by the deal's seed) and
a small share of random plays so positions off the search's own line are seen too. Up to ``PER_DEAL`` play
decisions with two or more legal tiles and at least ``MIN_TILES_LEFT`` tiles in the hands are kept, and
each is labelled by the search at full strength: ``WORLDS`` deals of the hidden tiles drawn as strong
draws them (``sampler.deal``), every legal move solved exactly on each (``Problem.move_values`` with no
window and no node limit that binds). A line holds the view the seat saw and, per legal action, its value
on each world (the points the bidding side takes from here), with what the mover's side needs.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
import time
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Hand, Rules, view_for  # noqa: E402
from engine.ai import card_play, warm_up  # noqa: E402
from engine.ai.easy import EasyPlayer  # noqa: E402
from engine.ai.play_goal import mover_goal, play_moves  # noqa: E402
from engine.ai.policy_features import applies  # noqa: E402
from engine.ai.sampler import deal as sample_deal  # noqa: E402
from engine.ai.situation import read  # noqa: E402
from engine.ai.solver import Position, thread_problem  # noqa: E402
from engine.ai.strong import StrongPlayer  # noqa: E402

PRESET = "standard"
OPTIONS = {"forced_bid": True}
PER_DEAL = 6  # decisions labelled per deal, at most: coverage of many deals beats many rows per deal
MIN_TILES_LEFT = 12  # the first four tricks, where a short budget cannot search
WORLDS = 24  # sampled deals per label
PLAY_SAMPLES = 4  # the self-play's work per decision (solved samples)
RANDOM_SHARE = 0.1  # share of self-play moves chosen at random among the legal tiles
NODE_LIMIT = 400_000_000  # never binds in straight 42 (an opening is about 0.2 M nodes)
card_play.USE_POLICY = False  # the self-play is the search's alone, whatever policy is shipped


class SelfPlayer:
    """A seat of the self-play: easy's or strong's auction, strong's play from a fixed number of samples
    (reseeded per decision), now and then a random legal tile."""

    def __init__(self, seed: int, easy_auction: bool):
        self.seed = seed
        self.easy_auction = easy_auction
        self.strong = StrongPlayer(seed, samples=PLAY_SAMPLES)
        self.easy = EasyPlayer(seed)

    def choose(self, view: Mapping[str, Any]) -> str:
        place = len(view.get("calls") or []) * 100 + len(view.get("plays") or [])
        rng = random.Random(self.seed * 10_000 + place)
        if view.get("phase") != "play":
            return (self.easy if self.easy_auction else self.strong).choose(view)
        if len(view["legal"]) > 1 and rng.random() < RANDOM_SHARE:
            return rng.choice(view["legal"])
        self.strong.rng = rng
        return self.strong.choose(view)


def label(view: Mapping[str, Any], seed: int) -> dict | None:
    """The search's values of every legal tile of a play view over ``WORLDS`` sampled deals (None where
    no deal fits the view)."""
    sit = read(view)
    options = play_moves(sit)
    moves = list(options)
    goal = mover_goal(sit)
    assert sit.bidder is not None
    prob = thread_problem(sit.rules, sit.named, sit.bidder, sit.out, goal.every_trick)
    rng = random.Random(seed)
    values: list[list[int]] = []
    for _ in range(WORLDS):
        held = sample_deal(sit, rng)
        if held is None:
            return None
        pos = Position(held, list(sit.trick), sit.lead, sit.seat)
        row = prob.move_values(pos, moves, node_limit=NODE_LIMIT)
        if row is None:
            return None
        values.append(row)
    return {
        "view": dict(view),
        "actions": [options[m] for m in moves],
        "values": [[w[i] for w in values] for i in range(len(moves))],  # per action, per world
        "need": goal.need,
        "maximiser": goal.maximiser,
    }


def positions_of_deal(seed: int) -> list[dict]:
    """Play one seeded deal and label up to ``PER_DEAL`` of its early play decisions."""
    rng = random.Random(seed)
    rules = Rules.from_preset(PRESET, OPTIONS)
    hand = Hand.new(rules, seed % rules.players, rng)
    easy_auction = rng.random() < 0.5
    players = [SelfPlayer(seed * 10 + s, easy_auction) for s in range(rules.players)]
    kept: list[dict] = []
    while not hand.complete:
        seat = hand.to_act
        view = view_for(hand, seat)
        if view.get("phase") == "play" and len(view["legal"]) > 1:
            left = sum(view["tile_counts"])
            if left >= MIN_TILES_LEFT and applies(read(view)):
                kept.append(dict(view))
        hand = hand.apply(players[seat].choose(view))
    rng.shuffle(kept)
    out = []
    for i, kept_view in enumerate(kept[:PER_DEAL]):
        row = label(kept_view, seed * 100 + i)
        if row is not None:
            row["deal"] = seed
            out.append(row)
    return out


def _init() -> None:
    warm_up()


def main(argv: list[str] | None = None) -> int:
    """Play and label the seed's deals; write them as gzipped JSON lines."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    seeds = [args.seed * 1_000_000 + i for i in range(args.first_deal, args.first_deal + args.deals)]
    start = time.perf_counter()
    rows = 0
    with gzip.open(args.out, "wt") as f:
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs, initializer=_init) as pool:
                results = pool.map(positions_of_deal, seeds, chunksize=4)
                for n, deal_rows in enumerate(results, 1):
                    rows += _write(f, deal_rows, n, start)
        else:
            _init()
            for n, seed in enumerate(seeds, 1):
                rows += _write(f, positions_of_deal(seed), n, start)
    print(f"{rows} positions from {args.deals} deals in {time.perf_counter() - start:.0f} s -> {args.out}")
    return 0


def _write(f, deal_rows: list[dict], n: int, start: float) -> int:
    for row in deal_rows:
        f.write(json.dumps(row, separators=(",", ":")) + "\n")
    if n % 50 == 0:
        print(f"  {n} deals, {time.perf_counter() - start:.0f} s", flush=True)
    return len(deal_rows)


if __name__ == "__main__":
    raise SystemExit(main())
