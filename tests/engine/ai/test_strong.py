"""The strong player: legal everywhere, inside its time budget, consistent sampling, and stronger than easy."""

import random
import time
from typing import Any

import pytest

from engine import PRESETS, Hand, Rules, view_for
from engine.ai import make_player, warm_up
from engine.ai.arena import Timings, play_hand
from engine.ai.easy import EasyPlayer
from engine.ai.sampler import deal
from engine.ai.situation import read
from engine.ai.strong import StrongPlayer
from engine.tiles import bits

# Every preset as it comes, and some with the options that change their calls, contracts or table
TABLES: list[tuple[str, dict[str, Any]]] = [(preset, {}) for preset in PRESETS] + [
    ("standard", {"sevens": True, "forced_bid": True, "first_suit_declared": True}),
    ("moon", {"nello": "on", "shoot_over": False}),
    ("seventy-two", {"plunge": True, "nello": "on"}),
    ("geezer", {"sevens_trump": True}),
    ("eighty-four", {"players": 6, "mark_raise": "double"}),
]


def test_warm_up_runs():
    assert warm_up() < 60


@pytest.mark.parametrize("preset,options", TABLES)
def test_strong_plays_legally_in_every_preset(preset, options):
    rules = Rules.from_preset(preset, options)
    rng = random.Random(2)
    for i in range(2):
        players = [
            StrongPlayer(s, samples=3) if s % 2 == i % 2 else EasyPlayer(s) for s in range(rules.players)
        ]
        hand = play_hand(Hand.new(rules, i % rules.players, rng), players)  # raises on an illegal action
        assert hand.complete


def test_strong_handles_nello_and_specials_from_both_sides():
    # random bidders reach Nello, Plunge and Splash; the strong player must play either side of them
    rules = Rules.from_preset("standard", {"sevens": True})
    rng = random.Random(4)
    kinds = set()
    for i in range(30):
        players = [
            StrongPlayer(s, samples=2) if (s + i) % 2 else make_player("random", seed=s + 10 * i)
            for s in range(4)
        ]
        hand = play_hand(Hand.new(rules, i % 4, rng), players)
        if hand.contract is not None:
            kinds.add(hand.contract.kind)
    assert "nello" in kinds


def test_strong_stays_inside_its_budget():
    rules = Rules.from_preset("standard")
    timings = Timings()
    players = [make_player("strong", seed=s, budget_ms=40) for s in range(4)]
    rng = random.Random(9)
    for i in range(2):
        play_hand(Hand.new(rules, i, rng), players, ["strong"] * 4, timings=timings)
    assert max(timings.times["strong"]) < 0.5


def test_budget_is_capped():
    assert make_player("strong", seed=1, budget_ms=60_000).budget == 1.0


def test_samples_respect_what_the_seat_has_seen():
    rules = Rules.from_preset("standard", {"play_out": True})
    rng = random.Random(13)
    checked = 0
    for i in range(20):
        hand = Hand.new(rules, i % 4, rng).apply("30")
        while hand.phase == "auction":
            hand = hand.apply("pass")
        hand = hand.apply(rng.choice(["fives", "doubles", "follow-me", "sixes"]))
        for _ in range(rng.randrange(4, 20)):
            hand = hand.play(rng.choice(list(bits(hand.legal_plays()))))
        seat = hand.to_act
        sit = read(view_for(hand, seat))
        for k in range(5):
            held = deal(sit, random.Random(k))
            assert held is not None
            assert held[seat] == hand.held[seat]
            for s in range(4):
                assert bin(held[s]).count("1") == bin(hand.held[s]).count("1")
                assert held[s] & sit.gone == 0
                assert held[s] & sit.cannot[s] == 0
                # the truth never contradicts what the seat inferred
                assert hand.held[s] & sit.cannot[s] == 0
            checked += 1
    assert checked == 100


def test_strong_is_reproducible_with_fixed_samples():
    hand = Hand.new(Rules.from_preset("standard"), 0, random.Random(3)).apply("pass")
    hand = hand.apply("30").apply("pass").apply("pass").apply("fours")
    view = view_for(hand, hand.to_act)
    a = [StrongPlayer(5, samples=6).choose(view) for _ in range(2)]
    assert a[0] == a[1] and a[0] in view["legal"]


@pytest.mark.slow
def test_strong_beats_easy_in_duplicate():
    rules = Rules.from_preset("standard", {"play_out": True})
    net = 0
    start = time.perf_counter()
    for i in range(6):
        base = Hand.new(rules, i % 4, random.Random(100 + i))
        for strong_team in (0, 1):
            players = [
                StrongPlayer(s, samples=8) if s % 2 == strong_team else EasyPlayer(s) for s in range(4)
            ]
            hand = play_hand(base, players)
            net += hand.points[strong_team] - hand.points[1 - strong_team]
    assert net > 0
    assert time.perf_counter() - start < 60


def test_auction_filter_keeps_the_truth_nearly_always():
    from engine.ai.sampler import _fits_auction

    rules = Rules.from_preset("standard")
    rng = random.Random(17)
    kept = total = 0
    for i in range(120):
        hand = Hand.new(rules, i % 4, rng)
        players = [EasyPlayer(s) for s in range(4)]
        while not hand.complete and hand.phase != "play":
            hand = hand.apply(players[hand.to_act].choose(view_for(hand, hand.to_act)))
        if hand.complete:
            continue
        total += 1
        kept += _fits_auction(read(view_for(hand, hand.to_act)), list(hand.held))
    assert total >= 20 and kept >= 0.85 * total
