"""The game service: tables, seats, turns, computer players and timers. No Discord in this package.

The names below are for code outside the bot (tests, scripts); inside the bot, import each from the module
that defines it."""

from .events import TableEvent
from .model import Table, state_token
from .refusal import Refusal, Why
from .registry import TableListener
from .restart import DamagedTable
from .service import TableService

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
