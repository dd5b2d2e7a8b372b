"""HAND-RECORD.md: the record format, rebuilding, and ``python -m engine replay``."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import RecordError, read_record, write_record
from engine.replay import replay_text
from tests.engine.helpers import make_record

SPEC_DEAL = [
    ["6-6", "6-4", "5-5", "3-2", "1-1", "4-0", "2-1"],
    ["5-1", "5-0", "6-5", "3-0", "2-0", "0-0", "1-0"],
    ["5-3", "5-2", "4-4", "4-2", "6-0", "3-1", "2-2"],
    ["5-4", "6-3", "6-2", "6-1", "4-3", "4-1", "3-3"],
]


def spec_record(**changes):
    record = {
        "variant": "standard",
        "rules": {"nello": "off", "win_by": 2},
        "dealer": 3,
        "deal": SPEC_DEAL,
        "widow": [],
        "calls": ["31", "pass", "pass", "pass"],
        "exchange": {"take": [], "discard": []},
        "contract": "fives",
        "plays": ["5-5", "5-1", "5-3", "5-4"],
    }
    record.update(changes)
    return record


def test_replay_of_the_spec_example_shape():
    status, out = replay_text(json.dumps(spec_record()))
    assert status == 0
    assert out == {
        "ok": True,
        "complete": False,
        "bidder": 0,
        "bid": "31",
        "contract": "fives",
        "tricks": [{"leader": 0, "tiles": ["5-5", "5-1", "5-3", "5-4"], "winner": 0, "points": 11}],
        "points": [11, 0],
        "made": None,
        "award": None,
    }


def test_a_complete_hand_awards_marks():
    h = read_record(spec_record(plays=[]))
    while not h.complete:
        h = h.apply(h.legal_actions()[0])
    status, out = replay_text(json.dumps(write_record(h)))
    assert status == 0 and out["complete"] and out["award"] == {"marks": [1, 0] if out["made"] else [0, 1]}


@pytest.mark.parametrize(
    "changes, at, words",
    [
        ({"calls": ["31", "30", "pass", "pass"]}, {"call": 1}, "more than 31"),
        (
            {"plays": ["5-5", "3-0"]},
            {"trick": 0, "seat": 1},
            "you must follow fives: you hold 6-5, 5-1 and 5-0",
        ),
        ({"plays": ["5-5", "5-3"]}, {"trick": 0, "seat": 1}, "do not hold 5-3"),
        (
            {
                "deal": [
                    SPEC_DEAL[0],
                    SPEC_DEAL[1],
                    SPEC_DEAL[2],
                    ["5-4", "6-3", "6-2", "6-1", "4-3", "4-1", "6-6"],
                ]
            },
            {"deal": 3},
            "dealt twice",
        ),
        (
            {
                "deal": [
                    SPEC_DEAL[0],
                    SPEC_DEAL[1],
                    SPEC_DEAL[2],
                    ["5-4", "6-3", "6-2", "6-1", "4-3", "4-1", "7-3"],
                ]
            },
            {"deal": 3},
            "not in this game's set",
        ),
        ({"contract": "no-trump"}, {"contract": 0}, "not a contract"),
        ({"contract": "nello"}, {"contract": 0}, "not played at this table"),
        ({"calls": ["pass", "pass", "pass", "pass"]}, {"contract": 0}, "contract"),
        ({"rules": {"nello": "sometimes"}}, {"field": "rules"}, "nello must be one of"),
        ({"variant": "forty-nine"}, {"field": "variant"}, "unknown variant"),
    ],
)
def test_illegal_records_exit_1_with_a_sentence_and_where(changes, at, words):
    status, out = replay_text(json.dumps(spec_record(**changes)))
    assert status == 1 and out["ok"] is False and out["at"] == at and words in out["error"]


def test_a_play_after_the_hand_stopped_is_an_error():
    h = read_record(spec_record(plays=[], calls=["1 mark", "pass", "pass", "pass"], contract="blanks"))
    while not h.complete:
        h = h.apply(h.legal_actions()[0])
    rec = write_record(h)
    extra = [t for s in range(4) for t in h.tiles_of(s)][:1]
    rec["plays"] = rec["plays"] + extra
    status, out = replay_text(json.dumps(rec))
    assert status == 1 and "after the hand is over" in out["error"] and out["at"]["trick"] == len(h.tricks)


def test_all_passed_record_may_carry_no_contract_or_plays():
    rec = spec_record(calls=["pass"] * 4, plays=[], contract=None)
    del rec["exchange"]
    status, out = replay_text(json.dumps(rec))
    assert status == 0 and out["complete"] and out["bidder"] is None and out["made"] is None
    assert out["award"] is None and out["contract"] is None


def test_bidder_is_the_high_bidder_while_the_auction_is_open():
    status, out = replay_text(json.dumps(spec_record(calls=["30", "32"], contract=None, plays=[])))
    assert status == 0 and out["bidder"] == 1 and out["bid"] == "32" and not out["complete"]


def test_big_game_and_eighty_eight_need_their_widow():
    rec = make_record(variant="big-game")
    del rec["widow"]
    with pytest.raises(RecordError, match="widow"):
        read_record(rec)


@pytest.mark.parametrize(
    "garbage",
    [
        "",
        "[]",
        "null",
        "42",
        "{",
        '{"deal": 5}',
        '{"variant": []}',
        '{"variant": "standard", "dealer": 0, "deal": [[1,2,3]]}',
        '{"variant": "standard", "dealer": true}',
        "\u0000",
        '"x"' * 3,
        "[" * 100000,
    ],
)
def test_never_a_traceback(garbage):
    status, out = replay_text(garbage)
    assert status == 1 and out["ok"] is False and isinstance(out["error"], str)


def test_command_line_file_and_stdin(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(spec_record()))
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(path)], capture_output=True, text=True
    )
    assert done.returncode == 0 and json.loads(done.stdout)["points"] == [11, 0]
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", "-"], input="{bad", capture_output=True, text=True
    )
    assert done.returncode == 1 and json.loads(done.stdout)["ok"] is False and "Traceback" not in done.stderr
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(tmp_path / "missing.json")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1 and "cannot read" in json.loads(done.stdout)["error"]


def test_four_player_mark_aliases_in_records():
    rec = spec_record(calls=["84", "pass", "pass", "pass"], contract="fives", plays=[])
    assert write_record(read_record(rec))["calls"][0] == "2 marks"


def test_records_written_before_the_seam_still_read_the_same():
    # Hand records the engine wrote before its variants owned their calls and words (every preset, finished
    # hands and hands in progress) rebuild the same hand: the same replay outcome, written back the same.
    path = Path(__file__).with_name("records_written_before.jsonl")
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) >= 30
    for line in lines:
        case = json.loads(line)
        hand = read_record(case["record"])
        assert json.loads(json.dumps(hand.summary())) == case["summary"]
        assert write_record(hand) == case["record"]
