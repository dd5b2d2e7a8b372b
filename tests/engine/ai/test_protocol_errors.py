"""Bad views: a field missing, malformed or contradicting the others gets ``{"error": "<sentence>"}``, never a
traceback, and the player goes on reading."""

import copy
import io
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai import make_player
from engine.ai.public_state import PROTOCOL_FIELDS, REQUIRED_FIELDS
from engine.protocol import answer, serve

# standard 42, seat 2 following in the second trick (tests/engine/ai/test_protocol_views.py)
GOOD: dict[str, Any] = {
    "variant": "standard",
    "rules": {},
    "seat": 2,
    "dealer": 3,
    "hand": ["6-1", "5-4", "5-0", "3-1", "3-0", "2-2"],
    "calls": ["30", "pass", "31", "pass"],
    "contract": "fives",
    "exchange": None,
    "plays": ["2-0", "4-4", "4-2", "2-1", "3-3", "3-2"],
    "score": {"marks": [2, 4]},
    "legal": ["3-1", "3-0"],
}
AUCTION: dict[str, Any] = {
    **GOOD,
    "hand": GOOD["hand"] + ["2-0"],
    "calls": ["30"],
    "contract": None,
    "plays": [],
    "legal": ["pass", "31"],
}
EASY = make_player("easy", seed=0)


def error_of(view) -> str:
    reply = answer(EASY, json.dumps(view))
    assert set(reply) == {"error"} and isinstance(reply["error"], str), reply
    assert "Traceback" not in reply["error"]
    return reply["error"]


def with_(base: dict, **changes) -> dict:
    view = copy.deepcopy(base)
    view.update(changes)
    return view


def test_the_good_views_are_answered():
    assert answer(EASY, json.dumps(GOOD))["action"] in GOOD["legal"]
    assert answer(EASY, json.dumps(AUCTION))["action"] in AUCTION["legal"]


@pytest.mark.parametrize("name", REQUIRED_FIELDS)
def test_a_missing_required_field_is_named(name):
    view = {k: v for k, v in GOOD.items() if k != name}
    assert f'"{name}"' in error_of(view)


@pytest.mark.parametrize("name", sorted(set(PROTOCOL_FIELDS) - set(REQUIRED_FIELDS)))
def test_fields_that_may_be_null_may_also_be_absent(name):
    view = {k: v for k, v in AUCTION.items() if k != name}
    assert answer(EASY, json.dumps(view))["action"] in AUCTION["legal"]


@pytest.mark.parametrize(
    "changes,words",
    [
        ({"variant": "forty-two"}, "unknown variant"),
        ({"rules": ["nello"]}, "rules"),
        ({"rules": {"nello": "sometimes"}}, "nello must be one of"),
        ({"seat": 4}, '"seat" must be a seat from 0 to 3'),
        ({"seat": True}, '"seat" must be a seat'),
        ({"dealer": "north"}, '"dealer" must be a seat'),
        ({"hand": "6-1 5-4"}, '"hand" must be a list'),
        ({"hand": ["6-1", "9-9", "5-0", "3-1", "3-0", "2-2"]}, "9-9 is not in this game's set"),
        ({"hand": ["6-1", "5-4", "5-0", "3-1", "3-0"]}, "should hold 6 tiles"),
        ({"hand": ["6-1", "5-4", "5-0", "3-1", "3-0", "4-4"]}, "4-4 appears more often"),
        ({"calls": ["30", "pass", "29", "pass"]}, "call 2 ('29')"),
        ({"calls": ["30", "pass", "30", "pass"]}, "does not beat the high bid 30"),
        ({"calls": ["30", "pass", "31", "pass", "pass"]}, "after the auction is over"),
        ({"calls": ["pass", "pass", "pass", "pass"]}, "all pass"),
        ({"calls": ["30", "pass"]}, "leave the auction open"),
        ({"contract": "no-trump"}, "'no-trump' is not a contract"),
        ({"contract": None}, "plays but no contract"),
        ({"plays": ["2-0", "4-4", "4-2", "2-1", "3-3", "3-2/2"]}, "only a lead can be declared"),
        ({"plays": ["2-0/2", "4-4", "4-2", "2-1", "3-3", "3-2"]}, "lower end"),
        ({"plays": "2-0 4-4"}, '"plays" must be a list'),
        ({"exchange": ["take"]}, '"exchange" must be null or an object'),
        ({"legal": []}, "no legal actions"),
        ({"legal": "3-1"}, '"legal" must be a list'),
        ({"legal": ["pass", "31"]}, "'pass'"),
        ({"legal": ["take", "keep"]}, "deals no widow"),
    ],
)
def test_a_malformed_view_gets_a_sentence_that_says_what_is_wrong(changes, words):
    assert words in error_of(with_(GOOD, **changes))


def test_an_auction_view_listing_tiles_as_legal_is_refused():
    assert "'6-1'" in error_of(with_(AUCTION, legal=["6-1"]))


def test_the_player_keeps_reading_after_bad_lines():
    lines = [
        "not json",
        "[1, 2]",
        json.dumps({"variant": "standard"}),
        json.dumps(with_(GOOD, seat=9)),
        "",
        json.dumps(GOOD),
    ]
    out = io.StringIO()
    serve(EASY, io.StringIO("\n".join(lines) + "\n"), out)
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [set(r) for r in replies[:4]] == [{"error"}] * 4
    assert replies[4]["action"] in GOOD["legal"]


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 60)
    | st.text(max_size=8)
    | st.sampled_from(["6-4", "7-3/3", "pass", "fives", "take", "30", "1 mark"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    st.sampled_from([GOOD, AUCTION]),
    st.lists(st.tuples(st.sampled_from(PROTOCOL_FIELDS), JSON | st.just(None)), min_size=1, max_size=3),
    st.sampled_from(["easy", "strong"]),
)
def test_no_view_however_mangled_gets_a_traceback(base, changes, level):
    view = copy.deepcopy(base)
    for name, value in changes:
        if value is None and name in REQUIRED_FIELDS:
            view.pop(name, None)
        else:
            view[name] = value
    reply = answer(make_player(level, seed=1, budget_ms=5), json.dumps(view))
    if "action" in reply:
        assert reply["action"] in view.get("legal")
    else:
        assert set(reply) == {"error"} and "Traceback" not in reply["error"]
