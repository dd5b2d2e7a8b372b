"""RULES.md §2: the suit a tile leads, following, rank inside a suit, who wins a trick."""

import pytest

from engine import IllegalAction
from tests.engine.helpers import BID_31, make_hand, play_all

NORTH = ["6-6", "6-2", "5-5", "3-3", "2-0", "1-1", "0-0"]
EAST = ["6-4", "6-1", "5-1", "4-0", "3-1", "2-2", "1-0"]
SOUTH = ["6-5", "5-4", "5-3", "4-4", "4-3", "3-0", "2-1"]
WEST = ["6-3", "6-0", "5-2", "5-0", "4-2", "4-1", "3-2"]
DEAL = {0: NORTH, 1: EAST, 2: SOUTH, 3: WEST}


def hand(contract, **kw):
    return make_hand(DEAL, calls=BID_31, contract=contract, **kw)


def test_a_trump_tile_is_never_a_member_of_another_suit():
    # Fours trump: 6-4 is a four, so East may not (and need not) follow a six lead with it.
    h = hand("fours").apply("6-6")
    assert h.legal_actions() == ["6-1"]
    with pytest.raises(IllegalAction, match="you must follow sixes: you hold 6-1"):
        h.apply("6-4")


def test_must_follow_when_holding_the_suit_and_the_message_names_the_tiles():
    h = hand("blanks").apply("5-5")  # fives led; blanks trump, so 5-0 is a trump and does not follow
    assert h.legal_actions() == ["5-1"]
    h = h.apply("5-1")
    with pytest.raises(IllegalAction, match="you must follow fives: you hold 6-5, 5-4 and 5-3"):
        h.apply("4-4")


def test_void_player_may_play_anything():
    h = hand("fives").apply("6-6")
    h = h.apply("6-1")  # East follows sixes
    # South holds 6-5, but fives are trump: South is void in sixes and may play anything.
    assert sorted(h.legal_actions()) == sorted(SOUTH)


def test_a_non_double_leads_its_higher_end():
    h = hand("blanks").apply("6-2")  # leads sixes, not twos
    assert set(h.legal_actions()) == {"6-4", "6-1"}


def test_a_double_leads_its_own_number_and_is_highest():
    h = play_all(hand("blanks"), "3-3", "3-1", "5-3", "6-3")
    assert h.tricks[-1].winner == 0


def test_rank_inside_a_suit_is_by_the_other_end():
    h = play_all(hand("blanks"), "6-2", "6-4", "6-5", "6-3")  # sixes: 6-5 beats 6-4, 6-3 and 6-2
    assert h.tricks[-1].winner == 2


def test_highest_trump_wins_and_off_suit_tiles_never_win():
    deal = {
        0: ["6-6", "6-2", "5-5", "3-3", "2-0", "1-1", "0-0"],
        1: ["6-4", "4-0", "3-1", "2-2", "1-0", "5-1", "3-0"],
        2: ["4-4", "5-3", "2-1", "3-2", "5-0", "4-1", "4-3"],
        3: ["6-5", "6-3", "6-1", "6-0", "5-4", "5-2", "4-2"],
    }
    h = play_all(make_hand(deal, calls=BID_31, contract="fours"), "6-6", "6-4", "4-4", "6-5")
    assert h.tricks[-1].winner == 2  # 6-4 trumps the double six; the double four over-trumps it
    h = play_all(make_hand(deal, calls=BID_31, contract="fours"), "6-6", "3-1", "5-3", "6-5")
    assert h.tricks[-1].winner == 0  # 3-1 and 5-3 neither follow nor trump: they never win


def test_doubles_trump_a_double_led_calls_for_doubles():
    h = hand("doubles").apply("3-3")
    assert h.legal_actions() == ["2-2"]  # East's only double; 3-1 does not follow
    h = h.apply("2-2")
    assert h.legal_actions() == ["4-4"]
    h = h.apply("4-4")
    assert sorted(h.legal_actions()) == sorted(WEST)  # West holds no double: any tile
    h = h.apply("6-3")
    assert h.tricks[-1].winner == 2  # 4-4 is the highest double played


def test_doubles_trump_a_double_is_not_a_member_of_its_number():
    h = hand("doubles").apply("6-2")  # sixes led; 6-6 is a trump, not a six
    assert set(h.legal_actions()) == {"6-4", "6-1"}


def test_follow_me_doubles_high_by_default():
    h = play_all(hand("follow-me"), "5-5", "5-1", "5-4", "5-0")
    assert h.tricks[-1].winner == 0 and h.contract_text() == "follow-me"


def test_follow_me_doubles_as_their_own_suit():
    h = make_hand(DEAL, calls=BID_31, contract="follow-me doubles-suit", rules={"follow_me_doubles": "suit"})
    h = h.apply("5-5")  # leads doubles
    assert h.legal_actions() == ["2-2"]
    h2 = make_hand(DEAL, calls=BID_31, contract="follow-me", rules={"follow_me_doubles": "suit"}).apply("6-2")
    assert set(h2.legal_actions()) == {"6-4", "6-1"}  # 5-5 is not a five, 6-6 not a six


def test_follow_me_doubles_suit_is_refused_where_the_table_plays_them_high():
    with pytest.raises(ValueError, match="doubles high"):
        make_hand(DEAL, calls=BID_31, contract="follow-me doubles-suit")
