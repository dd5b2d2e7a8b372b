"""What learning reads and keeps (issue 15): finished games for `/42 history` and players' records, skill
ratings per server, and the hints players were shown.

Ratings are derived data. `rate_finished` rates each finished game of a server once, in one transaction
per game: it claims the game in `rated_games` (a second process finds it claimed and moves on), reads the
players' ratings (locked on PostgreSQL), and writes their new ratings and a history row. `rated_games.seq`
is the order games were rated, so `recompute` replays the stored games in that order and gives exactly the
stored ratings. On PostgreSQL a server's games are rated under an advisory lock of that server, taken
before the claim: processes rating at once take turns, so `seq` follows the order the ratings were
written, and two games sharing a newcomer never both start from the newcomer's default rating.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from engine import Rules

from ..learn.player_record import GamePlayed
from ..learn.ratings import FinishedGame, Rating, RatingBook, Seat, places_of, replay
from .sql import run
from .store import Storage


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

    def game(self) -> FinishedGame:
        """The game as ratings read it: each team's seats and its place."""
        rules = _rules(self.variant, json.dumps(self.rules, sort_keys=True))
        sides = tuple(
            tuple(
                Seat(user, level)
                for seat, (_, user, level) in sorted(self.seats.items())
                if rules.team_of(seat) == team
            )
            for team in range(rules.teams)
        )
        return FinishedGame(self.table_id, sides, places_of(self.scores, self.winner or 0))


@lru_cache(maxsize=64)
def _rules(variant: str, overrides: str) -> Rules:
    """A stored table's rules (built once per kind of table: recomputing reads thousands)."""
    return Rules.from_preset(variant, json.loads(overrides))


# The advisory lock's first key ("rate" in ASCII); the second is the server's, folded into 32 bits (servers
# that fold alike merely wait for each other).
RATING_LOCK = 0x72617465
FINISHED = "SELECT * FROM game_tables WHERE guild_id = :guild AND status = 'finished'"


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
    storage: Storage,
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


async def games_of(storage: Storage, guild_id: int, user_id: int) -> list[GamePlayed]:
    """Every finished game a person played in this server, oldest first, for their record."""
    played = []
    for table in await finished_tables(storage, guild_id, user_id=user_id, limit=None, oldest_first=True):
        seat = next(s for s, (_, user, _) in table.seats.items() if user == user_id)
        team = Rules.from_preset(table.variant, table.rules).team_of(seat)
        played.append(GamePlayed(table.table_id, seat, table.winner == team, table.hints, table.hands))
    return played


# ---------------------------------------------------------------------- ratings


async def rate_finished(storage: Storage, guild_id: int) -> int:
    """Rate every finished game of a server not rated yet, oldest first; returns how many were rated."""
    async with storage.reading() as db:
        waiting = (
            (
                await run(
                    db,
                    FINISHED + " AND id NOT IN (SELECT table_id FROM rated_games)"
                    " ORDER BY closed_at ASC, id ASC",
                    guild=guild_id,
                )
            )
            .mappings()
            .all()
        )
        tables = await _complete(db, waiting, hands=False)
    rated = 0
    for table in tables:
        try:
            async with storage.transaction() as db:
                if storage.postgres:  # one rater per server at a time (SQLite's writer lock already is one)
                    await run(
                        db,
                        "SELECT pg_advisory_xact_lock(:key, :guild)",
                        key=RATING_LOCK,
                        guild=guild_id % 2**31,
                    )
                await run(
                    db,
                    "INSERT INTO rated_games (table_id, guild_id) VALUES (:t, :g)",
                    t=table.table_id,
                    g=guild_id,
                )
                await _rate(db, storage, guild_id, table)
            rated += 1
        except IntegrityError:  # another process rated it first
            continue
    return rated


async def _rate(db: AsyncConnection, storage: Storage, guild_id: int, table: FinishedTable) -> None:
    game = table.game()
    people = sorted({seat.user_id for side in game.sides for seat in side if seat.user_id is not None})
    if not people:
        return
    lock = " FOR UPDATE" if storage.postgres else ""
    book = RatingBook()
    for user in people:
        row = (
            await run(
                db,
                "SELECT mu, sigma, games FROM ratings WHERE guild_id = :g AND user_id = :u" + lock,
                g=guild_id,
                u=user,
            )
        ).first()
        if row is not None:
            book.ratings[user] = Rating(row.mu, row.sigma, row.games)
    for user, rating in book.rate(game).items():
        await run(
            db,
            "INSERT INTO ratings (guild_id, user_id, mu, sigma, games) VALUES (:g, :u, :mu, :sigma, :n)"
            " ON CONFLICT (guild_id, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
            " games = excluded.games",
            g=guild_id,
            u=user,
            mu=rating.mu,
            sigma=rating.sigma,
            n=rating.games,
        )
        await run(
            db,
            "INSERT INTO rating_history (guild_id, table_id, user_id, mu, sigma, games)"
            " VALUES (:g, :t, :u, :mu, :sigma, :n)",
            g=guild_id,
            t=table.table_id,
            u=user,
            mu=rating.mu,
            sigma=rating.sigma,
            n=rating.games,
        )


async def ratings(storage: Storage, guild_id: int) -> dict[int, Rating]:
    """Every rated player of a server."""
    async with storage.reading() as db:
        rows = (
            await run(db, "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = :g", g=guild_id)
        ).all()
    return {row.user_id: Rating(row.mu, row.sigma, row.games) for row in rows}


async def rating_history(storage: Storage, guild_id: int, user_id: int) -> list[Rating]:
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
    return [Rating(row.mu, row.sigma, row.games) for row in rows]


async def recompute(storage: Storage, guild_id: int) -> RatingBook:
    """Every rating of a server again from the stored games (seats and results), in the order they were
    rated: three queries whatever the number of games."""
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
    games = []
    for row in tables:
        results = teams_of.get(row.id, [])
        games.append(
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
            ).game()
        )
    return replay(games)


# ---------------------------------------------------------------------- hints


async def note_hint(storage: Storage, table_id: int, hand_no: int, seat: int, decision: str) -> None:
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


async def hints_shown(storage: Storage, table_id: int, hand_no: int, seat: int) -> frozenset[str]:
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


async def names(storage: Storage, guild_id: int, user_ids: Sequence[int]) -> dict[int, str]:
    """The names players last had in this server's records."""
    if not user_ids:
        return {}
    async with storage.reading() as db:
        rows = (await run(db, "SELECT user_id, name FROM player_stats WHERE guild_id = :g", g=guild_id)).all()
    wanted = set(user_ids)
    return {row.user_id: row.name for row in rows if row.user_id in wanted}
