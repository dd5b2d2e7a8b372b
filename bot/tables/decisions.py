"""One computer decision as data, and the function a worker thread or process runs to make it.

A `Decision` carries everything a worker needs (the player factory by reference, the level, a seed drawn
for this decision, a CPU-time budget and the seat's view, all plain data), so it pickles to a worker
process as well as it passes to a thread. `decide` builds a light player for the decision and lets it
choose; the heavy search memory is the worker thread's own (`engine.ai.solver.thread_workspace`).
"""

from __future__ import annotations

import inspect
import logging
import multiprocessing
import multiprocessing.connection
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

log = logging.getLogger("bot.computers")

PlayerFactory = Callable[..., Any]  # factory(level, seed[, budget_ms=, clock=]) -> object with choose(view)

WEAKER = ("easy", "random")  # levels to fall back on, in order, when a player cannot be made
WORKER_NICENESS = 10  # decisions yield the CPU to the event loop's thread (and to other programs' clicks)


@dataclass(frozen=True)
class Decision:
    """What a worker needs to decide one move: plain data (it pickles)."""

    factory: PlayerFactory
    level: str
    seed: int
    view: dict
    budget_ms: float | None = None  # CPU milliseconds; None: the factory's own budget (it takes none)


@dataclass(frozen=True)
class Outcome:
    """A decision's action and what it cost: CPU seconds of the deciding thread, and wall seconds from
    start to end in the worker (their ratio is the share of a core the worker got)."""

    action: str
    cpu: float
    wall: float


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
    action = _player(decision).choose(decision.view)
    return Outcome(action, time.thread_time() - cpu, time.perf_counter() - wall)


def _player(decision: Decision) -> Any:
    """A player of the decision's level, or of the next weaker level if that one cannot be made."""
    for level in [decision.level, *(weaker for weaker in WEAKER if weaker != decision.level)]:
        try:
            if decision.budget_ms is None:
                return decision.factory(level, decision.seed)
            return decision.factory(level, decision.seed, budget_ms=decision.budget_ms, clock=time.thread_time)
        except Exception:
            log.exception("could not make a %s computer player; trying a weaker one", level)
    raise RuntimeError("no computer player could be made")


def lower_priority(niceness: int = WORKER_NICENESS) -> None:
    """Lower the calling thread's CPU priority by `niceness` (Linux applies a thread id's niceness to that
    thread alone; in a worker process the thread is the process's main one). Best effort: some systems
    refuse."""
    try:
        tid = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, tid, min(19, os.getpriority(os.PRIO_PROCESS, tid) + niceness))
    except (AttributeError, OSError) as error:
        log.debug("could not lower a decision worker's priority: %s", error)


def prepare_process(niceness: int = WORKER_NICENESS) -> None:
    """A worker process's start: end with the bot, lower its priority, then load the compiled solver
    (numba's on-disk cache, `cache=True`) so its first decision does not pay for compiling."""
    _end_with_parent()
    lower_priority(niceness)
    from engine.ai import warm_up

    try:
        warm_up()
    except Exception:  # a cold start is slower, not wrong
        log.exception("a decision worker could not warm up the strong player")


def _end_with_parent() -> None:
    """Exit when the parent process ends, however it ends: a `kill -9`ed bot leaves no worker behind (an
    idle worker would otherwise wait for jobs forever, holding its memory)."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def ready() -> int:
    """A no-op job: returns the worker's process id once it has started (used to start workers early)."""
    return os.getpid()
