"""The store's exceptions, all under `StorageError`: each says what went wrong in words a person (or the
table service) can act on; and which errors of the drivers mean the database is away for now
(`is_outage`) rather than that a statement or a change was wrong."""

from __future__ import annotations

import sqlite3

from sqlalchemy.exc import DBAPIError

# SQLite's primary result codes that mean "not now" rather than "wrong": busy, locked, out of memory,
# read-only, I/O error, disk full, cannot open, lock protocol.
SQLITE_AWAY = frozenset({5, 6, 7, 8, 10, 13, 14, 15})
# asyncpg's errors (by class name, so the optional driver need not be installed) for a server that is not
# there, stopping, starting, out of room or read-only.
ASYNCPG_AWAY = frozenset(
    {
        "PostgresConnectionError",
        "ConnectionDoesNotExistError",
        "OperatorInterventionError",
        "InsufficientResourcesError",
        "ReadOnlySQLTransactionError",
    }
)


class StorageError(Exception):
    """The database cannot be opened or used, or refused a change; the message is one line a person can
    act on. Every exception the store raises on purpose is one of these."""


class ChannelBusy(StorageError):
    """The channel already has an open table."""


class StaleTable(StorageError):
    """A change was made against a version of the table that is no longer the stored one: another writer
    (another process) changed the table first. Nothing was written; reload the table and decide again."""

    def __init__(self, table_id: int, expected: int, found: int | None):
        super().__init__(f"table {table_id} is at version {found}, not {expected}")
        self.table_id, self.expected, self.found = table_id, expected, found


class NotOwner(StorageError):
    """A change only the table's owner may make (computer moves, timers, its messages) came from a process
    whose lease on the table has gone to another process. Nothing was written; the process drops the table."""

    def __init__(self, table_id: int, owner: str, holder: str | None):
        super().__init__(f"table {table_id} is run by {holder or 'nobody'}, not {owner}")
        self.table_id, self.owner, self.holder = table_id, owner, holder


class StorageUnavailable(StorageError):
    """The database cannot be reached or written just now (a server stopped or restarting, a lost
    connection, a full disk or a read-only file): nothing was done. Try again in a moment; the store says
    in the log when the database goes away and when it is back (`outage.Outage`)."""


def is_outage(error: BaseException | None) -> bool:
    """True if `error` (or what caused it) says the database is away for now: a refused or cut connection,
    a server shutting down or starting, a full, read-only or failing disk, a lock held too long."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if isinstance(error, StorageUnavailable | OSError | TimeoutError):
            return True  # OSError: a refused or reset connection, a socket file gone
        if isinstance(error, DBAPIError):
            if error.connection_invalidated:
                return True
            error = error.orig or error.__cause__
            continue
        if isinstance(error, sqlite3.Error):
            return (getattr(error, "sqlite_errorcode", 0) & 0xFF) in SQLITE_AWAY
        if type(error).__module__.startswith("asyncpg") and any(
            cls.__name__ in ASYNCPG_AWAY for cls in type(error).__mro__
        ):
            return True
        error = error.__cause__
    return False


class TournamentBusy(StorageError):
    """The channel already has a tournament open (signing up or running)."""


class StaleTournament(StorageError):
    """A change was made against a version of the tournament that is no longer the stored one (another
    process changed it first). Nothing was written; read it again and decide again."""

    def __init__(self, tournament_id: int, expected: int):
        super().__init__(f"tournament {tournament_id} is no longer at version {expected}")
        self.tournament_id, self.expected = tournament_id, expected
