"""RULES.md §11: sevens trump, mark raises up to double, stacking, and drawing for shaker and partners."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Rules, RulesError, public_view, read_record, view_for, write_record
from engine.contracts import SEVENS_TRUMP, Contract
from engine.draw import draw_seats
from engine.suits import suit_table
from tests.engine.helpers import BID_31, make_hand, play_all, run

# --- sevens trump (003) ---------------------------------------------------------------------------------


def test_sevens_trump_is_offered_only_with_the_option():
    assert "sevens-trump" not in make_hand(calls=BID_31).legal_actions()
    assert "sevens-trump" in make_hand(rules={"sevens_trump": True}, calls=BID_31).legal_actions()


def test_the_sevens_are_trump_ranked_by_their_higher_end_and_belong_to_trump_only():
    # 003: "all those dominoes whose sides sum to seven ... 6/1 beats 5/2 beats 4/3"
    for preset, sevens in (("standard", ["6-1", "5-2", "4-3"]), ("big-game", ["7-0", "6-1", "5-2", "4-3"])):
        ts = Rules.from_preset(preset).layout.tiles
        table = suit_table(ts, Contract(SEVENS_TRUMP))
        ids = [ts.id_of(t) for t in sevens]
        assert {t for t in ts.ids if table.members[table.trump] >> t & 1} == set(ids)
        for hi, lo in zip(ids, ids[1:], strict=False):
            assert table.winner_index([lo, hi], table.trump) == 1
        six1, six6, six5 = ts.id_of("6-1"), ts.id_of("6-6"), ts.id_of("6-5")
        assert not table.members[6] >> six1 & 1 and table.lead_suit[six6] == 6  # doubles head their number
        assert table.winner_index([six5, six1], 6) == 1  # a seven trumps a six lead
        assert table.winner_index([six5, six6], 6) == 1


def test_sevens_trump_after_plunge_but_not_in_eighty_eight():
    h = make_hand(
        {0: ["6-6", "5-5", "4-4", "3-3", "2-2", "6-1", "5-2"]},
        rules={"sevens_trump": True},
        calls=["plunge", "pass", "pass", "pass"],
    )
    assert "sevens-trump" in h.legal_actions()
    with pytest.raises(RulesError, match="sevens_trump = true is not available in Eighty-eight"):
        Rules.from_preset("eighty-eight", {"sevens_trump": True})


def test_a_sevens_trump_hand_plays_out_and_replays():
    h = run(make_hand(rules={"sevens_trump": True, "play_out": True}, calls=BID_31, contract="sevens-trump"))
    assert sum(h.points) == 42 and read_record(write_record(h)) == h


# --- mark raises up to double (003) ---------------------------------------------------------------------


def test_over_m_marks_the_next_bid_may_be_m_plus_one_to_2m():
    # 003: "the bidding limit at two or TWICE the previous mark, instead of just one higher"
    h = make_hand(rules={"mark_raise": "double"})
    assert [a for a in h.legal_actions() if "mark" in a] == [
        "1 mark",
        "2 marks",
    ]  # the opening keeps its limit
    h = h.apply("2 marks")
    assert [a for a in h.legal_actions() if "mark" in a] == ["3 marks", "4 marks"]
    h = h.apply("4 marks")
    assert [a for a in h.legal_actions() if "mark" in a] == ["5 marks", "6 marks", "7 marks", "8 marks"]


def test_plunge_keeps_one_mark_more_under_double_raises():
    h = make_hand({2: ["6-6", "5-5", "4-4", "3-3", "2-1", "6-1", "5-2"]}, rules={"mark_raise": "double"})
    h = play_all(h, "2 marks", "4 marks")
    assert "plunge 5" in h.legal_actions() and "plunge 8" not in h.legal_actions()


def test_one_raise_is_the_default():
    h = make_hand().apply("2 marks")
    assert [a for a in h.legal_actions() if "mark" in a] == ["3 marks"]


# --- stacking (001) -------------------------------------------------------------------------------------


def _stacked_hand(mode: str, calls: list[str]):
    # North holds every six: the bidders take the first tricks, so the hand goes on
    return make_hand(
        {0: ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"]},
        rules={"stacking": mode},
        calls=calls,
        contract="sixes",
        seed=3,
    )


def test_stacking_hides_finished_tricks_from_the_table_once_the_next_lead_is_played():
    h = _stacked_hand("marks", ["1 mark", "pass", "pass", "pass"])
    for _ in range(4):
        h = h.apply(h.legal_actions()[0])
    view = public_view(h)
    assert view["stacked"] and len(view["tricks"]) == 1  # the trick just finished, until the next lead
    assert view["points"] is None and sum(view["tricks_taken"]) == 1
    h = h.apply(h.legal_actions()[0])  # the next lead
    view = public_view(h)
    assert view["tricks"] == [] and len(view["trick"]) == 1
    assert view_for(h, 0)["stacked"]
    assert "'seat'" in repr(view["trick"]) and all(name not in repr(view) for name in h.tiles_of(1))


def test_stacking_needs_a_high_enough_bid_and_shows_everything_once_the_hand_is_over():
    h = _stacked_hand("marks", BID_31)
    for _ in range(5):
        h = h.apply(h.legal_actions()[0])
    assert not public_view(h)["stacked"] and len(public_view(h)["tricks"]) >= 1
    assert not public_view(_stacked_hand("two-marks", ["1 mark", "pass", "pass", "pass"]))["stacked"]
    assert public_view(_stacked_hand("two-marks", ["2 marks", "pass", "pass", "pass"]))["stacked"]
    done = run(
        make_hand(rules={"stacking": "marks"}, calls=["1 mark", "pass", "pass", "pass"], contract="sixes")
    )
    assert not public_view(done)["stacked"] and len(public_view(done)["tricks"]) == len(done.tricks)


def test_stacking_counts_geezer_and_moon_bids_by_their_marks():
    geezer = make_hand(
        variant="geezer",
        rules={"stacking": "marks"},
        calls=["1 mark", "pass", "pass", "pass"],
        contract="fives",
    )
    assert public_view(geezer)["stacked"]
    moon = make_hand(
        variant="moon",
        rules={"stacking": "two-marks"},
        dealer=2,
        calls=["7", "pass", "pass"],
        contract="fives",
    )
    assert not public_view(moon)["stacked"]
    moon = make_hand(
        variant="moon",
        rules={"stacking": "two-marks"},
        dealer=2,
        calls=["21", "pass", "pass"],
        contract="fives",
    )
    assert public_view(moon)["stacked"]


def test_replay_ignores_stacking_and_the_draw():
    plain = run(make_hand(calls=["1 mark", "pass", "pass", "pass"], contract="sixes", seed=3))
    dressed = run(
        make_hand(
            rules={"stacking": "marks", "draw": "partners"},
            calls=["1 mark", "pass", "pass", "pass"],
            contract="sixes",
            seed=3,
        )
    )
    assert plain.summary() == dressed.summary()


# --- drawing for shaker and partners (003, 002) ---------------------------------------------------------


def _pips(tile: str) -> int:
    return int(tile[0]) + int(tile[2])


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    st.sampled_from(["standard", "three-hand", "eighty-eight", "eighty-four", "moon"]),
    st.sampled_from(["dealer", "partners"]),
    st.integers(0, 2**32),
)
def test_the_highest_draw_deals_and_partners_are_the_higher_half_against_the_lower(preset, mode, seed):
    rules = Rules.from_preset(preset, {"draw": mode})
    n = rules.players
    draw = draw_seats(rules, random.Random(seed))
    assert sorted(draw.seating) == list(range(n)) and [p for p, _ in draw.rounds[0]] == list(range(n))
    keys: dict[int, list[int]] = {p: [] for p in range(n)}
    for round_ in draw.rounds:
        for p, tile in round_:
            keys[p].append(_pips(tile))
    best = draw.seating[draw.first_dealer]
    assert all(keys[best] > keys[p] for p in range(n) if p != best)  # ties for highest were drawn again
    if mode == "partners" and rules.layout.partners:
        assert draw.first_dealer == 0
        high = [draw.seating[s] for s in range(0, n, 2)]
        low = [draw.seating[s] for s in range(1, n, 2)]
        assert min(keys[p] for p in high) > max(keys[p] for p in low)  # ties across the halves drew again
        assert [keys[p] for p in high] == sorted((keys[p] for p in high), reverse=True)
        assert [keys[p] for p in low] == sorted((keys[p] for p in low), reverse=True)
    else:
        assert draw.seating == tuple(range(n))


def test_a_tie_for_highest_draws_again():
    for seed in range(200):
        draw = draw_seats(Rules.from_preset("standard", {"draw": "dealer"}), random.Random(seed))
        if len(draw.rounds) > 1:
            first = [_pips(t) for _, t in draw.rounds[0]]
            again = [p for p, _ in draw.rounds[1]]
            assert again == [p for p in range(4) if first[p] == max(first)] and len(again) > 1
            return
    pytest.fail("no tie in 200 draws")


def test_without_the_option_the_first_dealer_is_random_and_seats_stay():
    draw = draw_seats(Rules.from_preset("standard"), random.Random(1))
    assert draw.rounds == () and draw.seating == (0, 1, 2, 3) and 0 <= draw.first_dealer < 4


def test_house_rules_round_trip_through_records():
    h = make_hand(
        rules={"mark_raise": "double", "stacking": "two-marks", "sevens_trump": True, "draw": "dealer"}
    )
    h = play_all(h, "2 marks", "4 marks", "pass", "pass")
    record = write_record(h)
    assert record["rules"] == {
        "mark_raise": "double",
        "stacking": "two-marks",
        "sevens_trump": True,
        "draw": "dealer",
    }
    assert read_record(record) == h
