"""The computer players behind ``python -m engine player`` (PLAYER-PROTOCOL.md)."""

import json
import random
import subprocess
import sys

from engine import Hand, Rules, view_for
from engine.ai import make_player
from engine.protocol import answer


def test_strong_answers_protocol_lines_legally():
    hand = Hand.new(Rules.from_preset("standard"), 0, random.Random(8))
    player = make_player("strong", seed=1, budget_ms=30)
    for _ in range(12):
        view = view_for(hand, hand.turn)
        reply = answer(player, json.dumps(view))
        assert reply["action"] in view["legal"]
        hand = hand.apply(reply["action"])
        if hand.complete:
            break
    assert len(hand.calls) == 4


def test_player_process_speaks_the_protocol():
    hand = Hand.new(Rules.from_preset("standard"), 2, random.Random(1))
    view = view_for(hand, hand.turn)
    proc = subprocess.run([sys.executable, "-m", "engine", "player", "--level", "easy", "--seed", "3"],
                          input=json.dumps(view) + "\nnot json\n", capture_output=True, text=True, timeout=60)
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert lines[0]["action"] in view["legal"]
    assert "error" in lines[1]
