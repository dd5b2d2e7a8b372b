"""`Storage`: the bot's database behind one interface, on SQLite or PostgreSQL (SQLAlchemy Core, async).

Every change at a table is one short transaction (`commit`): lock the table's row (`BEGIN IMMEDIATE` on
SQLite, `SELECT … FOR UPDATE` on PostgreSQL), check its version, make the writes and queue the events in
the table's outbox, bump the version and, on PostgreSQL, `NOTIFY` the other processes. A writer holding an
older version is refused (`StaleTable`), never silently overwrites. No Discord call ever happens inside.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from sqlalchemy.engine import RowMapping
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from . import migrate as migrations
from .change import Change, put_seat
from .engine import WRITE, make_engine
from .errors import ChannelBusy, NotOwner, StaleTable, StorageError
from .rows import Panel, PlayerStats, SeatRow, TableRow, TeamResult
from .sql import run, statement
from .target import POSTGRESQL, SQLITE, DatabaseTarget, database_target
from .writer import Recorder, SqliteWriter, Statement, one

log = logging.getLogger(__name__)
CHANGES_CHANNEL = "t42_tables"  # NOTIFY channel: payload "<table id>:<version>"
OPEN_STATUSES = "('lobby', 'playing')"
TABLE_VERSION = "SELECT version FROM game_tables WHERE id = :table"
LEASE_HOLDER = "SELECT owner FROM table_leases WHERE table_id = :table"
BUMP_VERSION = "UPDATE game_tables SET version = :version WHERE id = :table"
ENQUEUE = "INSERT INTO table_outbox (table_id, kind, payload) VALUES (:table, :kind, :payload) RETURNING seq"
FORGET_EVENT = "DELETE FROM table_outbox WHERE seq = :seq"
DROP_PANEL = "DELETE FROM panels WHERE table_id = :table AND user_id = :user"
KEEP_PANEL = (
    "INSERT INTO panels (table_id, user_id, channel_id, message_id, live_token, via_token, via_at)"
    " VALUES (:table, :user, :channel, :message, :live, :via, :via_at)"
)


class Storage:
    """The bot's database. Open with `await Storage.open(url_or_path)`; close with `await storage.close()`."""

    def __init__(self, engine: AsyncEngine, target: DatabaseTarget):
        self.engine = engine
        self.target = target
        self.postgres = target.backend == POSTGRESQL
        # SQLite has one writer at a time anyway: queue this process's writers here rather than in SQLite's
        # busy handler (which polls). PostgreSQL's writers lock only the rows they change.
        self._write_lock = asyncio.Lock()
        # A SQLite file's busiest writes (a table's changes, the outbox, panels) go through one thread of
        # their own, a transaction in one step (`writer`); ":memory:" is one database per connection.
        self._writer = (
            SqliteWriter(target.path) if target.backend == SQLITE and target.path is not None else None
        )
        self._closed = False

    @classmethod
    async def open(cls, where: Path | str | DatabaseTarget, *, migrate: bool = True) -> Storage:
        """Open (creating if needed) the database named by a `DATABASE_URL` or a SQLite file path, and
        bring its schema up to date. `StorageError` (one line) if it cannot be opened or used."""
        try:
            target = where if isinstance(where, DatabaseTarget) else database_target(where)
        except ValueError as error:
            raise StorageError(str(error)) from None
        if target.path is not None:
            await asyncio.to_thread(_probe_sqlite, target.path)
        storage = cls(make_engine(target), target)
        try:
            if migrate:
                await storage.migrate()
            else:
                async with storage.engine.connect():
                    pass
        except StorageError:
            await storage.engine.dispose()
            raise
        except (SQLAlchemyError, OSError, ImportError, ValueError) as error:
            await storage.engine.dispose()
            raise StorageError(f"cannot use database {target.describe()}: {_first_line(error)}") from None
        return storage

    async def close(self) -> None:
        """Close every connection (waiting for a transaction in progress); closing twice is harmless."""
        async with self._write_lock:
            if self._closed:
                return
            self._closed = True
            await self.engine.dispose()
            if self._writer is not None:
                await self._writer.close()

    async def migrate(self) -> migrations.Migrated:
        """Apply every migration newer than the database (once, even with several processes starting)."""
        done = await migrations.migrate(self.engine, self.target.backend)
        if done.before != done.after:
            log.info(
                "database %s: schema migrated from version %d to %d",
                self.target.describe(),
                done.before,
                done.after,
            )
        return done

    async def schema_version(self) -> int:
        """Which migration this database is at (the number of the last one applied)."""
        return await migrations.schema_version(self.engine)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncConnection]:
        """One atomic unit of work that writes; committed at the end, rolled back on an exception."""
        async with self._write_lock if not self.postgres else _nothing(), self.engine.connect() as connection:
            writing = await connection.execution_options(**{WRITE: True})
            async with writing.begin():
                yield writing

    @asynccontextmanager
    async def reading(self, *, snapshot: bool = False) -> AsyncIterator[AsyncConnection]:
        """A connection for reads; with `snapshot`, every statement sees the same moment (PostgreSQL's
        REPEATABLE READ; a SQLite read transaction always does)."""
        async with self.engine.connect() as connection:
            if snapshot and self.postgres:
                connection = await connection.execution_options(isolation_level="REPEATABLE READ")
            yield connection

    # ------------------------------------------------------------------ writing

    async def commit(
        self, change: Change, *, version: int | None = None, owner: str | None = None
    ) -> list[int]:
        """Make every write of `change` and queue its events in the outbox, in one transaction that bumps
        the table's version. With `version`, the table must still be at it (`StaleTable` if not); with
        `owner`, that process must hold the table's lease (`NotOwner` if not). Returns the events' outbox
        numbers, in order."""
        if self._writer is not None:
            return await self._commit_at_once(self._writer, change, version=version, owner=owner)
        async with self.transaction() as db:
            found = await self._lock_table(db, change.table_id)
            if owner is not None:
                holder = (await run(db, LEASE_HOLDER + self._for_update, table=change.table_id)).scalar()
                if holder != owner:
                    raise NotOwner(change.table_id, owner, holder)
            if version is not None and found != version:
                raise StaleTable(change.table_id, version, found)
            for write in change.writes:
                await write(db)
            seqs = [
                await self._enqueue(db, change.table_id, kind, payload) for kind, payload in change.events
            ]
            await self._bump(db, change.table_id, (found or 0) + 1)
            return seqs

    async def _commit_at_once(
        self, writer: SqliteWriter, change: Change, *, version: int | None, owner: str | None
    ) -> list[int]:
        """`commit` on a SQLite file: the same checks and statements, in one step of the writer's thread."""
        recorder = Recorder()
        for write in change.writes:
            await write(recorder)  # type: ignore[arg-type]  # records the statements instead of running them
        table_id = change.table_id
        events = [(kind, json.dumps(payload)) for kind, payload in change.events]

        def body(db: sqlite3.Connection) -> list[int]:
            found = one(db, TABLE_VERSION, table=table_id)
            if owner is not None:
                holder = one(db, LEASE_HOLDER, table=table_id)
                if holder != owner:
                    raise NotOwner(table_id, owner, holder)
            if version is not None and found != version:
                raise StaleTable(table_id, version, found)
            for sql, params in recorder.statements:
                db.execute(sql, params)
            seqs = [
                int(one(db, ENQUEUE, table=table_id, kind=kind, payload=payload)) for kind, payload in events
            ]
            db.execute(BUMP_VERSION, {"version": (found or 0) + 1, "table": table_id})
            return seqs

        async with self._write_lock:
            return await writer.transaction(body)

    @property
    def _for_update(self) -> str:
        return " FOR UPDATE" if self.postgres else ""  # SQLite's BEGIN IMMEDIATE already holds the lock

    async def _lock_table(self, db: AsyncConnection, table_id: int) -> int | None:
        """Lock the table's row for this transaction; its version (None: no such table)."""
        return (await run(db, TABLE_VERSION + self._for_update, table=table_id)).scalar()

    async def _bump(self, db: AsyncConnection, table_id: int, version: int) -> None:
        await run(db, BUMP_VERSION, version=version, table=table_id)
        if self.postgres:  # delivered at commit, and only then; a hint: listeners also poll versions
            await run(
                db,
                "SELECT pg_notify(:channel, :payload)",
                channel=CHANGES_CHANNEL,
                payload=f"{table_id}:{version}",
            )

    @staticmethod
    async def _enqueue(db: AsyncConnection, table_id: int, kind: str, payload: dict[str, Any]) -> int:
        result = await run(db, ENQUEUE, table=table_id, kind=kind, payload=json.dumps(payload))
        return int(result.scalar_one())

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
        hints: bool = False,
        now: float | None = None,
        events: Sequence[tuple[str, dict[str, Any]]] = (),
        owner: str | None = None,
        lease_seconds: float = 0.0,
    ) -> int:
        """Insert a new lobby (queueing `events` for it, and leasing it to `owner` if given) and return its
        id; `ChannelBusy` if the channel has an open table."""
        try:
            async with self.transaction() as db:
                result = await run(
                    db,
                    "INSERT INTO game_tables (guild_id, channel_id, host_id, variant, rules_json, computer_level,"
                    " rematch_of, turn_seconds, idle_seconds, hints, last_human_at) VALUES (:guild, :channel, :host,"
                    " :variant, :rules, :level, :rematch_of, :turn_seconds, :idle_seconds, :hints, :now) RETURNING id",
                    guild=guild_id,
                    channel=channel_id,
                    host=host_id,
                    variant=variant,
                    rules=json.dumps(rules),
                    level=computer_level,
                    rematch_of=rematch_of,
                    turn_seconds=turn_seconds,
                    idle_seconds=idle_seconds,
                    hints=int(hints),
                    now=now,
                )
                table_id = int(result.scalar_one())
                for seat in seats:
                    await put_seat(db, table_id, seat)
                for kind, payload in events:
                    await self._enqueue(db, table_id, kind, payload)
                if owner is not None:
                    await run(
                        db,
                        "INSERT INTO table_leases (table_id, owner, expires_at)"
                        f" VALUES (:table, :owner, {self.clock_sql} + :seconds)",
                        table=table_id,
                        owner=owner,
                        seconds=lease_seconds,
                    )
        except IntegrityError:
            raise ChannelBusy(channel_id) from None
        return table_id

    @property
    def clock_sql(self) -> str:
        """SQL for the database's clock, in seconds since the epoch (leases are timed by it, so processes on
        machines whose clocks differ still agree)."""
        return (
            "extract(epoch from clock_timestamp())"
            if self.postgres
            else "(julianday('now') - 2440587.5) * 86400.0"
        )

    async def set_message(
        self, table_id: int, message_id: int | None, posted_at: float | None = None
    ) -> None:
        """Remember the table message (None: there is none now) and when it was posted."""
        await self.commit(Change(table_id).set_message(message_id, posted_at))

    async def end_table(self, table_id: int) -> None:
        """Close a table without tallying anything."""
        await self.commit(Change(table_id).end_table())

    # ------------------------------------------------------------------ what the bot still has to show

    async def pending_events(
        self, table_id: int | None = None, *, after: int = 0
    ) -> list[tuple[int, int, str, dict[str, Any]]]:
        """Queued events not yet shown, oldest first: (seq, table id, kind, payload); of one table (and
        after one of its events) if asked."""
        where = "" if table_id is None else " WHERE table_id = :table AND seq > :after"
        async with self.reading() as db:
            rows = (
                await run(
                    db,
                    f"SELECT seq, table_id, kind, payload FROM table_outbox{where} ORDER BY seq",
                    table=table_id,
                    after=after,
                )
            ).all()
        return [(row.seq, row.table_id, row.kind, json.loads(row.payload)) for row in rows]

    async def events_shown(self, seqs: Iterable[int]) -> None:
        """Forget queued events that have been shown."""
        numbers = list(seqs)
        if not numbers:
            return
        if self._writer is not None:
            async with self._write_lock:
                await self._writer.run([(FORGET_EVENT, {"seq": seq}) for seq in numbers])
            return
        async with self.transaction() as db:
            await db.execute(
                statement("DELETE FROM table_outbox WHERE seq IN :seqs", "seqs"), {"seqs": numbers}
            )

    async def panels(self, table_ids: Iterable[int] | None = None) -> list[Panel]:
        """Every player's private message at every table (or at these tables)."""
        async with self.reading() as db:
            if table_ids is None:
                rows = (await run(db, "SELECT * FROM panels")).mappings().all()
            else:
                rows = (
                    (
                        await db.execute(
                            statement("SELECT * FROM panels WHERE table_id IN :tables", "tables"),
                            {"tables": list(table_ids)},
                        )
                    )
                    .mappings()
                    .all()
                )
        return [
            Panel(
                row["table_id"],
                row["user_id"],
                row["channel_id"],
                row["message_id"],
                row["live_token"],
                row["via_token"],
                row["via_at"],
            )
            for row in rows
        ]

    async def save_panel(self, table_id: int, user_id: int, panel: Panel | None) -> None:
        """Remember a player's private message at a table (None: they have none)."""
        statements: list[Statement] = [(DROP_PANEL, {"table": table_id, "user": user_id})]
        if panel is not None:
            statements.append(
                (
                    KEEP_PANEL,
                    {
                        "table": table_id,
                        "user": user_id,
                        "channel": panel.channel_id,
                        "message": panel.message_id,
                        "live": panel.live_token,
                        "via": panel.via_token,
                        "via_at": panel.via_at,
                    },
                )
            )
        if self._writer is not None:
            async with self._write_lock:
                await self._writer.run(statements)
            return
        async with self.transaction() as db:
            for sql, params in statements:
                await run(db, sql, **params)

    async def dm_channel(self, user_id: int) -> int | None:
        """The id of the DM channel with a user, if known."""
        async with self.reading() as db:
            found = (
                await run(db, "SELECT channel_id FROM dm_channels WHERE user_id = :user", user=user_id)
            ).scalar()
        return None if found is None else int(found)

    async def set_dm_channel(self, user_id: int, channel_id: int) -> None:
        """Remember the DM channel with a user."""
        async with self.transaction() as db:
            await run(
                db,
                "INSERT INTO dm_channels (user_id, channel_id) VALUES (:user, :channel)"
                " ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id",
                user=user_id,
                channel=channel_id,
            )

    # ------------------------------------------------------------------ reading

    async def table_version(self, table_id: int) -> int | None:
        """The stored version of a table (None: no such table)."""
        async with self.reading() as db:
            return (
                await run(db, "SELECT version FROM game_tables WHERE id = :table", table=table_id)
            ).scalar()

    async def table_versions(self, table_ids: Iterable[int]) -> dict[int, int]:
        """The stored versions of several tables (those that exist)."""
        ids = list(table_ids)
        if not ids:
            return {}
        async with self.reading() as db:
            rows = (
                await db.execute(
                    statement("SELECT id, version FROM game_tables WHERE id IN :ids", "ids"), {"ids": ids}
                )
            ).all()
        return {row.id: row.version for row in rows}

    async def load_table(self, table_id: int) -> TableRow | None:
        """One table with its seats and hands, or None."""
        async with self.reading(snapshot=True) as db:
            row = (
                (await run(db, "SELECT * FROM game_tables WHERE id = :table", table=table_id))
                .mappings()
                .first()
            )
            return None if row is None else await self._complete(db, row)

    async def load_open_tables(self) -> list[TableRow]:
        """Every table still in its lobby or playing, for reloading after a restart."""
        async with self.reading(snapshot=True) as db:
            rows = (
                (await run(db, f"SELECT * FROM game_tables WHERE status IN {OPEN_STATUSES} ORDER BY id"))
                .mappings()
                .all()
            )
            return [await self._complete(db, row) for row in rows]

    async def open_table_in(self, channel_id: int) -> int | None:
        """The id of the channel's open table, if it has one."""
        async with self.reading() as db:
            return (
                await run(
                    db,
                    f"SELECT id FROM game_tables WHERE channel_id = :channel AND status IN {OPEN_STATUSES}",
                    channel=channel_id,
                )
            ).scalar()

    async def open_tables_of(self, user_id: int) -> list[int]:
        """The ids of the open tables where a user is seated."""
        async with self.reading() as db:
            rows = (
                await run(
                    db,
                    "SELECT t.id FROM game_tables t JOIN seats s ON s.table_id = t.id"
                    f" WHERE s.user_id = :user AND t.status IN {OPEN_STATUSES} ORDER BY t.id",
                    user=user_id,
                )
            ).all()
        return [row.id for row in rows]

    async def _complete(self, db: AsyncConnection, row: RowMapping) -> TableRow:
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
            hints=bool(row["hints"]),
            deadline=row["deadline"],
            deadline_token=row["deadline_token"],
            reminded=bool(row["reminded"]),
            last_human_at=row["last_human_at"],
            message_posted_at=row["message_posted_at"],
            ended_by=row["ended_by"],
            closed_idle=bool(row["closed_idle"]),
            version=row["version"],
        )
        table.rematch_id = (
            await run(db, "SELECT min(id) FROM game_tables WHERE rematch_of = :table", table=table.id)
        ).scalar()
        for seat in (
            await run(db, "SELECT * FROM seats WHERE table_id = :table ORDER BY seat", table=table.id)
        ).mappings():
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
        hands = (
            await run(
                db, "SELECT record_json FROM hands WHERE table_id = :table ORDER BY hand_no", table=table.id
            )
        ).all()
        for number, hand in enumerate(hands, start=1):
            try:
                record = json.loads(hand.record_json)
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
        async with self.reading() as db:
            rows = (
                (
                    await run(
                        db,
                        "SELECT * FROM player_stats WHERE guild_id = :guild AND games_played > 0"
                        " ORDER BY marks_won DESC, games_won DESC, games_played ASC, name LIMIT :limit",
                        guild=guild_id,
                        limit=limit,
                    )
                )
                .mappings()
                .all()
            )
        return [_stats(row) for row in rows]

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats | None:
        """One player's record in this server, or None if they have never finished a game here."""
        async with self.reading() as db:
            row = (
                (
                    await run(
                        db,
                        "SELECT * FROM player_stats WHERE guild_id = :guild AND user_id = :user",
                        guild=guild_id,
                        user=user_id,
                    )
                )
                .mappings()
                .first()
            )
        return None if row is None else _stats(row)

    async def team_results(self, table_id: int) -> list[TeamResult]:
        """The team results stored for a finished table."""
        async with self.reading() as db:
            rows = (
                (
                    await run(
                        db, "SELECT * FROM team_results WHERE table_id = :table ORDER BY team", table=table_id
                    )
                )
                .mappings()
                .all()
            )
        return [
            TeamResult(
                team=row["team"],
                team_name=row["team_name"],
                players=json.loads(row["players_json"]),
                score=row["score"],
                score_kind=row["score_kind"],
                won=bool(row["won"]),
            )
            for row in rows
        ]


def _stats(row: RowMapping) -> PlayerStats:
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


def _probe_sqlite(path: Path) -> None:
    """Open the SQLite file once with the plain driver, so an unusable path is one clear error (a failed
    aiosqlite connection leaves a thread behind that complains after the event loop has closed)."""
    if not path.parent.is_dir():
        raise StorageError(f"cannot open database {path}: folder {path.parent} does not exist")
    try:
        connection = sqlite3.connect(path)
        try:
            connection.execute("PRAGMA user_version").fetchone()
        finally:
            connection.close()
    except sqlite3.Error as error:
        raise StorageError(f"cannot open database {path}: {error}") from None


def _first_line(error: BaseException) -> str:
    text = str(getattr(error, "orig", None) or error) or type(error).__name__
    return text.strip().splitlines()[0][:300] if text.strip() else type(error).__name__


@asynccontextmanager
async def _nothing() -> AsyncIterator[None]:
    yield
