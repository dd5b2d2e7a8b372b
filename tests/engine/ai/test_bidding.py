"""The shipped bidding table and the script that rebuilds it."""

import random

import pytest

from engine import Hand, Rules, view_for
from engine.ai import bidding, calibrate_playouts, calibrate_solved, calibrate_table
from engine.ai.situation import read
from engine.contracts import SUIT, Contract


def known_chance(rules: Rules, contract: Contract, mask: int, level: int) -> float:
    """The table's chance for a bid it has a model for (the test fails where it has none)."""
    chance = bidding.chance(rules, contract, mask, level)
    assert chance is not None, f"no chance known for {level} under {contract}"
    return chance


def test_table_ships_with_calibration():
    data = bidding.table()
    assert set(data["model"]) == {"S", "D"} and 0 < data["offset"] < 15
    assert len(data["made_line"]) == 2 and data["built"]["selfplay_hands"] > 0
    rules = Rules.from_preset("standard")
    rng = random.Random(1)
    for _ in range(20):
        mask = Hand.new(rules, 0, rng).held[0]
        chances = [known_chance(rules, Contract(SUIT, 6), mask, b) for b in range(30, 43)]
        assert chances == sorted(chances, reverse=True)  # a higher bid is never likelier to make


def test_strong_hands_bid_and_weak_hands_pass():
    rules = Rules.from_preset("standard")
    strong = ["6-6", "6-5", "6-4", "6-3", "6-2", "5-5", "4-4"]
    weak = ["3-0", "2-0", "4-1", "5-2", "6-1", "3-1", "5-0"]
    chances = [
        known_chance(
            rules,
            Contract(SUIT, 6),
            Rules.from_preset("standard").layout.tiles.mask_of([rules.layout.tiles.id_of(t) for t in hand]),
            30,
        )
        for hand in (strong, weak)
    ]
    assert chances[0] is not None and chances[0] > 0.8
    assert chances[1] is None or chances[1] < 0.3


def test_bid_is_legal_for_every_seat():
    rules = Rules.from_preset("standard", {"forced_bid": True})
    rng = random.Random(3)
    for i in range(30):
        hand = Hand.new(rules, i % 4, rng)
        while hand.phase == "auction":
            view = view_for(hand, hand.to_act)
            call = bidding.bid(read(view))
            assert call in view["legal"]
            hand = hand.apply(call)


@pytest.mark.slow
def test_rebuild_is_deterministic():
    a = calibrate_table.build(calibrate_solved.simulate(40, seed=9), 5.0, 0.8)
    b = calibrate_table.build(calibrate_solved.simulate(40, seed=9), 5.0, 0.8)
    assert a == b and a["model"]["S"]["levels"]["30"]
    assert calibrate_table.fit([(0.6, True), (0.9, True), (0.55, False)] * 10)[1] > 0


def test_three_hand_has_its_own_table():
    rules = Rules.from_preset("three-hand")
    section = bidding.table()["variants"]["three-hand"]
    assert "S" in section["model"] and str(rules.layout.total) in section["model"]["S"]["levels"]
    ts = rules.layout.tiles
    strong = ["6-6", "6-5", "6-4", "6-3", "6-2", "5-5", "4-4", "6-0", "3-3"]
    weak = ["3-0", "2-0", "4-1", "5-2", "6-1", "3-1", "5-0", "4-2", "2-1"]
    good, bad = (
        known_chance(rules, Contract(SUIT, 6), ts.mask_of([ts.id_of(t) for t in h]), 30)
        for h in (strong, weak)
    )
    assert good > 0.8 and bad < 0.3
    rng = random.Random(4)
    for _ in range(20):
        mask = Hand.new(rules, 0, rng).held[0]
        chances = [known_chance(rules, Contract(SUIT, 5), mask, b) for b in range(30, rules.layout.total + 1)]
        assert chances == sorted(chances, reverse=True)
    for i in range(20):  # the table bids, legally, from every seat
        hand = Hand.new(rules, i % 3, rng)
        while hand.phase == "auction":
            view = view_for(hand, hand.to_act)
            sit = read(view)
            assert bidding.applies(sit)
            call = bidding.bid(sit)
            assert call in view["legal"]
            hand = hand.apply(call)


@pytest.mark.slow
def test_variant_simulation_is_deterministic():
    a = calibrate_solved.simulate(4, seed=9, preset="three-hand")
    assert a == calibrate_solved.simulate(4, seed=9, preset="three-hand") and len(a) == 12
    section = calibrate_table.build(a * 10, 5.0, 0.8, total=44)
    assert "44" in section["model"]["S"]["levels"]


def _deal_with(rules, names: list[str], seed: int):
    """A hand about to be bid in which seat 0 (first to speak) holds ``names`` (a name twice: both copies)."""
    ts = rules.layout.tiles
    mine = []
    for name in names:
        base = ts.id_of(name)
        mine.append(
            next(base + c * ts.set_size for c in range(ts.copies) if base + c * ts.set_size not in mine)
        )
    rest = [t for t in ts.ids if t not in mine]
    random.Random(seed).shuffle(rest)
    size = rules.layout.hand_size
    deal = [mine] + [rest[i * size : (i + 1) * size] for i in range(rules.players - 1)]
    return Hand.from_deal(rules, rules.players - 1, deal, rest[(rules.players - 1) * size :])


DEEP = {  # variants whose tables come from played-out hands: a clearly strong and a clearly weak hand
    "big-game": (
        ["8-8", "8-7", "8-6", "8-5", "8-4", "8-3", "8-2", "7-7", "6-6", "5-5", "4-4"],
        ["3-0", "2-1", "4-2", "5-1", "6-0", "7-2", "7-4", "6-3", "5-3", "8-1", "8-0"],
    ),
    "eighty-eight": (
        ["6-6", "6-6", "6-5", "6-5", "6-4", "6-4", "6-3", "5-5", "4-4"],
        ["3-0", "2-0", "2-1", "4-2", "5-2", "6-1", "3-1", "1-0", "6-0"],
    ),
}


def test_deep_variants_have_played_out_tables():
    for preset, (strong, weak) in DEEP.items():
        rules = Rules.from_preset(preset)
        lay = rules.layout
        section = bidding.table()["variants"][preset]
        assert section["built"]["from"] == "easy self-play playouts" and section["made_line"] == [0.0, 1.0]
        assert set(section["model"]["S"]["levels"]) == {
            str(b) for b in range(lay.min_bid, lay.total + 1, lay.bid_step)
        }
        rng = random.Random(5)
        for _ in range(10):
            mask = Hand.new(rules, 0, rng).held[0]
            chances = [
                known_chance(rules, Contract(SUIT, 6), mask, b)
                for b in range(lay.min_bid, lay.total + 1, lay.bid_step)
            ]
            assert chances == sorted(chances, reverse=True)  # each one known: none is None
        for names, bids in ((strong, True), (weak, False)):
            view = view_for(_deal_with(rules, names, 1), 0)
            sit = read(view)
            assert bidding.applies(sit)
            call = bidding.bid(sit)
            assert (call != "pass") == bids, (preset, names, call)
            if bids and lay.bids_name_trump:
                assert call.endswith("sixes")  # the bid names the trump the table likes best


def test_deep_variants_declare_from_the_table():
    from engine.ai.strong import StrongPlayer

    rules = Rules.from_preset("big-game")
    hand = _deal_with(rules, DEEP["big-game"][0], 2).apply("42")
    while hand.phase != "contract":
        hand = hand.apply("pass" if hand.phase == "auction" else hand.legal_actions()[-1])
    view = view_for(hand, hand.to_act)
    choice = bidding.declare(read(view))
    assert choice in view["legal"] and choice == "8"  # eight trumps with every top one
    assert StrongPlayer(1, 0.05).choose(view) == choice


def test_playout_calibration_is_deterministic():
    for preset in DEEP:
        a = calibrate_playouts.playouts(3, seed=9, preset=preset)
        assert a == calibrate_playouts.playouts(3, seed=9, preset=preset) and len(a) == 9
        lay = Rules.from_preset(preset).layout
        assert all(0 <= taken <= lay.total for _, _, taken in a)
        built = calibrate_table.build(a * 10, 0.0, 1.0, lay.total, lay.min_bid, lay.bid_step)
        assert str(lay.total) in built["model"]["S"]["levels"]


def test_three_hand_is_calibrated_on_its_own_self_play():
    data = bidding.table()
    section = data["variants"]["three-hand"]
    assert section["built"]["selfplay_hands"] > 0 and "from" not in section["built"]
    assert section["made_line"] != data["made_line"] and 0.5 < section["every_trick_discount"] <= 1
    result = calibrate_solved.selfplay(4, seed=7, budget_ms=5, preset="three-hand")
    assert len(result["bids"]) == len(result["calls"]) and 0 <= result["hands"] <= len(result["bids"])
