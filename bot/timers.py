"""Turn timers and idle tables: the part of the table service that acts when nobody does.

A human's turn gets a deadline (stored, so it survives a restart). The first time it passes the player
is reminded and given the time again; the second time a computer acts for them; two turns in a row taken
over mark the seat *away* until its owner clicks anything at the table. A table with no human action for
its idle time is closed. Nothing here sleeps: `tick()` reads the injected clock, and the bot calls it
every few seconds (tests call it after moving their clock).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from .events import TableEvent
from .storage import Storage

if TYPE_CHECKING:
    from .tables import Table

log = logging.getLogger("bot.tables")


class TurnTimers:
    """Mixed into `TableService`: the turn timer, away seats and the idle close."""

    storage: Storage
    clock: Callable[[], float]
    closing: bool
    tables: dict[int, Table]

    if TYPE_CHECKING:  # provided by TableService

        async def _apply(self, table: Table, seat: int, action: str, *, by: str | None = None) -> None: ...

        async def _tell(self, table: Table, event: TableEvent) -> None: ...

        async def _choose(self, table: Table, seat: int) -> str: ...

        def kick(self, table: Table) -> None: ...

    async def _arm(self, table: Table) -> None:
        """Start the turn timer when a human's turn begins (lock held); stop it otherwise. Stored, so it
        survives a restart; keyed by the state token, so a turn is timed once however often this runs."""
        seat = table.human_turn()
        seconds = table.settings.turn_seconds
        if seat is None or seconds is None:
            if table.deadline is None and table.deadline_token is None:
                return
            table.deadline, table.deadline_token, table.reminded = None, None, False
        elif table.deadline_token == table.token:
            return
        else:
            table.deadline, table.deadline_token, table.reminded = self.clock() + seconds, table.token, False
        await self._save_timer(table)

    async def _save_timer(self, table: Table) -> None:
        await self.storage.save_timer(
            table.id, deadline=table.deadline, token=table.deadline_token, reminded=table.reminded,
            last_human_at=table.last_human_at,
        )

    async def _human_acted(self, table: Table) -> None:
        """A person did something at the table (lock held): the idle clock starts again."""
        table.last_human_at = self.clock()
        await self._save_timer(table)

    async def tick(self) -> None:
        """Check every open table's clocks: remind, hand turns to computers, close idle tables.

        The bot's background task calls this every few seconds; tests call it after moving the clock."""
        for table in list(self.tables.values()):
            if table.open and not self.closing:
                try:
                    await self._check(table)
                except Exception:
                    log.exception("table %s: checking its timers failed", table.id)

    async def _check(self, table: Table) -> None:
        async with table.lock:
            if not table.open:
                return
            now = self.clock()
            idle = table.settings.idle_seconds
            if table.last_human_at is None:
                await self._human_acted(table)  # a table from before timers: start its idle clock now
            elif idle is not None and now - table.last_human_at >= idle:
                await self._close_idle(table)
                return
            seat = table.human_turn()
            if seat is None or table.settings.turn_seconds is None:
                return
            if table.deadline_token != table.token or table.deadline is None:
                await self._arm(table)
                return
            if now < table.deadline:
                return
            if not table.reminded:
                table.reminded = True
                table.deadline = now + table.settings.turn_seconds
                await self._save_timer(table)
                await self._tell(table, TableEvent("reminded", seat))
                return
            await self._take_over(table, seat)
        self.kick(table)

    async def _take_over(self, table: Table, seat: int) -> None:
        """The turn ran out twice: a computer acts for the player; twice in a row makes the seat away."""
        row = table.seats[seat]
        action = await self._choose(table, seat)
        row.taken_over += 1
        row.away = row.taken_over >= 2
        await self.storage.set_seat_state(table.id, seat, away=row.away, taken_over=row.taken_over)
        await self._apply(table, seat, action, by="computer")
        await self._tell(table, TableEvent("taken_over", seat, action))
        if row.away:
            await self._tell(table, TableEvent("away", seat))

    async def _close_idle(self, table: Table) -> None:
        await self.storage.end_table(table.id)
        table.status = "ended"
        table.deadline = table.deadline_token = None
        await self._tell(table, TableEvent("idle_closed"))
        if table.runner is not None and table.runner is not asyncio.current_task():
            table.runner.cancel()

    async def come_back(self, table: Table, user_id: int) -> bool:
        """An away player clicked something at the table: their seat is theirs again at once."""
        seat = table.seat_of(user_id)
        if seat is None or not table.seats[seat].away:
            return False
        async with table.lock:
            row = table.seats[seat]
            if not row.away or not table.open:
                return False
            row.away, row.taken_over = False, 0
            await self.storage.set_seat_state(table.id, seat, away=False, taken_over=0)
            table.deadline_token = None  # their turn, if it is one, starts a fresh timer
            await self._human_acted(table)
            await self._arm(table)
            await self._tell(table, TableEvent("back", seat))
        return True
