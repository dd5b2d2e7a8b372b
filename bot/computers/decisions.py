"""One computer decision as data, and the function a worker thread or process runs to make it.

A `Decision` carries everything a worker needs (the player factory by reference, the level, a seed drawn
for this decision, a CPU-time budget, the time its answer is due and the seat's view, all plain data), so
it pickles to a worker process as well as it passes to a thread. `decide` builds a light player for the
decision and lets it choose; the heavy search memory is the worker thread's own
(`engine.ai.solver.thread_workspace`).

The budget is CPU time (`BudgetClock`), so a busy machine does not silently weaken a decision. The answer's
due time is the safety net behind the governor's estimate: a search still running when its answer is due
(the machine got busier than measured) is cut there, and the outcome says so.
"""

from __future__ import annotations

import inspect
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine import View

log = logging.getLogger("bot.computers")

PlayerFactory = Callable[..., Any]  # factory(level, seed[, budget_ms=, clock=]) -> object with choose(view)

CUT_JUMP_S = 1e6  # added to the budget clock once the answer is due: the search stops at its next look
LATE_BUDGET_MS = 1.0  # a decision whose answer is already due when a worker takes it: decide at once
WEAKER = ("easy", "random")  # levels to fall back on, in order, when a player cannot be made


@dataclass(frozen=True)
class Decision:
    """What a worker needs to decide one move: plain data (it pickles)."""

    factory: PlayerFactory
    level: str
    seed: int
    view: View
    budget_ms: float | None = None  # CPU milliseconds; None: the factory's own budget (it takes none)
    answer_by: float | None = (
        None  # `time.monotonic()` when the answer is due (the same clock in any process)
    )
    asked_at: float | None = (
        None  # `time.monotonic()` when it was asked for (to measure its wait for a worker)
    )


@dataclass(frozen=True)
class Outcome:
    """A decision's action and what it cost: CPU seconds of the deciding thread, and wall seconds from
    start to end in the worker (their ratio is the share of a core the worker got)."""

    action: str
    cpu: float
    wall: float
    cut: bool = False  # the answer fell due before the budget was spent (or before the worker began)
    queued: float = 0.0  # seconds from being asked for to a worker starting on it


class BudgetClock:
    """What a budget is measured by: the deciding thread's CPU time, until the answer falls due by the wall
    clock; from then on far in the future, so the search stops at its next look at the clock."""

    def __init__(self, answer_by: float | None = None):
        self.answer_by = answer_by
        self.cut = False

    def due(self) -> bool:
        """Whether the answer is due now (once due, always due)."""
        if not self.cut and self.answer_by is not None and time.monotonic() >= self.answer_by:
            self.cut = True
        return self.cut

    def __call__(self) -> float:
        return time.thread_time() + (CUT_JUMP_S if self.due() else 0.0)


def takes_budget(factory: PlayerFactory) -> bool:
    """Whether `factory` accepts `budget_ms=` and `clock=` (the engine's `make_player` does; a test's
    two-argument factory does not and gets none)."""
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return False
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return True
    return "budget_ms" in params and "clock" in params


def decide(decision: Decision) -> Outcome:
    """Make one decision in the calling (worker) thread, its budget measured in that thread's CPU time."""
    wall = time.perf_counter()
    cpu = time.thread_time()
    queued = 0.0 if decision.asked_at is None else max(0.0, time.monotonic() - decision.asked_at)
    clock = BudgetClock(decision.answer_by)
    budget = LATE_BUDGET_MS if clock.due() else decision.budget_ms
    action = _player(decision, budget, clock).choose(decision.view)
    return Outcome(action, time.thread_time() - cpu, time.perf_counter() - wall, clock.cut, queued)


def _player(decision: Decision, budget_ms: float | None, clock: BudgetClock) -> Any:
    """A player of the decision's level, or of the next weaker level if that one cannot be made."""
    for level in [decision.level, *(weaker for weaker in WEAKER if weaker != decision.level)]:
        try:
            if decision.budget_ms is None:
                return decision.factory(level, decision.seed)
            return decision.factory(level, decision.seed, budget_ms=budget_ms, clock=clock)
        except Exception:
            log.exception("could not make a %s computer player; trying a weaker one", level)
    raise RuntimeError("no computer player could be made")
