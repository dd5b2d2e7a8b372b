"""RULES.md §8.6: Geezer (source 001), one test per rule and per example of the source."""

import pytest

from engine import IllegalAction, Rules, RulesError, write_record
from engine.suits import suit_table
from tests.engine.helpers import high, make_hand, play_all, run

PASSES = ["pass", "pass", "pass"]
DOUBLES5 = ["7-7", "6-6", "5-5", "4-4", "3-3", "7-1", "6-1", "5-1", "4-1"]


def test_a_double_seven_set_nine_each_and_54_points():
    # 001: "Geezer uses a set of double seven dominoes and each player draws nine. The 7-3 adds another ten"
    rules = Rules.from_preset("geezer")
    lay = rules.layout
    counts = sorted(lay.tiles.names[t] for t in lay.tiles.ids if lay.tiles.points[t])
    assert (len(lay.tiles), lay.hand_size, lay.widow_size) == (36, 9, 0)
    assert counts == ["3-2", "4-1", "5-0", "5-5", "6-4", "7-3"] and lay.tiles.count_total == 45
    assert lay.total == 54 and rules.scoring == "marks"


def test_bids_run_39_to_54_and_1_mark_is_the_bid_45():
    # 001: "the minimum bid is 39. A 46 bid will out bid one mark"
    h = make_hand(variant="geezer")
    legal = h.legal_actions()
    assert legal[:2] == ["pass", "39"] and "54" in legal and "1 mark" in legal and "45" not in legal
    assert legal.index("1 mark") == legal.index("44") + 1 and "2 marks" in legal and "3 marks" not in legal
    h = h.apply("45")  # the number is read as its name
    assert write_record(h)["calls"] == ["1 mark"] and high(h).level == 45
    assert "46" in h.legal_actions() and "1 mark" not in h.legal_actions()


def test_mark_bids_open_at_two_at_most_then_one_more():
    # 001: "a two mark bid is the maximum allowed except to overbid another"
    h = make_hand(variant="geezer").apply("2 marks")
    assert [a for a in h.legal_actions() if "mark" in a] == ["3 marks"]
    with pytest.raises(IllegalAction, match="after 2 marks"):
        h.apply("4 marks")


@pytest.mark.parametrize("doubles, bid, marks", [(3, "dip", 2), (4, "dive", 3), (5, "plunge", 4)])
def test_dip_dive_and_plunge_need_three_four_and_five_doubles(doubles, bid, marks):
    # 001: "'dip,' 'dive,' and 'plunge' bids depending on the number of doubles (3, 4 or 5) held. A dip is two
    # marks, dive is three and plunge is four."
    hand = DOUBLES5[:doubles] + ["7-0", "6-0", "5-0", "4-0", "3-0", "2-0"][: 9 - doubles]
    h = make_hand({0: hand}, variant="geezer")
    assert bid in h.legal_actions()
    h = play_all(h, bid, *PASSES)
    assert high(h).marks == marks and h.declarer == 2 and h.phase == "contract"
    assert not any(a.startswith(("nello", "sevens", "count")) for a in h.legal_actions())
    h = run(h)
    assert h.award() in ([marks, 0], [0, marks])


def test_a_naked_dip_opens_and_over_a_bid_that_high_it_is_one_mark_more():
    # 001: "a naked dip, dive or plunge is allowed"
    h = make_hand({1: DOUBLES5[:3] + ["7-0", "6-0", "5-0", "4-0", "3-0", "2-0"]}, variant="geezer").apply(
        "2 marks"
    )
    assert "dip 3" in h.legal_actions()
    with pytest.raises(IllegalAction, match="worth 3 marks"):
        h.apply("dip 2")


def test_no_splash_and_dip_or_dive_may_be_switched_off():
    with pytest.raises(RulesError, match="not available in Geezer"):
        Rules.from_preset("geezer", {"splash": True})
    h = make_hand({0: DOUBLES5}, variant="geezer", rules={"dip": False, "dive": False})
    assert (
        "plunge" in h.legal_actions() and "dip" not in h.legal_actions() and "dive" not in h.legal_actions()
    )
    with pytest.raises(IllegalAction):
        h.apply("splash")


def test_the_forced_dealer_bids_39_for_two_marks_calls_partner_or_bids_marks():
    # 001: "the fourth bidder may either ask his partner to name trumps or play 39 for two marks"
    h = play_all(make_hand(variant="geezer"), *PASSES)
    assert (
        h.turn == 3
        and h.legal_actions()[:3] == ["39", "partner", "2 marks"]
        and "pass" not in h.legal_actions()
    )
    with pytest.raises(IllegalAction, match="forced dealer"):
        h.apply("40")
    played = run(play_all(h, "39", "fives"))
    assert played.award() in ([2, 0], [0, 2]) and played.declarer == 3
    partner = h.apply("partner")
    assert partner.declarer == 1 and partner.turn == 1 and high(partner).level == 39
    assert not any(a.startswith("nello") for a in partner.legal_actions())
    assert run(partner.apply("fives")).award() in ([2, 0], [0, 2])


def test_without_forced_bid_all_pass_is_thrown_in():
    h = play_all(make_hand(variant="geezer", rules={"forced_bid": False}), *PASSES, "pass")
    assert h.complete and h.bidder is None


def test_nello_needs_45_and_the_partner_sits_out():
    h = make_hand(variant="geezer", calls=["44", *PASSES])
    assert not any(a.startswith("nello") for a in h.legal_actions())
    h = make_hand(variant="geezer", calls=["46", *PASSES])
    assert "nello doubles-low" in h.legal_actions() and "nello threes-low" in h.legal_actions()
    assert "nello 7-low" in h.legal_actions()
    h = h.apply("nello 7-low")
    assert h.seats_out == (2,) and write_record(h)["contract"] == "nello 7-low"
    with pytest.raises(RulesError, match="forced-only"):
        Rules.from_preset("geezer", {"nello": "forced-only"})


@pytest.mark.parametrize(
    ("spelled", "low", "written"),
    [
        ("nello 6-low", 6, "nello sixes-low"),
        ("nello sixes-low", 6, "nello sixes-low"),
        ("nello 3-low", 3, "nello threes-low"),
        ("nello 0-low", 0, "nello blanks-low"),
        ("nello 7-low", 7, "nello 7-low"),
    ],
)
def test_a_number_low_is_read_as_a_digit_or_a_suit_name_and_written_one_way(spelled, low, written):
    # HAND-RECORD.md: "nello" with nello_low "a number: " threes-low", " 7-low"" (a suit by its name or its
    # digit, as for any contract); RULES.md §8.6: "the declarer may name a number n"
    bid = make_hand(variant="geezer", calls=["46", *PASSES])
    h = bid.apply(spelled)
    assert h.contract is not None and h.contract.low == low
    assert write_record(h)["contract"] == written and written in bid.legal_actions()
    with pytest.raises(IllegalAction, match="not a contract"):
        bid.apply("nello 8-low")  # no eights in a double-seven set
    with pytest.raises(IllegalAction, match="not a contract"):
        bid.apply("nello sevens-low")  # Sevens is a contract; the sevens are the digit 7 (RULES.md §10)


def test_threes_low_makes_6_3_the_lowest_six_but_leaves_the_threes_and_the_doubles():
    # 001: "if 3s are low, a 3-6 is lower than the 6-blank"
    rules = Rules.from_preset("geezer")
    ts = rules.layout.tiles
    from engine.contracts import NELLO, Contract

    low = suit_table(ts, Contract(NELLO, low=3))
    six3, six0, six6, three3, five3 = (ts.id_of(t) for t in ("6-3", "6-0", "6-6", "3-3", "5-3"))
    assert low.winner_index([six0, six3], 6) == 0 and low.winner_index([six3, six0], 6) == 1
    assert low.winner_index([six6, six0], 6) == 0  # doubles stay high
    assert (
        low.winner_index([five3, six3], 3) == 1 and low.winner_index([six3, three3], 3) == 1
    )  # threes as usual
    plain = suit_table(ts, Contract(NELLO, doubles="high"))
    assert plain.winner_index([six0, six3], 6) == 1


def test_the_51_bid_may_name_count_as_trump():
    for bid, offered in (("50", False), ("51", True), ("52", False)):
        h = make_hand(variant="geezer", calls=[bid, *PASSES])
        assert ("count" in h.legal_actions()) is offered
    h = make_hand(variant="geezer", rules={"count_trump": False}, calls=["51", *PASSES])
    assert "count" not in h.legal_actions()
    with pytest.raises(IllegalAction, match="bid of 51"):
        make_hand(variant="geezer", calls=["52", *PASSES]).apply("count")


def test_count_trump_ranks_tens_over_fives_and_a_count_lead_calls_for_count():
    # 001: "count is trump and 5 or 10 count dominoes must be played in response to a count lead"
    from engine.contracts import COUNT, Contract

    ts = Rules.from_preset("geezer").layout.tiles
    table = suit_table(ts, Contract(COUNT))
    order = ["7-3", "6-4", "5-5", "5-0", "4-1", "3-2"]
    ids = [ts.id_of(t) for t in order]
    for hi, lo in zip(ids, ids[1:], strict=False):
        assert table.winner_index([lo, hi], table.lead_suit[lo]) == 1
    assert table.lead_suit[ts.id_of("5-5")] == table.trump and table.lead_suit[ts.id_of("5-1")] == 5
    h = make_hand(
        {
            0: ["3-2", "7-7", "7-6", "7-5", "7-4", "7-2", "7-1", "7-0", "6-6"],
            1: ["5-0", "1-1", "2-1", "2-2", "3-1", "3-3", "4-0", "4-2", "4-3"],
        },
        variant="geezer",
        calls=["51", *PASSES],
        contract="count",
    )
    h = h.apply("3-2")
    assert h.legal_actions() == ["5-0"]  # East must follow count with count


def test_a_count_trump_hand_is_made_with_51():
    h = run(
        make_hand(variant="geezer", rules={"play_out": True}, calls=["51", *PASSES], contract="count", seed=2)
    )
    assert sum(h.points) == 54 and h.made == (h.points[0] >= 51)


def test_scoring_is_by_marks_only_and_a_point_bid_scores_one_mark():
    with pytest.raises(RulesError, match="marks only"):
        Rules.from_preset("geezer", {"scoring": "points"})
    h = run(make_hand(variant="geezer", calls=["1 mark", *PASSES], contract="fives"))
    assert h.award() in ([1, 0], [0, 1])


def test_sevens_needs_45_and_sevens_are_the_digit_7():
    h = make_hand(variant="geezer", rules={"sevens": True}, calls=["44", *PASSES])
    assert "sevens" not in h.legal_actions() and "7" in h.legal_actions()
    h = make_hand(variant="geezer", rules={"sevens": True}, calls=["1 mark", *PASSES])
    assert "sevens" in h.legal_actions()
    sevens = h.apply("7").contract
    assert sevens is not None and sevens.trump == 7


def test_options_of_other_games_are_errors_here():
    with pytest.raises(RulesError, match="shoot_over is an option of Moon only"):
        Rules.from_preset("geezer", {"shoot_over": False})
    with pytest.raises(RulesError, match="count_trump is an option of Geezer only"):
        Rules.from_preset("standard", {"count_trump": True})
