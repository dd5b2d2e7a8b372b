"""The clocks at this process's tables: every tick, each table's turn timer and idle clock are read and what
they call for is done (remind the player on turn, hand their turn to a computer, close a table nobody
plays); and an away player who clicks anything has their seat back at once (`timers` has the rules)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace

from bot.computers.runner import Turn
from bot.storage.change import Change
from bot.storage.errors import StorageUnavailable
from engine import View

from .events import Back, IdleClosed, Reminded
from .model import Table
from .registry import Registry
from .timers import Due, TurnClock
from .unit_of_work import UnitOfWork

log = logging.getLogger("bot.tables")

TakeOver = Callable[[Table, int, str, View], Awaitable[None]]  # a computer acts for a seat (`play.Play`)


class Clocks:
    """Carries out what the tables' clocks call for (see the module docstring)."""

    def __init__(self, registry: Registry, work: UnitOfWork, timers: TurnClock, take_over: TakeOver):
        self.registry = registry
        self.work = work
        self.timers = timers
        self.take_over = take_over

    async def tick(self) -> None:
        """Catch up with changes other processes made to this process's tables (in case a notification was
        lost), then check their clocks: remind, hand turns to computers, close idle tables."""
        registry = self.registry
        if registry.ownership.owner is not None:
            await registry.catch_up_all()
        for table in list(registry.tables.values()):
            if table.open and not registry.closing and registry.owns(table.id):
                try:
                    await self._check(table)
                except StorageUnavailable:
                    return  # the database is away (the log says so once): the next tick checks again
                except Exception:
                    log.exception("table %s: checking its timers failed", table.id)

    async def _check(self, table: Table) -> None:
        turn = await self.work.run(table, lambda: self._check_clocks(table), by_owner=True)
        if turn is not None:
            await self.take_over(table, *turn)
        self.registry.kick(table)

    async def _check_clocks(self, table: Table) -> Turn | None:
        """Carry out what the table's clocks call for (lock held); a turn to take over is returned, to be
        decided after the lock is let go."""
        if not table.open:
            return None
        due = self.timers.due(table)
        if due is Due.START_IDLE_CLOCK:  # a table from before timers: start its idle clock now
            await self.work.save(table, Change(table.id), [], human=True, by_owner=True)
            due = self.timers.due(table)
        if due is Due.CLOSE_IDLE:
            await self._close_idle(table)
            return None
        if due is Due.REARM:
            await self.work.save(table, Change(table.id), [], by_owner=True)
            return None
        if due is Due.REMIND:
            seat = table.human_turn()
            assert seat is not None
            deadline = self.timers.reminded_deadline(table)
            change = Change(table.id).save_timer(
                deadline=deadline,
                token=table.deadline_token,
                reminded=True,
                last_human_at=table.last_human_at,
            )
            await self.work.save(
                table, change, [Reminded(seat)], by_owner=True, deadline=deadline, reminded=True
            )
            return None
        if due is Due.TAKE_OVER:
            seat = table.human_turn()
            assert seat is not None
            return seat, table.token, table.view_for(seat)
        return None

    async def _close_idle(self, table: Table) -> None:
        change = Change(table.id).end_table(closed_idle=True)
        # no turn is timed any more
        await self.work.save(
            table,
            change,
            [IdleClosed()],
            by_owner=True,
            status="ended",
            closed_idle=True,
            deadline=None,
            deadline_token=None,
        )
        self.registry.let_go(table)

    async def come_back(self, table: Table, user_id: int) -> bool:
        """An away player clicked something at the table: their seat is theirs again at once."""
        seat = table.seat_of(user_id)
        if seat is None or not table.seats[seat].away:
            return False
        back = await self.work.run(table, lambda: self._come_back(table, seat))
        return bool(back)

    async def _come_back(self, table: Table, seat: int) -> bool:
        row = table.seats.get(seat)
        if row is None:
            return False
        if not row.away or not table.open:
            return False
        seats = {**table.seats, seat: replace(row, away=False, taken_over=0)}
        change = Change(table.id).set_seat_state(seat, away=False, taken_over=0)
        # deadline_token None: their turn, if it is one, starts a fresh timer
        await self.work.save(table, change, [Back(seat)], human=True, seats=seats, deadline_token=None)
        return True
