"""RULES.md §4 and §6: which contracts may be named; Nello; Sevens."""

import pytest

from engine import IllegalAction, view_for
from tests.engine.helpers import make_hand, play_all

ONE_MARK = ["1 mark", "pass", "pass", "pass"]
NORTH = ["6-6", "6-2", "5-5", "3-3", "2-0", "1-1", "0-0"]
EAST = ["6-4", "6-1", "5-1", "4-0", "3-1", "2-2", "1-0"]
SOUTH = ["6-5", "5-4", "5-3", "4-4", "4-3", "3-0", "2-1"]
WEST = ["6-3", "6-0", "5-2", "5-0", "4-2", "4-1", "3-2"]
DEAL = {0: NORTH, 1: EAST, 2: SOUTH, 3: WEST}


def contract_phase(calls=ONE_MARK, **kw):
    return make_hand(DEAL, calls=calls, **kw)


def test_default_contracts_after_a_point_bid():
    h = contract_phase(["31", "pass", "pass", "pass"])
    assert h.legal_actions() == [
        "blanks",
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "doubles",
        "follow-me",
    ]


def test_nello_needs_one_mark():
    h = contract_phase(["31", "pass", "pass", "pass"])
    with pytest.raises(IllegalAction, match="1 mark or more"):
        h.apply("nello")
    legal = contract_phase().legal_actions()
    assert {"nello doubles-high", "nello doubles-low", "nello doubles-suit"} <= set(legal)


def test_doubles_and_follow_me_options_off():
    h = contract_phase(rules={"doubles_trump": False, "follow_me": False, "nello": "off"})
    assert h.legal_actions() == ["blanks", "ones", "twos", "threes", "fours", "fives", "sixes"]
    with pytest.raises(IllegalAction, match="not played at this table"):
        h.apply("doubles")


def test_nello_partner_sits_out_and_tricks_have_three_tiles():
    h = contract_phase().apply("nello doubles-high")
    assert h.out == 2 and h.turn == 0
    h = play_all(h, "2-0", "2-2")
    assert h.turn == 3  # South is skipped
    h = h.apply("5-2")
    assert len(h.tricks) == 1 and len(h.tricks[0].tiles) == 3 and h.tricks[0].winner == 1
    assert view_for(h, 2)["tile_counts"][2] == 7


def test_nello_is_set_by_the_first_trick_the_bidder_takes():
    h = play_all(contract_phase().apply("nello doubles-high"), "6-6", "6-1", "6-3")
    assert h.made is False and h.complete and h.award() == [0, 1]


def test_nello_made_by_losing_every_trick_and_the_partners_count_scores_for_nobody():
    deal = {
        0: ["1-0", "2-0", "5-3", "2-1", "5-2", "6-2", "2-2"],
        1: ["5-5", "6-4", "3-3", "6-0", "6-6", "6-1", "1-1"],
        2: ["5-0", "4-1", "3-2", "4-3", "4-0", "6-5", "4-4"],
        3: ["0-0", "3-1", "3-0", "4-2", "5-1", "6-3", "5-4"],
    }
    h = make_hand(deal, calls=ONE_MARK, contract="nello doubles-high")
    while not h.complete:
        h = h.apply(h.legal_actions()[-1] if h.turn == 0 else h.legal_actions()[0])
    assert h.made is True and h.award() == [1, 0]
    assert sum(h.points) == 42 - 15  # South's 5-0, 4-1 and 3-2 are never played


def test_nello_doubles_low():
    h = play_all(contract_phase().apply("nello doubles-low"), "1-1", "1-0", "4-1")
    assert h.tricks[0].winner == 3  # the double one ranks lowest: 4-1 beats 1-0, which beats 1-1
    h = play_all(contract_phase().apply("nello doubles-high"), "1-1", "1-0", "4-1")
    assert h.tricks[0].winner == 0


def test_nello_doubles_own_suit():
    h = contract_phase().apply("nello doubles-suit").apply("5-5")
    assert h.legal_actions() == ["2-2"]  # a double led calls for doubles; South sits out
    h = contract_phase().apply("nello doubles-suit").apply("6-2")
    assert set(h.legal_actions()) == {"6-4", "6-1"}


@pytest.mark.parametrize(
    "choices, legal",
    [
        (["high"], ["nello"]),
        (["low"], ["nello"]),
        (["low", "suit"], ["nello doubles-low", "nello doubles-suit"]),
    ],
)
def test_nello_doubles_option_restricts_the_choice(choices, legal):
    h = contract_phase(rules={"nello_doubles": choices})
    assert [a for a in h.legal_actions() if a.startswith("nello")] == legal
    if choices == ["low"]:
        assert h.apply("nello").contract.doubles == "low"
    if "high" not in choices:
        with pytest.raises(IllegalAction):
            h.apply("nello doubles-high")


def test_nello_off_and_forced_only():
    assert not any(a.startswith("nello") for a in contract_phase(rules={"nello": "off"}).legal_actions())
    rules = {"nello": "forced-only", "forced_bid": True}
    forced = make_hand(DEAL, calls=["pass", "pass", "pass", "1 mark"], rules=rules)
    assert forced.bidder == 3 and "nello doubles-high" in forced.legal_actions()
    unforced = contract_phase(rules=rules)
    assert not any(a.startswith("nello") for a in unforced.legal_actions())
    # forced-only without forced_bid: Nello is never possible
    no_force = make_hand(DEAL, calls=["pass", "pass", "pass", "1 mark"], rules={"nello": "forced-only"})
    assert not any(a.startswith("nello") for a in no_force.legal_actions())


def test_sevens_option_and_its_bid():
    assert "sevens" not in contract_phase().legal_actions()
    assert "sevens" in contract_phase(rules={"sevens": True}).legal_actions()
    assert (
        "sevens" not in contract_phase(["31", "pass", "pass", "pass"], rules={"sevens": True}).legal_actions()
    )


SEVENS_DEAL = {
    0: ["4-3", "6-6", "0-0", "1-0", "2-0", "3-0", "4-0"],
    1: ["5-2", "6-1", "5-5", "2-1", "1-1", "6-0", "3-1"],
    2: ["6-2", "5-3", "4-4", "3-3", "2-2", "4-1", "5-0"],
    3: ["6-4", "5-4", "6-3", "3-2", "4-2", "6-5", "5-1"],
}


def sevens(**kw):
    return make_hand(SEVENS_DEAL, calls=ONE_MARK, contract="sevens", rules={"sevens": True, **kw})


def test_sevens_forces_the_closest_tile_leader_included():
    h = sevens()
    assert h.legal_actions() == ["4-3"]
    with pytest.raises(IllegalAction, match="closest to 7: you hold 4-3"):
        h.apply("6-6")
    h = h.apply("4-3")
    assert sorted(h.legal_actions()) == ["5-2", "6-1"]  # both distance 0: he chooses


def test_sevens_ties_go_to_the_first_played():
    h = play_all(sevens(), "4-3", "5-2", "5-3", "5-1")
    assert h.tricks[0].winner == 0  # 4-3 and 5-2 are both exactly 7: the first played wins


def test_sevens_must_take_every_trick():
    h = play_all(sevens(), "4-3", "6-1", "5-3", "5-1")
    assert h.tricks[0].winner == 0 and h.turn == 0
    h = play_all(h, "4-0", "5-2")  # North must lead 4-0 (3 away); 5-2 (exactly 7) beats it
    h = h.apply(h.legal_actions()[0])
    h = h.apply(h.legal_actions()[0])
    assert h.made is False and h.complete and h.award() == [0, 1]


def test_sevens_target_plays_sixes():
    h = sevens(sevens_target=6)
    assert h.legal_actions() == ["4-3"]  # seven pips, one from six: North's closest
    assert h.apply("4-3").legal_actions() == [
        "6-0"
    ]  # East's 6-0 is exactly six; under Sevens it would be 5-2 or 6-1
