"""`/42 new`'s options for the newer games and the house rules (RULES.md §10-§11): accepted, suggested as
players type, and refused with a sentence naming the option and what is allowed."""

from __future__ import annotations

import pytest

from bot.tables.options_text import option_suggestions, parse_options
from engine import Rules, RulesError


@pytest.mark.parametrize(
    ("preset", "text", "expected"),
    [
        ("eighty-four", "players=6", {"players": 6}),
        (
            "moon",
            "shoot_over=off nello=on doubles_trump=on",
            {"shoot_over": False, "nello": "on", "doubles_trump": True},
        ),
        (
            "geezer",
            "dip=off dive=off count_trump=off nello_low=off",
            {"dip": False, "dive": False, "count_trump": False, "nello_low": False},
        ),
        (
            "standard",
            "sevens_trump=on mark_raise=double stacking=marks draw=partners nello_low=on",
            {
                "sevens_trump": True,
                "mark_raise": "double",
                "stacking": "marks",
                "draw": "partners",
                "nello_low": True,
            },
        ),
        (
            "seventy-two",
            "stacking=two-marks draw=dealer plunge=on",
            {"stacking": "two-marks", "draw": "dealer", "plunge": True},
        ),
    ],
)
def test_the_new_options_are_read(preset, text, expected):
    overrides = parse_options(preset, text)
    assert overrides == expected
    Rules.from_preset(preset, overrides)  # and the engine takes them


@pytest.mark.parametrize(
    ("preset", "text", "words"),
    [
        ("standard", "players=6", "players is an option of Eighty-four only"),
        ("eighty-four", "players=7", "players must be one of 8, 6"),
        ("standard", "shoot_over=off", "shoot_over is an option of Moon only"),
        ("moon", "plunge=on", "plunge=on is not available in Moon"),
        ("eighty-eight", "sevens_trump=on", "sevens_trump=on is not available in Eighty-eight"),
        ("geezer", "nello=forced-only", "'forced-only' is not available in Geezer"),
        ("standard", "stacking=always", "stacking must be one of 'off', 'marks', 'two-marks'"),
        ("standard", "mark_raise=triple", "mark_raise must be one of 'one', 'double'"),
        ("standard", "draw=cards", "draw must be one of 'off', 'dealer', 'partners'"),
    ],
)
def test_a_wrong_option_is_named_with_what_is_allowed(preset, text, words):
    with pytest.raises(RulesError, match=words):
        parse_options(preset, text)


@pytest.mark.parametrize(
    ("preset", "typed", "offered"),
    [
        ("eighty-four", "pl", "players=6"),
        ("moon", "sh", "shoot_over=off"),
        ("geezer", "di", "dip=off"),
        ("geezer", "count", "count_trump=off"),
        ("geezer", "nello_", "nello_low=off"),
        ("standard", "nello_l", "nello_low=on"),
        ("standard", "sev", "sevens_trump=on"),
        ("standard", "mark", "mark_raise=double"),
        ("standard", "stacking=", "stacking=marks"),
        ("standard", "draw=p", "draw=partners"),
        ("moon", "nello_low=on dr", "nello_low=on draw=dealer"),
    ],
)
def test_options_are_suggested_as_players_type(preset, typed, offered):
    assert offered in option_suggestions(preset, typed)


def test_every_suggestion_is_accepted_by_its_preset(preset):
    for text in option_suggestions(preset, "", limit=1000):
        if not text.startswith("computers="):
            Rules.from_preset(preset, parse_options(preset, text))


def test_another_games_option_is_not_suggested():
    assert not any(s.startswith("players") for s in option_suggestions("standard", "pl"))
    assert not any(s.startswith("shoot_over") for s in option_suggestions("geezer", "sh"))
    assert option_suggestions("moon", "")[1] == "shoot_over=off"  # the game's own options come first
