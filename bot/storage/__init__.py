"""The bot's database behind one interface: SQLite (the default, one process) or PostgreSQL (several
processes), chosen by `DATABASE_URL`. See `store.Storage`.

Inside the bot, import names from the module that defines them; these re-exports are for the tests,
benchmarks and scripts."""

from .change import Change
from .errors import ChannelBusy, NotOwner, StaleTable, StorageError
from .rows import Panel, PlayerStats, PlayerTally, SeatRow, TableRow, TeamResult
from .store import Storage
from .target import DEFAULT_DATABASE_URL, Backend, DatabaseTarget, database_target

__all__ = [
    "DEFAULT_DATABASE_URL",
    "Backend",
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
