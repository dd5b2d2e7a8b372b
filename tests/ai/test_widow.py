"""The strong player's widow/kitty exchange: legal, and judged on the hand after the whole swap."""

import random

from engine import Hand, Rules
from engine.ai import widow
from engine.ai.situation import read
from engine.ai.strong import StrongPlayer


def exchanges(preset, n, seed):
    """Hands of ``preset`` at the start of the bid winner's exchange (the first seat bids the minimum)."""
    rules = Rules.from_preset(preset)
    rng = random.Random(seed)
    for _ in range(n):
        hand = Hand.new(rules, rules.players - 1, rng)
        hand = hand.apply(hand.legal_actions()[1])  # the lowest bid
        while hand.phase == "auction":
            hand = hand.apply("pass")
        if hand.phase == "exchange":
            yield hand


def test_exchange_is_legal_and_completes():
    for preset in ("big-game", "eighty-eight"):
        player = StrongPlayer(0, samples=2)
        for hand in exchanges(preset, 15, 3):
            while hand.phase == "exchange":
                view = hand.view_for(hand.turn)
                action = player.choose(view)
                assert action in view["legal"]
                hand = hand.apply(action)
            assert hand.phase == "contract"


def test_take_only_when_the_swapped_hand_is_better():
    takes = keeps = 0
    for hand in exchanges("big-game", 60, 8):
        sit = read(hand.view_for(hand.turn))
        action = widow.exchange(sit)
        base = widow.worth(sit, sit.mine)
        if action == "keep":
            keeps += 1
            continue
        takes += 1
        after = hand.apply(action)
        discard = widow.exchange(read(after.view_for(after.turn)))
        done = after.apply(discard)
        better = widow.worth(sit, done.held[hand.turn])
        if "keep" in hand.legal_actions():
            assert better >= base + widow.MARGIN - 1e-9, (action, discard)
    assert takes >= 5 and keeps >= 5
