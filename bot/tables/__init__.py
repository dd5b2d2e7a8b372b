"""The game service: tables, seats, turns, computer players and timers. No Discord in this package."""

from .events import TableEvent
from .model import Table, state_token
from .refusal import Refusal, Why
from .service import DamagedTable, TableListener, TableService

__all__ = [
    "DamagedTable",
    "Refusal",
    "Table",
    "TableEvent",
    "TableListener",
    "TableService",
    "Why",
    "state_token",
]
