"""The bot's database behind one interface: SQLite (the default, one process) or PostgreSQL (several
processes), chosen by `DATABASE_URL`. See `store.Storage`."""

from .change import Change
from .errors import ChannelBusy, NotOwner, StaleTable, StorageError
from .rows import Panel, PlayerStats, PlayerTally, SeatRow, TableRow, TeamResult
from .store import Storage
from .target import DEFAULT_DATABASE_URL, BadDatabaseUrl, DatabaseTarget, database_target

__all__ = [
    "DEFAULT_DATABASE_URL",
    "BadDatabaseUrl",
    "Change",
    "ChannelBusy",
    "DatabaseTarget",
    "NotOwner",
    "Panel",
    "PlayerStats",
    "PlayerTally",
    "SeatRow",
    "StaleTable",
    "Storage",
    "StorageError",
    "TableRow",
    "TeamResult",
    "database_target",
]
