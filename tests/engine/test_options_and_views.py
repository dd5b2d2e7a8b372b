"""RULES.md §9-10 (presets and options) and views (what a seat may know)."""

import random

import pytest

from engine import Hand, Rules, RulesError, view_for, write_record
from tests.engine.helpers import make_hand, play_all


def test_presets_and_their_defaults():
    std = Rules.from_preset()
    assert (std.scoring, std.target, std.win_by, std.options.nello, std.options.plunge) == (
        "marks",
        7,
        1,
        "on",
        True,
    )
    t = Rules.from_preset("tournament").options
    assert (t.nello, t.plunge, t.splash, t.sevens, t.win_by) == ("off", False, False, False, 2)
    assert Rules.from_preset("standard", {"scoring": "points"}).target == 250
    assert Rules.from_preset("eighty-eight", {"scoring": "marks"}).target == 7


@pytest.mark.parametrize(
    "preset, overrides, words",
    [
        ("texas", {}, "unknown preset 'texas': choose one of standard, tournament"),
        ("standard", {"nelo": "on"}, "unknown option 'nelo': the options are scoring, target"),
        ("standard", {"target": 0}, "target must be a whole number of at least 1"),
        ("standard", {"win_by": True}, "win_by must be a whole number"),
        ("standard", {"plunge": 1}, "plunge must be true or false"),
        ("standard", {"scoring": "goals"}, "scoring must be one of 'marks', 'points'"),
        ("standard", {"nello_doubles": []}, "nello_doubles must be a non-empty list"),
        ("standard", {"nello_doubles": ["high", "high"]}, "nello_doubles"),
        ("big-game", {"sevens": True}, "not available in The Big Game"),
    ],
)
def test_bad_presets_and_options_name_the_fault_and_the_choices(preset, overrides, words):
    with pytest.raises(RulesError, match=words.replace("(", r"\(")):
        Rules.from_preset(preset, overrides)


def test_overrides_are_what_differs_from_the_preset():
    r = Rules.from_preset("tournament", {"win_by": 2, "forced_bid": True, "target": 5})
    assert r.overrides() == {"forced_bid": True, "target": 5}
    r.overrides()["target"] = 7  # each caller gets its own copy (they are worked out once per rules)
    assert r.overrides() == {"forced_bid": True, "target": 5}


def test_describe_in_plain_words():
    lines = Rules.from_preset("standard", {"forced_bid": True, "sevens": True}).describe()
    text = "\n".join(lines)
    assert "Standard 42" in text and "dealer must bid" in text and "Sevens" in text and "first to 7" in text
    assert "Plunge" not in "\n".join(Rules.from_preset("tournament").describe())
    assert "win by 2" in "\n".join(Rules.from_preset("tournament").describe())


def test_a_view_holds_only_what_the_seat_may_know():
    h = make_hand(calls=["30", "pass", "pass", "pass"], contract="fives")
    h = play_all(h, h.legal_actions()[0])
    for seat in range(4):
        v = view_for(h, seat, [1, 2])
        assert v["hand"] == h.tiles_of(seat)
        others = {t for s in range(4) if s != seat for t in h.tiles_of(s)}
        text = repr({k: val for k, val in v.items() if k != "hand"})
        assert not any(f"'{t}'" in text for t in others)
        assert v["score"] == {"marks": [1, 2]} and v["plays"] == write_record(h)["plays"]
        assert (v["legal"] != []) == (seat == h.turn)


def test_the_widow_is_seen_by_the_bid_winner_only():
    h = make_hand(variant="big-game", widow=["8-0"], calls=["42", "pass", "pass", "pass"])
    assert view_for(h, 0)["widow"] == ["8-0"] and view_for(h, 1)["widow"] is None
    h = h.apply("take")
    h = h.apply(h.legal_actions()[0])  # a discard
    # PLAYER-PROTOCOL.md: other seats see only tiles turned face up (none in the Big Game)
    assert "8-0" not in repr(view_for(h, 1)) and view_for(h, 1)["exchange"] == {"take": [], "discard": []}
    exchange = view_for(h, 0)["exchange"]
    assert exchange is not None and exchange["take"] == ["8-0"] and exchange["widow"] == ["8-0"]


def test_nello_partners_tiles_are_not_in_anyone_elses_view():
    h = make_hand(calls=["1 mark", "pass", "pass", "pass"], contract="nello doubles-high")
    assert view_for(h, 0)["out"] == 2
    south = set(h.tiles_of(2))
    assert not any(f"'{t}'" in repr(view_for(h, 0)) for t in south)


def test_views_are_json_ready():
    import json

    h = Hand.new(Rules.from_preset("eighty-eight"), 0, random.Random(0))
    assert json.loads(json.dumps(view_for(h, 1, [0, 0])))["seat"] == 1


def test_a_view_lists_the_seats_trumps():
    h = make_hand(
        {0: ["6-6", "6-4", "5-5", "4-4", "4-0", "2-1", "1-1"]}, calls=["30", "pass", "pass", "pass"]
    )
    assert view_for(h, 0)["trumps"] == []
    assert view_for(h.apply("fours"), 0)["trumps"] == ["6-4", "4-4", "4-0"]
    assert view_for(h.apply("doubles"), 0)["trumps"] == ["6-6", "5-5", "4-4", "1-1"]
    assert view_for(h.apply("follow-me"), 0)["trumps"] == []
    assert Rules.from_preset("big-game").title == "The Big Game"


@pytest.mark.parametrize(
    "preset, overrides, words",
    [
        # an option of another game (RULES.md §10)
        ("standard", {"shoot_over": True}, "shoot_over is an option of Moon only, not of Standard 42"),
        ("moon", {"dip": True}, "dip is an option of Geezer only"),
        ("seventy-two", {"dive": False}, "dive is an option of Geezer only"),
        ("eighty-four", {"count_trump": True}, "count_trump is an option of Geezer only"),
        ("geezer", {"players": 6}, "players is an option of Eighty-four only"),
        # a value a game rules out, with what is allowed
        ("moon", {"plunge": True}, "plunge = true is not available in Moon .*: it must be false"),
        ("moon", {"splash": True}, "splash = true is not available in Moon"),
        ("moon", {"sevens": True}, "sevens = true is not available in Moon"),
        (
            "moon",
            {"nello": "forced-only"},
            "nello = 'forced-only' is not available in Moon .*allowed: 'on', 'off'",
        ),
        ("moon", {"scoring": "marks"}, "scoring = 'marks' is not available in Moon .*allowed: 'points'"),
        ("geezer", {"splash": True}, "splash = true is not available in Geezer"),
        ("geezer", {"nello": "forced-only"}, "nello = 'forced-only' is not available in Geezer"),
        ("geezer", {"scoring": "points"}, "scoring = 'points' is not available in Geezer .*allowed: 'marks'"),
        ("eighty-four", {"plunge": True}, "plunge = true is not available in Eighty-four"),
        ("eighty-four", {"splash": True}, "splash = true is not available in Eighty-four"),
        ("eighty-eight", {"sevens_trump": True}, "sevens_trump = true is not available in Eighty-eight"),
        # values of the wrong kind for the new options
        ("eighty-four", {"players": 7}, "players must be one of 8, 6, not 7"),
        ("standard", {"mark_raise": "triple"}, "mark_raise must be one of 'one', 'double'"),
        ("standard", {"stacking": True}, "stacking must be one of 'off', 'marks', 'two-marks', not true"),
        ("standard", {"draw": "cards"}, "draw must be one of 'off', 'dealer', 'partners'"),
        ("standard", {"sevens_trump": "yes"}, "sevens_trump must be true or false"),
        ("standard", {"nello_low": 1}, "nello_low must be true or false"),
    ],
)
def test_option_errors_name_the_option_and_what_is_allowed(preset, overrides, words):
    with pytest.raises(RulesError, match=words.replace("(", r"\(").replace(")", r"\)")):
        Rules.from_preset(preset, overrides)


@pytest.mark.parametrize(
    "preset, overrides",
    [
        (
            "moon",
            {
                "shoot_over": False,
                "nello": "on",
                "doubles_trump": True,
                "made_scores": "bid",
                "forced_bid": True,
            },
        ),
        ("seventy-two", {"plunge": True, "splash": True, "sevens": True, "nello": "on", "scoring": "points"}),
        ("geezer", {"dip": False, "dive": False, "count_trump": False, "nello_low": False, "sevens": True}),
        ("eighty-four", {"players": 6, "scoring": "points", "sevens": True}),
        (
            "standard",
            {
                "sevens_trump": True,
                "mark_raise": "double",
                "stacking": "two-marks",
                "draw": "partners",
                "nello_low": True,
            },
        ),
    ],
)
def test_each_games_own_options_are_accepted(preset, overrides):
    rules = Rules.from_preset(preset, overrides)
    assert overrides.items() <= rules.overrides().items()  # (a points target is written out too)
    assert Rules.from_preset(preset, rules.overrides()) == rules


def test_every_preset_has_its_title_and_defaults():
    from engine import PRESETS

    assert list(PRESETS) == [
        "standard",
        "tournament",
        "three-hand",
        "big-game",
        "eighty-eight",
        "moon",
        "seventy-two",
        "geezer",
        "eighty-four",
    ]
    moon, geezer = Rules.from_preset("moon").options, Rules.from_preset("geezer").options
    assert (moon.scoring, moon.target, moon.nello, moon.doubles_trump) == ("points", 21, "off", False)
    assert (geezer.forced_bid, geezer.nello_low, geezer.splash) == (True, True, False)
    assert Rules.from_preset("seventy-two", {"scoring": "points"}).target == 400
    assert Rules.from_preset("eighty-four", {"scoring": "points"}).target == 500
