"""Every spelling HAND-RECORD.md allows, over every preset (``engine.PRESETS``), and the exchange's counts.

For each legal action of random hands, each other way HAND-RECORD.md writes the same action (a suit's digit
for its name, a number low by its digit, a tile high end last, Moon's words, the mark aliases, Geezer's 45,
Eighty-eight's trump by its digit, a doubles bid with its marks, Pistol) must give the same hand; and a record
cut inside the exchange reads back as a hand in progress where HAND-RECORD.md says so, and is refused where it
says the exchange must be whole (Moon and Seventy-two: "discard lists as many tiles").
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import PRESETS, Hand, IllegalAction, Rules, RulesError, read_record, write_record
from engine.calls import SUIT_NAMES
from engine.replay import replay_text

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True)

# Options that bring more spellings into play, each kept where the game allows it (RULES.md §10).
SWITCHES = (
    {"nello": "on"},
    {"nello_low": True},
    {"sevens": True},
    {"sevens_trump": True},
    {"first_suit_declared": True},
    {"follow_me_doubles": "suit"},
    {"plunge": True},
    {"splash": True},
    {"forced_bid": True},
)
# HAND-RECORD.md, ``calls``: other spellings of a call, per game.
MARK_ALIASES = {"standard", "tournament"}  # "42", "84", "126", "168" for 1 to 4 marks
MOON_WORDS = {"21": "shoot the moon", "42": "shoot over"}


def rules_with_every_switch(preset: str) -> Rules:
    """The preset with each of ``SWITCHES`` the game allows."""
    options: dict[str, object] = {}
    for switch in SWITCHES:
        try:
            Rules.from_preset(preset, {**options, **switch})
        except RulesError:
            continue
        options.update(switch)
    return Rules.from_preset(preset, options)


TABLES = [
    *(Rules.from_preset(p) for p in PRESETS),
    *(rules_with_every_switch(p) for p in PRESETS),
    Rules.from_preset("eighty-four", {"players": 6}),  # the kitty of six-hand Eighty-four
]


def _reversed_tile(text: str) -> str | None:
    tile, slash, declared = text.partition("/")
    hi, lo = tile.split("-")
    return None if hi == lo else f"{lo}-{hi}{slash}{declared}"


def _suit_digit(word: str) -> str | None:
    return str(SUIT_NAMES.index(word)) if word in SUIT_NAMES else None


def other_spellings(rules: Rules, phase: str, action: str) -> list[str]:
    """Every other spelling HAND-RECORD.md gives ``action`` at this table."""
    preset, words = rules.preset, action.split()
    out: list[str] = []
    if phase == "play":
        out.append(_reversed_tile(action) or "")
    elif phase == "exchange" and len(words) == 2:
        out.append(f"{words[0]} {_reversed_tile(words[1]) or words[1]}")
    elif phase == "contract":
        if len(words) == 1 and _suit_digit(action):
            out.append(_suit_digit(action) or "")
        if words[0] == "nello":
            if len(words) == 2 and words[1].endswith("-low") and _suit_digit(words[1].removesuffix("-low")):
                out.append(f"nello {_suit_digit(words[1].removesuffix('-low'))}-low")
            if words[1:] == ["doubles-high"]:
                out.append("nello")
            if preset == "eighty-four":
                out.extend(f"pistol{rest[5:]}" for rest in [action, *out] if rest.startswith("nello"))
        if words == ["follow-me", "doubles-suit"]:
            out.append("follow-me")
    elif phase == "auction":
        if preset == "moon" and action in MOON_WORDS:
            out.append(MOON_WORDS[action])
        if preset == "geezer" and action == "1 mark":
            out.append("45")
        if preset in MARK_ALIASES and words[-1] in ("mark", "marks") and int(words[0]) <= 4:
            out.append(str(int(words[0]) * rules.mark_points))
        if preset == "eighty-eight" and len(words) == 2 and _suit_digit(words[1]):
            out.append(f"{words[0]} {_suit_digit(words[1])}")
    return [text for text in out if text and text != action]


def _doubles_bid_with_marks(hand: Hand, action: str) -> list[str]:
    """``"plunge"`` at its usual worth may also be written with that worth (``"plunge 4"``)."""
    after = hand.apply(action)
    assert after.high is not None
    return [f"{action} {after.high.marks}"]


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.preset}{r.overrides() or ''}")
@SETTINGS
@given(seed=st.integers(0, 2**32))
def test_every_spelling_hand_record_allows_gives_the_same_hand(rules, seed):
    rng = random.Random(seed)
    h = Hand.new(rules, rng.randrange(rules.players), rng)
    while not h.complete:
        for action in h.legal_actions():
            spellings = other_spellings(rules, h.phase, action)
            if h.phase == "auction" and action in ("plunge", "splash", "dip", "dive"):
                spellings += _doubles_bid_with_marks(h, action)
            expected = h.apply(action)
            for text in spellings:
                assert h.apply(text) == expected, (action, text)
        h = h.apply(rng.choice(h.legal_actions()))


@pytest.mark.parametrize("preset", [p for p in PRESETS if Rules.from_preset(p).layout.widow_size])
@SETTINGS
@given(seed=st.integers(0, 2**32))
def test_a_record_cut_inside_the_exchange_is_in_progress_unless_the_widow_is_taken_whole(preset, seed):
    rules = Rules.from_preset(preset)
    rng = random.Random(seed)
    h = Hand.new(rules, rng.randrange(rules.players), rng)
    while not h.complete and not h.discarded:
        legal = h.legal_actions()
        bids = [a for a in legal if a != "pass"]
        h = h.apply(rng.choice(bids if h.phase == "auction" and bids else legal))
    while h.phase == "exchange":  # finish the exchange, so the record holds every discard
        h = h.apply(rng.choice(h.legal_actions()))
    record = write_record(h)
    takes, discards = record["exchange"]["take"], record["exchange"]["discard"]
    if not discards:
        return
    whole = rules.layout.contract_first  # HAND-RECORD.md: Moon and Seventy-two take the widow whole
    for kept in range(len(discards)):
        cut = {**record, "plays": [], "exchange": {"take": takes, "discard": discards[:kept]}}
        if not whole:  # take, discard, take …: stopped before a discard, so before the contract too
            cut["exchange"]["take"], cut["contract"] = takes[: kept + 1], None
        status, out = replay_text(json.dumps(cut))
        if whole:
            assert status == 1 and out["at"] == {"exchange": kept}, out
            marked = {**cut, "exchange": {**cut["exchange"], "done": False}}
            assert read_record(marked).phase == "exchange"
        else:
            assert status == 0 and out["complete"] is False, out
    too_many = {**record, "exchange": {"take": takes, "discard": [*discards, discards[0]]}}
    status, out = replay_text(json.dumps(too_many))
    assert status == 1 and "exchange" in out["at"]


# HAND-RECORD.md: each of these words belongs to one game; elsewhere it is no call or contract at all.
OWN_WORDS = {
    "partner": "geezer",
    "shoot the moon": "moon",
    "shoot over": "moon",
    "dip": "geezer",
    "pistol": "eighty-four",
}


def test_a_games_own_words_are_read_there_only(preset):
    rules = rules_with_every_switch(preset)
    for word, owner in OWN_WORDS.items():
        read = rules.parse_contract if word == "pistol" else rules.parse_call
        if preset == owner:
            read(word)
        else:
            with pytest.raises(IllegalAction, match="not a c"):
                read(word)


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.preset}{r.overrides() or ''}")
def test_a_table_exchanges_exactly_where_its_layout_deals_a_widow(rules):
    assert (rules.exchange is None) == (rules.layout.widow_size == 0)
    assert (rules.exchange is not None and rules.exchange.whole) == rules.layout.contract_first
