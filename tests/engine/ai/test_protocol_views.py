"""Views written exactly as PLAYER-PROTOCOL.md writes them (its fields and nothing else), one per phase of
every preset, the spec's own example first. Each states what a player must work out from it, and both
levels must answer it with a legal action.

To cover a new preset, add its views to ``VIEWS`` (one per phase, in the spec's notation) with the facts a
reader derives by hand from the calls and plays; the games of RULES.md §8.4-§8.7 keep theirs in
``game_views.py``.
"""

import json

import pytest

from engine.ai import make_player
from engine.ai.public_state import PROTOCOL_FIELDS, complete, derive
from engine.protocol import answer

from .game_views import GAME_VIEWS

# (name, the view as one protocol line, the facts it implies)
VIEWS = [
    (
        "the spec's example",
        '{"variant": "standard", "rules": {}, "seat": 2, "dealer": 1,'
        ' "hand": ["6-6", "6-5", "5-5", "3-2", "1-1", "4-0", "2-1"],'
        ' "calls": ["pass", "30"], "contract": null, "exchange": null, "plays": [],'
        ' "score": {"marks": [3, 5]},'
        ' "legal": ["pass", "31", "32", "33", "34", "35", "36", "37", "38", "39", "40", "41", "1 mark", "2 marks"]}',
        # calls start left of the dealer: seat 2 passed and seat 3 bid 30, so by the calls seat 0 is next
        {"phase": "auction", "bidder": 3, "bid": "30", "declarer": None, "turn": 0},
    ),
    (
        "standard: naming the contract",
        '{"variant": "standard", "rules": {}, "seat": 2, "dealer": 3,'
        ' "hand": ["6-1", "5-4", "5-0", "3-1", "3-0", "2-2", "2-0"], "calls": ["30", "pass", "31", "pass"],'
        ' "contract": null, "exchange": null, "plays": [], "score": {"marks": [2, 4]},'
        ' "legal": ["blanks", "ones", "twos", "threes", "fours", "fives", "sixes", "doubles", "follow-me"]}',
        {"phase": "contract", "turn": 2, "bidder": 2, "bid": "31", "declarer": 2},
    ),
    (
        "standard: following in the second trick",
        '{"variant": "standard", "rules": {}, "seat": 2, "dealer": 3,'
        ' "hand": ["6-1", "5-4", "5-0", "3-1", "3-0", "2-2"], "calls": ["30", "pass", "31", "pass"],'
        ' "contract": "fives", "exchange": null, "plays": ["2-0", "4-4", "4-2", "2-1", "3-3", "3-2"],'
        ' "score": {"marks": [2, 4]}, "legal": ["3-1", "3-0"]}',
        {
            "phase": "play",
            "turn": 2,
            "trick": [{"seat": 0, "tile": "3-3"}, {"seat": 1, "tile": "3-2"}],
            "tricks": [
                {
                    "leader": 2,
                    "tiles": ["2-0", "4-4", "4-2", "2-1"],
                    "seats": [2, 3, 0, 1],
                    "winner": 0,
                    "points": 1,
                }
            ],
            "points": [1, 0],
            "tile_counts": [5, 5, 6, 6],
        },
    ),
    (
        "standard: leading the third trick",
        '{"variant": "standard", "rules": {}, "seat": 0, "dealer": 1,'
        ' "hand": ["6-6", "5-4", "5-3", "4-0", "2-0"], "calls": ["pass", "pass", "35", "pass"],'
        ' "contract": "doubles", "exchange": null,'
        ' "plays": ["1-0", "5-1", "2-1", "3-1", "0-0", "1-1", "2-2", "4-4"],'
        ' "score": {"marks": [6, 6]}, "legal": ["6-6", "5-4", "5-3", "4-0", "2-0"]}',
        {
            "phase": "play",
            "turn": 0,
            "trick": [],
            "points": [1, 1],
            "tricks": [
                {
                    "leader": 0,
                    "tiles": ["1-0", "5-1", "2-1", "3-1"],
                    "seats": [0, 1, 2, 3],
                    "winner": 1,
                    "points": 1,
                },
                {
                    "leader": 1,
                    "tiles": ["0-0", "1-1", "2-2", "4-4"],
                    "seats": [1, 2, 3, 0],
                    "winner": 0,
                    "points": 1,
                },
            ],
        },
    ),
    (
        "standard: Nello, the partner sits out and tricks have three tiles",
        '{"variant": "standard", "rules": {}, "seat": 1, "dealer": 0,'
        ' "hand": ["6-3", "5-4", "4-3", "3-3", "3-1", "1-1"], "calls": ["pass", "1 mark", "pass", "pass"],'
        ' "contract": "nello doubles-low", "exchange": null, "plays": ["0-0", "5-0", "2-0", "2-1"],'
        ' "score": {"marks": [0, 0]}, "legal": ["6-3", "5-4", "4-3", "3-3", "3-1", "1-1"]}',
        {
            "phase": "play",
            "turn": 1,
            "bidder": 2,
            "declarer": 2,
            "out": 0,
            "trick": [{"seat": 3, "tile": "2-1"}],
            "tricks": [
                {"leader": 2, "tiles": ["0-0", "5-0", "2-0"], "seats": [2, 3, 1], "winner": 3, "points": 6}
            ],
            "tile_counts": [7, 6, 6, 5],
        },
    ),
    (
        "standard: after a Plunge the partner names the contract",
        '{"variant": "standard", "rules": {}, "seat": 0, "dealer": 0,'
        ' "hand": ["6-5", "6-4", "6-0", "5-5", "5-2", "5-0", "2-0"], "calls": ["30", "plunge", "pass", "pass"],'
        ' "contract": null, "exchange": null, "plays": [], "score": {"marks": [3, 3]},'
        ' "legal": ["blanks", "ones", "twos", "threes", "fours", "fives", "sixes", "doubles", "follow-me"]}',
        {"phase": "contract", "turn": 0, "bidder": 2, "bid": "plunge", "declarer": 0},
    ),
    (
        "standard with first_suit_declared: following a lead declared as its lower end",
        '{"variant": "standard", "rules": {"first_suit_declared": true}, "seat": 2, "dealer": 0,'
        ' "hand": ["6-5", "6-1", "5-5", "5-0", "4-1", "3-3", "3-0"], "calls": ["30", "pass", "pass", "pass"],'
        ' "contract": "fives", "exchange": null, "plays": ["6-4/4"], "score": {"marks": [0, 0]},'
        ' "legal": ["4-1"]}',
        {
            "phase": "play",
            "turn": 2,
            "bidder": 1,
            "trick": [{"seat": 1, "tile": "6-4/4"}],
            "tile_counts": [7, 6, 7, 7],
        },
    ),
    (
        "tournament: the auction after a mark bid",
        '{"variant": "tournament", "rules": {}, "seat": 0, "dealer": 1,'
        ' "hand": ["5-5", "5-4", "5-0", "4-3", "3-3", "3-2", "1-1"], "calls": ["30", "1 mark"],'
        ' "contract": null, "exchange": null, "plays": [], "score": {"marks": [5, 3]},'
        ' "legal": ["pass", "2 marks"]}',
        {"phase": "auction", "turn": 0, "bidder": 3, "bid": "1 mark"},
    ),
    (
        "tournament: following the bidder's lead",
        '{"variant": "tournament", "rules": {}, "seat": 0, "dealer": 1,'
        ' "hand": ["5-5", "5-4", "4-3", "3-3", "3-2", "1-1"], "calls": ["30", "1 mark", "pass", "pass"],'
        ' "contract": "sixes", "exchange": null, "plays": ["0-0", "5-0", "4-0", "2-0", "1-0"],'
        ' "score": {"marks": [5, 3]}, "legal": ["1-1"]}',
        {"phase": "play", "turn": 0, "declarer": 3, "trick": [{"seat": 3, "tile": "1-0"}], "points": [0, 6]},
    ),
    (
        "three-hand: the auction",
        '{"variant": "three-hand", "rules": {}, "seat": 1, "dealer": 2,'
        ' "hand": ["6-1", "5-5", "5-4", "5-2", "4-1", "3-3", "3-0", "2-2", "2-0"], "calls": ["31"],'
        ' "contract": null, "exchange": null, "plays": [], "score": {"marks": [1, 2, 3]},'
        ' "legal": ["pass", "32", "33", "34", "35", "36", "37", "38", "39", "40", "41", "42", "43", "1 mark",'
        ' "2 marks"]}',
        {"phase": "auction", "turn": 1, "bidder": 0, "bid": "31", "points": [0, 0, 0]},
    ),
    (
        "three-hand: following in the second trick",
        '{"variant": "three-hand", "rules": {}, "seat": 0, "dealer": 2,'
        ' "hand": ["6-6", "6-4", "6-3", "6-0", "5-3", "4-3", "3-1", "1-1"], "calls": ["31", "32", "pass"],'
        ' "contract": "threes", "exchange": null, "plays": ["2-0", "4-2", "2-1", "0-0"],'
        ' "score": {"marks": [1, 2, 3]}, "legal": ["6-0"]}',
        {
            "phase": "play",
            "turn": 0,
            "bidder": 1,
            "trick": [{"seat": 2, "tile": "0-0"}],
            "tricks": [
                {"leader": 1, "tiles": ["2-0", "4-2", "2-1"], "seats": [1, 2, 0], "winner": 2, "points": 1}
            ],
            "points": [0, 0, 1],
            "tile_counts": [8, 8, 7],
        },
    ),
    (
        "the Big Game: the open auction skips seats that passed",
        '{"variant": "big-game", "rules": {}, "seat": 2, "dealer": 3,'
        ' "hand": ["8-7", "8-5", "7-3", "6-6", "6-4", "6-0", "5-5", "5-1", "4-2", "4-0", "2-1"],'
        ' "calls": ["42", "pass", "43", "pass", "44"], "contract": null, "exchange": null, "plays": [],'
        ' "score": {"points": [120, 80]},'
        ' "legal": ["pass", "45", "46", "47", "48", "49", "50", "51", "52", "53", "54", "55", "56", "57", "58",'
        ' "59", "60", "61", "62", "63", "64", "65", "66"]}',
        {"phase": "auction", "turn": 2, "bidder": 0, "bid": "44"},
    ),
    (
        "the Big Game: take or keep the widow",
        '{"variant": "big-game", "rules": {}, "seat": 0, "dealer": 3,'
        ' "hand": ["8-8", "8-0", "7-1", "7-0", "4-4", "4-3", "3-3", "2-2", "2-0", "1-1", "0-0"],'
        ' "calls": ["42", "pass", "pass", "pass"], "contract": null,'
        ' "exchange": {"widow": ["7-5"], "take": [], "discard": []}, "plays": [],'
        ' "score": {"points": [120, 80]}, "legal": ["take", "keep"]}',
        {"phase": "exchange", "turn": 0, "bidder": 0, "widow": ["7-5"], "tile_counts": [11, 11, 11, 11]},
    ),
    (
        "the Big Game: discard after taking the widow",
        '{"variant": "big-game", "rules": {}, "seat": 0, "dealer": 3,'
        ' "hand": ["8-8", "8-0", "7-5", "7-1", "7-0", "4-4", "4-3", "3-3", "2-2", "2-0", "1-1", "0-0"],'
        ' "calls": ["42", "pass", "pass", "pass"], "contract": null,'
        ' "exchange": {"widow": ["7-5"], "take": ["7-5"], "discard": []}, "plays": [],'
        ' "score": {"points": [120, 80]},'
        ' "legal": ["discard 0-0", "discard 1-1", "discard 2-0", "discard 2-2", "discard 3-3", "discard 4-3",'
        ' "discard 4-4", "discard 7-0", "discard 7-1", "discard 8-0", "discard 8-8"]}',
        {"phase": "exchange", "turn": 0, "widow": ["7-5"], "tile_counts": [12, 11, 11, 11]},
    ),
    (
        "the Big Game: naming the contract after the exchange",
        '{"variant": "big-game", "rules": {}, "seat": 0, "dealer": 3,'
        ' "hand": ["8-8", "8-0", "7-5", "7-1", "7-0", "4-4", "4-3", "3-3", "2-2", "2-0", "1-1"],'
        ' "calls": ["42", "pass", "pass", "pass"], "contract": null,'
        ' "exchange": {"widow": ["7-5"], "take": ["7-5"], "discard": ["0-0"]}, "plays": [],'
        ' "score": {"points": [120, 80]},'
        ' "legal": ["blanks", "ones", "twos", "threes", "fours", "fives", "sixes", "7", "8", "doubles",'
        ' "follow-me"]}',
        {"phase": "contract", "turn": 0, "declarer": 0, "widow": ["7-5"]},
    ),
    (
        "the Big Game: a defender follows 7-3 led as a three",
        '{"variant": "big-game", "rules": {}, "seat": 2, "dealer": 2,'
        ' "hand": ["8-5", "8-2", "7-4", "7-1", "7-0", "4-4"], "calls": ["42", "pass", "pass", "pass"],'
        ' "contract": "blanks", "exchange": {"take": [], "discard": []},'
        ' "plays": ["2-2", "2-1", "4-2", "5-2", "6-6", "6-1", "6-3", "3-2", "1-1", "6-5", "3-1", "4-1", "4-0",'
        ' "3-0", "8-0", "0-0", "1-0", "6-2", "5-0", "7-6", "7-3/3", "5-3"],'
        ' "score": {"points": [150, 230]}, "legal": ["8-5", "8-2", "7-4", "7-1", "7-0", "4-4"]}',
        {
            "phase": "play",
            "turn": 2,
            "bidder": 3,
            "widow": None,
            "trick": [{"seat": 0, "tile": "7-3/3"}, {"seat": 1, "tile": "5-3"}],
            "points": [7, 13],
            "tile_counts": [5, 5, 6, 6],
        },
    ),
    (
        "Eighty-eight: the auction, bids naming their trump",
        '{"variant": "eighty-eight", "rules": {}, "seat": 4, "dealer": 0,'
        ' "hand": ["6-1", "6-1", "6-0", "5-3", "4-3", "4-2", "3-3", "3-2", "3-0"],'
        ' "calls": ["60 blanks", "pass", "pass"], "contract": null, "exchange": null, "plays": [],'
        ' "score": {"points": [100, 40]},'
        ' "legal": ["pass", "62 blanks", "62 ones", "62 twos", "62 threes", "62 fours", "62 fives", "62 sixes",'
        ' "64 blanks", "64 ones", "64 twos", "64 threes", "64 fours", "64 fives", "64 sixes", "66 blanks",'
        ' "66 ones", "66 twos", "66 threes", "66 fours", "66 fives", "66 sixes", "68 blanks", "68 ones",'
        ' "68 twos", "68 threes", "68 fours", "68 fives", "68 sixes", "70 blanks", "70 ones", "70 twos",'
        ' "70 threes", "70 fours", "70 fives", "70 sixes", "72 blanks", "72 ones", "72 twos", "72 threes",'
        ' "72 fours", "72 fives", "72 sixes", "74 blanks", "74 ones", "74 twos", "74 threes", "74 fours",'
        ' "74 fives", "74 sixes", "76 blanks", "76 ones", "76 twos", "76 threes", "76 fours", "76 fives",'
        ' "76 sixes", "78 blanks", "78 ones", "78 twos", "78 threes", "78 fours", "78 fives", "78 sixes",'
        ' "80 blanks", "80 ones", "80 twos", "80 threes", "80 fours", "80 fives", "80 sixes", "82 blanks",'
        ' "82 ones", "82 twos", "82 threes", "82 fours", "82 fives", "82 sixes", "84 blanks", "84 ones",'
        ' "84 twos", "84 threes", "84 fours", "84 fives", "84 sixes", "86 blanks", "86 ones", "86 twos",'
        ' "86 threes", "86 fours", "86 fives", "86 sixes", "88 blanks", "88 ones", "88 twos", "88 threes",'
        ' "88 fours", "88 fives", "88 sixes", "176 blanks", "176 ones", "176 twos", "176 threes",'
        ' "176 fours", "176 fives", "176 sixes"]}',
        {"phase": "auction", "turn": 4, "bidder": 1, "bid": "60 blanks", "tile_counts": [9] * 6},
    ),
    (
        "Eighty-eight: the first tile from the kitty",
        '{"variant": "eighty-eight", "rules": {}, "seat": 1, "dealer": 0,'
        ' "hand": ["6-3", "5-5", "4-4", "4-2", "4-1", "4-0", "3-2", "1-0", "0-0"],'
        ' "calls": ["60 blanks", "pass", "pass", "pass", "pass", "pass"], "contract": null,'
        ' "exchange": {"widow": ["6-3", "6-5"], "take": [], "discard": []}, "plays": [],'
        ' "score": {"points": [100, 40]}, "legal": ["take 6-3", "take 6-5", "keep"]}',
        {"phase": "exchange", "turn": 1, "bidder": 1, "widow": ["6-3", "6-5"]},
    ),
    (
        "Eighty-eight: discarding after a take, the hand holding both copies of 6-3",
        '{"variant": "eighty-eight", "rules": {}, "seat": 1, "dealer": 0,'
        ' "hand": ["6-3", "6-3", "5-5", "4-4", "4-2", "4-1", "4-0", "3-2", "1-0", "0-0"],'
        ' "calls": ["60 blanks", "pass", "pass", "pass", "pass", "pass"], "contract": null,'
        ' "exchange": {"widow": ["6-3", "6-5"], "take": ["6-3"], "discard": []}, "plays": [],'
        ' "score": {"points": [100, 40]},'
        ' "legal": ["discard 0-0", "discard 1-0", "discard 4-0", "discard 4-2", "discard 4-4", "discard 6-3"]}',
        {"phase": "exchange", "turn": 1, "tile_counts": [9, 10, 9, 9, 9, 9]},
    ),
    (
        "Eighty-eight: the second kitty tile or keep",
        '{"variant": "eighty-eight", "rules": {}, "seat": 1, "dealer": 0,'
        ' "hand": ["6-3", "6-3", "5-5", "4-4", "4-2", "4-1", "4-0", "3-2", "1-0"],'
        ' "calls": ["60 blanks", "pass", "pass", "pass", "pass", "pass"], "contract": null,'
        ' "exchange": {"widow": ["6-3", "6-5"], "take": ["6-3"], "discard": ["0-0"]}, "plays": [],'
        ' "score": {"points": [100, 40]}, "legal": ["take 6-5", "keep"]}',
        {"phase": "exchange", "turn": 1, "tile_counts": [9] * 6},
    ),
    (
        "Eighty-eight: the contract the bid named",
        '{"variant": "eighty-eight", "rules": {}, "seat": 1, "dealer": 0,'
        ' "hand": ["6-3", "6-3", "5-5", "4-4", "4-2", "4-1", "4-0", "3-2", "1-0"],'
        ' "calls": ["60 blanks", "pass", "pass", "pass", "pass", "pass"], "contract": null,'
        ' "exchange": {"widow": ["6-3", "6-5"], "take": ["6-3"], "discard": ["0-0"]}, "plays": [],'
        ' "score": {"points": [100, 40]}, "legal": ["blanks"]}',
        {"phase": "contract", "turn": 1, "declarer": 1},
    ),
    (
        "Eighty-eight: following in a six-seat trick after identical tiles",
        '{"variant": "eighty-eight", "rules": {}, "seat": 5, "dealer": 0,'
        ' "hand": ["6-5", "5-5", "5-4", "5-1", "2-1", "2-0", "1-1", "1-1"],'
        ' "calls": ["60 blanks", "pass", "pass", "pass", "pass", "pass"], "contract": "blanks",'
        ' "exchange": {"take": [], "discard": []},'
        ' "plays": ["4-2", "4-4", "5-3", "4-2", "6-4", "6-4", "2-2", "2-1", "3-2"],'
        ' "score": {"points": [100, 40]}, "legal": ["2-1"]}',
        {
            "phase": "play",
            "turn": 5,
            "trick": [{"seat": 2, "tile": "2-2"}, {"seat": 3, "tile": "2-1"}, {"seat": 4, "tile": "3-2"}],
            "tricks": [
                {
                    "leader": 1,
                    "tiles": ["4-2", "4-4", "5-3", "4-2", "6-4", "6-4"],
                    "seats": [1, 2, 3, 4, 5, 0],
                    "winner": 2,
                    "points": 22,
                }
            ],
            "points": [22, 0],
            "tile_counts": [8, 8, 7, 7, 7, 8],
        },
    ),
]
VIEWS += GAME_VIEWS  # Moon, Seventy-two, Geezer, Eighty-four and the house rules (game_views.py)
IDS = [name for name, _, _ in VIEWS]


@pytest.mark.parametrize("name,line,facts", VIEWS, ids=IDS)
def test_a_spec_view_implies_these_facts(name, line, facts):
    view = json.loads(line)
    assert set(view) == set(PROTOCOL_FIELDS)  # written with the protocol's fields only
    derived = derive(view).fields()
    assert {key: derived[key] for key in facts} == facts


@pytest.mark.parametrize("level", ["easy", "strong"])
@pytest.mark.parametrize("name,line,facts", VIEWS, ids=IDS)
def test_both_levels_answer_a_spec_view_legally(level, name, line, facts):
    reply = answer(make_player(level, seed=1, budget_ms=30), line)
    assert "error" not in reply
    assert reply["action"] in json.loads(line)["legal"]


def test_the_spec_example_is_no_longer_refused():
    # the defect of issue 16: the example view was answered "'pass' is not a tile"
    reply = answer(make_player("easy", seed=0), VIEWS[0][1])
    assert reply["action"] in ("pass", "31", "32", "33", "34", "35")


def test_extra_fields_that_disagree_are_ignored():
    line = VIEWS[2][1]
    view = json.loads(line)
    lying = {
        **view,
        "phase": "auction",
        "turn": 3,
        "bidder": 0,
        "bid": "41",
        "trick": [],
        "tricks": [],
        "points": [0, 42],
        "tile_counts": [1, 1, 1, 1],
        "out": 1,
        "widow": ["6-6"],
        "made": True,
    }
    assert complete(lying) == complete(view)
    assert (
        answer(make_player("easy", seed=2), json.dumps(lying))["action"]
        == answer(make_player("easy", seed=2), line)["action"]
    )
