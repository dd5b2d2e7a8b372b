"""``python -m engine player`` as an outside referee drives it: one process per level, strict views
(PLAYER-PROTOCOL.md's fields only) on standard input, one answer per line back."""

import json
import random
import select
import subprocess
import sys
import tempfile
from collections.abc import Mapping
from typing import Any

import pytest

from engine import PRESETS, Hand, Rules, RulesError, view_for
from engine.ai import make_player
from engine.ai.public_state import PROTOCOL_FIELDS
from engine.protocol import answer

pytestmark = pytest.mark.slow  # `python -m engine player` processes

REPLY_TIMEOUT_S = 60  # a guard against a hung process, far above any answer (strong thinks 20 ms here)

# The house rules and the options that change calls and contracts: each preset is also played with every one
# of them it accepts
HOUSE_RULES = {
    "sevens_trump": True,
    "mark_raise": "double",
    "stacking": "marks",
    "nello": "on",
    "nello_low": True,
    "sevens": True,
    "forced_bid": True,
    "plunge": True,
    "splash": True,
    "doubles_trump": True,
}


def with_house_rules(preset: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` plus every house rule ``preset`` accepts (one at a time, in order)."""
    out = dict(options)
    for name, value in HOUSE_RULES.items():
        try:
            Rules.from_preset(preset, {**out, name: value})
        except RulesError:
            continue
        out[name] = value
    return out


TABLES = [(preset, options) for preset in PRESETS for options in ({}, with_house_rules(preset, {}))]
TABLES += [("eighty-four", {"players": 6}), ("eighty-four", with_house_rules("eighty-four", {"players": 6}))]


class PlayerProcess:
    """One ``python -m engine player`` process, asked one view at a time."""

    def __init__(self, *args: str):
        self.stderr = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "engine", "player", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            text=True,
            bufsize=1,
        )
        assert self.proc.stdin is not None and self.proc.stdout is not None  # both are pipes
        self.stdin, self.stdout = self.proc.stdin, self.proc.stdout

    def ask(self, line: str) -> dict:
        self.stdin.write(line + "\n")
        self.stdin.flush()
        ready, _, _ = select.select([self.stdout], [], [], REPLY_TIMEOUT_S)
        assert ready, f"no answer within {REPLY_TIMEOUT_S} s to {line}"
        reply = self.stdout.readline()
        assert reply, f"the player ended: {self.errors()}"
        return json.loads(reply)

    def close(self) -> int:
        self.stdin.close()
        code = self.proc.wait(timeout=REPLY_TIMEOUT_S)
        self.stdout.close()
        return code

    def errors(self) -> str:
        self.stderr.seek(0)
        return self.stderr.read()


def strict_line(hand: Hand, score: list[int]) -> str:
    view: Mapping[str, Any] = view_for(hand, hand.to_act, score)
    return json.dumps({name: view[name] for name in PROTOCOL_FIELDS})


@pytest.fixture(scope="module")
def players():
    procs = {
        "easy": PlayerProcess("--level", "easy", "--seed", "1"),
        "strong": PlayerProcess("--level", "strong", "--seed", "2", "--budget-ms", "20"),
    }
    yield procs
    for proc in procs.values():
        assert proc.close() == 0, proc.errors()
        assert "Traceback" not in proc.errors()


@pytest.mark.parametrize("preset,options", TABLES)
def test_a_referee_plays_whole_hands_of_every_preset_with_strict_views(players, preset, options):
    # easy in the even seats, strong in the odd ones; deals go on until one is played out (three-hand tables
    # of computers throw many in)
    rules = Rules.from_preset(preset, options)
    rng = random.Random(5)
    score = [0] * rules.teams
    for deal in range(30):
        hand = Hand.new(rules, deal % rules.players, rng)
        while not hand.complete:
            line = strict_line(hand, score)
            reply = players["easy" if hand.to_act % 2 == 0 else "strong"].ask(line)
            assert "error" not in reply, (reply, line)
            assert reply["action"] in hand.legal_actions()
            hand = hand.apply(reply["action"])
        if hand.contract is not None:
            assert len(hand.tricks) >= 1
            return
    pytest.fail(f"no {preset} hand was bid in 30 deals")


def test_strong_answers_protocol_lines_legally():
    hand = Hand.new(Rules.from_preset("standard"), 0, random.Random(8))
    player = make_player("strong", seed=1, budget_ms=30)
    for _ in range(12):
        view = view_for(hand, hand.to_act)
        reply = answer(player, json.dumps(view))
        assert reply["action"] in view["legal"]
        hand = hand.apply(reply["action"])
        if hand.complete:
            break
    assert len(hand.calls) == 4


def test_the_process_answers_the_spec_example_and_refuses_a_bad_line():
    example = (
        '{"variant": "standard", "rules": {}, "seat": 2, "dealer": 1, "hand": ["6-6", "6-5", "5-5", "3-2",'
        ' "1-1", "4-0", "2-1"], "calls": ["pass", "30"], "contract": null, "exchange": null, "plays": [],'
        ' "score": {"marks": [3, 5]}, "legal": ["pass", "31", "32", "33", "34", "35", "36", "37", "38",'
        ' "39", "40", "41", "1 mark", "2 marks"]}'
    )
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "player", "--level", "easy", "--seed", "3"],
        input=example + "\nnot json\n" + example + "\n",
        capture_output=True,
        text=True,
        timeout=REPLY_TIMEOUT_S,
    )
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert lines[0]["action"] in json.loads(example)["legal"]
    assert set(lines[1]) == {"error"}
    assert lines[2]["action"] == lines[0]["action"]
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
