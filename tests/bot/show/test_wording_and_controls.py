"""Button labels follow BOT.md; controls fit Discord's 25 buttons."""

from __future__ import annotations

import pytest

from bot.show import custom_ids
from bot.show.controls import MAX_BUTTONS, group_controls, page, turn_controls
from bot.show.wording import action_label, action_phrase, contract_title, score_line
from bot.tables.options_text import option_suggestions, parse_options, split_computers
from engine import RulesError


@pytest.mark.parametrize(
    ("action", "label"),
    [
        ("pass", "Pass"),
        ("30", "30"),
        ("1 mark", "1 mark"),
        ("2 marks", "2 marks"),
        ("plunge", "Plunge"),
        ("splash", "Splash"),
        ("blanks", "Blanks"),
        ("sixes", "Sixes"),
        ("doubles", "Doubles"),
        ("follow-me", "Follow me"),
        ("nello", "Nello"),
        ("sevens", "Sevens"),
        ("6-4", "6-4"),
        ("7-3/3", "7-3 as 3"),
        ("take", "Take widow"),
        ("take 5-5", "Take 5-5"),
        ("keep", "Keep hand"),
        ("discard 2-1", "2-1"),
    ],
)
def test_labels_are_the_words_of_bot_md(action, label):
    assert action_label(action) == label


def test_nello_choices_open_behind_one_button():
    legal = ["fives", "nello doubles-high", "nello doubles-low", "nello doubles-suit"]
    controls = turn_controls("contract", legal, [])
    assert [c.label for c in controls] == ["Fives", "Nello"]
    assert controls[1].kind == "menu"
    assert [c.label for c in group_controls(legal, "nello")] == [
        "Doubles high",
        "Doubles low",
        "Doubles own suit",
    ]
    assert [c.arg for c in group_controls(legal, "nello")][1] == "nello doubles-low"


def test_unplayable_tiles_are_shown_disabled():
    controls = turn_controls("play", ["6-4", "4-1"], ["6-6", "6-4", "4-1"])
    assert [(c.label, c.enabled) for c in controls] == [("6-6", False), ("6-4", True), ("4-1", True)]


def test_a_tile_held_twice_gets_one_button():
    controls = turn_controls("play", ["3-0"], ["3-3", "3-0", "3-0"])
    assert [(c.label, c.enabled) for c in controls] == [("3-3", False), ("3-0", True)]
    discards = turn_controls("exchange", ["discard 3-0"], ["3-0", "3-0"])
    assert [c.arg for c in discards] == ["discard 3-0"]


def test_long_lists_are_paged():
    controls = turn_controls("auction", ["pass", *(f"{n} marks" for n in range(2, 28))], [])
    first = page(controls)
    assert len(first) <= MAX_BUTTONS and first[-1].label == "More ›"
    second = page(controls, 1)
    assert second[-1].label == "‹ Back" and second[0].label not in {c.label for c in first}


def test_phrases_and_score_line():
    assert action_phrase("31") == "bid 31"
    assert action_phrase("fives") == "called Fives trump"
    assert action_phrase("6-4") == "played 6-4"
    assert contract_title("nello doubles-low") == "Nello (doubles low)"
    assert score_line("marks", ["N–S", "E–W"], [3, 1], 7) == "Marks: N–S 3 · E–W 1 (to 7)"


def test_custom_ids_round_trip_and_fit():
    made = custom_ids.make(12, custom_ids.ACT, "3.0badf00d", "nello doubles-suit")
    assert len(made) <= 100
    table, rest = made.split(":", 2)[1:]
    parsed = custom_ids.parse(int(table), rest)
    assert parsed == custom_ids.ParsedId(12, "act", "3.0badf00d", "nello doubles-suit")


def test_house_rules_text():
    assert parse_options("standard", "nello=off, plunge=no forced_bid=on nello_doubles=high,low") == {
        "nello": "off",
        "plunge": False,
        "forced_bid": True,
        "nello_doubles": ["high", "low"],
    }
    with pytest.raises(RulesError, match="unknown option"):
        parse_options("standard", "jokers=on")
    with pytest.raises(RulesError, match="on or off"):
        parse_options("standard", "plunge=maybe")


def test_option_suggestions_change_a_default():
    assert "nello=off" in option_suggestions("standard", "nel")
    assert "nello=on" not in option_suggestions("standard", "nel")
    assert "nello=off plunge=off" in option_suggestions("standard", "nello=off plu")
    assert all(not s.startswith("nello=off nello=") for s in option_suggestions("standard", "nello=off "))


def test_the_computers_level_is_taken_out_of_the_options():
    assert split_computers("nello=off computers=easy plunge=off") == ("easy", "nello=off plunge=off")
    assert split_computers("computers=strong") == ("strong", "")
    assert split_computers("nello=off") == (None, "nello=off")
    with pytest.raises(RulesError, match="computers"):
        split_computers("computers=genius")
    assert "computers=easy" in option_suggestions("standard", "comp")
