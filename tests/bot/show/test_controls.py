"""The controls of the newer games (Moon, Seventy-two, Geezer, Eighty-four) and the §11 house rules: BOT.md's
labels, only legal actions, and every legal action within reach on Discord's 25 buttons."""

from __future__ import annotations

import random

import pytest

from bot.show.controls import MAX_BUTTONS, group_controls, page, turn_controls
from bot.show.wording import action_label, action_phrase, contract_title, game_words
from engine import Game, Rules
from tests.engine.helpers import make_hand

TABLES = [
    ("moon", {}),
    ("moon", {"nello": "on", "doubles_trump": True, "sevens_trump": True}),
    ("seventy-two", {}),
    (
        "seventy-two",
        {
            "nello": "on",
            "plunge": True,
            "splash": True,
            "sevens": True,
            "sevens_trump": True,
            "mark_raise": "double",
        },
    ),
    ("geezer", {}),
    ("geezer", {"sevens_trump": True, "sevens": True, "mark_raise": "double"}),
    ("eighty-four", {}),
    ("eighty-four", {"players": 6, "sevens_trump": True}),
    ("standard", {"sevens_trump": True, "mark_raise": "double", "nello_low": True}),
]


def labels(controls):
    return [c.label for c in controls]


def reachable(phase, legal, tiles, words):
    """Every action a player can click, opening groups and turning pages, and the largest screen seen."""
    controls = turn_controls(phase, legal, tiles, words)
    screens = [page(controls, n) for n in range(len(controls) // 23 + 1)]
    found, widest = set(), max(len(s) for s in screens)
    for screen in screens:
        for control in screen:
            if control.kind == "act" and control.enabled:
                found.add(control.arg)
            elif control.arg.startswith("group:"):
                inside = group_controls(legal, control.arg.removeprefix("group:"))
                assert len(inside) > 1, "a group opens more than one action"
                widest = max(widest, len(inside) + 1)  # with its Back button
                found.update(c.arg for c in inside)
    return found, widest


@pytest.mark.parametrize(("preset", "options"), TABLES)
def test_every_legal_action_and_nothing_else_is_within_reach(preset, options):
    rules = Rules.from_preset(preset, options)
    words = game_words(rules)
    rng = random.Random(7)
    for _ in range(40):
        hand = Game.new(rules, rng).deal(rng)
        while not hand.complete:
            legal = hand.legal_actions()
            tiles = hand.tiles_of(hand.to_act)
            found, widest = reachable(hand.phase.value, legal, tiles, words)
            assert found == set(legal), hand.phase
            assert widest <= MAX_BUTTONS - (hand.phase.value != "play")  # room for Hint beside the calls
            hand = hand.apply(rng.choice(legal))


def test_moon_bids_read_as_numbers_and_contracts_as_suits():
    words = game_words(Rules.from_preset("moon"))
    assert labels(turn_controls("auction", ["pass", "4", "5", "6", "7", "21"], [], words)) == [
        "Pass",
        "4",
        "5",
        "6",
        "7",
        "21",
    ]
    assert labels(turn_controls("auction", ["pass", "42"], [], words)) == ["Pass", "42"]
    assert action_phrase("7", words) == "bid 7"
    assert action_phrase("4", words) == "bid 4"
    assert action_phrase("sixes", words) == "called Sixes trump"


def test_moon_contract_then_widow():
    hand = make_hand(variant="moon", dealer=2, calls=["5", "pass", "pass"])
    words = game_words(hand.rules)
    assert "Follow me" in labels(turn_controls("contract", hand.legal_actions(), [], words))
    hand = hand.apply("sixes")
    assert labels(turn_controls("exchange", hand.legal_actions(), hand.tiles_of(0), words)) == ["Take widow"]
    hand = hand.apply("take")
    discards = turn_controls("exchange", hand.legal_actions(), hand.tiles_of(0), words)
    assert len(discards) == 8 and all(c.enabled for c in discards)  # Moon: any tile, the taken one too


def test_seventy_two_discards_keep_trumps_and_count_disabled():
    hand = make_hand(
        {0: ["6-4", "5-5", "5-3", "5-2", "1-1", "3-1", "4-2", "6-2", "2-2", "6-3"]},
        variant="seventy-two",
        dealer=3,
        calls=["40", "pass", "pass", "pass"],
        widow=["6-6", "4-4"],
    )
    hand = hand.apply("fives").apply("take")
    controls = turn_controls("exchange", hand.legal_actions(), hand.tiles_of(0), game_words(hand.rules))
    assert len(controls) == 12
    disabled = {c.label for c in controls if not c.enabled}
    assert disabled == {"6-4", "5-5", "5-3", "5-2"}  # count and trumps: he holds enough plain tiles


def test_seventy_two_ladder_shows_ten_bids_and_the_rest_by_tens():
    legal = ["pass", *map(str, range(40, 72)), "1 mark", "2 marks"]
    controls = turn_controls("auction", legal, [], game_words(Rules.from_preset("seventy-two")))
    assert labels(controls) == [
        "Pass",
        *map(str, range(40, 50)),
        "50–59",
        "60–69",
        "70–71",
        "1 mark",
        "2 marks",
    ]
    assert [c.kind for c in controls if "–" in c.label] == ["menu"] * 3
    assert labels(group_controls(legal, "70s")) == ["70", "71"]
    assert [c.arg for c in group_controls(legal, "50s")] == [str(n) for n in range(50, 60)]


def test_a_ladder_that_fits_is_not_grouped():
    legal = ["pass", *map(str, range(60, 88, 2)), "1 mark", "2 marks"]  # six-hand Eighty-four
    controls = turn_controls(
        "auction", legal, [], game_words(Rules.from_preset("eighty-four", {"players": 6}))
    )
    assert all(c.kind == "act" for c in controls) and len(controls) == 17


def test_geezer_calls_and_the_forced_dealer():
    words = game_words(Rules.from_preset("geezer"))
    hand = make_hand({0: ["6-6", "5-5", "4-4", "3-3", "2-2"]}, variant="geezer", dealer=3)
    shown = labels(turn_controls("auction", hand.legal_actions(), [], words))
    assert {"Pass", "39", "1 mark", "2 marks", "Dip", "Dive", "Plunge"} <= set(shown)
    forced = make_hand(variant="geezer", dealer=3, calls=["pass", "pass", "pass"])
    assert labels(turn_controls("auction", forced.legal_actions(), [], words)) == ["39", "Partner", "2 marks"]
    assert action_phrase("partner", words) == "bid Partner"
    assert action_phrase("dip 3", words) == "bid Dip"


def test_geezer_contracts_count_sevens_and_a_number_low():
    hand = make_hand(variant="geezer", dealer=3, calls=["51", "pass", "pass", "pass"])
    words = game_words(hand.rules)
    legal = hand.legal_actions()
    shown = labels(turn_controls("contract", legal, [], words))
    assert shown == [
        "Blanks",
        "Ones",
        "Twos",
        "Threes",
        "Fours",
        "Fives",
        "Sixes",
        "7s",
        "Doubles",
        "Follow me",
        "Count",
        "Nello",
    ]
    inside = labels(group_controls(legal, "nello"))
    assert inside[:3] == ["Doubles high", "Doubles low", "Doubles own suit"]
    assert "Threes low" in inside and "7s low" in inside
    assert contract_title("nello threes-low") == "Nello (threes low)"
    assert action_phrase("7", words) == "called 7s trump"


def test_sevens_trump_and_pistol():
    assert action_label("sevens-trump") == "Sevens trump"
    assert contract_title("sevens-trump") == "Sevens trump"
    words = game_words(Rules.from_preset("eighty-four"))
    legal = ["fives", "nello doubles-high", "nello doubles-low"]
    assert labels(turn_controls("contract", legal, [], words)) == ["Fives", "Pistol"]
    assert contract_title("nello doubles-low", words.nello) == "Pistol (doubles low)"
    assert action_phrase("nello doubles-high", words) == "called Pistol (doubles high)"


def test_mark_raises_up_to_double_are_offered():
    hand = make_hand(variant="standard", rules={"mark_raise": "double"}, dealer=3, calls=["2 marks"])
    shown = labels(turn_controls("auction", hand.legal_actions(), [], game_words(hand.rules)))
    assert {"3 marks", "4 marks"} <= set(shown) and "5 marks" not in shown
