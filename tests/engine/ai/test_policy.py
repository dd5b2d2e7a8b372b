"""The fast card-play policy: legal in every game, blind to hidden tiles, and its training reproducible."""

from __future__ import annotations

import random
import time

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Hand, Rules, read_record, view_for
from engine.ai import card_play, policy
from engine.ai.easy import EasyPlayer
from engine.ai.play_goal import play_moves
from engine.ai.policy_features import N_FEATURES, applies, features
from engine.ai.situation import read
from engine.ai.strong import StrongPlayer
from engine.record import write
from engine.tiles import bits
from training import train_policy

PRESETS = [
    ("standard", {}),
    ("tournament", {}),
    ("standard", {"sevens": True, "forced_bid": True, "first_suit_declared": True}),
    ("three-hand", {}),
    ("big-game", {}),
    ("eighty-eight", {}),
    ("moon", {}),
    ("seventy-two", {}),
    ("geezer", {}),
    ("eighty-four", {}),
    ("eighty-four", {"players": 6}),
]


def _random_hand(rules: Rules, rng: random.Random, plays: int) -> Hand:
    """A hand past its auction (easy's calls and contract) with ``plays`` random tiles played."""
    hand = Hand.new(rules, rng.randrange(rules.players), rng)
    easy = EasyPlayer(0)
    while hand.phase != "play":
        hand = hand.apply(easy.choose(view_for(hand, hand.to_act)))
    for _ in range(plays):
        hand = hand.apply(rng.choice(hand.legal_actions()))
    return hand


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PRESETS), st.integers(0, 10_000))
def test_the_policy_and_the_short_budget_play_only_legal_tiles(game, seed):
    preset, options = game
    rules = Rules.from_preset(preset, options)
    rng = random.Random(seed)
    hand = Hand.new(rules, seed % rules.players, rng)
    fast = StrongPlayer(seed, 0.005, clock=time.thread_time)  # the bot's floor: the policy decides most
    while not hand.complete:
        view = view_for(hand, hand.to_act)
        if hand.phase == "play":
            sit = read(view)
            action = policy.choose(sit)
            assert action is None or action in view["legal"]
            if action is not None:
                assert applies(sit)
            action = fast.choose(view)
        else:
            action = rng.choice(view["legal"])
        assert action in view["legal"]
        hand = hand.apply(action)


def test_the_shipped_weights_load_and_score_every_legal_tile():
    net = policy.network()
    assert net is not None, "engine/ai/data/card_policy.npz is shipped"
    rules = Rules.from_preset("standard", {"forced_bid": True})
    hand = _random_hand(rules, random.Random(3), 5)
    sit = read(view_for(hand, hand.to_act))
    moves = list(play_moves(sit))
    rows = features(sit, moves)
    assert rows.shape == (len(moves), N_FEATURES)
    ranked = policy.ranked(sit, moves)
    assert ranked is not None and sorted(ranked) == sorted(moves)
    with np.load(policy.WEIGHTS) as data:
        assert "python -m training.train_policy" in str(data["built"])


def _hidden_swapped(hand: Hand, seat: int, rng: random.Random) -> Hand | None:
    """The same hand with two unplayed tiles of two other seats exchanged, where the rules still allow
    every play made (None if no such exchange was found)."""
    record = write(hand)
    others = [s for s in range(hand.players) if s != seat]
    for _ in range(200):
        a, b = rng.sample(others, 2)
        mine_a = [t for t in bits(hand.held[a])]
        mine_b = [t for t in bits(hand.held[b])]
        if not mine_a or not mine_b:
            continue
        ta, tb = hand.ts.names[rng.choice(mine_a)], hand.ts.names[rng.choice(mine_b)]
        deal = [list(h) for h in record["deal"]]
        deal[a][deal[a].index(ta)], deal[b][deal[b].index(tb)] = tb, ta
        try:
            other = read_record({**record, "deal": deal})
        except ValueError:
            continue
        if other.to_act == seat and other.phase == "play":
            return other
    return None


@pytest.mark.parametrize("seed", range(6))
def test_the_features_do_not_see_hidden_tiles(seed):
    rules = Rules.from_preset("standard", {"forced_bid": True})
    rng = random.Random(seed)
    hand = _random_hand(rules, rng, 2 + seed)
    seat = hand.to_act
    other = _hidden_swapped(hand, seat, rng)
    assert other is not None
    assert other.held != hand.held  # the hidden tiles did change
    view, other_view = view_for(hand, seat), view_for(other, seat)
    sit, other_sit = read(view), read(other_view)
    moves = list(play_moves(sit))
    assert np.array_equal(features(sit, moves), features(other_sit, moves))


def test_without_the_policy_the_search_alone_decides(monkeypatch):
    # the switch the benchmarks use (--policy off) gives the search's move, easy's where it cannot
    rules = Rules.from_preset("standard", {"forced_bid": True})
    hand = _random_hand(rules, random.Random(8), 2)
    view = view_for(hand, hand.to_act)
    monkeypatch.setattr(card_play, "USE_POLICY", False)
    a = StrongPlayer(1, samples=6).choose(view)
    monkeypatch.setattr(card_play, "USE_POLICY", True)
    b = StrongPlayer(1, samples=6).choose(view)
    assert a in view["legal"] and b in view["legal"]


def test_short_budgets_fill_their_time_and_stop_inside_it():
    # under PRUNE_BELOW_S every deal after the first gets only the nodes the time left allows, so one that
    # runs out stops in time; longer budgets start a deal only with SAFETY times the slowest one left
    from engine.ai.search_budget import NODE_FLOOR, NODES_PER_SECOND, node_limit

    limit = card_play._deal_limit
    assert limit(0.001, fill=True, tried=False, solved=False, slowest=0.0) == NODE_FLOOR
    assert limit(0.001, fill=True, tried=True, solved=True, slowest=0.004) == int(0.001 * NODES_PER_SECOND)
    assert int(0.001 * NODES_PER_SECOND) < NODE_FLOOR
    assert limit(0.5 * card_play.MIN_NODES / NODES_PER_SECOND, True, True, True, 0.0) is None
    assert limit(0.0, fill=True, tried=False, solved=False, slowest=0.0) is None
    assert limit(0.005, fill=False, tried=True, solved=True, slowest=0.004) is None
    assert limit(0.007, fill=False, tried=True, solved=True, slowest=0.004) == node_limit(0.007)


def _synthetic(rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Positions whose best move is the one with the largest value in feature 0 (5 moves each)."""
    x = rng.normal(size=(n, 5, N_FEATURES)).astype(np.float32)
    mask = np.ones((n, 5), bool)
    u = train_policy.utility((x[:, :, 0] > 0.5).astype(float), x[:, :, 0].astype(float), mask)
    return x, mask, u


def test_training_is_seeded_and_learns_what_the_labels_say():
    rng = np.random.default_rng(0)
    x, mask, u = _synthetic(rng, 600)
    vx, vmask, vu = _synthetic(rng, 200)
    a, figures = train_policy.fit(x, mask, u, vx, vmask, vu, seed=4, epochs=8, lr=3e-3, decay=1e-4)
    b, _ = train_policy.fit(x, mask, u, vx, vmask, vu, seed=4, epochs=8, lr=3e-3, decay=1e-4)
    assert np.array_equal(a.w1, b.w1) and np.array_equal(a.w3, b.w3)
    assert figures["regret"] < 0.5 * figures["regret_first legal"]
