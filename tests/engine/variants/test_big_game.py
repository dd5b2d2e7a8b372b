"""RULES.md §8.2: The Big Game."""

import random

import pytest

from engine import Hand, IllegalAction, Rules, RulesError, read_record, write_record
from tests.engine.helpers import make_hand, play_all, run


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
    assert (
        h.phase == "exchange"
        and h.bidder == 0
        and write_record(h)["calls"] == ["42", "43", "pass", "pass", "44", "pass"]
    )


def test_big_game_all_pass_is_thrown_in_and_forced_bid_does_not_apply():
    h = play_all(make_hand(variant="big-game"), "pass", "pass", "pass", "pass")
    assert h.complete and h.bidder is None
    with pytest.raises(RulesError):
        Rules.from_preset("big-game", {"forced_bid": True})


def test_big_game_widow_count_must_be_taken_and_discard_is_not_count():
    h = make_hand(
        {0: ["8-8", "8-7", "8-6", "7-7", "6-6", "5-4", "3-2", "6-1", "2-0", "1-1", "0-0"]},
        variant="big-game",
        widow=["7-3"],
        calls=["42", "pass", "pass", "pass"],
    )
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
    h = make_hand(
        {
            0: ["7-3", "8-8", "8-7", "8-6", "7-7", "6-6", "5-4", "6-1", "2-0", "1-1", "0-0"],
            1: ["3-3", "8-3", "7-6", "7-5", "7-4", "7-2", "7-1", "7-0", "6-5", "6-4", "6-3"],
        },
        variant="big-game",
        widow=["8-0"],
        calls=["42", "pass", "pass", "pass"],
    )
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
    h = run(
        make_hand(
            variant="big-game",
            widow=["8-0"],
            calls=["66", "pass", "pass", "pass"],
            contract="blanks",
            exchange={"take": [], "discard": [], "done": True},
            seed=5,
        )
    )
    assert h.made is False and h.award() == [0, 66 + h.points[1]] and len(h.tricks) == 11
    assert sum(h.points) == 66
