"""Opening bids: while nobody has bid, a hand that clears its game's bar opens, so tables of computers play
most deals rather than throwing them in."""

import random
from collections.abc import Mapping
from typing import Any

import pytest

from engine import PRESETS, Hand, Rules, View, view_for
from engine.ai import bidding, calibrate_opening, easy, opening
from engine.ai.situation import read


def first_view(preset: str, seed: int) -> View:
    """The first caller's view of a seeded deal (nobody has bid yet)."""
    rules = Rules.from_preset(preset)
    hand = Hand.new(rules, seed % rules.players, random.Random(seed))
    return view_for(hand, hand.to_act)


def test_every_game_has_its_bars_and_the_command_that_built_them():
    built = opening.DATA.read_text()
    assert "python -m engine.ai.calibrate --opening" in built
    for preset in PRESETS:
        assert preset in opening.bars()
    # the deep and three-hand games throw in most deals by the usual rules: both levels have a bar there
    for preset in ("three-hand", "big-game", "eighty-eight"):
        assert opening.bar(preset, "strong") is not None and opening.bar(preset, "easy") is not None


def test_nobody_has_bid_only_before_the_first_bid():
    rules = Rules.from_preset("standard")
    hand = Hand.new(rules, 0, random.Random(4))
    assert opening.nobody_has_bid(view_for(hand, hand.to_act))
    hand = hand.apply("pass")
    assert opening.nobody_has_bid(view_for(hand, hand.to_act))
    hand = hand.apply("30")
    assert not opening.nobody_has_bid(view_for(hand, hand.to_act))


@pytest.mark.parametrize("level", ["easy", "strong"])
def test_a_hand_over_the_bar_opens_at_the_lowest_bid_and_one_under_it_passes(level, monkeypatch):
    preset = "three-hand"
    decide = (lambda s: easy.bid(s)) if level == "easy" else (lambda s: bidding.bid(s))
    usual = (
        (lambda s: easy.bid(s, opening=False))
        if level == "easy"
        else (lambda s: bidding.bid(s, opening_rule=False))
    )
    # the first seeded deal whose first caller passes by the usual rules (most three-hand hands do)
    sit = next(s for s in (read(first_view(preset, seed)) for seed in range(50)) if usual(s) == "pass")
    lowest = str(sit.rules.layout.min_bid)
    monkeypatch.setattr(opening, "bars", lambda: {preset: {level: -1.0}})  # every hand clears it
    assert decide(sit) == lowest
    monkeypatch.setattr(opening, "bars", lambda: {preset: {level: 1e9}})  # no hand clears it
    assert decide(sit) == "pass"
    monkeypatch.setattr(opening, "bars", lambda: {})  # no rule for this game
    assert decide(sit) == "pass"


def test_the_bar_does_not_apply_once_someone_has_bid(monkeypatch):
    rules = Rules.from_preset("three-hand")
    monkeypatch.setattr(opening, "bars", lambda: {"three-hand": {"easy": -1.0, "strong": -1.0}})
    for seed in range(10):
        hand = Hand.new(rules, seed % 3, random.Random(seed)).apply("30")
        sit = read(view_for(hand, hand.to_act))
        # with a bid in, the usual rules alone decide: the same answer as with the rule switched off
        assert easy.bid(sit) == easy.bid(sit, opening=False)
        assert bidding.bid(sit) == bidding.bid(sit, opening_rule=False)


@pytest.mark.slow
def test_a_table_of_easy_players_plays_most_deals(preset):
    rules = Rules.from_preset(preset)
    thrown = 0
    for seed in range(120):
        hand = Hand.new(rules, seed % rules.players, random.Random(1000 + seed))
        player = easy.EasyPlayer(seed)
        while hand.phase == "auction":
            hand = hand.apply(player.choose(view_for(hand, hand.to_act)))
        thrown += hand.high is None
    assert thrown <= 120 // 3


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["three-hand", "big-game", "eighty-eight"])
def test_strong_bidders_open_most_deals(preset):
    rules = Rules.from_preset(preset)
    thrown = 0
    for seed in range(120):
        hand = Hand.new(rules, seed % rules.players, random.Random(2000 + seed))
        while hand.phase == "auction":
            hand = hand.apply(bidding.bid(read(view_for(hand, hand.to_act))))
        thrown += hand.high is None
    assert thrown <= 120 // 3


def test_opening_strengths_mark_deals_the_usual_rules_already_bid():
    out = calibrate_opening.opening_strengths("standard", 12, seed=5)
    assert set(out) == {"strong", "easy"} and all(len(v) == 12 for v in out.values())
    assert any(v == float("inf") for v in out["strong"])  # someone bids 30 by the table on some deal
    assert all(v == float("inf") or 0.0 <= v <= 1.0 for v in out["strong"])


def test_opening_bids_rate_each_opened_hand_once():
    bids = calibrate_opening.opening_bids(2, seed=3, budget_ms=20, preset="three-hand")
    assert len(bids) == 2 and all(0.0 <= p <= 1.0 and isinstance(m, bool) for p, m in bids)


@pytest.mark.parametrize("level", ["easy", "strong"])
def test_strict_protocol_views_open_the_same_deals(level):
    # an outside referee sends only the protocol's fields: the opening rule must read them alike
    from engine.ai import make_player
    from engine.ai.public_state import PROTOCOL_FIELDS, complete

    rules = Rules.from_preset("three-hand")
    for seed in range(40):
        hand = Hand.new(rules, seed % 3, random.Random(3000 + seed))
        while hand.phase == "auction":
            view: Mapping[str, Any] = view_for(hand, hand.to_act)
            strict = complete({name: view[name] for name in PROTOCOL_FIELDS})
            full = make_player(level, seed=seed).choose(view)
            assert make_player(level, seed=seed).choose(strict) == full
            hand = hand.apply(full)
