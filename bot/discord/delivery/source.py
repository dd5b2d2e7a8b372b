"""What the delivery needs of the table service and of storage, and nothing more: the tables as this
process sees them, which of them it runs, and two facts about Discord it records on a table (the table
message, and whether a player's DMs are closed); where players' panels and DM channels are kept. The table
service and the bot's storage are one of each; a test can hand in any other."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol

from bot.storage.rows import Panel
from bot.tables.model import Table


class TableSource(Protocol):
    """The tables the delivery shows, read and noted on through the table service."""

    @property
    def tables(self) -> Mapping[int, Table]:
        """Every table this process has seen, by id."""

    def table(self, table_id: int) -> Table | None:
        """The table with this id as this process last saw it (None if it has not seen it)."""

    def owns(self, table_id: int) -> bool:
        """True if this process runs the table (and so shows it)."""

    async def find(self, table_id: int, *, ended_too: bool = False) -> Table | None:
        """The table with this id as stored now (with `ended_too`, an ended one as well)."""

    async def set_message(self, table: Table, message_id: int | None, posted_at: float | None = None) -> None:
        """Record the table message's id (None: there is none now) and when it was posted."""

    async def note_dm(self, table: Table, seat: int, closed: bool) -> None:
        """Record whether the bot can DM a seat's player."""

    def forget(self, table_id: int) -> None:
        """The table is over and shown: it need not stay in memory (it is read again if asked for)."""


class PanelStore(Protocol):
    """Where panels and DM channels are kept across restarts (the bot's storage)."""

    async def panels(self, table_ids: Iterable[int] | None = None) -> list[Panel]:
        """Every stored panel (or those at these tables)."""

    async def save_panel(self, table_id: int, user_id: int, panel: Panel | None) -> None:
        """Keep a player's panel at a table (None: they have none)."""

    async def dm_channel(self, user_id: int) -> int | None:
        """The stored DM channel with a user, if any."""

    async def set_dm_channel(self, user_id: int, channel_id: int) -> None:
        """Keep the DM channel with a user."""
