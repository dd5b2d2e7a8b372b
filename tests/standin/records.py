"""What the bot stored, read back for the benchmark: each channel's actions in order, with who made them.

The benchmark needs the number of computer moves between two of a human's turns (each carries the
cosmetic `COMPUTER_PAUSE`), and the hands played. The bot's SQLite file has them: `game_tables` (channel),
`seats` (which seats are human), `hands` (HAND-RECORD.md records). Seats are found by replaying each record
through the engine.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import read_record


@dataclass(frozen=True)
class Action:
    """One call, contract or play at a table."""

    table_id: int
    hand_no: int
    seat: int
    action: str
    human: bool


@dataclass
class ChannelRecord:
    """Everything played in one channel (its tables in order, e.g. a game and its rematches)."""

    actions: list[Action]
    hands_complete: int
    tables: int
    unreadable_hands: int = 0


def hand_actions(record: dict) -> list[tuple[int, str]]:
    """(seat, action) for every action of a hand record, in order (replayed: plays' seats follow the tricks)."""
    contract = record.get("contract")
    sequence = (
        list(record.get("calls") or []) + ([contract] if contract else []) + list(record.get("plays") or [])
    )
    hand = read_record({**record, "calls": [], "contract": None, "plays": []})
    result = []
    for action in sequence:
        seat = hand.turn
        if seat is None:
            break
        result.append((seat, action))
        hand = hand.apply(action)
    return result


TABLES = "SELECT id, channel_id FROM game_tables ORDER BY id"
SEATS = "SELECT table_id, seat, user_id FROM seats"
HANDS = "SELECT table_id, hand_no, record_json, complete FROM hands ORDER BY table_id, hand_no"
Rows = list[tuple[Any, ...]]


def read_channels(database: Path | str) -> dict[int, ChannelRecord]:
    """Every channel's actions and hands, from the bot's SQLite database (opened read-only)."""
    db = sqlite3.connect(f"file:{Path(database).resolve()}?mode=ro", uri=True)
    try:
        rows = (db.execute(TABLES).fetchall(), db.execute(SEATS).fetchall(), db.execute(HANDS).fetchall())
    finally:
        db.close()
    return channels_of(*rows)


async def read_channels_at(database: Path | str) -> dict[int, ChannelRecord]:
    """`read_channels` of a SQLite file, or of a PostgreSQL database (`postgresql://…`)."""
    if not str(database).startswith(("postgresql://", "postgres://")):
        return read_channels(database)
    import asyncpg

    connection = await asyncpg.connect(str(database))
    try:
        rows = [[tuple(r) for r in await connection.fetch(sql)] for sql in (TABLES, SEATS, HANDS)]
    finally:
        await connection.close()
    return channels_of(*rows)


def channels_of(tables: Rows, seats: Rows, hands: Rows) -> dict[int, ChannelRecord]:
    """Every channel's actions and hands from the rows of `TABLES`, `SEATS` and `HANDS`."""
    humans = {(t, s) for t, s, u in seats if u is not None}
    by_table: dict[int, list[tuple[int, dict, bool]]] = {}
    for table_id, hand_no, text, complete in hands:
        by_table.setdefault(table_id, []).append((hand_no, json.loads(text), bool(complete)))
    channels: dict[int, ChannelRecord] = {}
    for table_id, channel_id in tables:
        entry = channels.setdefault(channel_id, ChannelRecord([], 0, 0))
        entry.tables += 1
        for hand_no, record, complete in by_table.get(table_id, []):
            entry.hands_complete += complete
            try:
                moves = hand_actions(record)
            except Exception:  # a record the engine refuses: leave it out, and say so
                entry.unreadable_hands += 1
                continue
            entry.actions.extend(
                Action(table_id, hand_no, seat, action, (table_id, seat) in humans) for seat, action in moves
            )
    return channels
