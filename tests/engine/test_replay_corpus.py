"""A corpus of hand records for every preset and house rule, replayed as an outside check replays them.

Each table yields records of random legal hands (complete, and cut off in progress) and of hands with one
defect each (an illegal call, exchange, contract or play, a tile dealt twice or not in the set, a bad
option). Legal records must replay with exit status 0 and an outcome of the right shape; each defective
one with exit status 1, a sentence, and an ``at`` that names the faulty call, exchange step, contract,
trick or field. A sample also goes through ``python -m engine replay -`` as a separate process.
"""

from __future__ import annotations

import functools
import json
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engine import Hand, Rules, read_record, write_record
from engine.replay import replay_text

pytestmark = pytest.mark.xdist_group("replay-corpus")  # one xdist worker makes the corpus, not each

TABLES: list[tuple[str, dict[str, Any]]] = [
    ("standard", {}),
    ("standard", {"nello_low": True, "sevens": True, "first_suit_declared": True}),
    ("tournament", {}),
    ("three-hand", {}),
    ("big-game", {}),
    ("eighty-eight", {}),
    ("moon", {}),
    ("moon", {"nello": "on", "doubles_trump": True, "forced_bid": True}),
    ("moon", {"shoot_over": False, "made_scores": "bid"}),
    ("seventy-two", {}),
    ("seventy-two", {"plunge": True, "splash": True, "nello": "on", "sevens": True}),
    ("seventy-two", {"scoring": "points"}),
    ("geezer", {}),
    ("geezer", {"forced_bid": False, "count_trump": False}),
    ("eighty-four", {}),
    ("eighty-four", {"players": 6}),
    ("eighty-four", {"scoring": "points", "sevens": True}),
    ("standard", {"sevens_trump": True, "mark_raise": "double", "stacking": "marks", "draw": "partners"}),
    ("geezer", {"sevens_trump": True, "mark_raise": "double", "stacking": "two-marks"}),
    ("seventy-two", {"sevens_trump": True}),
    ("moon", {"sevens_trump": True, "stacking": "marks", "draw": "dealer"}),
]
HANDS_PER_TABLE = 12


def _legal_hands(preset: str, options: dict[str, Any], seed: int) -> Iterator[dict[str, Any]]:
    """Records of random legal hands, each complete, bidding keenly so that most are played."""
    rules = Rules.from_preset(preset, options)
    rng = random.Random(seed)
    for _ in range(HANDS_PER_TABLE):
        h = Hand.new(rules, rng.randrange(rules.players), rng)
        while not h.complete:
            legal = h.legal_actions()
            bids = [a for a in legal if a != "pass"]
            if h.phase == "auction" and bids and rng.random() < 0.4:
                legal = bids[: max(1, len(bids) // 3)]
            h = h.apply(rng.choice(legal))
        yield write_record(h)


def _cut(record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The record of the same hand stopped at a random point (a hand in progress)."""
    out = json.loads(json.dumps(record))
    for key in ("plays", "exchange", "contract", "calls"):
        if key == "plays" and out["plays"]:
            out["plays"] = out["plays"][: rng.randrange(len(out["plays"]))]
            return out
        if key == "exchange" and (out["exchange"]["take"] or out["exchange"]["discard"]):
            out["plays"] = []
            out["exchange"]["discard"] = out["exchange"]["discard"][:-1]
            if Rules.from_preset(out["variant"], out["rules"]).layout.contract_first:
                out["exchange"]["done"] = (
                    False  # a widow taken whole, not yet paid back: marked as the writer does
                )
            return out
        if key == "contract" and out.get("contract"):
            out["plays"], out["exchange"] = [], {"take": [], "discard": []}
            if not Rules.from_preset(out["variant"], out["rules"]).layout.contract_first:
                out["contract"] = None
            return out
    out["calls"] = out["calls"][:-1]
    return out


Defect = Callable[[dict[str, Any], random.Random], tuple[dict[str, Any], str] | None]


def _illegal_call(record: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str] | None:
    out = json.loads(json.dumps(record))
    out["calls"][0] = "29" if out["calls"][0] != "29" else "1"
    return out, "call"


def _unheard_call(record: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str] | None:
    out = json.loads(json.dumps(record))
    out["calls"][-1] = "sing"
    return out, "call"


def _tile_not_held(record: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str] | None:
    if len(record["plays"]) < 2:
        return None
    out = json.loads(json.dumps(record))
    i = rng.randrange(1, len(out["plays"]))
    out["plays"][i] = out["plays"][i - 1].split("/")[0]  # the tile just played: nobody holds it now
    hand = read_record({**out, "plays": out["plays"][:i]})
    if hand.complete or out["plays"][i] in hand.tiles_of(hand.to_act):
        return None  # a second copy of an identical tile may be held: no defect
    return out, "trick"


def _dealt_twice(record: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str] | None:
    out = json.loads(json.dumps(record))
    rules = Rules.from_preset(out["variant"], out["rules"])
    if rules.layout.tiles.copies > 1:
        seat = out["deal"]
        seat[1][0] = seat[0][0]
        seat[2][0] = seat[0][0]  # a third copy of a tile there are two of
        return out, "deal"
    out["deal"][1][0] = out["deal"][0][0]
    return out, "deal"


def _not_in_the_set(record: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str] | None:
    out = json.loads(json.dumps(record))
    out["deal"][0][0] = "9-9"
    return out, "deal"


def _bad_contract(record: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str] | None:
    if not record.get("contract"):
        return None
    out = json.loads(json.dumps(record))
    out["contract"] = "no-trump"
    return out, "contract"


def _bad_exchange(record: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str] | None:
    if not record["exchange"]["take"]:
        return None
    out = json.loads(json.dumps(record))
    out["exchange"]["discard"] = ["9-9"] + out["exchange"]["discard"][1:]
    return out, "exchange"


def _bad_option(record: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str] | None:
    out = json.loads(json.dumps(record))
    out["rules"] = {**out["rules"], "dip" if out["variant"] != "geezer" else "shoot_over": True}
    return out, "field"


def _played_after_the_end(record: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str] | None:
    hand = read_record(record)
    if not record["plays"] or not hand.complete:
        return None
    out = json.loads(json.dumps(record))
    out["plays"].append(out["plays"][0])
    return out, "trick"


DEFECTS: list[Defect] = [
    _illegal_call,
    _unheard_call,
    _tile_not_held,
    _dealt_twice,
    _not_in_the_set,
    _bad_contract,
    _bad_exchange,
    _bad_option,
    _played_after_the_end,
]


def corpus() -> Iterator[tuple[str, dict[str, Any], str | None]]:
    """(name, record, the key ``at`` must name or None for a legal record), for every table."""
    for t, (preset, options) in enumerate(TABLES):
        rng = random.Random(t)
        for i, record in enumerate(_legal_hands(preset, options, t)):
            name = f"{preset}{options}#{i}"
            yield name, record, None
            yield name + " cut", _cut(record, rng), None
            for defect in DEFECTS:
                made = defect(record, rng)
                if made is not None:
                    yield f"{name} {defect.__name__}", made[0], made[1]


@functools.cache
def the_corpus() -> list[tuple[str, dict[str, Any], str | None]]:
    """The corpus, made once per test process when a test first asks for it (not at collection, which
    every xdist worker does)."""
    return list(corpus())


def test_the_corpus_covers_every_preset_and_each_defect():
    presets = {record["variant"] for _, record, _ in the_corpus()}
    assert presets == {
        "standard",
        "tournament",
        "three-hand",
        "big-game",
        "eighty-eight",
        "moon",
        "seventy-two",
        "geezer",
        "eighty-four",
    }
    kinds = {name.rsplit(" ", 1)[-1] for name, _, at in the_corpus() if at is not None}
    assert kinds == {d.__name__ for d in DEFECTS}
    assert len(the_corpus()) > 1000


@pytest.mark.parametrize("preset", sorted({p for p, _ in TABLES}))
def test_every_record_replays_as_the_spec_says(preset):
    for name, record, at in the_corpus():
        if record["variant"] != preset:
            continue
        status, out = replay_text(json.dumps(record))
        if at is None:
            assert status == 0 and out["ok"], (name, out)
            rules = Rules.from_preset(record["variant"], record["rules"])
            assert len(out["points"]) == rules.teams and sum(out["points"]) <= rules.layout.total, name
            if out["complete"] and out["bidder"] is not None:
                assert (
                    list(out["award"]) == [rules.scoring] and len(out["award"][rules.scoring]) == rules.teams
                )
            else:
                assert out["award"] is None, name
            assert out == read_record(record).summary()
        else:
            assert status == 1 and out["ok"] is False, (name, out)
            assert isinstance(out["error"], str) and out["error"] and "Traceback" not in out["error"]
            assert at in out["at"], (name, out)


@pytest.mark.slow
def test_the_command_line_replays_a_sample_without_a_traceback():
    sample = the_corpus()[:: max(1, len(the_corpus()) // 25)]
    for name, record, at in sample:
        done = subprocess.run(
            [sys.executable, "-m", "engine", "replay", "-"],
            input=json.dumps(record),
            capture_output=True,
            text=True,
            timeout=60,
        )
        out = json.loads(done.stdout)
        assert done.stdout.count("\n") == 1 and "Traceback" not in done.stderr, name
        assert done.returncode == (0 if at is None else 1) and (at is None or at in out["at"]), (name, out)
