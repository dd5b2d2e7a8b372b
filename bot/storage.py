"""SQLite storage: tables, seats, hand records and per-server statistics.

Every game action is written in one transaction; the database runs in WAL mode so readers (the
leaderboard) never block the game. `Storage.open` applies the versioned migrations of `bot.migrations`.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
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
    message_posted_at: float | None = None
    ended_by: str | None = None
    closed_idle: bool = False
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


@dataclass(frozen=True)
class Panel:
    """A player's private message at a table: where it is, the game moment its controls are for (None: it
    has none live; "": some moment before panels were stored), and the interaction token it was sent
    through as a follow-up (with when), while that token may still edit or delete it."""

    table_id: int
    user_id: int
    channel_id: int
    message_id: int
    live_token: str | None = None
    via_token: str | None = None
    via_at: float | None = None


Write = Callable[[aiosqlite.Connection], Awaitable[None]]


def _now_text() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S")


async def _put_seat(db: aiosqlite.Connection, table_id: int, seat: SeatRow) -> None:
    await db.execute("DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat.seat))
    await db.execute(
        "INSERT INTO seats (table_id, seat, user_id, name, computer_level, dm_closed, away, taken_over)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (table_id, seat.seat, seat.user_id, seat.name, seat.computer_level, int(seat.dm_closed), int(seat.away),
         seat.taken_over),
    )


async def _save_hand(db: aiosqlite.Connection, table_id: int, hand_no: int, record: dict[str, Any], complete: bool) -> None:
    await db.execute(
        "INSERT INTO hands (table_id, hand_no, record_json, complete) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (table_id, hand_no) DO UPDATE SET record_json = excluded.record_json,"
        " complete = excluded.complete",
        (table_id, hand_no, json.dumps(record), int(complete)),
    )


class Change:
    """The writes one change at a table makes, and the events it announces, for `Storage.commit` to make
    in one transaction. Each method records one write and returns the change, so calls can be chained."""

    def __init__(self, table_id: int):
        self.table_id = table_id
        self.writes: list[Write] = []
        self.events: list[tuple[str, dict[str, Any]]] = []

    def _sql(self, sql: str, *params: Any) -> Change:
        async def write(db: aiosqlite.Connection) -> None:
            await db.execute(sql, params)

        self.writes.append(write)
        return self

    def announce(self, kind: str, payload: dict[str, Any]) -> Change:
        """Queue an event in the table's outbox."""
        self.events.append((kind, payload))
        return self

    def put_seat(self, seat: SeatRow, *, moving_from: int | None = None) -> Change:
        """Seat a player (replacing whoever sat there), freeing the seat they are `moving_from`."""
        table_id = self.table_id

        async def write(db: aiosqlite.Connection) -> None:
            if moving_from is not None:
                await db.execute("DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, moving_from))
            await _put_seat(db, table_id, seat)

        self.writes.append(write)
        return self

    def remove_seat(self, seat: int) -> Change:
        """Empty a seat."""
        return self._sql("DELETE FROM seats WHERE table_id = ? AND seat = ?", self.table_id, seat)

    def set_dm_closed(self, seat: int, closed: bool) -> Change:
        """Remember whether a player's DMs could be delivered."""
        return self._sql("UPDATE seats SET dm_closed = ? WHERE table_id = ? AND seat = ?", int(closed),
                         self.table_id, seat)

    def set_seat_state(self, seat: int, *, away: bool, taken_over: int) -> Change:
        """Remember whether a seat is away and how many turns in a row a computer took for it."""
        return self._sql("UPDATE seats SET away = ?, taken_over = ? WHERE table_id = ? AND seat = ?", int(away),
                         taken_over, self.table_id, seat)

    def save_timer(self, *, deadline: float | None, token: str | None, reminded: bool,
                   last_human_at: float | None) -> Change:
        """Store the turn deadline (for the turn named by `token`) and the last human action's time."""
        return self._sql(
            "UPDATE game_tables SET deadline = ?, deadline_token = ?, reminded = ?, last_human_at = ? WHERE id = ?",
            deadline, token, int(reminded), last_human_at, self.table_id,
        )

    def set_message(self, message_id: int | None, posted_at: float | None) -> Change:
        """Remember the table message (None: none now) and when it was posted."""
        return self._sql("UPDATE game_tables SET message_id = ?, message_posted_at = ? WHERE id = ?", message_id,
                         posted_at, self.table_id)

    def start_game(self, first_dealer: int, first_record: dict[str, Any]) -> Change:
        """Mark the table as playing and store the first hand's record."""
        self._sql("UPDATE game_tables SET status = 'playing', first_dealer = ? WHERE id = ?", first_dealer,
                  self.table_id)
        return self.save_hand(0, first_record, False)

    def save_hand(self, hand_no: int, record: dict[str, Any], complete: bool,
                  next_record: dict[str, Any] | None = None) -> Change:
        """Store the current hand after an action and, if given, the next hand's deal."""
        table_id = self.table_id

        async def write(db: aiosqlite.Connection) -> None:
            await _save_hand(db, table_id, hand_no, record, complete)
            if next_record is not None:
                await _save_hand(db, table_id, hand_no + 1, next_record, False)

        self.writes.append(write)
        return self

    def finish_game(self, guild_id: int, hand_no: int, record: dict[str, Any], tallies: Sequence[PlayerTally],
                    teams: Sequence[TeamResult]) -> Change:
        """Store the last hand, close the table and add the game to every player's record."""
        self.save_hand(hand_no, record, True)
        self._sql("UPDATE game_tables SET status = 'finished', closed_at = ? WHERE id = ?", _now_text(), self.table_id)
        table_id = self.table_id

        async def write(db: aiosqlite.Connection) -> None:
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
                    (int(tally.won), tally.marks, tally.points, tally.hands_bid, tally.hands_made, tally.hands_set,
                     guild_id, tally.user_id),
                )
            for team in teams:
                await db.execute(
                    "INSERT INTO team_results (table_id, guild_id, team, team_name, players_json, score, score_kind,"
                    " won) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (table_id, guild_id, team.team, team.team_name, json.dumps(team.players), team.score,
                     team.score_kind, int(team.won)),
                )

        self.writes.append(write)
        return self

    def end_table(self, *, ended_by: str | None = None, closed_idle: bool = False) -> Change:
        """Close the table without tallying anything (`ended_by` a person, or closed for being idle)."""
        return self._sql("UPDATE game_tables SET status = 'ended', closed_at = ?, ended_by = ?, closed_idle = ?"
                         " WHERE id = ?", _now_text(), ended_by, int(closed_idle), self.table_id)


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

    # ------------------------------------------------------------------ writing

    async def commit(self, change: Change) -> list[int]:
        """Make every write of `change` and queue its events in the outbox, in one transaction. Returns
        the outbox numbers of the events, in order."""
        async with self.transaction() as db:
            for write in change.writes:
                await write(db)
            return [await self._enqueue(db, change.table_id, kind, payload) for kind, payload in change.events]

    @staticmethod
    async def _enqueue(db: aiosqlite.Connection, table_id: int, kind: str, payload: dict[str, Any]) -> int:
        async with db.execute(
            "INSERT INTO table_outbox (table_id, kind, payload) VALUES (?, ?, ?) RETURNING seq",
            (table_id, kind, json.dumps(payload)),
        ) as cursor:
            row = await cursor.fetchone()
        assert row is not None
        return int(row[0])

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
        events: Sequence[tuple[str, dict[str, Any]]] = (),
    ) -> int:
        """Insert a new lobby (and queue `events` for it) and return its id; `ChannelBusy` if the channel
        has an open table."""
        try:
            async with self.transaction() as db:
                async with db.execute(
                    "INSERT INTO game_tables (guild_id, channel_id, host_id, variant, rules_json, computer_level,"
                    " rematch_of, turn_seconds, idle_seconds, last_human_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    " RETURNING id",
                    (guild_id, channel_id, host_id, variant, json.dumps(rules), computer_level, rematch_of,
                     turn_seconds, idle_seconds, now),
                ) as cursor:
                    row = await cursor.fetchone()
                assert row is not None
                table_id = int(row[0])
                for seat in seats:
                    await _put_seat(db, table_id, seat)
                for kind, payload in events:
                    await self._enqueue(db, table_id, kind, payload)
        except sqlite3.IntegrityError:
            raise ChannelBusy(channel_id) from None
        return table_id

    async def set_message(self, table_id: int, message_id: int | None, posted_at: float | None = None) -> None:
        """Remember the table message (None: there is none now) and when it was posted."""
        await self.commit(Change(table_id).set_message(message_id, posted_at))

    async def end_table(self, table_id: int) -> None:
        """Close a table without tallying anything."""
        await self.commit(Change(table_id).end_table())

    async def set_turn_message(self, table_id: int, seat: int, channel_id: int | None, message_id: int | None) -> None:
        """Remember (or forget, with None) the message carrying a seat's live turn controls (schema 2; kept
        for databases and tests from before panels)."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE seats SET turn_channel_id = ?, turn_message_id = ? WHERE table_id = ? AND seat = ?",
                (channel_id, message_id, table_id, seat),
            )

    # ------------------------------------------------------------------ what the bot still has to show

    async def pending_events(self) -> list[tuple[int, int, str, dict[str, Any]]]:
        """Every queued event not yet shown, oldest first: (seq, table id, kind, payload)."""
        async with self._lock, self._db.execute(
            "SELECT seq, table_id, kind, payload FROM table_outbox ORDER BY seq"
        ) as cursor:
            rows = await cursor.fetchall()
        return [(row["seq"], row["table_id"], row["kind"], json.loads(row["payload"])) for row in rows]

    async def events_shown(self, seqs: Iterable[int]) -> None:
        """Forget queued events that have been shown."""
        numbers = list(seqs)
        if not numbers:
            return
        async with self.transaction() as db:
            await db.execute(
                f"DELETE FROM table_outbox WHERE seq IN ({', '.join('?' * len(numbers))})", numbers
            )

    async def panels(self) -> list[Panel]:
        """Every player's private message at every table."""
        async with self._lock, self._db.execute("SELECT * FROM panels") as cursor:
            rows = await cursor.fetchall()
        return [
            Panel(row["table_id"], row["user_id"], row["channel_id"], row["message_id"], row["live_token"],
                  row["via_token"], row["via_at"])
            for row in rows
        ]

    async def save_panel(self, table_id: int, user_id: int, panel: Panel | None) -> None:
        """Remember a player's private message at a table (None: they have none)."""
        async with self.transaction() as db:
            await db.execute("DELETE FROM panels WHERE table_id = ? AND user_id = ?", (table_id, user_id))
            if panel is not None:
                await db.execute(
                    "INSERT INTO panels (table_id, user_id, channel_id, message_id, live_token, via_token, via_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (table_id, user_id, panel.channel_id, panel.message_id, panel.live_token, panel.via_token,
                     panel.via_at),
                )

    async def dm_channel(self, user_id: int) -> int | None:
        """The id of the DM channel with a user, if known."""
        async with self._lock, self._db.execute(
            "SELECT channel_id FROM dm_channels WHERE user_id = ?", (user_id,)
        ) as cursor:
            row = await cursor.fetchone()
        return None if row is None else int(row["channel_id"])

    async def set_dm_channel(self, user_id: int, channel_id: int) -> None:
        """Remember the DM channel with a user."""
        async with self.transaction() as db:
            await db.execute("DELETE FROM dm_channels WHERE user_id = ?", (user_id,))
            await db.execute("INSERT INTO dm_channels (user_id, channel_id) VALUES (?, ?)", (user_id, channel_id))

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
            message_posted_at=row["message_posted_at"],
            ended_by=row["ended_by"],
            closed_idle=bool(row["closed_idle"]),
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
