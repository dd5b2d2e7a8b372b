"""Strong bidding and declaring by solved samples (``engine.ai.auction_sim``)."""

import random
import time

from engine import PRESETS, Hand, Rules, View, view_for
from engine.ai import auction_sim
from engine.ai import strong as strong_module
from engine.ai.search_budget import node_limit
from engine.ai.situation import read
from engine.ai.strong import StrongPlayer
from engine.tiles import bits

STRONG = ["6-6", "6-5", "6-4", "6-3", "6-2", "5-5", "4-4"]
WEAK = ["3-0", "2-0", "4-1", "5-2", "6-1", "3-1", "5-0"]


def opening_view(tiles: list[str], seed: int = 1) -> View:
    """The first seat's view of a standard deal in which it holds ``tiles`` (the rest dealt at random)."""
    rules = Rules.from_preset("standard")
    hand = Hand.new(rules, 3, random.Random(seed))
    ts = rules.layout.tiles
    mine = ts.mask_of(ts.id_of(t) for t in tiles)
    held = list(hand.held)
    for s in range(1, 4):  # swap the chosen tiles into seat 0 from whoever holds them
        give = held[s] & mine
        take = [t for t in bits(held[0] & ~mine)][: bin(give).count("1")]
        held[s] = (held[s] & ~give) | ts.mask_of(take)
        held[0] = (held[0] & ~ts.mask_of(take)) | give
    assert held[0] == mine
    hand.held = held
    return view_for(hand, 0)


def solved(tiles: list[str], seed: int = 1) -> dict:
    sit = read(opening_view(tiles, seed))
    values = auction_sim.solved_points(
        sit, random.Random(seed), 8, time.perf_counter, time.perf_counter() + 60, node_limit
    )
    assert values is not None
    return values


def test_made_rate_grows_with_the_margin_and_stays_a_chance():
    rates = [auction_sim.made_rate(v, 30) for v in range(24, 43)]
    assert rates == sorted(rates) and 0 < rates[0] < 0.5 < rates[-1] < 1


def test_strong_hand_is_likely_to_make_and_weak_hand_is_not():
    strong, weak = solved(STRONG), solved(WEAK)
    assert all(len(vs) == 8 for vs in strong.values())
    chances = [auction_sim.chance(strong, b) for b in range(30, 43)]
    assert chances == sorted(chances, reverse=True)  # a higher bid is never likelier to make
    assert chances[0] > 0.75
    # perfect information plays a weak hand's partner perfectly, so a weak hand is rated well over its worth
    # (hence ``strong.SIM_SHARE``), but below a strong one
    assert auction_sim.chance(weak, 30) < chances[0] - 0.1


def test_too_little_time_leaves_the_bid_to_the_table():
    sit = read(opening_view(STRONG))
    assert (
        auction_sim.solved_points(
            sit, random.Random(1), 16, time.perf_counter, time.perf_counter(), node_limit
        )
        is None
    )


def test_simulation_applies_to_four_seat_one_round_auctions_only():
    def sit_of(preset: str):
        rules = Rules.from_preset(preset)
        return read(view_for(Hand.new(rules, 0, random.Random(2)), 1))

    simulated = ("standard", "tournament")
    for preset in PRESETS:
        assert auction_sim.applies(sit_of(preset)) == (preset in simulated), preset


def test_strong_bids_the_strong_hand_and_passes_the_weak_one_by_simulation(monkeypatch):
    monkeypatch.setattr(strong_module, "BID_BY", "mix")
    strong = StrongPlayer(4, samples=8)
    assert strong.choose(opening_view(STRONG)) != "pass"
    assert strong.choose(opening_view(WEAK)) == "pass"
