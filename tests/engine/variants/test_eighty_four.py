"""RULES.md §8.7: Eighty-four (source 001, "84"), one test per rule and per example of the source."""

import random

import pytest

from engine import Hand, IllegalAction, Rules, RulesError, read_record, write_record
from tests.engine.helpers import make_hand, play_all, run

PASS7 = ["pass"] * 7


def test_eight_players_two_sets_seven_each_tricks_worth_two_and_84_points():
    # 001: "84, a variant played with two sets of dominoes. Play usually consists of six to eight players."
    rules = Rules.from_preset("eighty-four")
    lay = rules.layout
    assert (rules.players, len(lay.tiles), lay.hand_size, lay.widow_size, lay.trick_values) == (
        8,
        56,
        7,
        0,
        (2,) * 7,
    )
    assert lay.total == 84 and rules.mark_points == 84
    assert rules.seat_names == (
        "North",
        "Northeast",
        "East",
        "Southeast",
        "South",
        "Southwest",
        "West",
        "Northwest",
    )
    assert [rules.team_of(s) for s in range(8)] == [0, 1] * 4 and rules.team_names == (
        "N·E·S·W",
        "NE·SE·SW·NW",
    )


def test_six_players_have_nine_each_a_kitty_and_88_points():
    rules = Rules.from_preset("eighty-four", {"players": 6})
    lay = rules.layout
    assert (rules.players, lay.hand_size, lay.widow_size, lay.total) == (6, 9, 2, 88)
    h = make_hand(
        {0: ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "5-5", "2-1", "1-1"]},
        variant="eighty-four",
        rules={"players": 6},
        dealer=5,
        widow=["4-1", "2-0"],
        calls=["60"] + ["pass"] * 5,
    )
    assert h.phase == "exchange" and h.legal_actions() == ["take 2-0", "take 4-1"]  # before the contract
    with pytest.raises(IllegalAction, match="count tile must be taken"):
        h.apply("keep")
    h = play_all(h, "take 4-1", "discard 2-1", "keep")
    assert h.phase == "contract" and "doubles" in h.legal_actions()  # bids name no trump: any contract


def test_bids_run_60_to_82_in_twos_then_marks_without_number_aliases():
    h = make_hand(variant="eighty-four", dealer=7)
    legal = h.legal_actions()
    assert legal[:3] == ["pass", "60", "62"] and "82" in legal and "84" not in legal and "61" not in legal
    assert legal[-2:] == ["1 mark", "2 marks"]
    with pytest.raises(IllegalAction):
        h.apply("84")
    six = make_hand(variant="eighty-four", rules={"players": 6}, dealer=5).legal_actions()
    assert "86" in six and "88" not in six


def test_a_forced_dealer_bids_at_least_60():
    h = play_all(make_hand(variant="eighty-four", rules={"forced_bid": True}, dealer=7), *PASS7)
    assert h.turn == 7 and h.legal_actions()[0] == "60"


def test_pistol_is_nello_on_a_mark_bid_with_every_partner_sitting_out():
    # 001: "bidding 'pistol' instead of 'nello'"
    h = make_hand(variant="eighty-four", dealer=7, calls=["82", *PASS7])
    assert not any(a.startswith("nello") for a in h.legal_actions())
    h = make_hand(variant="eighty-four", dealer=7, calls=["1 mark", *PASS7])
    h = h.apply("pistol doubles-low")
    assert h.seats_out == (2, 4, 6) and write_record(h)["contract"] == "nello doubles-low"
    h = run(h)
    assert all(len(t.tiles) == 5 and set(t.seats) <= {0, 1, 3, 5, 7} for t in h.tricks)
    six = run(
        make_hand(
            variant="eighty-four",
            rules={"players": 6},
            dealer=5,
            calls=["1 mark"] + ["pass"] * 5,
            exchange={"take": [], "discard": [], "done": True},
            contract="pistol",
        )
    )
    assert six.seats_out == (2, 4) and all(len(t.tiles) == 4 for t in six.tricks)


def test_no_plunge_or_splash_and_players_must_be_8_or_6():
    for option in ({"plunge": True}, {"splash": True}):
        with pytest.raises(RulesError, match="not available in Eighty-four"):
            Rules.from_preset("eighty-four", option)
    with pytest.raises(RulesError, match="players must be one of 8, 6, not 7"):
        Rules.from_preset("eighty-four", {"players": 7})
    with pytest.raises(RulesError, match="players is an option of Eighty-four only"):
        Rules.from_preset("standard", {"players": 6})


@pytest.mark.parametrize("players, total", [(8, 84), (6, 88)])
def test_a_played_out_hand_totals_84_or_88(players, total):
    rules = Rules.from_preset("eighty-four", {"players": players, "play_out": True})
    rng = random.Random(players)
    h = Hand.new(rules, 0, rng)
    h = h.apply(h.legal_actions()[1])
    while not h.complete:
        h = h.apply(rng.choice([a for a in h.legal_actions() if not a.startswith(("nello", "sevens"))]))
    assert sum(h.points) == total and len(h.tricks) == rules.layout.hand_size
    assert read_record(write_record(h)) == h


def test_points_scoring_aims_at_500():
    assert Rules.from_preset("eighty-four", {"scoring": "points"}).target == 500
