"""SQLite storage: tables, seats, hand records and per-server statistics.

Every game action is written in one transaction; the database runs in WAL mode so readers (the
leaderboard) never block the game. `Storage.open` applies the versioned migrations of `bot.migrations`.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite

from .migrations import MIGRATIONS


class StorageError(Exception):
    """The database cannot be opened or used; the message is one line a person can act on."""


class ChannelBusy(Exception):
    """The channel already has an open table."""


@dataclass
class SeatRow:
    """One taken seat: a human (user_id) or a computer (computer_level)."""

    seat: int
    name: str
    user_id: int | None = None
    computer_level: str | None = None
    dm_closed: bool = False
    turn_channel_id: int | None = None  # the DM holding this player's live turn controls, if any
    turn_message_id: int | None = None
    away: bool = False  # a computer plays this seat until its owner clicks something at the table
    taken_over: int = 0  # turns in a row the timer handed to a computer

    @property
    def is_computer(self) -> bool:
        """True for a computer player."""
        return self.computer_level is not None


@dataclass
class TableRow:
    """A table as stored, with its seats and hand records in order."""

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    host_id: int
    variant: str
    rules: dict[str, Any]
    computer_level: str
    status: str
    first_dealer: int | None
    turn_seconds: int | None = None
    idle_seconds: int | None = None
    deadline: float | None = None
    deadline_token: str | None = None
    reminded: bool = False
    last_human_at: float | None = None
    seats: dict[int, SeatRow] = field(default_factory=dict)
    hands: list[dict[str, Any]] = field(default_factory=list)
    damage: str | None = None  # why a stored hand record could not be read, if one could not


@dataclass
class PlayerTally:
    """What one finished game adds to one player's record."""

    user_id: int
    name: str
    won: bool
    marks: int = 0
    points: int = 0
    hands_bid: int = 0
    hands_made: int = 0
    hands_set: int = 0


@dataclass
class TeamResult:
    """One team's result in a finished game."""

    team: int
    team_name: str
    players: list[str]
    score: int
    score_kind: str
    won: bool


@dataclass(frozen=True)
class PlayerStats:
    """A player's record in one server."""

    user_id: int
    name: str
    games_played: int
    games_won: int
    marks_won: int
    points_won: int
    hands_bid: int
    hands_made: int
    hands_set: int


class Storage:
    """The bot's database. Open with `await Storage.open(path)`; close with `await storage.close()`."""

    def __init__(self, connection: aiosqlite.Connection):
        self._db = connection
        self._lock = asyncio.Lock()
        self._closed = False

    @classmethod
    async def open(cls, path: Path | str) -> Storage:
        """Open (creating if needed) the database at `path`, switch to WAL and run pending migrations."""
        target = str(path)
        if target != ":memory:":
            parent = Path(target).expanduser().resolve().parent
            if not parent.is_dir():
                raise StorageError(f"cannot open database {target}: folder {parent} does not exist")
        try:
            connection = await aiosqlite.connect(target, isolation_level=None)
        except (sqlite3.Error, OSError) as error:
            raise StorageError(f"cannot open database {target}: {error}") from None
        storage = cls(connection)
        try:
            connection.row_factory = aiosqlite.Row
            for pragma in ("PRAGMA journal_mode=WAL", "PRAGMA foreign_keys=ON", "PRAGMA busy_timeout=5000"):
                async with connection.execute(pragma) as cursor:
                    await cursor.fetchall()
            await storage.migrate()
        except sqlite3.Error as error:
            await connection.close()
            raise StorageError(f"cannot use database {target}: {error}") from None
        return storage

    async def close(self) -> None:
        """Close the connection (waiting for a transaction in progress); closing twice is harmless."""
        async with self._lock:
            if self._closed:
                return
            self._closed = True
            await self._db.close()

    async def schema_version(self) -> int:
        """How many migrations this database has applied."""
        async with self._db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row is not None else 0

    async def migrate(self) -> None:
        """Apply every migration newer than the database, each in its own transaction."""
        version = await self.schema_version()
        if version > len(MIGRATIONS):
            raise StorageError(
                f"the database is at schema version {version}, newer than this bot ({len(MIGRATIONS)})"
            )
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            await self._db.executescript(f"BEGIN;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One atomic unit of work; concurrent callers queue for it."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            else:
                await self._db.execute("COMMIT")

    # ------------------------------------------------------------------ tables and seats

    async def create_table(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        variant: str,
        rules: dict[str, Any],
        computer_level: str,
        seats: Iterable[SeatRow] = (),
        rematch_of: int | None = None,
        turn_seconds: int | None = 120,
        idle_seconds: int | None = 86400,
        now: float | None = None,
    ) -> int:
        """Insert a new lobby and return its id; `ChannelBusy` if the channel has an open table."""
        try:
            async with self.transaction() as db:
                cursor = await db.execute(
                    "INSERT INTO game_tables (guild_id, channel_id, host_id, variant, rules_json, computer_level,"
                    " rematch_of, turn_seconds, idle_seconds, last_human_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (guild_id, channel_id, host_id, variant, json.dumps(rules), computer_level, rematch_of,
                     turn_seconds, idle_seconds, now),
                )
                assert cursor.lastrowid is not None
                table_id = int(cursor.lastrowid)
                for seat in seats:
                    await self._put_seat(db, table_id, seat)
        except sqlite3.IntegrityError:
            raise ChannelBusy(channel_id) from None
        return table_id

    async def set_message(self, table_id: int, message_id: int) -> None:
        """Remember the table message."""
        async with self.transaction() as db:
            await db.execute("UPDATE game_tables SET message_id = ? WHERE id = ?", (message_id, table_id))

    async def put_seat(self, table_id: int, seat: SeatRow, *, moving_from: int | None = None) -> None:
        """Seat a player (replacing whoever sat there), freeing the seat they are `moving_from`, atomically."""
        async with self.transaction() as db:
            if moving_from is not None:
                await db.execute("DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, moving_from))
            await self._put_seat(db, table_id, seat)

    @staticmethod
    async def _put_seat(db: aiosqlite.Connection, table_id: int, seat: SeatRow) -> None:
        await db.execute(
            "INSERT OR REPLACE INTO seats (table_id, seat, user_id, name, computer_level, dm_closed, away,"
            " taken_over) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (table_id, seat.seat, seat.user_id, seat.name, seat.computer_level, int(seat.dm_closed),
             int(seat.away), seat.taken_over),
        )

    async def remove_seat(self, table_id: int, seat: int) -> None:
        """Empty a seat."""
        async with self.transaction() as db:
            await db.execute("DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat))

    async def set_dm_closed(self, table_id: int, seat: int, closed: bool) -> None:
        """Remember whether a player's DMs could be delivered."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE seats SET dm_closed = ? WHERE table_id = ? AND seat = ?", (int(closed), table_id, seat)
            )

    async def set_seat_state(self, table_id: int, seat: int, *, away: bool, taken_over: int) -> None:
        """Remember whether a seat is away and how many turns in a row a computer took for it."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE seats SET away = ?, taken_over = ? WHERE table_id = ? AND seat = ?",
                (int(away), taken_over, table_id, seat),
            )

    async def save_timer(
        self, table_id: int, *, deadline: float | None, token: str | None, reminded: bool, last_human_at: float | None
    ) -> None:
        """Store the turn deadline (for the turn named by `token`) and the last human action's time."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE game_tables SET deadline = ?, deadline_token = ?, reminded = ?, last_human_at = ?"
                " WHERE id = ?",
                (deadline, token, int(reminded), last_human_at, table_id),
            )

    async def set_turn_message(self, table_id: int, seat: int, channel_id: int | None, message_id: int | None) -> None:
        """Remember (or forget, with None) the message carrying a player's live turn controls."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE seats SET turn_channel_id = ?, turn_message_id = ? WHERE table_id = ? AND seat = ?",
                (channel_id, message_id, table_id, seat),
            )

    async def start_game(self, table_id: int, first_dealer: int, first_record: dict[str, Any]) -> None:
        """Mark the table as playing and store the first hand's record."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE game_tables SET status = 'playing', first_dealer = ? WHERE id = ?", (first_dealer, table_id)
            )
            await db.execute(
                "INSERT INTO hands (table_id, hand_no, record_json, complete) VALUES (?, 0, ?, 0)",
                (table_id, json.dumps(first_record)),
            )

    async def save_hand(
        self,
        table_id: int,
        hand_no: int,
        record: dict[str, Any],
        complete: bool,
        next_record: dict[str, Any] | None = None,
    ) -> None:
        """Store the current hand after an action, and in the same transaction the next hand's deal."""
        async with self.transaction() as db:
            await db.execute(
                "INSERT OR REPLACE INTO hands (table_id, hand_no, record_json, complete) VALUES (?, ?, ?, ?)",
                (table_id, hand_no, json.dumps(record), int(complete)),
            )
            if next_record is not None:
                await db.execute(
                    "INSERT INTO hands (table_id, hand_no, record_json, complete) VALUES (?, ?, ?, 0)",
                    (table_id, hand_no + 1, json.dumps(next_record)),
                )

    async def finish_game(
        self,
        table_id: int,
        guild_id: int,
        hand_no: int,
        record: dict[str, Any],
        tallies: Sequence[PlayerTally],
        teams: Sequence[TeamResult],
    ) -> None:
        """Store the last hand, close the table and add the game to every player's record, atomically."""
        async with self.transaction() as db:
            await db.execute(
                "INSERT OR REPLACE INTO hands (table_id, hand_no, record_json, complete) VALUES (?, ?, ?, 1)",
                (table_id, hand_no, json.dumps(record)),
            )
            await db.execute(
                "UPDATE game_tables SET status = 'finished', closed_at = datetime('now') WHERE id = ?", (table_id,)
            )
            for tally in tallies:
                await db.execute(
                    "INSERT INTO player_stats (guild_id, user_id, name) VALUES (?, ?, ?)"
                    " ON CONFLICT (guild_id, user_id) DO UPDATE SET name = excluded.name",
                    (guild_id, tally.user_id, tally.name),
                )
                await db.execute(
                    "UPDATE player_stats SET games_played = games_played + 1, games_won = games_won + ?,"
                    " marks_won = marks_won + ?, points_won = points_won + ?, hands_bid = hands_bid + ?,"
                    " hands_made = hands_made + ?, hands_set = hands_set + ? WHERE guild_id = ? AND user_id = ?",
                    (
                        int(tally.won),
                        tally.marks,
                        tally.points,
                        tally.hands_bid,
                        tally.hands_made,
                        tally.hands_set,
                        guild_id,
                        tally.user_id,
                    ),
                )
            for team in teams:
                await db.execute(
                    "INSERT INTO team_results (table_id, guild_id, team, team_name, players_json, score, score_kind,"
                    " won) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        table_id,
                        guild_id,
                        team.team,
                        team.team_name,
                        json.dumps(team.players),
                        team.score,
                        team.score_kind,
                        int(team.won),
                    ),
                )

    async def end_table(self, table_id: int) -> None:
        """Close a table without tallying anything."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE game_tables SET status = 'ended', closed_at = datetime('now') WHERE id = ?", (table_id,)
            )

    # ------------------------------------------------------------------ reading

    async def load_table(self, table_id: int) -> TableRow | None:
        """One table with its seats and hands, or None."""
        async with self._lock:  # never read half of another caller's transaction on this connection
            async with self._db.execute("SELECT * FROM game_tables WHERE id = ?", (table_id,)) as cursor:
                row = await cursor.fetchone()
            return None if row is None else await self._complete(row)

    async def load_open_tables(self) -> list[TableRow]:
        """Every table still in its lobby or playing, for reloading after a restart."""
        async with self._lock:
            async with self._db.execute(
                "SELECT * FROM game_tables WHERE status IN ('lobby', 'playing') ORDER BY id"
            ) as cursor:
                rows = await cursor.fetchall()
            return [await self._complete(row) for row in rows]

    async def _complete(self, row: aiosqlite.Row) -> TableRow:
        table = TableRow(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            message_id=row["message_id"],
            host_id=row["host_id"],
            variant=row["variant"],
            rules=json.loads(row["rules_json"]),
            computer_level=row["computer_level"],
            status=row["status"],
            first_dealer=row["first_dealer"],
            turn_seconds=row["turn_seconds"],
            idle_seconds=row["idle_seconds"],
            deadline=row["deadline"],
            deadline_token=row["deadline_token"],
            reminded=bool(row["reminded"]),
            last_human_at=row["last_human_at"],
        )
        async with self._db.execute("SELECT * FROM seats WHERE table_id = ? ORDER BY seat", (table.id,)) as cursor:
            for seat in await cursor.fetchall():
                table.seats[seat["seat"]] = SeatRow(
                    seat=seat["seat"],
                    name=seat["name"],
                    user_id=seat["user_id"],
                    computer_level=seat["computer_level"],
                    dm_closed=bool(seat["dm_closed"]),
                    turn_channel_id=seat["turn_channel_id"],
                    turn_message_id=seat["turn_message_id"],
                    away=bool(seat["away"]),
                    taken_over=seat["taken_over"],
                )
        async with self._db.execute(
            "SELECT record_json FROM hands WHERE table_id = ? ORDER BY hand_no", (table.id,)
        ) as cursor:
            rows = await cursor.fetchall()
        for number, hand in enumerate(rows, start=1):
            try:
                record = json.loads(hand["record_json"])
            except (TypeError, ValueError) as error:
                table.damage = f"hand {number}'s record is not readable ({error})"
                break
            if not isinstance(record, dict):
                table.damage = f"hand {number}'s record is not a hand record"
                break
            table.hands.append(record)
        return table

    async def leaderboard(self, guild_id: int, limit: int = 10) -> list[PlayerStats]:
        """This server's players ranked by marks won, then games won, then fewest games played."""
        async with self._lock, self._db.execute(
            "SELECT * FROM player_stats WHERE guild_id = ? AND games_played > 0"
            " ORDER BY marks_won DESC, games_won DESC, games_played ASC, name LIMIT ?",
            (guild_id, limit),
        ) as cursor:
            return [_stats(row) for row in await cursor.fetchall()]

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats | None:
        """One player's record in this server, or None if they have never finished a game here."""
        async with self._lock, self._db.execute(
            "SELECT * FROM player_stats WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
        ) as cursor:
            row = await cursor.fetchone()
        return None if row is None else _stats(row)

    async def team_results(self, table_id: int) -> list[TeamResult]:
        """The team results stored for a finished table."""
        async with self._lock, self._db.execute(
            "SELECT * FROM team_results WHERE table_id = ? ORDER BY team", (table_id,)
        ) as cursor:
            return [
                TeamResult(
                    team=row["team"],
                    team_name=row["team_name"],
                    players=json.loads(row["players_json"]),
                    score=row["score"],
                    score_kind=row["score_kind"],
                    won=bool(row["won"]),
                )
                for row in await cursor.fetchall()
            ]


def _stats(row: aiosqlite.Row) -> PlayerStats:
    return PlayerStats(
        user_id=row["user_id"],
        name=row["name"],
        games_played=row["games_played"],
        games_won=row["games_won"],
        marks_won=row["marks_won"],
        points_won=row["points_won"],
        hands_bid=row["hands_bid"],
        hands_made=row["hands_made"],
        hands_set=row["hands_set"],
    )
