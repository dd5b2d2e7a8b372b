"""Where computer decisions run: a plan (threads or processes, and how many), and the pool it starts.

On a machine with more than two cores the default is a process pool of cores − 1 workers: the search's
Python glue holds the GIL for about a seventh of a decision, so threads stop scaling at a few cores
(SCALE-OUT §5), and a process of its own keeps the event loop's process free. On two cores, one worker
process: a thread shares the event loop's GIL, so the bot used one core of two (200 tables on the load
benchmark: turn p50 5.3 s with a thread, 2.0 s with a process; 5 tables: RSS 330 → 516 MB). On one core, one
thread. A worker process ends with the bot.
"""

from __future__ import annotations

import logging
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass

log = logging.getLogger("bot.computers")

THREADS, PROCESSES = "threads", "processes"
# The workers run at the bot's own priority: the governor already holds their share of a core, and a
# niceness on top starved them whenever the machine was busy (200 tables on 2 cores: a computer's move came
# 2.9 s p50 after its pause at +10, 0.12 s at +0). `WorkerPlan(niceness=N)` still lowers it.
WORKER_NICENESS = 0


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


@dataclass(frozen=True)
class WorkerPlan:
    """How computer decisions run: `kind` threads or processes, `workers` of them."""

    kind: str = THREADS
    workers: int = 1
    niceness: int = WORKER_NICENESS  # how much lower than the bot's the workers' CPU priority is

    @classmethod
    def auto(cls, n_cores: int | None = None) -> WorkerPlan:
        """Processes (cores − 1) on two cores or more, else one thread."""
        n = cores() if n_cores is None else n_cores
        return cls(PROCESSES, n - 1) if n >= 2 else cls(THREADS, 1)

    @classmethod
    def parse(cls, text: str, n_cores: int | None = None) -> WorkerPlan:
        """Read `auto`, `threads`, `threads:N`, `processes` or `processes:N` (ValueError otherwise).
        Without N: cores − 1, at least one."""
        kind, _, count = text.strip().lower().partition(":")
        if kind in ("", "auto") and not count:
            return cls.auto(n_cores)
        if kind not in (THREADS, PROCESSES):
            raise ValueError(f"computer workers must be auto, threads[:N] or processes[:N] (got {text!r})")
        if not count:
            return cls(kind, max(1, (cores() if n_cores is None else n_cores) - 1))
        if not count.isdigit() or int(count) < 1:
            raise ValueError(f"the number of computer workers must be a whole number from 1 (got {count!r})")
        return cls(kind, int(count))

    def start(self) -> Executor:
        """A pool that runs `decisions.decide` jobs (workers at lower priority; processes warmed up)."""
        if self.kind == PROCESSES:
            # spawn, not fork: the event loop's process has threads and open sockets a fork would copy
            return ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=prepare_process,
                initargs=(self.niceness,),
            )
        return ThreadPoolExecutor(
            self.workers, thread_name_prefix="computer", initializer=lower_priority, initargs=(self.niceness,)
        )

    def __str__(self) -> str:
        kind = {THREADS: "thread", PROCESSES: "process"}[self.kind] if self.workers == 1 else self.kind
        return f"{self.workers} worker {kind} (niceness +{self.niceness})"


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
    """A worker process's start: end with the bot and only with it, lower its priority, then load the
    compiled solver (numba's on-disk cache, `cache=True`) so its first decision does not pay for compiling.

    A stop signal is the bot's to handle: systemd sends SIGTERM to every process of the service at once,
    and a terminal's Ctrl-C sends SIGINT to the whole process group. A worker that died of it would break
    the pool under the bot's clean stop; it ignores them, and ends when the bot closes the pool or exits."""
    child_process_start()
    lower_priority(niceness)
    from engine.ai import warm_up

    try:
        warm_up()
    except Exception:  # a cold start is slower, not wrong
        log.exception("a decision worker could not warm up the strong player")


def child_process_start() -> None:
    """The start of any worker process of the bot's (decisions, pictures): stop signals are the bot's to
    handle (see `prepare_process`), and the worker ends when the bot does."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _end_with_parent()


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
