"""The chooser the bot uses: light computer seats, decisions in a pool of workers, budgets from a governor.

A computer seat is a level and a seeded random stream, nothing more; each decision draws its own seed from
the seat's stream, so the same seeded table plays the same moves whether its decisions run in a thread or
in a worker process. The search's memory belongs to the workers (one per worker thread), not to the seats.
The governor is handed in (`Budgets`: what the chooser asks of it); whoever builds the chooser sets its
window.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from concurrent.futures import BrokenExecutor, Executor
from dataclasses import dataclass
from typing import Protocol

from engine import View

from .decisions import Decision, Outcome, PlayerFactory, decide, takes_budget
from .pools import PROCESSES, WorkerPlan, ready
from .seated import AtTable

log = logging.getLogger("bot.computers")


class Budgets(Protocol):
    """What a chooser asks of its governor (`governor.Governor`): each decision's CPU budget and the window
    its answer is due in, each outcome back, and the counters' lines when the workers stop."""

    window: float

    def admit(self) -> float:
        """A decision joins the queue: its budget in CPU milliseconds."""
        ...

    def finish(self, budget_ms: float, outcome: Outcome | None, elapsed: float = 0.0) -> None:
        """A decision admitted with `budget_ms` is over (`outcome` None: cancelled or failed)."""

    def closing_lines(self, workers: int) -> list[str]:
        """The lines to log when the workers stop."""
        ...


@dataclass
class ComputerSeat:
    """A computer at a seat: its level and its own seeded random stream."""

    level: str
    rng: random.Random


class PoolChooser:
    """Decides computer moves in a pool of worker threads or processes (see the module docstring)."""

    def __init__(
        self,
        factory: PlayerFactory,
        rng: random.Random,
        plan: WorkerPlan | None = None,
        *,
        governor: Budgets,
    ):
        self.factory = factory
        self.rng = rng  # the service's: each seat's stream is seeded from it, so seeded tests repeat
        self.plan = plan or WorkerPlan()
        self.budgeted = takes_budget(factory)
        self.governor = governor
        self.seats: dict[tuple[int, int], ComputerSeat] = {}
        self._pool: Executor | None = None
        self._closed = False  # the bot is stopping: no pool is started again

    @property
    def closed(self) -> bool:
        """True once the workers were let go (the bot is stopping)."""
        return self._closed

    @property
    def pool(self) -> Executor:
        """The worker pool, started on first use (never again once closed: the decision is dropped)."""
        if self._closed:
            raise asyncio.CancelledError("the computer workers are stopping")
        if self._pool is None:
            self._pool = self.plan.start()
            log.info("computer decisions run in %s", self.plan)
        return self._pool

    def start(self) -> None:
        """Start every worker now (a worker process loads the solver as it starts) rather than on the first
        decisions."""
        if self.plan.kind == PROCESSES:
            for _ in range(self.plan.workers):
                self.pool.submit(ready)

    async def warm_up(self) -> float:
        """Prepare the workers for their first decision (load the compiled solver where they run, not in
        the event loop's process unless the workers are its threads); the seconds it took."""
        loop = asyncio.get_running_loop()
        start = loop.time()
        if self.plan.kind == PROCESSES:
            self.start()
            await asyncio.gather(*(loop.run_in_executor(self.pool, ready) for _ in range(self.plan.workers)))
        else:
            from engine.ai import warm_up

            await loop.run_in_executor(self.pool, warm_up)
        return loop.time() - start

    def seat(self, table: AtTable, seat: int, level: str) -> None:
        """A new computer of `level` at `seat`."""
        self.seats[(table.id, seat)] = ComputerSeat(level, random.Random(self.rng.randrange(2**32)))

    async def choose(self, table: AtTable, seat: int, view: View) -> str:
        """The seat's computer decides in a worker (a computer is seated at the table's level if the seat
        has none yet, e.g. for an away player)."""
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        if (table.id, seat) not in self.seats:
            self.seat(table, seat, table.computer_level)
        computer = self.seats[(table.id, seat)]
        budget = self.governor.admit()
        asked = time.monotonic()
        decision = Decision(
            self.factory,
            computer.level,
            computer.rng.randrange(2**32),
            view,
            budget if self.budgeted else None,
            asked + self.governor.window,
            asked,
        )
        outcome: Outcome | None = None
        loop = asyncio.get_running_loop()
        admitted = loop.time()
        try:
            outcome = await self._run(decision)
        finally:
            self.governor.finish(budget, outcome, loop.time() - admitted)
        if outcome.action not in legal:
            log.warning("table %s: computer chose illegal %r; playing %r", table.id, outcome.action, legal[0])
            return legal[0]
        return outcome.action

    async def _run(self, decision: Decision) -> Outcome:
        """Run a decision in the pool; a pool broken under it (a worker process killed, say) is replaced
        and the decision tried once more there, unless the bot is stopping (then the decision is dropped:
        a stop never starts the pool it is closing)."""
        pool = self.pool
        try:
            return await _submitted(pool, decision)
        except BrokenExecutor:
            if self._closed:
                raise asyncio.CancelledError("the computer workers are stopping") from None
            if self._pool is pool:  # the first decision to find it broken replaces it for all
                log.error("the computer workers' pool broke (a worker died?); starting a new one")
                pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None
                self.start()
            return await _submitted(self.pool, decision)

    def forget(self, table: AtTable) -> None:
        """The table is over: its seats go."""
        for key in [key for key in self.seats if key[0] == table.id]:
            del self.seats[key]

    def close(self) -> None:
        """Stop the workers (decisions not started are dropped) and log the counters."""
        self._closed = True
        if self._pool is not None:
            for line in self.governor.closing_lines(self.plan.workers):
                log.info("%s", line)
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


async def _submitted(pool: Executor, decision: Decision) -> Outcome:
    """A decision's outcome from the pool. A caller cancelled while it waits (its table moved on, the bot
    stops) lets the job be: cancelling a job the process pool has taken but not yet started trips the pool's
    own thread if a worker then dies (Python 3.11 sets the broken pool's error on the cancelled job and
    raises `InvalidStateError`); the pool's shutdown drops the jobs not started."""
    job = asyncio.wrap_future(pool.submit(decide, decision))
    job.add_done_callback(_settled)
    return await asyncio.shield(job)


def _settled(job: asyncio.Future[Outcome]) -> None:
    """Read a job's error, so a job nobody waits for any more is not reported as never retrieved."""
    if not job.cancelled():
        job.exception()
