"""RULES.md §8.4: Moon (source 001, "Shoot the Moon"), one test per rule and per example of the source."""

import random

import pytest

from engine import Game, Hand, IllegalAction, Rules, RulesError, read_record, view_for, write_record
from engine.replay import replay_text
from tests.engine.helpers import award, high, make_hand, make_record, play_all, run, winner

BID_5 = ["5", "pass", "pass"]  # dealer 2: seat 0 bids first


def test_the_set_has_no_blank_but_the_double_and_no_count():
    # 001: "removing all of the blank dominoes except for the double blank"; "no domino has a special value"
    rules = Rules.from_preset("moon")
    lay = rules.layout
    names = {lay.tiles.names[t] for t in lay.tiles.ids}
    assert len(names) == 22 and "0-0" in names and not names & {"1-0", "2-0", "3-0", "4-0", "5-0", "6-0"}
    assert (lay.players, lay.hand_size, lay.widow_size, lay.total) == (3, 7, 1, 7)
    assert all(lay.tiles.points[t] == 0 for t in lay.tiles.ids) and lay.trick_values == (1,) * 7
    assert not rules.layout.partners and rules.team_names == ("North", "East", "West")
    assert (rules.scoring, rules.target) == ("points", 21)  # 001: "played to 21 points"


def test_bids_are_four_to_seven_tricks_then_21():
    h = make_hand(variant="moon", dealer=2)
    assert h.legal_actions() == ["pass", "4", "5", "6", "7", "21"]  # 001: "the minimum bid is 4"
    with pytest.raises(IllegalAction):
        h.apply("3")
    with pytest.raises(IllegalAction, match="only over a 21"):
        h.apply("42")


def test_after_21_only_pass_or_shoot_it_over_and_after_42_only_pass():
    h = make_hand(variant="moon", dealer=2).apply("21")
    assert h.legal_actions() == ["pass", "42"]
    with pytest.raises(IllegalAction, match="after 21 you may only pass"):
        h.apply("7")
    h = h.apply("shoot over")  # the record's other spelling
    assert h.legal_actions() == ["pass"] and write_record(h)["calls"] == ["21", "42"]


def test_shoot_the_moon_is_an_alias_for_21():
    h = make_hand(variant="moon", dealer=2).apply("shoot the moon")
    assert high(h).text() == "21" and high(h).title() == "Shoot the moon"


def test_without_shoot_over_nothing_beats_21():
    h = make_hand(variant="moon", rules={"shoot_over": False}, dealer=2).apply("21")
    assert h.legal_actions() == ["pass"]
    with pytest.raises(IllegalAction, match="nothing beats 21"):
        h.apply("42")


def test_all_pass_is_thrown_in_or_the_dealer_must_bid_four():
    assert play_all(make_hand(variant="moon", dealer=2), "pass", "pass", "pass").complete
    h = play_all(make_hand(variant="moon", rules={"forced_bid": True}, dealer=2), "pass", "pass")
    assert h.turn == 2 and h.legal_actions() == ["4", "5", "6", "7", "21"]


def test_the_contract_comes_before_the_widow():
    h = make_hand(variant="moon", dealer=2, calls=BID_5)
    assert h.phase == "contract" and h.turn == 0
    assert h.legal_actions() == ["blanks", "ones", "twos", "threes", "fours", "fives", "sixes", "follow-me"]
    h = h.apply("fives")
    assert h.phase == "exchange" and h.legal_actions() == ["take"]


def test_the_bidder_takes_the_widow_and_may_discard_the_tile_he_took():
    h = make_hand(
        {0: ["6-6", "6-5", "5-5", "4-4", "3-3", "2-2", "1-1"]},
        variant="moon",
        dealer=2,
        widow=["2-1"],
        calls=BID_5,
        contract="sixes",
    )
    assert view_for(h, 0)["exchange"] == {"widow": [], "take": [], "discard": []}  # not seen until taken
    h = h.apply("take")
    assert "2-1" in h.tiles_of(0) and "discard 2-1" in h.legal_actions() and len(h.legal_actions()) == 8
    exchange = view_for(h, 0)["exchange"]
    assert exchange is not None and exchange["widow"] == ["2-1"]
    assert view_for(h, 1)["exchange"] == {"take": [], "discard": []}
    h = h.apply("discard 2-1")
    assert h.phase == "play" and h.turn == 0 and "2-1" not in h.tiles_of(0)
    assert write_record(h)["exchange"] == {"take": ["2-1"], "discard": ["2-1"]}


def test_doubles_trump_only_with_the_option_and_no_special_contracts():
    h = make_hand(variant="moon", rules={"doubles_trump": True}, dealer=2, calls=["7", "pass", "pass"])
    assert "doubles" in h.legal_actions() and not any(
        a.startswith(("nello", "sevens")) for a in h.legal_actions()
    )
    for option in ({"plunge": True}, {"splash": True}, {"sevens": True}, {"nello": "forced-only"}):
        with pytest.raises(RulesError, match="not available in Moon"):
            Rules.from_preset("moon", option)


def test_nello_with_the_option_on_a_bid_of_7_21_or_42_and_all_three_play():
    # 001: "Nello rules may also be used in Shoot the Moon"
    for calls in (["7", "pass", "pass"], ["21", "pass", "pass"], ["21", "42", "pass"]):
        h = make_hand(variant="moon", rules={"nello": "on"}, dealer=2, calls=calls)
        assert "nello doubles-high" in h.legal_actions()
    h = make_hand(variant="moon", rules={"nello": "on"}, dealer=2, calls=["6", "pass", "pass"])
    assert not any(a.startswith("nello") for a in h.legal_actions())
    with pytest.raises(IllegalAction, match="needs a bid of 7, 21 or 42"):
        h.apply("nello doubles-high")
    h = make_hand(
        variant="moon",
        rules={"nello": "on"},
        dealer=2,
        calls=["7", "pass", "pass"],
        contract="nello doubles-high",
    )
    h = run(h.apply("take"))
    assert h.seats_out == () and all(len(t.tiles) == 3 for t in h.tricks)


@pytest.mark.parametrize("seed", range(6))
def test_every_trick_is_played_and_the_others_score_their_tricks(seed):
    h = run(make_hand(variant="moon", dealer=2, calls=["6", "pass", "pass"], contract="fives", seed=seed))
    assert len(h.tricks) == 7 and sum(h.points) == 7
    scored = award(h)
    for p in (1, 2):
        assert scored[p] == h.points[p]
    assert scored[0] == (h.points[0] if h.made else -6)  # 001: "they instead lose the amount they bid"


def test_a_made_bid_scores_the_bid_under_made_scores_bid():
    for seed in range(20):
        h = run(
            make_hand(
                variant="moon",
                rules={"made_scores": "bid"},
                dealer=2,
                calls=["4", "pass", "pass"],
                contract="sixes",
                seed=seed,
            )
        )
        if h.made:
            assert award(h)[0] == 4
            return
    pytest.fail("no made hand among the seeds")


def test_shooting_the_moon_scores_21_or_loses_21_and_over_it_42():
    # 001: "Doing so is worth 21 points. Failing to catch all 7 tricks results in a loss of 21 points."
    h = run(make_hand(variant="moon", dealer=2, calls=["21", "pass", "pass"], contract="sixes", seed=1))
    assert award(h)[0] == (21 if h.made else -21)
    h = run(make_hand(variant="moon", dealer=2, calls=["21", "42", "pass"], contract="sixes", seed=1))
    assert h.bidder == 1 and award(h)[1] == (42 if h.made else -42)


def test_made_is_known_early_but_play_goes_on():
    h = make_hand(
        {0: ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "5-5"]},
        variant="moon",
        dealer=2,
        widow=["1-1"],
        calls=["4", "pass", "pass"],
        contract="sixes",
        exchange={"take": ["1-1"], "discard": ["1-1"]},
    )
    for _ in range(4 * 3):  # four trumps from the top: four tricks
        h = h.apply(h.legal_actions()[0])
    assert h.made is True and not h.complete and h.award() is None


def test_replay_gives_points_and_award_per_player_with_a_negative_award():
    record = make_record(variant="moon", dealer=2, calls=["7", "pass", "pass"], contract="blanks", seed=3)
    hand = run(read_record({**record, "exchange": None}).apply("take"))
    status, out = replay_text(__import__("json").dumps(write_record(hand)))
    assert status == 0 and len(out["points"]) == 3 and len(out["award"]["points"]) == 3
    if not out["made"]:
        assert out["award"]["points"][0] == -7


def test_the_game_goes_below_zero_the_bidder_wins_a_tie_at_21_and_other_ties_play_on():
    rules = Rules.from_preset("moon")
    moon = rules.variant
    hand = make_hand(variant="moon", dealer=2, calls=["5", "pass", "pass"], contract="fives")
    assert moon.winner(rules, (0, 0, 0), (-5, 3, 2), hand) is None
    assert moon.winner(rules, (18, 19, 0), (22, 21, 1), hand) == 0  # two at 21 or more: the bidder
    assert moon.winner(rules, (0, 19, 18), (-5, 22, 21), hand) == 1  # the bidder is not there: the higher
    assert moon.winner(rules, (0, 19, 19), (-5, 22, 22), hand) is None  # a tie plays another hand
    assert moon.winner(rules, (0, 19, 0), (-5, 22, 1), hand) == 1


def test_a_whole_game_ends_with_one_winner():
    # modest bids (random 21s and 42s sink every score below zero for good)
    rules = Rules.from_preset("moon")
    rng = random.Random(4)
    game = Game.new(rules, rng)
    for _ in range(300):
        h = game.deal(rng)
        while not h.complete:
            legal = h.legal_actions()
            if h.phase == "auction":
                legal = [a for a in legal if a in ("pass", "4")]
            h = h.apply(rng.choice(legal))
        game = game.record_hand(h)
        if game.over:
            break
    assert game.scores[winner(game)] >= 21


def test_scoring_by_marks_is_an_error():
    with pytest.raises(RulesError, match="scoring = 'marks' is not available in Moon"):
        Rules.from_preset("moon", {"scoring": "marks"})


def test_records_take_the_whole_widow_and_discard_as_many():
    base = make_record(variant="moon", dealer=2, calls=BID_5, contract="fives", widow=["2-1"], seed=2)
    # A hand stopped between the take and the discard is marked so; unmarked, the missing discard is an error.
    assert (
        read_record({**base, "exchange": {"take": ["2-1"], "discard": [], "done": False}}).phase == "exchange"
    )
    status, out = replay_text(
        __import__("json").dumps({**base, "exchange": {"take": ["2-1"], "discard": []}})
    )
    assert status == 1 and out["error"].endswith("discards one: the record discards none")
    assert out["at"] == {"exchange": 0}
    for exchange, words in [
        ({"take": ["1-1"], "discard": ["1-1"]}, "whole widow"),
        ({"take": [], "discard": ["2-1"]}, "take list"),
    ]:
        status, out = replay_text(__import__("json").dumps({**base, "exchange": exchange}))
        assert status == 1 and words in out["error"] and "exchange" in out["at"]
    played = {**base, "plays": ["6-6"]}
    status, out = replay_text(__import__("json").dumps(played))
    assert status == 1 and "before the exchange" in out["error"] and out["at"] == {"trick": 0, "seat": 0}
    no_contract = {**base, "contract": None, "exchange": {"take": ["2-1"], "discard": ["2-1"]}}
    status, out = replay_text(__import__("json").dumps(no_contract))
    assert status == 1 and "no contract" in out["error"]
    status, out = replay_text(__import__("json").dumps({**base, "widow": None}))
    assert status == 1 and "widow" in out["error"]


def test_a_new_deal_has_a_widow_of_one():
    h = Hand.new(Rules.from_preset("moon"), 0, random.Random(1))
    assert len(h.widow) == 1 and all(len(h.tiles_of(s)) == 7 for s in range(3))
