"""RULES.md §3: the auction."""

import pytest

from engine import IllegalAction, write_record
from tests.engine.helpers import high, make_hand, play_all

FOUR_DOUBLES = ["6-6", "5-5", "4-4", "3-3", "2-1", "3-1", "4-1"]
THREE_DOUBLES = ["6-6", "5-5", "4-4", "3-2", "2-1", "3-1", "4-0"]


def test_bidding_starts_left_of_the_dealer_and_ends_with_the_dealer():
    h = make_hand(dealer=1)
    assert h.turn == 2
    h = play_all(h, "pass", "pass", "30")
    assert h.turn == 1 and h.phase == "auction"
    h = h.apply("pass")
    assert h.phase == "contract" and h.turn == 0 and h.bidder == 0


def test_point_bids_run_30_to_41_and_must_beat_the_high_bid():
    h = make_hand({0: ["6-1", "5-1", "4-1", "3-1", "2-1", "1-1", "1-0"]})  # no doubles: no plunge
    legal = h.legal_actions()
    assert legal[:3] == ["pass", "30", "31"] and "41" in legal and "42" not in legal
    assert legal[-2:] == ["1 mark", "2 marks"]
    h = h.apply("35")
    assert "35" not in h.legal_actions() and "36" in h.legal_actions()
    with pytest.raises(IllegalAction, match="you must bid more than 35"):
        h.apply("34")


def test_opening_mark_bid_at_most_two_marks_then_raise_by_exactly_one():
    h = make_hand({0: ["6-1", "5-1", "4-1", "3-1", "2-1", "1-1", "1-0"]})
    with pytest.raises(IllegalAction, match="at most 2 marks"):
        h.apply("3 marks")
    h = h.apply("2 marks")
    assert [a for a in h.legal_actions() if "mark" in a] == ["3 marks"]
    with pytest.raises(IllegalAction, match="only 3 marks"):
        h.apply("4 marks")
    h = play_all(h, "3 marks", "4 marks")
    assert high(h).text() == "4 marks"


def test_max_opening_marks_option():
    h = make_hand({0: ["6-1", "5-1", "4-1", "3-1", "2-1", "1-1", "1-0"]}, rules={"max_opening_marks": 1})
    assert [a for a in h.legal_actions() if "mark" in a] == ["1 mark"]


def test_mark_aliases_are_accepted_and_written_as_marks():
    h = make_hand({0: ["6-1", "5-1", "4-1", "3-1", "2-1", "1-1", "1-0"]}).apply("84")
    assert high(h).text() == "2 marks" and write_record(h)["calls"] == ["2 marks"]
    with pytest.raises(IllegalAction):
        make_hand().apply("no-trump")


def test_plunge_needs_four_doubles_and_is_worth_four_marks():
    h = make_hand({0: FOUR_DOUBLES})
    assert "plunge" in h.legal_actions() and "splash" in h.legal_actions()
    h2 = make_hand({0: THREE_DOUBLES})
    assert "plunge" not in h2.legal_actions()
    with pytest.raises(IllegalAction, match="you need 4 doubles to bid Plunge: you hold 3"):
        h2.apply("plunge")
    h = h.apply("plunge")
    assert high(h).marks == 4


def test_plunge_may_jump_and_over_four_marks_is_one_more():
    h = make_hand({1: FOUR_DOUBLES}).apply("2 marks")
    assert "plunge" in h.legal_actions()
    h = make_hand({2: FOUR_DOUBLES}, rules={}).apply("2 marks")
    h = play_all(h, "3 marks")
    h = h.apply("plunge")  # worth 4 over 3 marks
    assert high(h).marks == 4 and high(h).text() == "plunge"
    h = make_hand({3: FOUR_DOUBLES, 0: ["6-1", "5-1", "5-2", "5-3", "2-0", "1-0", "6-0"]})
    h = play_all(h, "2 marks", "3 marks", "4 marks")
    assert "plunge 5" in h.legal_actions()
    with pytest.raises(IllegalAction, match="worth 5 marks"):
        h.apply("plunge 4")
    assert high(h.apply("plunge")).text() == "plunge 5"


def test_plunge_partner_declares_and_leads_no_nello_or_sevens():
    h = play_all(make_hand({0: FOUR_DOUBLES}, rules={"sevens": True}), "plunge", "pass", "pass", "pass")
    assert h.phase == "contract" and h.turn == 2 and h.declarer == 2
    assert "nello doubles-high" not in h.legal_actions() and "sevens" not in h.legal_actions()
    assert "doubles" in h.legal_actions() and "follow-me" in h.legal_actions()
    with pytest.raises(IllegalAction, match="partner names"):
        h.apply("nello")
    h = h.apply("sixes")
    assert h.turn == 2  # the partner leads


def test_plunge_marks_option():
    h = make_hand({0: FOUR_DOUBLES}, rules={"plunge_marks": 3})
    assert high(h.apply("plunge")).marks == 3


def test_splash_needs_three_doubles_worth_two_marks():
    h = make_hand({0: THREE_DOUBLES})
    assert "splash" in h.legal_actions() and "plunge" not in h.legal_actions()
    h = play_all(h, "splash", "pass", "pass", "pass")
    assert high(h).marks == 2 and h.declarer == 2
    h = make_hand({1: THREE_DOUBLES}).apply("2 marks")
    assert high(h.apply("splash")).text() == "splash 3"


def test_plunge_and_splash_off():
    h = make_hand({0: FOUR_DOUBLES}, rules={"plunge": False, "splash": False})
    assert not {"plunge", "splash"} & set(h.legal_actions())
    with pytest.raises(IllegalAction, match="not played at this table"):
        h.apply("plunge")


def test_all_pass_throws_the_hand_in():
    h = play_all(make_hand(), "pass", "pass", "pass", "pass")
    assert h.complete and h.bidder is None and h.award() is None
    s = h.summary()
    assert s["bidder"] is None and s["made"] is None and s["award"] is None and s["complete"]


def test_forced_bid_the_dealer_must_bid():
    h = play_all(make_hand(rules={"forced_bid": True}), "pass", "pass", "pass")
    assert h.turn == 3 and "pass" not in h.legal_actions() and "30" in h.legal_actions()
    with pytest.raises(IllegalAction, match="dealer must bid"):
        h.apply("pass")
    # Only when everyone else passed: after a bid the dealer may pass.
    h = play_all(make_hand(rules={"forced_bid": True}), "30", "pass", "pass")
    assert "pass" in h.legal_actions()
