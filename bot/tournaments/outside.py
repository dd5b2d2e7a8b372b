"""What a tournament needs from outside this package, as Protocols the bot's other parts fill: tables for
its matches (the table service) and a place to show itself and its matches (the Discord side)."""

from __future__ import annotations

from typing import Protocol

from bot.storage.rows import SeatRow

from .model import Match
from .record import Stored


class MatchTables(Protocol):
    """The tables of a tournament's matches (`bot.tables.service.TableService`)."""

    async def open_match(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        preset: str,
        target: int | None,
        options: str,
        seats: list[SeatRow],
        tag: str,
    ) -> int:
        """Open and start a match's table in its thread, seated as given; its id (asked again for the same
        tag, the table already opened for it)."""
        ...

    async def end_match(self, table_id: int, by: str) -> None:
        """End a match's table before its game is over."""


class Stage(Protocol):
    """Where a tournament shows itself (the Discord side)."""

    def changed(self, stored: Stored) -> None:
        """The tournament message should show the tournament as it is now (never waits)."""

    async def open_thread(self, stored: Stored, match: Match) -> int:
        """A thread of the tournament's channel for the match; its id."""
        ...

    async def announce(self, stored: Stored, match: Match, game: int, thread_id: int) -> None:
        """Tell the match's players in its thread that the table of its game `game` is open."""
