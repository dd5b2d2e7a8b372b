"""RULES.md §8.3: Eighty-eight."""

import random

import pytest

from engine import Hand, IllegalAction, Rules, RulesError, read_record, write_record
from tests.engine.helpers import make_hand, play_all, run


def test_eighty_eight_set_and_teams():
    rules = Rules.from_preset("eighty-eight")
    lay = rules.layout
    assert (lay.players, len(lay.tiles), lay.hand_size, lay.widow_size, lay.trick_value, lay.total) == (
        6,
        56,
        9,
        2,
        2,
        88,
    )
    assert [rules.team_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    assert rules.scoring == "points" and rules.target == 500


def test_eighty_eight_bids_name_a_trump_the_bidder_holds():
    h = make_hand(
        {0: ["6-6", "6-5", "5-5", "6-4", "5-4", "4-4", "6-3", "5-3", "4-3"]}, variant="eighty-eight", dealer=5
    )
    legal = h.legal_actions()
    assert "60 sixes" in legal and "88 threes" in legal and "176 fives" in legal
    assert not any(a.endswith("blanks") or a.endswith("ones") or a.endswith("twos") for a in legal)
    assert "61 sixes" not in legal and "264 sixes" not in legal
    with pytest.raises(IllegalAction, match="you hold no blanks"):
        h.apply("60 blanks")
    with pytest.raises(IllegalAction, match="names its trump"):
        h.apply("60")


def test_eighty_eight_contract_must_be_the_bid_suit_and_no_nello():
    h = make_hand(
        {0: ["6-6", "6-5", "5-5", "6-4", "5-4", "4-4", "6-3", "5-3", "4-3"]},
        variant="eighty-eight",
        dealer=5,
        calls=["64 fives"] + ["pass"] * 5,
        exchange={"take": [], "discard": [], "done": True},
    )
    assert h.legal_actions() == ["fives"]
    with pytest.raises(IllegalAction, match="must be that suit"):
        h.apply("sixes")
    with pytest.raises(RulesError):
        Rules.from_preset("eighty-eight", {"nello": "on"})


def test_eighty_eight_kitty_count_must_be_taken_and_replaced():
    h = make_hand(
        {0: ["6-6", "6-5", "6-2", "6-1", "2-2", "1-1", "6-3", "5-3", "4-3"]},
        variant="eighty-eight",
        dealer=5,
        widow=["5-5", "2-0"],
        calls=["64 sixes"] + ["pass"] * 5,
    )
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
    deal = {
        0: ["6-5", "3-3", "3-2", "3-1", "3-0", "2-2", "2-1", "2-0", "1-1"],
        1: ["6-6", "0-0", "1-0", "4-1", "4-0", "4-4", "4-3", "4-2", "5-0"],
        2: ["6-6", "0-0", "1-0", "4-1", "4-0", "4-4", "4-3", "4-2", "5-0"],
    }
    h = make_hand(
        deal,
        variant="eighty-eight",
        dealer=5,
        calls=["60 threes"] + ["pass"] * 5,
        exchange={"take": [], "discard": [], "done": True},
        contract="threes",
        seed=1,
    )
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
    h = make_hand(
        {0: ["6-6", "6-5", "5-5", "6-4", "5-4", "4-4", "6-3", "5-3", "4-3"]},
        variant="eighty-eight",
        dealer=5,
        calls=["176 sixes"],
    )
    assert [a for a in h.legal_actions() if a.startswith("264")] != []
    assert not any(a.startswith("352") for a in h.legal_actions())
