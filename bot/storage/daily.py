"""The daily deals as kept (migration 0011): each server's key, each player's deals of a day (the actions
so far, the result once over) and who finished the day.

A player's move is one short transaction that writes only if the deal is still where the player saw it
(`moves`, the count of actions, is the version): two clicks at once, or two processes, never both apply.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from .driver import Database, Run
from .sql import mappings

Result = tuple[int, int, int, int]  # marks and points of the player's side, then the other side's:
# us_marks, them_marks, us_points, them_points

CLAIM_KEY = (
    "INSERT INTO daily_keys (guild_id, key_hex) VALUES (:guild, :key) ON CONFLICT (guild_id) DO NOTHING"
)
READ_KEY = "SELECT key_hex FROM daily_keys WHERE guild_id = :guild"
CLAIM_PLAYER = (
    "INSERT INTO daily_players (guild_id, user_id, day, name) VALUES (:guild, :user, :day, :name)"
    " ON CONFLICT (guild_id, user_id, day) DO NOTHING"
)
START_DEAL = (
    "INSERT INTO daily_deals (guild_id, user_id, day, deal_no, actions_json, moves)"
    " VALUES (:guild, :user, :day, :deal, :actions, :moves)"
    " ON CONFLICT (guild_id, user_id, day, deal_no) DO NOTHING RETURNING deal_no"
)
SAVE_DEAL = (
    "UPDATE daily_deals SET actions_json = :actions, moves = :moves, us_marks = :us_marks,"
    " them_marks = :them_marks, us_points = :us_points, them_points = :them_points"
    " WHERE guild_id = :guild AND user_id = :user AND day = :day AND deal_no = :deal AND moves = :seen"
    " AND us_marks IS NULL RETURNING deal_no"
)
FINISH_DAY = (
    "UPDATE daily_players SET finished_at = :at"
    " WHERE guild_id = :guild AND user_id = :user AND day = :day AND finished_at IS NULL"
)
RESULT_COLUMNS = "us_marks, them_marks, us_points, them_points"


@dataclass(frozen=True)
class DealRow:
    """One player's deal of a day: the actions so far and, once the deal is over, its result."""

    user_id: int
    deal_no: int
    actions: tuple[str, ...]
    result: Result | None


@dataclass(frozen=True)
class DayPlayer:
    """Someone who played a day: the name shown for them and when they finished (None: not yet)."""

    user_id: int
    name: str
    finished_at: str | None


def _deal_row(row) -> DealRow:
    result = None if row["us_marks"] is None else tuple(int(row[c]) for c in RESULT_COLUMNS.split(", "))
    return DealRow(row["user_id"], row["deal_no"], tuple(json.loads(row["actions_json"])), result)  # type: ignore[arg-type]


async def server_key(storage: Database, guild_id: int, fresh: bytes) -> bytes:
    """The server's key: the one kept, or ``fresh`` if it had none (whichever process claims first wins)."""

    def steps(run: Run) -> bytes:
        run(CLAIM_KEY, {"guild": guild_id, "key": fresh.hex()})
        return bytes.fromhex(run(READ_KEY, {"guild": guild_id})[0][0])

    return await storage.driver.write(steps)


async def player_deals(storage: Database, guild_id: int, user_id: int, day: str) -> list[DealRow]:
    """A player's deals of a day so far, deal 1 first."""
    async with storage.reading() as db:
        rows = await mappings(
            db,
            f"SELECT user_id, deal_no, actions_json, {RESULT_COLUMNS} FROM daily_deals"
            " WHERE guild_id = :guild AND user_id = :user AND day = :day ORDER BY deal_no",
            guild=guild_id,
            user=user_id,
            day=day,
        )
    return [_deal_row(row) for row in rows]


async def start_deal(
    storage: Database, guild_id: int, user_id: int, day: str, name: str, deal_no: int, actions: Sequence[str]
) -> bool:
    """Begin a player's deal with the computers' first actions; False if it was already begun."""

    def steps(run: Run) -> bool:
        run(CLAIM_PLAYER, {"guild": guild_id, "user": user_id, "day": day, "name": name})
        params = {"guild": guild_id, "user": user_id, "day": day, "deal": deal_no}
        rows = run(START_DEAL, {**params, "actions": json.dumps(list(actions)), "moves": len(actions)})
        return bool(rows)

    return await storage.driver.write(steps)


async def save_deal(
    storage: Database,
    guild_id: int,
    user_id: int,
    day: str,
    deal_no: int,
    seen: int,
    actions: Sequence[str],
    result: Result | None,
    finished_at: str | None = None,
) -> bool:
    """Write a deal's new actions (and its result when over; ``finished_at`` when it was the day's last) if
    it still has the ``seen`` actions the player saw; False if it moved on meanwhile (a stale click)."""
    us_marks, them_marks, us_points, them_points = result or (None, None, None, None)

    def steps(run: Run) -> bool:
        where = {"guild": guild_id, "user": user_id, "day": day}
        saved = run(
            SAVE_DEAL,
            {
                **where,
                "deal": deal_no,
                "seen": seen,
                "actions": json.dumps(list(actions)),
                "moves": len(actions),
                "us_marks": us_marks,
                "them_marks": them_marks,
                "us_points": us_points,
                "them_points": them_points,
            },
        )
        if saved and finished_at is not None:
            run(FINISH_DAY, {**where, "at": finished_at})
        return bool(saved)

    return await storage.driver.write(steps)


async def day_results(storage: Database, guild_id: int, day: str) -> list[DealRow]:
    """Every finished deal of the server's day, by everyone (for scoring against the field)."""
    async with storage.reading() as db:
        rows = await mappings(
            db,
            f"SELECT user_id, deal_no, actions_json, {RESULT_COLUMNS} FROM daily_deals"
            " WHERE guild_id = :guild AND day = :day AND us_marks IS NOT NULL ORDER BY deal_no, user_id",
            guild=guild_id,
            day=day,
        )
    return [_deal_row(row) for row in rows]


async def day_players(storage: Database, guild_id: int, day: str) -> list[DayPlayer]:
    """Everyone who played the server's day, in the order they started."""
    async with storage.reading() as db:
        rows = await mappings(
            db,
            "SELECT user_id, name, finished_at FROM daily_players WHERE guild_id = :guild AND day = :day"
            " ORDER BY user_id",
            guild=guild_id,
            day=day,
        )
    return [DayPlayer(row["user_id"], row["name"], row["finished_at"]) for row in rows]


async def finished_days(storage: Database, guild_id: int, user_ids: Sequence[int]) -> dict[int, list[str]]:
    """The days each player finished (for streaks), oldest first."""
    if not user_ids:
        return {}
    async with storage.reading() as db:
        rows = await mappings(
            db,
            "SELECT user_id, day FROM daily_players WHERE guild_id = :guild AND user_id IN :users"
            " AND finished_at IS NOT NULL ORDER BY day",
            guild=guild_id,
            users=list(user_ids),
        )
    out: dict[int, list[str]] = {user: [] for user in user_ids}
    for row in rows:
        out[row["user_id"]].append(row["day"])
    return out
