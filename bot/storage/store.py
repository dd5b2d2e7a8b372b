"""`Storage`: the bot's database behind one interface, on SQLite or PostgreSQL (SQLAlchemy Core, async).

What differs between the backends is their driver's (`sqlite.SqliteDriver`, `postgres.PostgresDriver`,
chosen by the database target's backend: `DRIVERS`); every query here is the same words on both. Every
change at a table is one short transaction (`commit`): lock the table's row, check its version (and the
lease of its owner), make the writes and queue the events in the table's outbox, bump the version and tell
the other processes. A writer holding an older version is refused (`StaleTable`), never silently
overwrites. No Discord call ever happens inside.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Protocol

from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection

from . import migrate as migrations
from .driver import Driver, Run
from .errors import ChannelBusy, NotOwner, StaleTable, StorageError, StorageUnavailable, is_outage
from .outage import GuardedDriver, Outage
from .postgres import PostgresDriver
from .rows import Panel, PlayerStats, SeatRow, TableRow, TeamResult
from .sql import END_TABLE, INSERT_SEAT, INSERT_TABLE, OPEN_STATUSES, mappings, now_text, run, scalar
from .sqlite import SqliteDriver
from .target import Backend, DatabaseTarget, database_target

log = logging.getLogger(__name__)
DRIVERS: dict[Backend, type[Driver]] = {
    Backend.SQLITE: SqliteDriver,
    Backend.POSTGRESQL: PostgresDriver,
}
TABLE_VERSION = "SELECT version FROM game_tables WHERE id = :table"
LEASE_HOLDER = "SELECT owner FROM table_leases WHERE table_id = :table"
BUMP_VERSION = "UPDATE game_tables SET version = :version WHERE id = :table"
ENQUEUE = "INSERT INTO table_outbox (table_id, kind, payload) VALUES (:table, :kind, :payload) RETURNING seq"
DROP_PANEL = "DELETE FROM panels WHERE table_id = :table AND user_id = :user"
KEEP_PANEL = (
    "INSERT INTO panels (table_id, user_id, channel_id, message_id, live_token, via_token, via_at)"
    " VALUES (:table_id, :user_id, :channel_id, :message_id, :live_token, :via_token, :via_at)"
    " ON CONFLICT (table_id, user_id) DO UPDATE SET channel_id = excluded.channel_id,"
    " message_id = excluded.message_id, live_token = excluded.live_token, via_token = excluded.via_token,"
    " via_at = excluded.via_at"
)  # named as `rows.Panel`'s fields; an upsert, as two processes may save one player's panel at once
KEEP_DM_CHANNEL = (
    "INSERT INTO dm_channels (user_id, channel_id) VALUES (:user, :channel)"
    " ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id"
)
HANDS = "SELECT record_json, seed FROM hands WHERE table_id = :table ORDER BY hand_no"  # the seed beside
FORGET_AT_ONCE = 500  # outbox events forgotten per statement


class Changes(Protocol):
    """What `commit` takes: a table's writes and the events they announce (`change.Change`)."""

    @property
    def table_id(self) -> int: ...

    @property
    def writes(self) -> Sequence[Callable[[Run], None]]: ...

    @property
    def events(self) -> Sequence[tuple[str, dict[str, Any]]]: ...


@dataclass(frozen=True)
class _Writes:
    """A change the store makes itself (`Changes`)."""

    table_id: int
    writes: tuple[Callable[[Run], None], ...]
    events: tuple[tuple[str, dict[str, Any]], ...] = ()


def get_driver_class(backend: Backend) -> type[Driver]:
    """The driver for a backend."""
    return DRIVERS[backend]


class Storage:
    """The bot's database. Open with `await Storage.open(url_or_path)`; close with `await storage.close()`.

    Every transaction is guarded (`outage.GuardedDriver`): while the database is away each fails with
    `StorageUnavailable` (nothing done); the delivery's bookkeeping waits for it meanwhile."""

    def __init__(self, driver: Driver, target: DatabaseTarget):
        self.outage = Outage(target.describe(), is_outage, StorageUnavailable)
        self.guarded = GuardedDriver(driver, self.outage)
        self.driver: Driver = self.guarded
        self.unguarded = driver  # migrations run at start-up, where an outage is a start-up error
        self.target = target

    @classmethod
    async def open(cls, where: Path | str | DatabaseTarget, *, migrate: bool = True) -> Storage:
        """Open (creating if needed) the database named by a `DATABASE_URL` or a SQLite file path, and
        bring its schema up to date. `StorageError` (one line) if it cannot be opened or used."""
        try:
            target = where if isinstance(where, DatabaseTarget) else database_target(where)
        except ValueError as error:
            raise StorageError(str(error)) from None
        try:
            driver = get_driver_class(target.backend)(target.sqlalchemy_url())
            await driver.probe()
        except (OSError, ImportError) as error:
            raise StorageError(f"cannot open database {target.describe()}: {_first_line(error)}") from None
        storage = cls(driver, target)
        try:
            if migrate:
                await storage.migrate()
            else:
                async with driver.connect():
                    pass
        except StorageError:
            await driver.close()
            raise
        except (SQLAlchemyError, OSError, ImportError, ValueError) as error:
            await driver.close()
            raise StorageError(f"cannot use database {target.describe()}: {_first_line(error)}") from None
        return storage

    async def close(self) -> None:
        """Write what waited for the database if it can, then close every connection (waiting for a write
        in progress); closing twice is harmless."""
        await self.driver.close()

    async def migrate(self) -> migrations.Migrated:
        """Apply every migration newer than the database (once, even with several processes starting);
        `StorageError` if the database is newer than this bot."""
        done = await migrations.migrate(self.unguarded)
        if done.refused is not None:
            raise StorageError(done.refused)
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
        async with self.driver.connect() as connection:
            return await migrations.schema_version(connection)

    def transaction(self) -> AbstractAsyncContextManager[AsyncConnection]:
        """One atomic unit of work that writes; committed at the end, rolled back on an exception."""
        return self.driver.transaction()

    def reading(self, *, snapshot: bool = False) -> AbstractAsyncContextManager[AsyncConnection]:
        """A connection for reads; with `snapshot`, every statement sees the same moment (PostgreSQL's
        REPEATABLE READ; a SQLite read transaction always does)."""
        return self.driver.reading(snapshot=snapshot)

    # ------------------------------------------------------------------ writing

    async def commit(
        self, change: Changes, *, version: int | None = None, owner: str | None = None
    ) -> list[int]:
        """Make every write of `change` and queue its events in the outbox, in one transaction that bumps
        the table's version. With `version`, the table must still be at it (`StaleTable` if not); with
        `owner`, that process must hold the table's lease (`NotOwner` if not). Returns the events' outbox
        numbers, in order."""
        table_id, writes, lock = change.table_id, list(change.writes), self.driver.row_lock
        events = [(kind, json.dumps(payload)) for kind, payload in change.events]
        notify = self.driver.version_changed

        def steps(run: Run) -> list[int]:
            found = _first(run(TABLE_VERSION + lock, {"table": table_id}))  # locks the table's row
            if owner is not None:
                holder = _first(run(LEASE_HOLDER + lock, {"table": table_id}))
                if holder != owner:
                    raise NotOwner(table_id, owner, holder)
            if version is not None and found != version:
                raise StaleTable(table_id, version, found)
            for write in writes:
                write(run)
            seqs = [
                int(_first(run(ENQUEUE, {"table": table_id, "kind": kind, "payload": payload})))
                for kind, payload in events
            ]
            bumped = (found or 0) + 1
            run(BUMP_VERSION, {"version": bumped, "table": table_id})
            for sql, params in notify(table_id, bumped):  # delivered at commit, and only then
                run(sql, params)
            return seqs

        return await self.driver.write(steps)

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
        server_defaults: Sequence[str] = (),
        now: float | None = None,
        events: Sequence[tuple[str, dict[str, Any]]] = (),
        owner: str | None = None,
        lease_seconds: float = 0.0,
        match_tag: str | None = None,
    ) -> int:
        """Insert a new lobby (queueing `events` for it, leasing it to `owner` if given, and tagged with the
        tournament match it is for, if any) and return its id; `ChannelBusy` if the channel has an open
        table."""
        params = {
            "guild": guild_id,
            "channel": channel_id,
            "host": host_id,
            "variant": variant,
            "rules": json.dumps(rules),
            "level": computer_level,
            "rematch_of": rematch_of,
            "turn_seconds": turn_seconds,
            "idle_seconds": idle_seconds,
            "hints": int(hints),
            "now": now,
            "defaults": json.dumps(list(server_defaults)),
            "match_tag": match_tag,
        }
        rows, clock = list(seats), self.driver.clock_sql

        def steps(run: Run) -> int:
            table_id = int(_first(run(INSERT_TABLE, params)))
            for seat in rows:
                run(INSERT_SEAT, seat.columns(table_id))
            for kind, payload in events:
                run(ENQUEUE, {"table": table_id, "kind": kind, "payload": json.dumps(payload)})
            if owner is not None:
                run(
                    "INSERT INTO table_leases (table_id, owner, expires_at)"
                    f" VALUES (:table, :owner, {clock} + :seconds)",
                    {"table": table_id, "owner": owner, "seconds": lease_seconds},
                )
            return table_id

        try:
            table_id = await self.driver.write(steps)  # one step in the writer, with whatever else waits
        except (IntegrityError, sqlite3.IntegrityError):
            raise ChannelBusy(channel_id) from None
        return table_id

    async def end_table(self, table_id: int) -> None:
        """Close a table without tallying anything."""

        def end(run: Run) -> None:
            run(END_TABLE, {"now": now_text(), "by": None, "idle": 0, "table": table_id})

        await self.commit(_Writes(table_id, (end,)))

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

        def forget(run: Run) -> None:
            for start in range(0, len(numbers), FORGET_AT_ONCE):
                chunk = numbers[start : start + FORGET_AT_ONCE]
                marks = ", ".join(f":s{i}" for i in range(len(chunk)))
                run(
                    f"DELETE FROM table_outbox WHERE seq IN ({marks})",
                    {f"s{i}": n for i, n in enumerate(chunk)},
                )

        await self.guarded.write_later(forget, ("shown", frozenset(numbers)))  # waits out an outage

    async def panels(self, table_ids: Iterable[int] | None = None) -> list[Panel]:
        """Every player's private message at every table (or at these tables)."""
        async with self.reading() as db:
            if table_ids is None:
                rows = await mappings(db, "SELECT * FROM panels")
            else:
                rows = await mappings(
                    db, "SELECT * FROM panels WHERE table_id IN :tables", tables=list(table_ids)
                )
        return [Panel.from_row(row) for row in rows]

    async def save_panel(self, table_id: int, user_id: int, panel: Panel | None) -> None:
        """Remember a player's private message at a table (None: they have none)."""
        statements: list[tuple[str, dict[str, Any]]] = (
            [(DROP_PANEL, {"table": table_id, "user": user_id})]
            if panel is None
            else [(KEEP_PANEL, {**asdict(panel), "table_id": table_id, "user_id": user_id})]
        )

        def keep(run: Run) -> None:
            for sql, params in statements:
                run(sql, params)

        await self.guarded.write_later(keep, ("panel", table_id, user_id))  # waits out an outage

    async def dm_channel(self, user_id: int) -> int | None:
        """The id of the DM channel with a user, if known."""
        async with self.reading() as db:
            found = await scalar(db, "SELECT channel_id FROM dm_channels WHERE user_id = :user", user=user_id)
        return None if found is None else int(found)

    async def set_dm_channel(self, user_id: int, channel_id: int) -> None:
        """Remember the DM channel with a user."""

        def keep(run: Run) -> None:
            run(KEEP_DM_CHANNEL, {"user": user_id, "channel": channel_id})

        await self.guarded.write_later(keep, ("dm", user_id))  # waits out an outage

    # ------------------------------------------------------------------ reading

    async def table_version(self, table_id: int) -> int | None:
        """The stored version of a table (None: no such table)."""
        async with self.reading() as db:
            return await scalar(db, TABLE_VERSION, table=table_id)

    async def table_versions(self, table_ids: Iterable[int]) -> dict[int, int]:
        """The stored versions of several tables (those that exist)."""
        ids = list(table_ids)
        if not ids:
            return {}
        async with self.reading() as db:
            rows = (await run(db, "SELECT id, version FROM game_tables WHERE id IN :ids", ids=ids)).all()
        return {row.id: row.version for row in rows}

    async def load_table(self, table_id: int) -> TableRow | None:
        """One table with its seats and hands, or None."""
        async with self.reading(snapshot=True) as db:
            rows = await mappings(db, "SELECT * FROM game_tables WHERE id = :table", table=table_id)
            return await self._complete(db, rows[0]) if rows else None

    async def load_open_tables(self) -> list[TableRow]:
        """Every table still in its lobby or playing, for reloading after a restart."""
        async with self.reading(snapshot=True) as db:
            rows = await mappings(
                db, f"SELECT * FROM game_tables WHERE status IN {OPEN_STATUSES} ORDER BY id"
            )
            return [await self._complete(db, row) for row in rows]

    async def open_table_in(self, channel_id: int) -> int | None:
        """The id of the channel's open table, if it has one."""
        async with self.reading() as db:
            return await scalar(
                db,
                f"SELECT id FROM game_tables WHERE channel_id = :channel AND status IN {OPEN_STATUSES}",
                channel=channel_id,
            )

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

    async def _complete(self, db: AsyncConnection, row: Any) -> TableRow:
        table = TableRow.from_row(row)
        table.rematch_id = await scalar(
            db, "SELECT min(id) FROM game_tables WHERE rematch_of = :table", table=table.id
        )
        for seat in await mappings(
            db, "SELECT * FROM seats WHERE table_id = :table ORDER BY seat", table=table.id
        ):
            table.seats[seat["seat"]] = SeatRow.from_row(seat)
        hands = (await run(db, HANDS, table=table.id)).all()
        table.read_hands(hand.record_json for hand in hands)
        table.hand_seed = hands[-1].seed if hands else None
        return table

    async def leaderboard(self, guild_id: int, limit: int = 10) -> list[PlayerStats]:
        """This server's players ranked by marks won, then games won, then fewest games played."""
        async with self.reading() as db:
            rows = await mappings(
                db,
                "SELECT * FROM player_stats WHERE guild_id = :guild AND games_played > 0"
                " ORDER BY marks_won DESC, games_won DESC, games_played ASC, name LIMIT :limit",
                guild=guild_id,
                limit=limit,
            )
        return [PlayerStats.from_row(row) for row in rows]

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats | None:
        """One player's record in this server, or None if they have never finished a game here."""
        async with self.reading() as db:
            rows = await mappings(
                db,
                "SELECT * FROM player_stats WHERE guild_id = :guild AND user_id = :user",
                guild=guild_id,
                user=user_id,
            )
        return PlayerStats.from_row(rows[0]) if rows else None

    async def team_results(self, table_id: int) -> list[TeamResult]:
        """The team results stored for a finished table."""
        async with self.reading() as db:
            rows = await mappings(
                db, "SELECT * FROM team_results WHERE table_id = :table ORDER BY team", table=table_id
            )
        return [TeamResult.from_row(row) for row in rows]


def _first(rows: Sequence[Sequence[Any]]) -> Any:
    """The first column of the first row (None without a row)."""
    return rows[0][0] if rows else None


def _first_line(error: BaseException) -> str:
    text = str(getattr(error, "orig", None) or error) or type(error).__name__
    return text.strip().splitlines()[0][:300] if text.strip() else type(error).__name__
