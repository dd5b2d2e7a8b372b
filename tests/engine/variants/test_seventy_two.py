"""RULES.md §8.5: Seventy-two (source 001, "72"), one test per rule and per example of the source."""

import json
import random

import pytest

from engine import IllegalAction, Rules, public_view, read_record, view_for, write_record
from engine.replay import replay_text
from tests.engine.helpers import award, make_hand, make_record, play_all, run

BID = ["40", "pass", "pass", "pass"]  # dealer 3: seat 0 bids first
# North holds trumps (sixes) and count but one plain tile, 2-1; the widow brings two more trumps.
NORTH = ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "5-5", "4-1", "3-2", "2-1"]
WIDOW = ["6-6", "5-5"]


def test_two_sets_without_blanks_ten_each_a_widow_of_two_and_72_points():
    # 001: "two sets of dominoes, blanks removed ... Each player gets 10 dominoes ... The two remaining
    # dominoes, known as 'The Widow'"
    rules = Rules.from_preset("seventy-two")
    lay = rules.layout
    names = [lay.tiles.names[t] for t in lay.tiles.ids]
    assert len(names) == 42 and not any(n.endswith("-0") for n in names) and names.count("6-4") == 2
    assert (lay.players, lay.hand_size, lay.widow_size) == (4, 10, 2)
    assert lay.tiles.count_total == 60 and lay.trick_values == (1,) * 9 + (3,) and lay.total == 72


def test_bids_run_40_to_71_then_marks_with_no_number_alias():
    # 001: "the starting bid is 40"
    h = make_hand(variant="seventy-two")
    legal = h.legal_actions()
    assert legal[:2] == ["pass", "40"] and "71" in legal and "72" not in legal
    assert legal[-2:] == ["1 mark", "2 marks"]
    with pytest.raises(IllegalAction):
        h.apply("72")
    with pytest.raises(IllegalAction):
        h.apply("39")


def test_a_forced_dealer_bids_at_least_40():
    h = play_all(make_hand(variant="seventy-two", rules={"forced_bid": True}), "pass", "pass", "pass")
    assert h.turn == 3 and "pass" not in h.legal_actions() and h.legal_actions()[0] == "40"


def test_the_contract_comes_first_and_blanks_are_no_suit():
    h = make_hand(variant="seventy-two", calls=BID)
    assert h.phase == "contract"
    assert h.legal_actions() == ["ones", "twos", "threes", "fours", "fives", "sixes", "doubles", "follow-me"]
    h = h.apply("sixes")
    assert h.phase == "exchange" and h.turn == 0 and h.legal_actions() == ["take"]


def test_discards_may_not_be_trumps_or_count_while_two_other_tiles_are_held():
    h = make_hand({0: NORTH}, variant="seventy-two", widow=["3-1", "4-2"], calls=BID, contract="sixes")
    h = h.apply("take")
    assert h.legal_actions() == ["discard 2-1", "discard 3-1", "discard 4-2"]
    with pytest.raises(IllegalAction, match="trump or a count"):
        h.apply("discard 6-5")
    with pytest.raises(IllegalAction, match="trump or a count"):
        h.apply("discard 4-1")


def test_with_fewer_than_two_plain_tiles_every_plain_one_goes_and_trumps_or_count_make_up_the_rest():
    # 001: "they are not allowed to throw away trumps or count. If this can't be avoided, any count goes to
    # the other team, and any trump that is thrown out must be turned face up."
    north = ["6-5", "6-4", "6-3", "6-2", "6-1", "5-5", "4-1", "3-2", "2-1", "5-4"]  # 5-4 and 2-1 plain
    h = make_hand({0: north}, variant="seventy-two", widow=WIDOW, calls=BID, contract="sixes").apply("take")
    assert [a for a in h.legal_actions() if a in ("discard 6-5", "discard 2-1")] == ["discard 2-1"]
    h = make_hand({0: NORTH}, variant="seventy-two", widow=WIDOW, calls=BID, contract="sixes").apply("take")
    assert len(h.legal_actions()) == len(set(NORTH) | set(WIDOW))  # only 2-1 is plain: anything may go
    h = h.apply("discard 6-4")  # a trump and a count tile: it scores 10 for the defenders at once
    assert h.points == [0, 10] and h.legal_actions() == ["discard 2-1"]
    h = h.apply("discard 2-1")
    assert h.phase == "play" and h.points == [0, 10]
    assert view_for(h, 1)["exchange"] == {"take": [], "discard": ["6-4"]}  # face up for everyone
    assert public_view(h)["exchange"] == {"take": [], "discard": ["6-4"]}
    assert view_for(h, 0)["exchange"] == {"widow": WIDOW, "take": WIDOW, "discard": ["6-4", "2-1"]}


def test_a_discarded_trump_is_face_up_but_a_plain_discard_is_not():
    h = make_hand({0: NORTH}, variant="seventy-two", widow=WIDOW, calls=BID, contract="sixes")
    h = play_all(h, "take", "discard 6-3", "discard 2-1")
    exchange = view_for(h, 2)["exchange"]
    assert exchange is not None and exchange["discard"] == ["6-3"] and h.points == [0, 0]


def test_discarded_count_can_decide_the_hand_before_the_first_lead():
    h = make_hand(
        {0: NORTH}, variant="seventy-two", widow=WIDOW, calls=["71", "pass", "pass", "pass"], contract="sixes"
    )
    h = play_all(h, "take", "discard 5-5")
    assert not h.complete
    h = h.apply("discard 2-1")
    assert h.complete and h.made is False and h.tricks == [] and h.award() == [0, 1]
    status, out = replay_text(json.dumps({**write_record(h), "plays": ["6-6"]}))
    assert status == 1 and "after the hand is over" in out["error"]


def test_no_trump_contracts_protect_only_count():
    # "Trumps, for that rule: ... none in follow-me, Nello or Sevens"
    h = make_hand({0: NORTH}, variant="seventy-two", widow=["3-1", "4-2"], calls=BID, contract="follow-me")
    h = h.apply("take")
    assert "discard 6-5" in h.legal_actions() and "discard 5-5" not in h.legal_actions()


def test_sevens_trump_counts_as_trump_for_the_discard_rule():
    h = make_hand(
        {0: NORTH},
        variant="seventy-two",
        rules={"sevens_trump": True},
        widow=["3-1", "4-2"],
        calls=BID,
        contract="sevens-trump",
    ).apply("take")
    assert "discard 6-1" not in h.legal_actions() and "discard 6-5" in h.legal_actions()


@pytest.mark.parametrize("seed", range(5))
def test_the_last_trick_is_worth_three_and_a_played_out_hand_totals_72(seed):
    h = run(
        make_hand(variant="seventy-two", rules={"play_out": True}, calls=BID, contract="fives", seed=seed)
    )
    assert len(h.tricks) == 10 and sum(h.points) == 72
    for i, trick in enumerate(h.tricks):
        count = sum(h.ts.points[t] for t in trick.tiles)
        assert trick.points == count + (3 if i == 9 else 1)


def test_identical_tiles_the_first_played_wins():
    sixes = ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1"]  # every six is with North or East
    h = make_hand(
        {0: sixes + ["5-5", "4-4", "3-3", "2-2"], 1: sixes + ["5-4", "5-3", "4-3", "3-2"]},
        variant="seventy-two",
        widow=["1-1", "2-1"],
        calls=BID,
        contract="follow-me",
    )
    h = play_all(h, "take", "discard 1-1", "discard 2-1", "6-5", "6-5")
    while h.trick:
        h = h.apply(h.legal_actions()[0])
    assert h.tricks[0].winner == 0  # East's 6-5 ties North's, played first


def test_plunge_lets_the_partner_name_the_contract_and_the_bidder_still_takes_the_widow():
    doubles = ["6-6", "5-5", "4-4", "3-3", "2-2", "1-1", "6-1", "5-1", "4-1", "3-1"]
    h = make_hand(
        {0: doubles}, variant="seventy-two", rules={"plunge": True}, calls=["plunge", "pass", "pass", "pass"]
    )
    assert h.phase == "contract" and h.turn == 2 and h.declarer == 2
    assert not any(a.startswith(("nello", "sevens")) for a in h.legal_actions())
    h = play_all(h, "fives")
    assert h.phase == "exchange" and h.turn == 0
    h = h.apply("take")
    for _ in range(2):
        h = h.apply(h.legal_actions()[0])
    assert h.phase == "play" and h.turn == 2


def test_nello_with_the_option_the_partner_sits_out_and_the_bidder_exchanges():
    h = make_hand(
        variant="seventy-two",
        rules={"nello": "on"},
        calls=["1 mark", "pass", "pass", "pass"],
        contract="nello doubles-high",
    )
    assert h.seats_out == (2,) and h.phase == "exchange" and h.turn == 0
    h = run(h)
    assert all(len(t.tiles) == 3 for t in h.tricks)


def test_points_scoring_aims_at_400_and_a_mark_is_worth_72():
    rules = Rules.from_preset("seventy-two", {"scoring": "points"})
    assert rules.target == 400 and rules.mark_points == 72
    h = run(
        make_hand(
            variant="seventy-two",
            rules={"scoring": "points"},
            calls=["1 mark", "pass", "pass", "pass"],
            contract="sixes",
            seed=3,
        )
    )
    assert sorted(award(h)) == [0, 72]


def test_a_record_without_its_widow_is_an_error_and_records_round_trip():
    record = make_record(variant="seventy-two", calls=BID, contract="fours", seed=6)
    status, out = replay_text(json.dumps({**record, "widow": []}))
    assert status == 1 and "widow" in out["error"]
    rng = random.Random(2)
    h = read_record(record)
    while not h.complete:
        h = h.apply(rng.choice(h.legal_actions()))
        assert read_record(json.loads(json.dumps(write_record(h)))) == h


def test_a_record_that_takes_both_widow_tiles_must_discard_two():
    # RULES.md §8.5: "the winner names the contract, takes both widow tiles and discards two of his 12 tiles";
    # HAND-RECORD.md: "discard lists as many tiles [as take] ...; anything else is an error".
    record = make_record({0: NORTH}, variant="seventy-two", widow=["3-1", "4-2"], calls=BID, contract="sixes")
    for discard in ([], ["2-1"]):
        exchange = {"take": ["3-1", "4-2"], "discard": discard}
        status, out = replay_text(json.dumps({**record, "exchange": exchange}))
        assert status == 1 and out["ok"] is False
        assert out["error"].endswith(f"discards two: the record discards {['none', 'one'][len(discard)]}")
        assert out["at"] == {"exchange": len(discard)}
    status, out = replay_text(
        json.dumps({**record, "exchange": {"take": ["3-1", "4-2"], "discard": ["2-1", "3-1"]}})
    )
    assert status == 0 and out["complete"] is False and out["contract"] == "sixes"


def test_a_hand_stopped_between_the_two_discards_is_written_as_an_open_exchange_and_reads_back():
    h = make_hand({0: NORTH}, variant="seventy-two", widow=["3-1", "4-2"], calls=BID, contract="sixes")
    h = h.apply("take").apply("discard 2-1")
    record = write_record(h)
    assert record["exchange"] == {"take": ["3-1", "4-2"], "discard": ["2-1"], "done": False}
    assert read_record(json.loads(json.dumps(record))) == h
