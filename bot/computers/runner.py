"""Computer players at the tables: who decides a computer's move, the runner that plays computer turns, and
how long its moves take.

`Chooser` is the seam: given a table's seat and that seat's view, it returns one legal action, deciding
off the event loop. The bot's chooser is `choosers.PoolChooser`: light seats, decisions in worker threads
or processes, CPU budgets from a governor. `ComputerRunner` plays every computer turn in a row until a
human is to act: a computer starts thinking at once and acts when both its thinking and its cosmetic pause
(counted from the previous action) are over, unless the table moved on meanwhile (then the decision is
dropped).

Each computer move is timed in parts (`MovePace`): asking the service which computer is due, the
computer's thinking, the pause's own sleep overrunning (a busy event loop wakes the runner late), and
storing the move. The figure a player meets is `beyond`: how long after the pause (counted from the
previous action) the move was stored. A `computer moves:` line every `report_every` seconds of activity
gives the recent moves' p50, p90 and p99 of each part, for the load benchmark to read beside the
`computers:` line. Logged, never silent.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from engine import View

from .quantiles import nearest_rank
from .seated import AtTable

log = logging.getLogger("bot.tables")
pace_log = logging.getLogger("bot.computers")
T = TypeVar("T", bound=AtTable)

KEPT = 5000  # moves kept for the quantiles
RETRY_S = 1.0  # after a transient error (the database away), the runner asks again this much later
SMOOTHING = 0.1  # weight of the newest move in the running estimate of storing's time
PARTS = ("beyond", "due", "think", "overslept", "store")


class Chooser(Protocol):
    """Decides computer moves."""

    def seat(self, table: AtTable, seat: int, level: str) -> None:
        """A computer of `level` plays `seat` from now on (a new player for that seat)."""

    async def choose(self, table: AtTable, seat: int, view: View) -> str:
        """One of `view["legal"]` for `seat` (its own computer, or a stand-in for an absent human)."""
        ...

    def forget(self, table: AtTable) -> None:
        """The table is over: its players may go."""

    async def warm_up(self) -> float:
        """Get ready to decide quickly (load the solver where decisions run); the seconds it took."""
        ...

    def close(self) -> None:
        """The bot stops: workers may go."""


Turn = tuple[int, str, View]  # the seat on turn, the moment's state token, and that seat's view


@dataclass(frozen=True)
class MoveTimes:
    """One computer move's parts, in seconds."""

    beyond: float  # stored this long after the pause (from the previous action) was over (negative: early)
    due: float  # asking which computer is due (the table's lock, the seat's view)
    think: float  # the decision, from asking to the answer
    overslept: float  # the pause's sleep woke this much later than asked
    store: float  # storing the move (the table's lock, the engine, the database, publishing)


class MovePace:
    """Collects computer moves' times and logs their quantiles every `report_every` seconds."""

    def __init__(self, report_every: float = 10.0, clock: Callable[[], float] = time.monotonic):
        self.report_every = report_every
        self.clock = clock
        self.moves: deque[MoveTimes] = deque(maxlen=KEPT)
        self.count = 0
        self.store_s = 0.0  # running estimate of how long storing a move takes now
        self.next_report = clock() + report_every

    def add(self, move: MoveTimes) -> None:
        """One move was stored; log the line if it is time."""
        self.moves.append(move)
        self.count += 1
        self.store_s += SMOOTHING * (move.store - self.store_s)
        if self.clock() >= self.next_report:
            self.next_report = self.clock() + self.report_every
            pace_log.info("%s", self.line())

    def quantiles(self, part: str, *fractions: float) -> list[float]:
        """The quantiles of one part over the moves kept, in seconds (nearest rank; zeros when none)."""
        return nearest_rank(sorted(getattr(move, part) for move in self.moves), *fractions)

    def line(self) -> str:
        """One `key=value` line: the moves so far and each part's p50, p90 and p99 in milliseconds."""
        parts = []
        for part in PARTS:
            p50, p90, p99 = self.quantiles(part, 0.5, 0.9, 0.99)
            parts.append(
                f"{part}_ms_p50={1000 * p50:.0f} {part}_ms_p90={1000 * p90:.0f} {part}_ms_p99={1000 * p99:.0f}"
            )
        return f"computer moves: moves={self.count} kept={len(self.moves)} " + " ".join(parts)


class ComputerRunner(Generic[T]):
    """Plays the computer turns of each table in a background task per table.

    The service says which computer is due (`due`: on the table as stored, at a table this process runs)
    and stores a decided move (`play`: only if the table is still at the moment it was decided for)."""

    def __init__(
        self,
        chooser: Chooser,
        due: Callable[[T], Awaitable[Turn | None]],
        play: Callable[[T, int, str, str], Awaitable[None]],
        pause: float,
        *,
        clock: Callable[[], float] | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        transient: tuple[type[Exception], ...] = (),
        retry_s: float = RETRY_S,
        pause_for: Callable[[T], float] | None = None,
    ):
        self.chooser = chooser
        self.transient = transient  # errors that pass (the database away): the runner tries again
        self.retry_s = retry_s
        self.due = due
        self.play = play
        self.pause = pause
        self.pause_for = pause_for  # a table's own pause, where tables differ (else `pause` everywhere)
        self.clock = clock  # the event loop's clock unless a test gives one
        self.sleep = sleep
        self.pace = MovePace(clock=clock) if clock is not None else MovePace()
        self.runners: dict[int, asyncio.Task] = {}

    def now(self) -> float:
        """The runner's clock (the event loop's time unless injected)."""
        return self.clock() if self.clock is not None else asyncio.get_running_loop().time()

    def runner(self, table: T) -> asyncio.Task | None:
        """The table's runner task, if one is running or just finished."""
        return self.runners.get(table.id)

    def kick(self, table: T) -> None:
        """A computer is to act at the table (its caller knows): start the table's runner task unless one
        runs (it plays every computer turn in a row, until a human is to act)."""
        task = self.runners.get(table.id)
        if task is None or task.done():
            self.runners[table.id] = asyncio.get_running_loop().create_task(
                self._run(table, self.now()), name=f"table-{table.id}-computers"
            )

    def stop(self, table: T) -> None:
        """Cancel the table's runner (unless it is the caller)."""
        task = self.runners.get(table.id)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def stop_all(self) -> None:
        """Cancel every runner, wait for them to end, and let the chooser's workers go."""
        tasks = [task for task in self.runners.values() if not task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.chooser.close()

    async def _run(self, table: T, since: float) -> None:
        """Play the table's computer turns (`_play`); after a transient error (the database away for a
        moment) try again every `retry_s` seconds, so the table carries on by itself once it is back."""
        while True:
            try:
                await self._play(table, since)
                return
            except asyncio.CancelledError:
                raise
            except self.transient:
                await self.sleep(self.retry_s)
                since = self.now()
            except Exception:
                log.exception("table %s: computer players stopped", table.id)
                self.runners.pop(table.id, None)
                return

    async def _play(self, table: T, since: float) -> None:
        """Play every computer turn in a row until a human is to act. Each computer thinks during its pause
        and acts at the later of the two; a decision for a moment the table has left is dropped (by
        `play`, which stores the move against the moment it was decided for).

        The pause is counted from the previous action (`since`: when it was stored; the runner is kicked
        right after a person's action), as a player sees it: asking who is due, thinking and storing happen
        inside it rather than after it. Storing starts early by the time it takes now (`MovePace.store_s`,
        at most a quarter of the pause), so a busy database does not stretch every pause."""
        pause = self.pause if self.pause_for is None else self.pause_for(table)
        while True:
            asked = self.now()
            turn = await self.due(table)
            if turn is None:
                self.runners.pop(table.id, None)
                return
            seat, token, view = turn
            started = self.now()
            action = await self.chooser.choose(table, seat, view)
            thought = self.now()
            rest = pause - (thought - since) - min(self.pace.store_s, pause / 4)
            if rest > 0:
                await self.sleep(rest)
            woke = self.now()
            await self.play(table, seat, token, action)
            stored = self.now()
            self.pace.add(
                MoveTimes(
                    beyond=stored - (since + pause),
                    due=started - asked,
                    think=thought - started,
                    overslept=woke - thought - max(rest, 0.0),
                    store=stored - woke,
                )
            )
            since = stored
