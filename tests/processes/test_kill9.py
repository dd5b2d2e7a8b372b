"""`kill -9` in the middle of play: a real process, killed without warning, then started on the same file.

Every table continues from the last action acknowledged (or the one being stored when the kill came), no
action is applied twice, and every game still finishes with records that replay."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Game, Rules
from engine.replay import replay_text
from tests.paths import ROOT

pytestmark = pytest.mark.slow  # a real bot process, killed with kill -9 and started again


def worker(database: Path, mode: str, count: int = 0) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.bot.crash_worker", str(database), mode, str(count)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )


def stored_hands(database: Path) -> dict[int, list[dict]]:
    with sqlite3.connect(database) as db:
        rows = db.execute("SELECT table_id, record_json FROM hands ORDER BY table_id, hand_no").fetchall()
    hands: dict[int, list[dict]] = {}
    for table_id, text in rows:
        hands.setdefault(table_id, []).append(json.loads(text))
    return hands


def extends(later: dict, earlier: dict) -> bool:
    """True if `later` is `earlier` with (possibly) more calls and plays: the same hand, further on."""
    same = all(later.get(k) == earlier.get(k) for k in ("deal", "dealer", "widow"))
    return same and all(
        later.get(k, [])[: len(earlier.get(k, []))] == earlier.get(k, []) for k in ("calls", "plays")
    )


def test_kill_9_at_three_moments_then_every_table_finishes(tmp_path):
    database = tmp_path / "kill9.db"
    process = worker(database, "start", 3)
    for kill_after in (40, 90, 150):
        acknowledged: dict[int, dict] = {}
        assert process.stdout is not None
        for _ in range(kill_after):
            line = process.stdout.readline()
            assert line, "the worker stopped early"
            entry = json.loads(line)
            if "table" in entry:
                acknowledged[entry["table"]] = entry
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        stored = stored_hands(database)
        for table_id, entry in acknowledged.items():
            hands = stored[table_id]
            assert len(hands) - 1 >= entry["hand_no"], "an acknowledged hand was lost"
            assert extends(hands[entry["hand_no"]], entry["record"]), "an acknowledged action was lost"
        process = worker(database, "resume")
    out, _ = process.communicate(timeout=120)
    assert process.returncode == 0
    done = json.loads(out.strip().splitlines()[-1])["done"]
    assert set(done) <= {"finished"}, done  # tables that finished before the last kill are not reloaded

    with sqlite3.connect(database) as db:
        tables = db.execute(
            "SELECT id, variant, rules_json, first_dealer, status FROM game_tables"
        ).fetchall()
    stored = stored_hands(database)
    assert len(tables) == 3
    for table_id, variant, rules_json, first_dealer, status in tables:
        assert status == "finished"
        for record in stored[table_id]:
            code, result = replay_text(json.dumps(record))
            assert code == 0 and result["complete"], result
        game = Game.from_records(
            Rules.from_preset(variant, json.loads(rules_json)), first_dealer, stored[table_id]
        )
        assert game.over
