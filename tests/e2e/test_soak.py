"""Soak: 50 games on 10 tables at once, every seat played by a computer (half of them standing in for away
players, so the tallies have people to go to). Every game finishes, every hand record replays, and the
tallies add up."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import subprocess
import sys
from collections import Counter

import pytest

from bot.storage import SeatRow, Storage
from bot.tables import TableService
from engine import PRESETS, Game, Rules
from engine.replay import replay_text
from tests.bot.table_driver import quick_player
from tests.paths import ROOT

pytestmark = pytest.mark.slow  # a soak: fifty games at once

TABLES, GAMES_EACH = 10, 5
GAMES = list(PRESETS)  # the tables take the presets in turn


def seats_for(rules_players: int, channel: int) -> list[SeatRow]:
    """Even seats: away people (a computer plays for them); odd seats: computer players."""
    return [
        SeatRow(seat=s, name=f"p{channel}-{s}", user_id=channel * 10 + s, away=True)
        if s % 2 == 0
        else SeatRow(seat=s, name=f"Computer {s}", computer_level="easy")
        for s in range(rules_players)
    ]


async def play_games(service: TableService, channel: int) -> list[int]:
    played = []
    for game in range(GAMES_EACH):
        preset = GAMES[(channel + game) % len(GAMES)]
        players = Rules.from_preset(preset).players
        table = await service.open_table(
            guild_id=1,
            channel_id=channel,
            host_id=1,
            preset=preset,
            target=7,
            options="timer=off idle=off",
            seats=seats_for(players, channel),
        )
        await service.start(table, 1)
        while table.status == "playing":
            runner = service.runner(table)
            assert runner is not None, f"table {table.id} stalled"
            await asyncio.wait([runner])
        assert table.status == "finished"
        played.append(table.id)
    return played


async def test_fifty_computer_games_on_ten_tables_at_once(tmp_path):
    database = tmp_path / "soak.db"
    storage = await Storage.open(database)
    service = TableService(storage, rng=random.Random(2026), computer_pause=0, player_factory=quick_player)
    played = await asyncio.gather(*(play_games(service, 100 + n) for n in range(TABLES)))
    await storage.close()
    assert sum(len(ids) for ids in played) == TABLES * GAMES_EACH

    db = sqlite3.connect(database)
    db.row_factory = sqlite3.Row
    tables = db.execute("SELECT * FROM game_tables").fetchall()
    assert len(tables) == 50 and {t["status"] for t in tables} == {"finished"}
    expected: Counter[tuple[int, str]] = Counter()
    for row in tables:
        rules = Rules.from_preset(row["variant"], json.loads(row["rules_json"]))
        records = [
            json.loads(r[0])
            for r in db.execute(
                "SELECT record_json FROM hands WHERE table_id = ? ORDER BY hand_no", (row["id"],)
            )
        ]
        for record in records:
            code, result = replay_text(json.dumps(record))
            assert code == 0 and result["complete"], (row["id"], result)
        game = Game.from_records(rules, row["first_dealer"], records)
        assert game.over
        results = db.execute(
            "SELECT * FROM team_results WHERE table_id = ? ORDER BY team", (row["id"],)
        ).fetchall()
        assert [r["score"] for r in results] == list(game.scores)
        assert [bool(r["won"]) for r in results] == [t == game.winner for t in range(len(results))]
        for seat in db.execute(
            "SELECT * FROM seats WHERE table_id = ? AND user_id IS NOT NULL", (row["id"],)
        ):
            team = rules.team_of(seat["seat"])
            expected[(seat["user_id"], "games")] += 1
            expected[(seat["user_id"], "won")] += int(game.winner == team)
            expected[(seat["user_id"], rules.scoring)] += game.scores[team]
    for stats in db.execute("SELECT * FROM player_stats"):
        user = stats["user_id"]
        assert stats["games_played"] == expected[(user, "games")]
        assert stats["games_won"] == expected[(user, "won")]
        assert stats["marks_won"] == expected[(user, "marks")]
        assert stats["points_won"] == expected[(user, "points")]
    assert sum(1 for _ in db.execute("SELECT 1 FROM player_stats")) == len({k[0] for k in expected})

    # One record through the real command line, as a person reporting a bug would.
    sample = db.execute(
        "SELECT record_json FROM hands ORDER BY table_id DESC, hand_no DESC LIMIT 1"
    ).fetchone()[0]
    db.close()
    path = tmp_path / "hand.json"
    path.write_text(sample)
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["ok"] is True
