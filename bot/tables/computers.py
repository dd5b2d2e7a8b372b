"""Computer players at the tables: who decides a computer's move, and the runner that plays computer turns.

`Chooser` is the seam: given a table's seat and that seat's view, it returns one legal action. Today's
`ThreadChooser` keeps one player object per computer seat (made by the injected factory, falling back to
a weaker level if one cannot be made) and lets it decide in a worker thread, off the event loop.
`ComputerRunner` plays every computer turn in a row, each after a short cosmetic pause, until a human is
to act.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from .model import Table

log = logging.getLogger("bot.tables")

PlayerFactory = Callable[[str, int | None], Any]


class Chooser(Protocol):
    """Decides computer moves."""

    def seat(self, table: Table, seat: int, level: str) -> None:
        """A computer of `level` plays `seat` from now on (a new player for that seat)."""

    async def choose(self, table: Table, seat: int, view: dict) -> str:
        """One of `view["legal"]` for `seat` (its own computer, or a stand-in for an absent human)."""
        ...

    def forget(self, table: Table) -> None:
        """The table is over: its players may go."""


class ThreadChooser:
    """One player object per computer seat, deciding in a worker thread (`asyncio.to_thread`)."""

    def __init__(self, factory: PlayerFactory, rng: random.Random):
        self.factory = factory
        self.rng = rng  # the service's: each player's seed is drawn from it, so seeded tests repeat
        self.players: dict[tuple[int, int], Any] = {}

    def seat(self, table: Table, seat: int, level: str) -> None:
        """A new player of `level` for `seat`."""
        self.players[(table.id, seat)] = self._make(level, self.rng.randrange(2**32))

    async def choose(self, table: Table, seat: int, view: dict) -> str:
        """The seat's player decides (one is made at the table's level if the seat has none yet)."""
        if (table.id, seat) not in self.players:
            self.seat(table, seat, table.computer_level)
        action = await asyncio.to_thread(self.players[(table.id, seat)].choose, view)
        if action not in view["legal"]:
            log.warning("table %s: computer chose illegal %r; playing %r", table.id, action, view["legal"][0])
            action = view["legal"][0]
        return action

    def forget(self, table: Table) -> None:
        """Drop the table's players."""
        for key in [key for key in self.players if key[0] == table.id]:
            del self.players[key]

    def _make(self, level: str, seed: int) -> Any:
        """A computer player of `level`, or of the next weaker level if that one cannot be made."""
        levels = [level, *(weaker for weaker in ("easy", "random") if weaker != level)]
        for candidate in levels:
            try:
                return self.factory(candidate, seed)
            except Exception:
                log.exception("could not make a %s computer player; trying a weaker one", candidate)
        raise RuntimeError("no computer player could be made")


class ComputerRunner:
    """Plays the computer turns of each table in a background task per table."""

    def __init__(
        self,
        chooser: Chooser,
        lock_of: Callable[[Table], asyncio.Lock],
        apply: Callable[[Table, int, str], Awaitable[None]],
        pause: float,
    ):
        self.chooser = chooser
        self.lock_of = lock_of
        self.apply = apply  # applies a computer's action, with the table's lock held
        self.pause = pause
        self.runners: dict[int, asyncio.Task] = {}

    def runner(self, table: Table) -> asyncio.Task | None:
        """The table's runner task, if one is running or just finished."""
        return self.runners.get(table.id)

    def kick(self, table: Table) -> None:
        """Make sure computer players act if it is their turn (starts the table's runner task)."""
        if table.computer_turn() is None:
            return
        task = self.runners.get(table.id)
        if task is None or task.done():
            self.runners[table.id] = asyncio.get_running_loop().create_task(
                self._run(table), name=f"table-{table.id}-computers"
            )

    def stop(self, table: Table) -> None:
        """Cancel the table's runner (unless it is the caller)."""
        task = self.runners.get(table.id)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def stop_all(self) -> None:
        """Cancel every runner and wait for them to end."""
        tasks = [task for task in self.runners.values() if not task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _run(self, table: Table) -> None:
        """Play every computer turn in a row, each after a short pause, until a human is to act."""
        lock = self.lock_of(table)
        try:
            while True:
                async with lock:
                    if table.computer_turn() is None:
                        self.runners.pop(table.id, None)
                        return
                if self.pause > 0:
                    await asyncio.sleep(self.pause)
                async with lock:
                    seat = table.computer_turn()
                    if seat is None:
                        continue
                    action = await self.chooser.choose(table, seat, table.view_for(seat))
                    await self.apply(table, seat, action)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: computer players stopped", table.id)
            self.runners.pop(table.id, None)
