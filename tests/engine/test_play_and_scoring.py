"""RULES.md §5 (play, early end, first suit declared) and §7 (scoring, the end of the game)."""

import random

import pytest

from engine import Game, Hand, IllegalAction, Rules, write_record
from tests.engine.helpers import BID_31, make_hand, play_all

NORTH = ["6-6", "6-5", "6-4", "5-5", "6-3", "6-2", "6-1"]
EAST = ["5-4", "5-3", "5-2", "5-1", "5-0", "4-4", "4-3"]
SOUTH = ["4-2", "4-1", "4-0", "3-3", "3-2", "3-1", "3-0"]
WEST = ["2-2", "2-1", "2-0", "1-1", "1-0", "0-0", "6-0"]
DEAL = {0: NORTH, 1: EAST, 2: SOUTH, 3: WEST}


def run(hand: Hand) -> Hand:
    """Play the first legal action until the hand ends."""
    while not hand.complete:
        hand = hand.apply(hand.legal_actions()[0])
    return hand


def test_the_hand_stops_when_the_bidders_reach_their_bid():
    h = run(make_hand(DEAL, calls=["30", "pass", "pass", "pass"], contract="sixes"))
    assert h.made is True and h.complete and len(h.tricks) < 7 and h.points[0] >= 30
    assert h.award() == [1, 0]


def test_the_hand_stops_when_the_defenders_set_the_bid():
    # North bids 41 in blanks holding none: the defenders pass 42 - 41 = 1 point on the first lost trick.
    h = make_hand(DEAL, calls=["41", "pass", "pass", "pass"], contract="blanks")
    h = play_all(h, "6-6")
    h = run(h)
    assert h.made is False and h.award() == [0, 1]
    assert sum(h.points) - h.points[0] > 1


def test_a_mark_bid_stops_at_the_first_trick_lost():
    h = make_hand(DEAL, calls=["1 mark", "pass", "pass", "pass"], contract="blanks")
    h = play_all(h, "6-1", "5-1")
    h = h.apply(h.legal_actions()[0])
    h = h.apply("6-0")  # West is void in sixes and trumps with a blank
    assert len(h.tricks) == 1 and h.tricks[0].winner == 3
    assert h.complete and h.made is False and h.award() == [0, 1]


def test_play_out_plays_every_trick_but_made_is_known_early():
    h = make_hand(DEAL, calls=["1 mark", "pass", "pass", "pass"], contract="blanks", rules={"play_out": True})
    h = play_all(h, "6-1", "5-1", h.apply("6-1").apply("5-1").legal_actions()[0], "6-0")
    assert h.made is False and not h.complete
    h = run(h)
    assert len(h.tricks) == 7 and sum(h.points) == 42


def test_points_scoring_plays_every_trick_and_scores_what_was_taken():
    h = run(
        make_hand(DEAL, calls=["30", "pass", "pass", "pass"], contract="sixes", rules={"scoring": "points"})
    )
    assert len(h.tricks) == 7 and sum(h.points) == 42 and h.made
    assert h.award() == h.points


def test_points_made_scores_bid_option():
    h = run(
        make_hand(
            DEAL,
            calls=["30", "pass", "pass", "pass"],
            contract="sixes",
            rules={"scoring": "points", "made_scores": "bid"},
        )
    )
    assert h.award() == [30, h.points[1]]


def test_points_a_set_gives_the_defenders_the_bid_plus_their_points():
    h = run(
        make_hand(DEAL, calls=["41", "pass", "pass", "pass"], contract="blanks", rules={"scoring": "points"})
    )
    assert h.made is False and h.award() == [0, 41 + h.points[1]]


def test_points_mark_bids_score_exactly_their_value():
    h = run(
        make_hand(
            DEAL, calls=["2 marks", "pass", "pass", "pass"], contract="blanks", rules={"scoring": "points"}
        )
    )
    assert h.made is False and h.award() == [0, 84]


def test_mark_bids_score_their_marks():
    h = run(make_hand(DEAL, calls=["pass", "2 marks", "pass", "pass"], contract="blanks"))
    assert h.made is False and h.award() == [2, 0]


def test_first_suit_declared_lead_as_the_lower_end():
    h = make_hand(DEAL, calls=BID_31, contract="fives", rules={"first_suit_declared": True})
    assert "6-1/1" in h.legal_actions() and "6-6/6" not in h.legal_actions()
    with pytest.raises(IllegalAction, match="lower end"):
        h.apply("6-1/6")
    h = h.apply("6-1/1")
    assert h.lead == 1 and h.legal_actions() == sorted(h.legal_actions())[::-1]  # East: any tile (no ones)
    h = play_all(h, "5-4", "4-1")
    assert h.legal_actions() == ["1-1", "2-1", "1-0"] or set(h.legal_actions()) == {"1-1", "2-1", "1-0"}
    h = h.apply("1-1")
    assert write_record(h)["plays"][0] == "6-1/1"
    assert h.summary()["tricks"][0]["tiles"][0] == "6-1/1"
    assert not any("/" in a for a in h.legal_actions())  # only the first lead of the hand


def test_first_suit_declared_is_off_by_default():
    h = make_hand(DEAL, calls=BID_31, contract="fives")
    assert not any("/" in a for a in h.legal_actions())
    with pytest.raises(IllegalAction):
        h.apply("6-1/1")


def _finished_hand(rules: Rules, dealer: int, calls, contract, seed=0) -> Hand:
    h = Hand.new(rules, dealer, random.Random(seed))
    for c in calls:
        h = h.apply(c)
    if contract:
        h = h.apply(contract)
    return run(h)


def test_game_to_seven_marks_and_the_deal_passes_clockwise():
    rules = Rules.from_preset("standard")
    game = Game.new(rules, random.Random(5))
    first = game.dealer
    rng = random.Random(9)
    dealers = []
    while not game.over:
        h = game.deal(rng)
        dealers.append(h.dealer)
        h = h.apply("1 mark") if h.to_act % 2 == 0 else h.apply("pass")
        while h.phase == "auction":
            h = h.apply("pass")
        if h.phase == "contract":
            h = h.apply("sixes")
        game = game.record_hand(run(h))
    assert dealers == [(first + i) % 4 for i in range(len(dealers))]
    assert game.winner is not None
    assert max(game.scores) >= 7 and game.scores[game.winner] == max(game.scores)


def test_thrown_in_hands_pass_the_deal_and_score_nothing():
    rules = Rules.from_preset("standard")
    game = Game(rules, 2, (), (0, 0))
    h = play_all(game.deal(random.Random(1)), "pass", "pass", "pass", "pass")
    game = game.record_hand(h)
    assert game.dealer == 3 and game.scores == (0, 0) and not game.over


def test_win_by_two():
    rules = Rules.from_preset("tournament")
    game = Game(rules, 0, (), (6, 6))
    h = _finished_hand(rules, 0, ["31", "pass", "pass", "pass"], "sixes")
    team = rules.team_of(1) if h.made else 1 - rules.team_of(1)
    game = game.record_hand(h)
    assert game.scores[team] == 7 and game.winner is None  # 7-6 is not two ahead


def test_both_past_the_target_on_one_hand_the_bidders_win_if_they_made():
    rules = Rules.from_preset("standard", {"scoring": "points", "target": 120})
    for seed in range(200):
        h = _finished_hand(rules, 3, ["30", "pass", "pass", "pass"], "sixes", seed)
        if h.made and 1 <= h.points[1] and h.points[0] - h.points[1] < 29:
            break
    game = Game(rules, 3, (), (90, 119)).record_hand(h)
    # Both crossed 120 on this hand and the defenders lead, but the bidders made their bid.
    assert game.scores[1] > game.scores[0] >= 120 and game.winner == 0


def test_game_rebuilds_from_its_records():
    rules = Rules.from_preset("standard", {"target": 3})
    game = Game.new(rules, random.Random(2))
    rng = random.Random(3)
    while not game.over:
        game = game.record_hand(run(game.deal(rng).apply("1 mark")))
    again = Game.from_dict(game.to_dict())
    assert again.scores == game.scores and again.winner == game.winner and again.dealer == game.dealer
