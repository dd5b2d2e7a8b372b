"""RULES.md §8.1: Three-hand 42."""

import random

import pytest

from engine import Game, Hand, IllegalAction, Rules, RulesError
from tests.engine.helpers import make_hand, play_all, run, winner


def test_three_hand_set_and_bids():
    rules = Rules.from_preset("three-hand")
    lay = rules.layout
    assert (lay.players, len(lay.tiles), lay.hand_size, lay.total) == (3, 27, 9, 44)
    h = Hand.new(rules, 2, random.Random(1))
    assert "1-0" not in sum((h.tiles_of(s) for s in range(3)), [])
    legal = h.legal_actions()
    assert "43" in legal and "44" not in legal and "1 mark" in legal and "plunge" not in legal
    with pytest.raises(IllegalAction):
        h.apply("44")  # not an alias for 1 mark in three-hand


def test_three_hand_plunge_is_not_available():
    with pytest.raises(RulesError, match="not available"):
        Rules.from_preset("three-hand", {"plunge": True})


def test_three_hand_tricks_of_three_and_a_set_gives_marks_to_each_defender():
    h = make_hand(
        variant="three-hand", dealer=2, calls=["2 marks", "pass", "pass"], contract="blanks", seed=4
    )
    h = run(h)
    assert all(len(t.tiles) == 3 for t in h.tricks)
    assert h.made is False and h.award() == [0, 2, 2]


def test_three_hand_nello_all_three_play():
    h = make_hand(
        variant="three-hand", dealer=2, calls=["1 mark", "pass", "pass"], contract="nello doubles-high"
    )
    assert h.out is None
    h = play_all(h, h.legal_actions()[0])
    assert h.turn == 1


def test_three_hand_points_per_player_total_44():
    h = run(
        make_hand(
            variant="three-hand",
            dealer=2,
            calls=["30", "pass", "pass"],
            contract="sixes",
            rules={"play_out": True},
            seed=3,
        )
    )
    assert sum(h.points) == 44 and len(h.points) == 3


def test_three_hand_game_marks_per_player():
    rules = Rules.from_preset("three-hand")
    game = Game.new(rules, random.Random(0))
    rng = random.Random(1)
    for _ in range(500):
        h = game.deal(rng)
        while not h.complete:
            h = h.apply(rng.choice(h.legal_actions()))
        game = game.record_hand(h)
        if game.over:
            break
    assert len(game.scores) == 3 and game.scores[winner(game)] >= 7
