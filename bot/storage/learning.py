"""What learning reads and keeps (issue 15), as rows: finished games for `/42 history` and players'
records, skill ratings per server, and the hints players were shown. How a game is rated is learning's
(`bot.learn.standings`); here it is only kept.

Ratings are derived data. Each finished game of a server is rated once, in one transaction per game
(`rate_game`): it claims the game in `rated_games` (a second process finds it claimed and moves on), reads
the players' ratings (locked on PostgreSQL), and writes their new ratings and a history row.
`rated_games.seq` is the order games were rated, so `rated_games` reads them back in that order for a
recomputation. On PostgreSQL a server's games are rated under an advisory lock of that server, taken before
the claim: processes rating at once take turns, so `seq` follows the order the ratings were written, and two
games sharing a newcomer never both start from the newcomer's default rating.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from .driver import Database
from .sql import mappings, run, scalar


@dataclass(frozen=True)
class FinishedTable:
    """A finished table as learning reads it: its place and time, rules, seats, teams' scores and hands."""

    table_id: int
    guild_id: int
    channel_id: int
    closed_at: str
    variant: str
    rules: dict[str, Any]
    hints: bool
    seats: dict[int, tuple[str, int | None, str | None]]  # seat -> (name, user id, computer level)
    scores: tuple[int, ...]  # per team
    winner: int | None  # team
    hands: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class KeptRating:
    """A player's rating as kept: its mean, its uncertainty, and the rated games behind it."""

    mu: float
    sigma: float
    games: int


Rater = Callable[[FinishedTable, dict[int, KeptRating]], dict[int, KeptRating]]


# The advisory lock's first key ("rate" in ASCII); the second is the server's, folded into 32 bits (servers
# that fold alike merely wait for each other).
RATING_LOCK = 0x72617465
FINISHED = "SELECT * FROM game_tables WHERE guild_id = :guild AND status = 'finished'"
# A player's rating history keeps their last HISTORY_KEPT rated games in a server (what `/42 stats` draws);
# the ratings themselves are replayed from `rated_games`, never from the history.
HISTORY_KEPT = 1000
# How many finished games of a server are not rated (or a player's, not recorded), counted on the indexes:
# a year of games is not searched at every reading.
UNRATED = (
    "SELECT (SELECT count(*) FROM game_tables WHERE guild_id = :guild AND status = 'finished')"
    " - (SELECT count(*) FROM rated_games WHERE guild_id = :guild)"
)
UNRECORDED = (
    "SELECT (SELECT count(*) FROM seats s JOIN game_tables t ON t.id = s.table_id WHERE s.user_id = :user"
    " AND t.guild_id = :guild AND t.status = 'finished')"
    " - (SELECT count(*) FROM game_records WHERE guild_id = :guild AND user_id = :user)"
)
# The records of a server's games are added to players' totals one process at a time ("reco" in ASCII).
RECORD_LOCK = 0x7265636F
KEEP_RECORD = (
    "INSERT INTO game_records (table_id, user_id, guild_id, record_json) VALUES (:t, :u, :g, :r)"
    " ON CONFLICT (table_id, user_id) DO NOTHING RETURNING user_id"
)
PLAYER_TOTAL = "SELECT record_json FROM player_records WHERE guild_id = :guild AND user_id = :user"
KEEP_TOTAL = (
    "INSERT INTO player_records (guild_id, user_id, record_json) VALUES (:g, :u, :r)"
    " ON CONFLICT (guild_id, user_id) DO UPDATE SET record_json = excluded.record_json"
)
TRIM_HISTORY = (
    "DELETE FROM rating_history WHERE guild_id = :g AND user_id = :u AND seq <= (SELECT seq FROM"
    " rating_history WHERE guild_id = :g AND user_id = :u ORDER BY seq DESC LIMIT 1 OFFSET :keep)"
)


async def _complete(db: AsyncConnection, rows: Sequence[Any], *, hands: bool = True) -> list[FinishedTable]:
    """Finished tables from their rows, with seats and team results (and, with `hands`, hand records)."""
    out = []
    for row in rows:
        seats = {
            s["seat"]: (s["name"], s["user_id"], s["computer_level"])
            for s in (
                await run(db, "SELECT * FROM seats WHERE table_id = :t ORDER BY seat", t=row["id"])
            ).mappings()
        }
        teams = (
            await run(
                db, "SELECT team, score, won FROM team_results WHERE table_id = :t ORDER BY team", t=row["id"]
            )
        ).all()
        records = []
        found = (
            (
                await run(
                    db,
                    "SELECT record_json FROM hands WHERE table_id = :t AND complete = 1 ORDER BY hand_no",
                    t=row["id"],
                )
            ).all()
            if hands
            else []
        )
        for hand in found:
            try:
                record = json.loads(hand.record_json)
            except (TypeError, ValueError):
                record = {}
            records.append(record if isinstance(record, dict) else {})
        out.append(
            FinishedTable(
                row["id"],
                row["guild_id"],
                row["channel_id"],
                str(row["closed_at"] or ""),
                row["variant"],
                json.loads(row["rules_json"]),
                bool(row.get("hints", 0)),
                seats,
                tuple(t.score for t in teams),
                next((t.team for t in teams if t.won), None),
                tuple(records),
            )
        )
    return out


async def finished_tables(
    storage: Database,
    guild_id: int,
    *,
    user_id: int | None = None,
    limit: int | None = 5,
    oldest_first: bool = False,
) -> list[FinishedTable]:
    """A server's finished tables (with `user_id`: those where that person sat), newest first."""
    sql = FINISHED
    if user_id is not None:
        sql += " AND id IN (SELECT table_id FROM seats WHERE user_id = :user)"
    sql += " ORDER BY closed_at ASC, id ASC" if oldest_first else " ORDER BY closed_at DESC, id DESC"
    if limit is not None:
        sql += f" LIMIT {int(limit)}"
    async with storage.reading(snapshot=True) as db:
        rows = (await run(db, sql, guild=guild_id, user=user_id)).mappings().all()
        return await _complete(db, rows)


async def unrated_games(storage: Database, guild_id: int) -> list[FinishedTable]:
    """A server's finished games not rated yet, oldest first (seats and results, no hands). As many rated
    as finished: none, found by counting (a year of games is not searched at every reading)."""
    async with storage.reading() as db:
        if not await scalar(db, UNRATED, guild=guild_id):
            return []
        waiting = await mappings(
            db,
            FINISHED + " AND id NOT IN (SELECT table_id FROM rated_games) ORDER BY closed_at ASC, id ASC",
            guild=guild_id,
        )
        return await _complete(db, waiting, hands=False)


async def rate_game(storage: Database, guild_id: int, table: FinishedTable, rate: Rater) -> bool:
    """Rate one finished game in one transaction: claim it, read the kept ratings of the people who played
    (locked; newcomers have none), and keep what `rate` makes of them, with a history row each. False if
    another process claimed the game first (nothing written)."""
    try:
        async with storage.transaction() as db:
            # one rater per server at a time, so `seq` follows the order ratings were written
            await storage.driver.take_turns(db, RATING_LOCK, guild_id % 2**31)
            await run(
                db,
                "INSERT INTO rated_games (table_id, guild_id) VALUES (:t, :g)",
                t=table.table_id,
                g=guild_id,
            )
            people = sorted({user for _, user, _ in table.seats.values() if user is not None})
            if not people:
                return True
            kept = {}
            for user in people:
                row = (
                    await run(
                        db,
                        "SELECT mu, sigma, games FROM ratings WHERE guild_id = :g AND user_id = :u"
                        + storage.driver.row_lock,
                        g=guild_id,
                        u=user,
                    )
                ).first()
                if row is not None:
                    kept[user] = KeptRating(row.mu, row.sigma, row.games)
            for user, rating in rate(table, kept).items():
                values = {"g": guild_id, "u": user, "mu": rating.mu, "sigma": rating.sigma, "n": rating.games}
                await run(
                    db,
                    "INSERT INTO ratings (guild_id, user_id, mu, sigma, games) VALUES (:g, :u, :mu, :sigma, :n)"
                    " ON CONFLICT (guild_id, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
                    " games = excluded.games",
                    **values,
                )
                await run(
                    db,
                    "INSERT INTO rating_history (guild_id, table_id, user_id, mu, sigma, games)"
                    " VALUES (:g, :t, :u, :mu, :sigma, :n)",
                    t=table.table_id,
                    **values,
                )
                await run(db, TRIM_HISTORY, g=guild_id, u=user, keep=HISTORY_KEPT)
    except IntegrityError:  # another process rated it first
        return False
    return True


async def kept_ratings(storage: Database, guild_id: int) -> dict[int, KeptRating]:
    """Every rated player of a server."""
    async with storage.reading() as db:
        rows = (
            await run(db, "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = :g", g=guild_id)
        ).all()
    return {row.user_id: KeptRating(row.mu, row.sigma, row.games) for row in rows}


async def rating_history(storage: Database, guild_id: int, user_id: int) -> list[KeptRating]:
    """A player's rating after each rated game, oldest first."""
    async with storage.reading() as db:
        rows = (
            await run(
                db,
                "SELECT mu, sigma, games FROM rating_history WHERE guild_id = :g AND user_id = :u"
                " ORDER BY seq",
                g=guild_id,
                u=user_id,
            )
        ).all()
    return [KeptRating(row.mu, row.sigma, row.games) for row in rows]


async def rated_games(storage: Database, guild_id: int) -> list[FinishedTable]:
    """A server's rated games (their rules, seats and results) in the order they were rated: three
    queries whatever the number of games."""
    async with storage.reading(snapshot=True) as db:
        tables = (
            await run(
                db,
                "SELECT t.id, t.variant, t.rules_json FROM rated_games r"
                " JOIN game_tables t ON t.id = r.table_id WHERE r.guild_id = :g ORDER BY r.seq",
                g=guild_id,
            )
        ).all()
        seats = (
            await run(
                db,
                "SELECT s.table_id, s.seat, s.user_id, s.computer_level FROM seats s"
                " JOIN rated_games r ON r.table_id = s.table_id WHERE r.guild_id = :g",
                g=guild_id,
            )
        ).all()
        teams = (
            await run(
                db,
                "SELECT t.table_id, t.team, t.score, t.won FROM team_results t"
                " JOIN rated_games r ON r.table_id = t.table_id WHERE r.guild_id = :g"
                " ORDER BY t.table_id, t.team",
                g=guild_id,
            )
        ).all()
    seats_of: dict[int, dict[int, tuple[str, int | None, str | None]]] = {}
    for row in seats:
        seats_of.setdefault(row.table_id, {})[row.seat] = ("", row.user_id, row.computer_level)
    teams_of: dict[int, list[Any]] = {}
    for row in teams:
        teams_of.setdefault(row.table_id, []).append(row)
    out = []
    for row in tables:
        results = teams_of.get(row.id, [])
        out.append(
            FinishedTable(
                row.id,
                guild_id,
                0,
                "",
                row.variant,
                json.loads(row.rules_json),
                False,
                seats_of.get(row.id, {}),
                tuple(t.score for t in results),
                next((t.team for t in results if t.won), None),
                (),
            )
        )
    return out


# ---------------------------------------------------------------------- kept records


async def unrecorded_games(
    storage: Database, guild_id: int, *, user_id: int | None = None, table_ids: list[int] | None = None
) -> list[FinishedTable]:
    """Finished games of a server whose players' records are not kept yet, oldest first, with their hands:
    those `user_id` played (and has no record of), or those of `table_ids`."""
    sql = FINISHED
    if user_id is not None:
        sql += (
            " AND id IN (SELECT s.table_id FROM seats s WHERE s.user_id = :user AND NOT EXISTS"
            " (SELECT 1 FROM game_records r WHERE r.guild_id = :guild AND r.user_id = :user"
            " AND r.table_id = s.table_id))"
        )
    if table_ids is not None:
        sql += (
            " AND id IN :ids AND NOT EXISTS (SELECT 1 FROM game_records r WHERE r.table_id = game_tables.id)"
        )
    ids = {} if table_ids is None else {"ids": list(table_ids)}
    async with storage.reading(snapshot=True) as db:
        if user_id is not None and not await scalar(db, UNRECORDED, guild=guild_id, user=user_id):
            return []  # every game they played is recorded (counted, not searched)
        found = await run(db, sql + " ORDER BY closed_at ASC, id ASC", guild=guild_id, user=user_id, **ids)
        return await _complete(db, found.mappings().all())


async def keep_game_records(
    storage: Database,
    guild_id: int,
    records: dict[int, dict[int, Any]],
    add_up: Callable[[list[Any]], Any],
) -> None:
    """Keep each game's record for each of its players (`records`: game -> user -> record as data), and add
    the new ones to each player's total in the server (`add_up`: records as data -> their sum as data), so
    `/42 stats` reads one row however many games a player played. A game another process kept first is
    left as it is, and not added again: the processes take turns per server."""
    if not records:
        return
    async with storage.transaction() as db:
        await storage.driver.take_turns(db, RECORD_LOCK, guild_id % 2**31)
        added: dict[int, list[Any]] = {}
        for table_id, players in records.items():
            for user_id, record in players.items():
                kept = await run(db, KEEP_RECORD, t=table_id, u=user_id, g=guild_id, r=json.dumps(record))
                if kept.first() is not None:  # new here, not kept before
                    added.setdefault(user_id, []).append(record)
        for user_id, new in added.items():
            before = await scalar(db, PLAYER_TOTAL, guild=guild_id, user=user_id)
            total = add_up(([] if before is None else [json.loads(before)]) + new)
            await run(db, KEEP_TOTAL, g=guild_id, u=user_id, r=json.dumps(total))


async def player_total(storage: Database, guild_id: int, user_id: int) -> Any | None:
    """One person's kept records of their games in a server, added up (as data); None before any."""
    async with storage.reading() as db:
        total = await scalar(db, PLAYER_TOTAL, guild=guild_id, user=user_id)
    return None if total is None else json.loads(total)


async def game_records(storage: Database, guild_id: int, user_id: int) -> list[Any]:
    """One person's kept record of each finished game they played in a server (as data)."""
    async with storage.reading() as db:
        rows = await run(
            db,
            "SELECT record_json FROM game_records WHERE guild_id = :guild AND user_id = :user",
            guild=guild_id,
            user=user_id,
        )
        return [json.loads(row.record_json) for row in rows]


# ---------------------------------------------------------------------- hints


async def note_hint(storage: Database, table_id: int, hand_no: int, seat: int, decision: str) -> None:
    """Remember that a player was shown a hint at one decision (for the hand's review)."""
    async with storage.transaction() as db:
        await run(
            db,
            "INSERT INTO hints_shown (table_id, hand_no, seat, decision) VALUES (:t, :h, :s, :d)"
            " ON CONFLICT DO NOTHING",
            t=table_id,
            h=hand_no,
            s=seat,
            d=decision,
        )


async def hints_shown(storage: Database, table_id: int, hand_no: int, seat: int) -> frozenset[str]:
    """The decisions of a hand where a seat was shown a hint."""
    async with storage.reading() as db:
        rows = (
            await run(
                db,
                "SELECT decision FROM hints_shown WHERE table_id = :t AND hand_no = :h AND seat = :s",
                t=table_id,
                h=hand_no,
                s=seat,
            )
        ).all()
    return frozenset(row.decision for row in rows)


async def names(storage: Database, guild_id: int, user_ids: Sequence[int]) -> dict[int, str]:
    """The names players last had in this server's records."""
    if not user_ids:
        return {}
    async with storage.reading() as db:
        rows = (await run(db, "SELECT user_id, name FROM player_stats WHERE guild_id = :g", g=guild_id)).all()
    wanted = set(user_ids)
    return {row.user_id: row.name for row in rows if row.user_id in wanted}
