"""The store's exceptions, all under `StorageError`: each says what went wrong in words a person (or the
table service) can act on."""

from __future__ import annotations


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


class TournamentBusy(StorageError):
    """The channel already has a tournament open (signing up or running)."""


class StaleTournament(StorageError):
    """A change was made against a version of the tournament that is no longer the stored one (another
    process changed it first). Nothing was written; read it again and decide again."""

    def __init__(self, tournament_id: int, expected: int):
        super().__init__(f"tournament {tournament_id} is no longer at version {expected}")
        self.tournament_id, self.expected = tournament_id, expected
