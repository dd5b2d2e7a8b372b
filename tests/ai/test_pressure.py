"""Bidding reads the game score: with the opponents one hand from winning, both players bid more often,
never less."""

import random

from engine import Hand, Rules
from engine.ai.easy import EasyPlayer
from engine.ai.pressure import pressure
from engine.ai.situation import read
from engine.ai.strong import StrongPlayer


def first_bids(preset, n, seed):
    """Views of the first seat to bid on ``n`` seeded deals."""
    rules = Rules.from_preset(preset)
    rng = random.Random(seed)
    hands = [Hand.new(rules, rules.players - 1, rng) for _ in range(n)]
    return [(h, h.turn) for h in hands]


def test_pressure_reads_the_score():
    hand, seat = first_bids("standard", 1, 0)[0]
    assert pressure(read(hand.view_for(seat))) == 0.0
    assert pressure(read(hand.view_for(seat, [0, 0]))) == 0.0
    them = 1 - hand.rules.team_of(seat)
    close = [0, 0]
    close[them] = 6
    assert pressure(read(hand.view_for(seat, close))) == 1.0
    close = [6, 6]
    close[them] = 0
    assert pressure(read(hand.view_for(seat, close))) == 0.0  # we are close, they are not


def test_bids_more_under_pressure():
    for preset, make in (("standard", lambda: StrongPlayer(0, samples=2)), ("standard", lambda: EasyPlayer(0)),
                         ("big-game", lambda: EasyPlayer(0))):
        more = 0
        for hand, seat in first_bids(preset, 300, 5):
            them = 1 - hand.rules.team_of(seat)
            close = [0, 0]
            close[them] = hand.rules.target - (1 if preset == "standard" else 40)
            calm = make().choose(hand.view_for(seat, [0, 0]))
            pressed = make().choose(hand.view_for(seat, close))
            assert not (calm != "pass" and pressed == "pass"), (preset, calm)
            more += calm == "pass" and pressed != "pass"
        assert more >= 5, preset
