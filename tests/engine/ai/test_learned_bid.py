"""Strong's marginal call learned from rollouts (``engine.ai.learned_bid``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import Hand, Rules, View, view_for
from engine.ai import bidding, learned_bid
from engine.ai import strong as strong_module
from engine.ai.situation import Situation, read
from engine.ai.strong import StrongPlayer
from tests.paths import benchmark_script


def auction_view(calls: list[str], dealer: int = 1, seed: int = 5, preset: str = "standard") -> View:
    """The view of the seat to call after ``calls`` on a seeded deal."""
    hand = Hand.new(Rules.from_preset(preset), dealer, random.Random(seed))
    for call in calls:
        hand = hand.apply(call)
    return view_for(hand, hand.to_act)


def features(sit: Situation) -> dict[str, Any]:
    """The learned call's features at a decision it makes (the test fails where it makes none)."""
    found = learned_bid.decision_features(sit)
    assert found is not None, "no decision for the learned call here"
    return found


def with_model(
    monkeypatch, weights: list[float], window: tuple[float, float] = (0.0, 1.0), jump: float | None = None
) -> None:
    """Replace the shipped fit: ``weights`` on the terms "one" and "p" for the cheapest bid, and a constant
    ``jump`` for the jump to 34 (none: no jump fit)."""
    fit = {"window": list(window), "bid": {"terms": ["one", "p"], "weights": weights}}
    if jump is not None:
        fit["jump"] = {"terms": ["one"], "weights": [jump]}
    monkeypatch.setattr(learned_bid, "model", lambda: fit)


def test_features_read_the_auction_as_documented():
    view = auction_view(["pass", "31"])  # dealer 1: seats 2 and 3 called, seat 0 next, dealer last
    feats = learned_bid.decision_features(read(view))
    assert feats is not None
    assert (feats["cheapest"], feats["level"]) == ("32", 32)
    assert (feats["before"], feats["after"], feats["dealer"]) == (2, 1, 0)
    assert (feats["high"], feats["high_level"]) == ("opponent", 31)
    assert 0.0 <= feats["p"] <= 1.0
    sit = read(view)
    assert feats["p"] == bidding.make_chance(
        sit, bidding.parse_call("32", sit.rules), bidding.nello_hand(sit)
    )
    partner = learned_bid.decision_features(
        read(auction_view(["pass", "30", "pass"]))
    )  # seat 3 bid, dealer 1 calls
    assert partner is not None and (partner["high"], partner["dealer"], partner["after"]) == ("partner", 1, 0)
    opening = learned_bid.decision_features(read(auction_view([])))
    assert opening is not None and (opening["high"], opening["high_level"], opening["before"]) == (
        "none",
        0,
        0,
    )


def test_no_features_where_no_point_bid_is_legal_or_another_game():
    assert learned_bid.decision_features(read(auction_view(["42"]))) is None  # only mark bids and pass left
    assert learned_bid.decision_features(read(auction_view([], preset="big-game"))) is None


def test_bids_the_cheapest_point_bid_exactly_where_the_fit_predicts_a_gain(monkeypatch):
    sit = read(auction_view(["pass", "31"]))
    with_model(monkeypatch, [0.1, 0.0])
    assert learned_bid.bid(sit) == "32"
    with_model(monkeypatch, [-0.1, 0.0])
    assert learned_bid.bid(sit) == "pass"
    p = features(sit)["p"]
    with_model(monkeypatch, [-p, 1.0])  # predicted gain p - p = 0: not a gain
    assert learned_bid.bid(sit) == "pass"
    with_model(monkeypatch, [-p + 0.01, 1.0])
    assert learned_bid.bid(sit) == "32"


def test_jumps_to_34_where_its_fit_predicts_the_most(monkeypatch):
    sit = read(auction_view(["pass", "31"]))
    assert features(sit)["jump"] == "34"
    with_model(monkeypatch, [0.1, 0.0], jump=0.2)
    assert learned_bid.bid(sit) == "34"
    with_model(monkeypatch, [0.1, 0.0], jump=0.05)
    assert learned_bid.bid(sit) == "32"
    with_model(monkeypatch, [-0.1, 0.0], jump=-0.05)
    assert learned_bid.bid(sit) == "pass"
    high = read(auction_view(["pass", "34"]))
    assert features(high)["jump"] is None  # 35 is the cheapest: no jump
    with_model(monkeypatch, [0.1, 0.0], jump=0.5)
    assert learned_bid.bid(high) == "35"


def test_a_mark_bid_or_special_contract_the_table_chose_stands(monkeypatch):
    sit = read(auction_view(["pass", "31"]))
    with_model(monkeypatch, [5.0, 0.0], jump=6.0)  # the fit would bid at any chance
    for chosen in ("1 mark", "2 marks", "splash"):
        assert chosen in sit.view["legal"]
        monkeypatch.setattr(bidding, "bid", lambda sit, chosen=chosen: chosen)
        assert learned_bid.bid(sit) == chosen
    monkeypatch.setattr(bidding, "bid", lambda sit: "pass")
    assert learned_bid.bid(sit) == "34"  # where the table passes, the fit decides


def test_outside_the_window_the_table_decides(monkeypatch):
    sit = read(auction_view(["pass", "31"]))
    p = features(sit)["p"]
    with_model(monkeypatch, [5.0, 0.0], window=(min(1.0, p + 0.01), 1.0))
    assert learned_bid.bid(sit) == bidding.bid(sit)
    monkeypatch.setattr(learned_bid, "model", lambda: {})
    assert learned_bid.bid(sit) == bidding.bid(sit)


def test_shipped_fit_names_known_terms_and_is_deterministic(monkeypatch):
    model = learned_bid.model()
    assert model, "engine/ai/data/learned_bid.json is shipped"
    for fit in (model["bid"], model.get("jump") or model["bid"]):
        assert set(fit["terms"]) <= set(learned_bid.TERMS) and len(fit["weights"]) == len(fit["terms"])
    monkeypatch.setattr(strong_module, "BID_BY", "learned")
    for seed in range(6):
        view = auction_view(["pass"], seed=seed)
        first = StrongPlayer(1, samples=4).choose(view)
        assert first in view["legal"]
        assert StrongPlayer(2, samples=4).choose(view) == first == learned_bid.bid(read(view))


@pytest.mark.parametrize("seed", range(4))
def test_learned_call_is_legal_in_every_seat(monkeypatch, seed):
    hand = Hand.new(Rules.from_preset("standard"), seed % 4, random.Random(seed))
    while hand.phase == "auction":
        view = view_for(hand, hand.to_act)
        call = learned_bid.bid(read(view))
        assert call in view["legal"]
        hand = hand.apply(call)


def test_fit_recovers_a_known_rule_and_counts_its_gain_over_the_table():
    fit = benchmark_script("fit_bidding")
    rng = random.Random(3)
    rows: list[dict[str, Any]] = []
    for i in range(200):  # Δ = 2p - 1 exactly; the table bids from 0.6, the best rule from 0.5
        p = rng.uniform(0.2, 0.8)
        rows.append(
            {
                "seed": i,
                "p": p,
                "high": "none",
                "delta": 2 * p - 1,
                "delta_jump": None,
                "table": "30" if p > 0.6 else "pass",
                "cheapest": "30",
            }
        )
    w = fit.fit(rows, ["one", "p"], "delta")
    assert w[0] == pytest.approx(-1.0) and w[1] == pytest.approx(2.0)
    calls = fit.choices(rows, ["one", "p"], w, None)
    assert calls == ["bid" if r["p"] > 0.5 else "pass" for r in rows]
    gained = sum(2 * r["p"] - 1 for r in rows if 0.5 < r["p"] <= 0.6)  # the calls the rule adds
    assert fit.gain_over_table(rows, calls) == pytest.approx(gained) and gained > 0
