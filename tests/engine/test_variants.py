"""RULES.md §8: three-hand 42, the Big Game and Eighty-eight."""

import random

import pytest

from engine import Game, Hand, IllegalAction, Rules, RulesError, read_record, write_record
from tests.engine.helpers import make_hand, play_all


def run(hand: Hand) -> Hand:
    while not hand.complete:
        hand = hand.apply(hand.legal_actions()[0])
    return hand


# --- three-hand ----------------------------------------------------------------------------------------

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
    h = make_hand(variant="three-hand", dealer=2, calls=["2 marks", "pass", "pass"], contract="blanks", seed=4)
    h = run(h)
    assert all(len(t.tiles) == 3 for t in h.tricks)
    assert h.made is False and h.award() == [0, 2, 2]


def test_three_hand_nello_all_three_play():
    h = make_hand(variant="three-hand", dealer=2, calls=["1 mark", "pass", "pass"], contract="nello doubles-high")
    assert h.out is None
    h = play_all(h, h.legal_actions()[0])
    assert h.turn == 1


def test_three_hand_points_per_player_total_44():
    h = run(make_hand(variant="three-hand", dealer=2, calls=["30", "pass", "pass"], contract="sixes",
                      rules={"play_out": True}, seed=3))
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
    assert len(game.scores) == 3 and game.scores[game.winner] >= 7


# --- the Big Game --------------------------------------------------------------------------------------

def test_big_game_set_counts_and_totals():
    rules = Rules.from_preset("big-game")
    lay = rules.layout
    assert (len(lay.tiles), lay.hand_size, lay.widow_size, lay.total) == (45, 11, 1, 66)
    assert rules.scoring == "points" and rules.target == 400
    h = Hand.new(rules, 0, random.Random(2))
    legal = h.legal_actions()
    assert legal[1] == "42" and legal[-1] == "66" and not any("mark" in a for a in legal)


def test_big_game_open_auction_goes_round_until_all_but_one_pass():
    h = make_hand(variant="big-game", dealer=3)
    h = play_all(h, "42", "43", "pass", "pass")
    assert h.turn == 0 and h.phase == "auction"  # North may raise
    h = h.apply("44")
    assert h.turn == 1  # South and West passed: they are skipped
    h = h.apply("pass")
    assert h.phase == "exchange" and h.bidder == 0 and write_record(h)["calls"] == ["42", "43", "pass", "pass",
                                                                                     "44", "pass"]


def test_big_game_all_pass_is_thrown_in_and_forced_bid_does_not_apply():
    h = play_all(make_hand(variant="big-game"), "pass", "pass", "pass", "pass")
    assert h.complete and h.bidder is None
    with pytest.raises(RulesError):
        Rules.from_preset("big-game", {"forced_bid": True})


def test_big_game_widow_count_must_be_taken_and_discard_is_not_count():
    h = make_hand({0: ["8-8", "8-7", "8-6", "7-7", "6-6", "5-4", "3-2", "6-1", "2-0", "1-1", "0-0"]},
                  variant="big-game", widow=["7-3"], calls=["42", "pass", "pass", "pass"])
    assert h.legal_actions() == ["take"]
    with pytest.raises(IllegalAction, match="count tile must be taken"):
        h.apply("keep")
    h = h.apply("take")
    assert "discard 3-2" not in h.legal_actions() and "discard 7-3" not in h.legal_actions()
    assert "discard 8-7" in h.legal_actions()
    with pytest.raises(IllegalAction, match="count"):
        h.apply("discard 3-2")
    h = h.apply("discard 8-7")
    assert h.phase == "contract" and "7-3" in h.tiles_of(0) and "8-7" not in h.tiles_of(0)
    assert write_record(h)["exchange"] == {"take": ["7-3"], "discard": ["8-7"]}


def test_big_game_may_not_discard_the_widow_tile_just_taken():
    h = make_hand(variant="big-game", widow=["8-0"], calls=["42", "pass", "pass", "pass"])
    assert h.legal_actions() == ["take", "keep"]
    h = h.apply("take")
    with pytest.raises(IllegalAction, match="just took"):
        h.apply("discard 8-0")


def test_big_game_keep_hand_and_the_record_remembers_it():
    h = make_hand(variant="big-game", widow=["8-0"], calls=["42", "pass", "pass", "pass"]).apply("keep")
    assert h.phase == "contract"
    again = read_record(write_record(h))
    assert again == h


def test_big_game_seven_three_led_as_a_three():
    h = make_hand({0: ["7-3", "8-8", "8-7", "8-6", "7-7", "6-6", "5-4", "6-1", "2-0", "1-1", "0-0"],
                   1: ["3-3", "8-3", "7-6", "7-5", "7-4", "7-2", "7-1", "7-0", "6-5", "6-4", "6-3"]},
                  variant="big-game", widow=["8-0"], calls=["42", "pass", "pass", "pass"])
    h = play_all(h, "keep", "sixes")
    assert "7-3/3" in h.legal_actions() and "7-3" in h.legal_actions() and "8-2/2" not in h.legal_actions()
    led_as_seven = h.apply("7-3")
    assert "3-3" not in led_as_seven.legal_actions()  # sevens led: East must follow with a seven
    h = h.apply("7-3/3")
    assert set(h.legal_actions()) == {"3-3", "8-3", "6-3"} - {"6-3"}  # 6-3 is a trump (sixes)
    h = play_all(h, "8-3")
    h = run(h)
    assert write_record(h)["plays"][0] == "7-3/3"
    assert read_record(write_record(h)) == h


def test_big_game_set_66_scores_66_plus_the_defenders_points():
    h = run(make_hand(variant="big-game", widow=["8-0"], calls=["66", "pass", "pass", "pass"],
                      contract="blanks", exchange={"take": [], "discard": [], "done": True}, seed=5))
    assert h.made is False and h.award() == [0, 66 + h.points[1]] and len(h.tricks) == 11
    assert sum(h.points) == 66


# --- Eighty-eight --------------------------------------------------------------------------------------

def test_eighty_eight_set_and_teams():
    rules = Rules.from_preset("eighty-eight")
    lay = rules.layout
    assert (lay.players, len(lay.tiles), lay.hand_size, lay.widow_size, lay.trick_value, lay.total) == (
        6, 56, 9, 2, 2, 88)
    assert [rules.team_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    assert rules.scoring == "points" and rules.target == 500


def test_eighty_eight_bids_name_a_trump_the_bidder_holds():
    h = make_hand({0: ["6-6", "6-5", "5-5", "6-4", "5-4", "4-4", "6-3", "5-3", "4-3"]}, variant="eighty-eight",
                  dealer=5)
    legal = h.legal_actions()
    assert "60 sixes" in legal and "88 threes" in legal and "176 fives" in legal
    assert not any(a.endswith("blanks") or a.endswith("ones") or a.endswith("twos") for a in legal)
    assert "61 sixes" not in legal and "264 sixes" not in legal
    with pytest.raises(IllegalAction, match="you hold no blanks"):
        h.apply("60 blanks")
    with pytest.raises(IllegalAction, match="names its trump"):
        h.apply("60")


def test_eighty_eight_contract_must_be_the_bid_suit_and_no_nello():
    h = make_hand({0: ["6-6", "6-5", "5-5", "6-4", "5-4", "4-4", "6-3", "5-3", "4-3"]}, variant="eighty-eight",
                  dealer=5, calls=["64 fives"] + ["pass"] * 5, exchange={"take": [], "discard": [], "done": True})
    assert h.legal_actions() == ["fives"]
    with pytest.raises(IllegalAction, match="must be that suit"):
        h.apply("sixes")
    with pytest.raises(RulesError):
        Rules.from_preset("eighty-eight", {"nello": "on"})


def test_eighty_eight_kitty_count_must_be_taken_and_replaced():
    h = make_hand({0: ["6-6", "6-5", "6-2", "6-1", "2-2", "1-1", "6-3", "5-3", "4-3"]}, variant="eighty-eight",
                  dealer=5, widow=["5-5", "2-0"], calls=["64 sixes"] + ["pass"] * 5)
    assert h.legal_actions() == ["take 2-0", "take 5-5"]
    h = h.apply("take 5-5")
    assert "discard 5-5" not in h.legal_actions() and "discard 6-6" in h.legal_actions()
    h = h.apply("discard 6-1")
    assert h.legal_actions() == ["take 2-0", "keep"]
    h = h.apply("keep")
    assert h.phase == "contract"
    rec = write_record(h)
    assert rec["exchange"]["take"] == ["5-5"] and rec["exchange"]["discard"] == ["6-1"]
    assert read_record(rec) == h


def test_eighty_eight_identical_tiles_first_played_wins_and_tricks_are_worth_two():
    deal = {0: ["6-5", "3-3", "3-2", "3-1", "3-0", "2-2", "2-1", "2-0", "1-1"],
            1: ["6-6", "0-0", "1-0", "4-1", "4-0", "4-4", "4-3", "4-2", "5-0"],
            2: ["6-6", "0-0", "1-0", "4-1", "4-0", "4-4", "4-3", "4-2", "5-0"]}
    h = make_hand(deal, variant="eighty-eight", dealer=5, calls=["60 threes"] + ["pass"] * 5,
                  exchange={"take": [], "discard": [], "done": True}, contract="threes", seed=1)
    h = play_all(h, "6-5", "6-6", "6-6")
    while h.trick:
        h = h.apply(h.legal_actions()[0])
    trick = h.tricks[0]
    if all(h.ts.names[t] != "6-6" for t in trick.tiles[3:]):
        assert trick.winner == 1  # East's 6-6 was played before South's identical 6-6
    assert trick.points == 2 + sum(h.ts.points[t] for t in trick.tiles)


def test_eighty_eight_hand_totals_88():
    h = Hand.new(Rules.from_preset("eighty-eight"), 0, random.Random(7))
    h = h.apply(h.legal_actions()[1])
    h = run(h)
    assert sum(h.points) == 88 and len(h.tricks) == 9


def test_eighty_eight_mark_bids():
    h = make_hand({0: ["6-6", "6-5", "5-5", "6-4", "5-4", "4-4", "6-3", "5-3", "4-3"]}, variant="eighty-eight",
                  dealer=5, calls=["176 sixes"])
    assert [a for a in h.legal_actions() if a.startswith("264")] != []
    assert not any(a.startswith("352") for a in h.legal_actions())
