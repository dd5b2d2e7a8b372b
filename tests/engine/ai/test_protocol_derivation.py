"""Properties: a view stripped to the protocol's fields says everything the engine's full view says.

Over random legal hands of every preset the engine knows (``engine.PRESETS``: a new preset is covered as
soon as it is added), the facts derived from the protocol fields equal the engine's own, and both levels
answer the stripped view exactly as they answer the full one.
"""

import json
import random
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import PRESETS, Hand, Rules, RulesError, view_for
from engine.ai.easy import EasyPlayer
from engine.ai.public_state import PROTOCOL_FIELDS, ViewError, complete, derive
from engine.ai.strong import StrongPlayer
from engine.protocol import answer

PLAYED_PRESETS = tuple(PRESETS)
# Every table shape: the presets, and six-hand Eighty-four
TABLES: list[tuple[str, dict[str, Any]]] = [(preset, {}) for preset in PLAYED_PRESETS] + [
    ("eighty-four", {"players": 6})
]
FACTS = [
    "players",
    "phase",
    "turn",
    "bidder",
    "bid",
    "declarer",
    "out",
    "sitting_out",
    "trick",
    "tricks",
    "points",
    "tile_counts",
    "widow",
]
# Options that change what must be derived (declared leads, Nello partners, Sevens, forced dealers, hands
# played out, special bids, the games' own calls and contracts, the house rules); a preset that refuses one
# simply plays without it.
OPTIONS: dict[str, list[Any]] = {
    "first_suit_declared": [True],
    "sevens": [True],
    "forced_bid": [True, False],
    "play_out": [True],
    "nello": ["on"],
    "nello_doubles": [["low"], ["high", "low", "suit"]],
    "nello_low": [True],
    "follow_me_doubles": ["suit"],
    "doubles_trump": [True],
    "plunge": [True],
    "splash": [True],
    "plunge_marks": [3, 5],
    "splash_marks": [3],
    "scoring": ["points"],
    "max_opening_marks": [3],
    "made_scores": ["bid"],
    "sevens_trump": [True],
    "mark_raise": ["double"],
    "stacking": ["marks", "two-marks"],
    "shoot_over": [False],
    "dip": [False],
    "dive": [False],
    "count_trump": [False],
    "players": [6],
}


@st.composite
def tables(draw, presets=PLAYED_PRESETS):
    """A preset with a random choice of the options it allows."""
    preset = draw(st.sampled_from(presets))
    overrides: dict[str, Any] = {}
    for name, values in OPTIONS.items():
        if draw(st.booleans()):
            value = draw(st.sampled_from(values))
            try:
                Rules.from_preset(preset, {**overrides, name: value})
            except RulesError:
                continue
            overrides[name] = value
    return Rules.from_preset(preset, overrides)


def strict(view: Mapping[str, Any]) -> dict[str, Any]:
    """The view as an outside referee sends it: the protocol's fields only, through JSON."""
    return json.loads(json.dumps({name: view[name] for name in PROTOCOL_FIELDS}))


def facts(view: Mapping[str, Any]) -> dict[str, Any]:
    """The facts a view shows that the protocol fields imply (``FACTS``)."""
    return {k: view[k] for k in FACTS}


def random_position(rules: Rules, seed: int, steps: int) -> Hand:
    """A hand after up to ``steps`` random legal actions (a fresh deal when one is thrown in)."""
    rng = random.Random(seed)
    hand = Hand.new(rules, rng.randrange(rules.players), rng)
    for _ in range(steps):
        if hand.complete:
            hand = Hand.new(rules, rng.randrange(rules.players), rng)
        hand = hand.apply(rng.choice(hand.legal_actions()))
    if hand.complete:
        hand = Hand.new(rules, rng.randrange(rules.players), rng)
    return hand


@settings(max_examples=80, deadline=None, derandomize=True)
@given(tables(), st.integers(0, 2**32))
def test_the_protocol_fields_imply_every_fact_the_engine_shows(rules, seed):
    rng = random.Random(seed)
    hand = Hand.new(rules, rng.randrange(rules.players), rng)
    while not hand.complete:
        view = view_for(hand, hand.to_act, [0] * rules.teams)
        derived = complete(strict(view))
        assert facts(derived) == facts(view)
        hand = hand.apply(rng.choice(hand.legal_actions()))


@pytest.mark.parametrize("preset,options", TABLES)
def test_every_phase_of_every_preset_is_derived(preset, options):
    # the property above, with each phase of each preset certainly reached
    rules = Rules.from_preset(preset, options)
    seen = set()
    for seed in range(30):
        rng = random.Random(seed)
        hand = Hand.new(rules, seed % rules.players, rng)
        while not hand.complete:
            view = view_for(hand, hand.to_act)
            derived = complete(strict(view))
            assert facts(derived) == facts(view)
            seen.add(hand.phase)
            hand = hand.apply(rng.choice(hand.legal_actions()))
    assert seen >= {"auction", "contract", "play"} | ({"exchange"} if rules.layout.widow_size else set())


@settings(max_examples=60, deadline=None, derandomize=True)
@given(tables(), st.integers(0, 2**32), st.integers(0, 60))
def test_easy_answers_a_stripped_view_as_it_answers_the_full_one(rules, seed, steps):
    hand = random_position(rules, seed, steps)
    view = view_for(hand, hand.to_act, [0] * rules.teams)
    assert answer(EasyPlayer(seed), json.dumps(strict(view)))["action"] == EasyPlayer(seed).choose(view)


@settings(max_examples=20, deadline=None, derandomize=True)
@given(tables(), st.integers(0, 2**32), st.integers(0, 60))
def test_strong_answers_a_stripped_view_as_it_answers_the_full_one(rules, seed, steps):
    # four samples per decision: the fewest at which strong searches rather than deferring to easy, and a
    # fixed amount of work, so that both answers come from the same samples
    hand = random_position(rules, seed, steps)
    view = view_for(hand, hand.to_act, [0] * rules.teams)
    stripped = answer(StrongPlayer(seed, samples=4), json.dumps(strict(view)))
    assert stripped["action"] == StrongPlayer(seed, samples=4).choose(view)


def test_a_bare_plunge_is_worth_its_marks_at_that_point_of_the_auction():
    # "plunge" over 4 marks is worth 5: the record may write it bare, the engine spells it "plunge 5"
    view = {
        "variant": "standard",
        "rules": {},
        "seat": 0,
        "dealer": 0,
        "hand": ["6-5", "6-4", "6-0", "5-5", "5-2", "5-0", "2-0"],
        "calls": ["2 marks", "3 marks", "4 marks", "plunge"],
        "contract": None,
        "exchange": None,
        "plays": [],
        "score": None,
        "legal": ["sixes", "doubles", "follow-me"],
    }
    state = derive(view)
    assert (state.fields()["bid"], state.bidder, state.declarer, state.phase) == (
        "plunge 5",
        0,
        2,
        "contract",
    )


def test_tiles_written_low_end_first_are_read_and_shown_high_end_first():
    view = {
        "variant": "standard",
        "rules": {},
        "seat": 1,
        "dealer": 3,
        "hand": ["1-6", "4-5", "0-5", "1-3", "0-3", "2-2", "0-2"],
        "calls": ["30", "pass", "pass", "pass"],
        "contract": "sixes",
        "exchange": None,
        "plays": ["4-6"],
        "score": None,
        "legal": ["6-1"],
    }
    assert derive(view).fields()["trick"] == [{"seat": 0, "tile": "6-4"}]


def test_identical_tiles_first_played_wins():
    # Eighty-eight: two 6-4s in one trick of fours; the first one played takes it
    hand = ["6-6", "5-5", "5-1", "3-3", "3-1", "2-1", "1-1", "1-0"]
    view = {
        "variant": "eighty-eight",
        "rules": {},
        "seat": 1,
        "dealer": 5,
        "hand": hand,
        "calls": ["60 fours", "pass", "pass", "pass", "pass", "pass"],
        "contract": "fours",
        "exchange": {"take": [], "discard": []},
        "plays": ["4-0", "6-4", "4-1", "6-4", "4-2", "4-3"],
        "score": None,
        "legal": hand,
    }
    state = derive(view)
    trick = state.tricks[0]
    assert (trick["leader"], trick["seats"], trick["winner"], state.turn) == (0, [0, 1, 2, 3, 4, 5], 1, 1)


def test_a_stripped_view_of_a_thrown_in_hand_is_refused_plainly():
    view = {
        "variant": "standard",
        "rules": {},
        "seat": 0,
        "dealer": 3,
        "hand": ["6-6", "6-5", "5-5", "3-2", "1-1", "4-0", "2-1"],
        "calls": ["pass"] * 4,
        "contract": None,
        "exchange": None,
        "plays": [],
        "score": None,
        "legal": ["pass"],
    }
    with pytest.raises(ViewError, match="over"):
        derive(view)
