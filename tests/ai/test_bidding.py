"""The shipped bidding table and the script that rebuilds it."""

import random

from engine import Hand, Rules
from engine.ai import bidding, calibrate
from engine.ai.situation import read
from engine.suits import SUIT, Contract


def test_table_ships_with_calibration():
    data = bidding.table()
    assert set(data["model"]) == {"S", "D"} and 0 < data["offset"] < 15
    assert len(data["made_line"]) == 2 and data["built"]["selfplay_hands"] > 0
    rules = Rules.from_preset("standard")
    rng = random.Random(1)
    for _ in range(20):
        mask = Hand.new(rules, 0, rng).held[0]
        chances = [bidding.chance(rules, Contract(SUIT, 6), mask, b) for b in range(30, 43)]
        assert chances == sorted(chances, reverse=True)  # a higher bid is never likelier to make


def test_strong_hands_bid_and_weak_hands_pass():
    rules = Rules.from_preset("standard")
    strong = ["6-6", "6-5", "6-4", "6-3", "6-2", "5-5", "4-4"]
    weak = ["3-0", "2-0", "4-1", "5-2", "6-1", "3-1", "5-0"]
    chances = [bidding.chance(rules, Contract(SUIT, 6), Rules.from_preset("standard").layout.tiles.mask_of(
        [rules.layout.tiles.id_of(t) for t in hand]), 30) for hand in (strong, weak)]
    assert chances[0] is not None and chances[0] > 0.8
    assert chances[1] is None or chances[1] < 0.3


def test_bid_is_legal_for_every_seat():
    rules = Rules.from_preset("standard", {"forced_bid": True})
    rng = random.Random(3)
    for i in range(30):
        hand = Hand.new(rules, i % 4, rng)
        while hand.phase == "auction":
            view = hand.view_for(hand.turn)
            call = bidding.bid(read(view))
            assert call in view["legal"]
            hand = hand.apply(call)


def test_rebuild_is_deterministic():
    a = calibrate.build(calibrate.simulate(40, seed=9), 5.0, 0.8)
    b = calibrate.build(calibrate.simulate(40, seed=9), 5.0, 0.8)
    assert a == b and a["model"]["S"]["levels"]["30"]
    assert calibrate.fit([(0.6, True), (0.9, True), (0.55, False)] * 10)[1] > 0


def test_three_hand_has_its_own_table():
    rules = Rules.from_preset("three-hand")
    section = bidding.table()["variants"]["three-hand"]
    assert "S" in section["model"] and str(rules.layout.total) in section["model"]["S"]["levels"]
    ts = rules.layout.tiles
    strong = ["6-6", "6-5", "6-4", "6-3", "6-2", "5-5", "4-4", "6-0", "3-3"]
    weak = ["3-0", "2-0", "4-1", "5-2", "6-1", "3-1", "5-0", "4-2", "2-1"]
    good, bad = (bidding.chance(rules, Contract(SUIT, 6), ts.mask_of([ts.id_of(t) for t in h]), 30)
                 for h in (strong, weak))
    assert good > 0.8 and bad < 0.3
    rng = random.Random(4)
    for _ in range(20):
        mask = Hand.new(rules, 0, rng).held[0]
        chances = [bidding.chance(rules, Contract(SUIT, 5), mask, b) for b in range(30, rules.layout.total + 1)]
        assert chances == sorted(chances, reverse=True)
    for i in range(20):  # the table bids, legally, from every seat
        hand = Hand.new(rules, i % 3, rng)
        while hand.phase == "auction":
            view = hand.view_for(hand.turn)
            sit = read(view)
            assert bidding.applies(sit)
            call = bidding.bid(sit)
            assert call in view["legal"]
            hand = hand.apply(call)


def test_variant_simulation_is_deterministic():
    a = calibrate.simulate(4, seed=9, preset="three-hand")
    assert a == calibrate.simulate(4, seed=9, preset="three-hand") and len(a) == 12
    section = calibrate.build(a * 10, 5.0, 0.8, total=44)
    assert "44" in section["model"]["S"]["levels"]
