"""Scene -> PNG with the renderers of `bot.pictures`, drawn in one worker thread so the event loop stays free.

Drawing is CPU work that holds the GIL most of the time: several threads drawing at once only take turns,
and crowd the event loop (and the threads the computers think in) out. So pictures queue for one thread of
their own, and a picture a player is waiting for (the panel that brings their turn's controls, the panel
they just clicked) goes ahead of the rest (table pictures, summaries): with many tables the table pictures
alone keep the thread busy, and a turn should not wait behind them. Nor behind the one picture being drawn
when it is asked for: a second thread draws only pictures a player waits for, so at most two pictures are
ever drawn at once, one of them urgent. A renderer that fails costs only its picture: the message goes out with
its text, which carries the same facts (for screen readers and picture-less clients anyway).

The running bot draws in worker processes (`start_processes`; PICTURE_WORKERS): drawing holds the GIL, so in
the event loop's process the two threads took turns with the loop itself, and at 200 tables that process
ran at one core of two (its loop a third of it, the pictures the rest) while a click waited for its
picture. The threads stay (they keep the order and the urgent lane) and hand each picture to a process;
a process that fails is replaced, and the picture drawn in the thread meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.computers.pools import child_process_start
from bot.pictures.bracket import render_bracket
from bot.pictures.day_card import render_day
from bot.pictures.hand import render_hand
from bot.pictures.panel import render_panel
from bot.pictures.puzzle import render_puzzle
from bot.pictures.standings_table import render_standings
from bot.pictures.summary import render_game_end, render_hand_end
from bot.pictures.table import render_table

log = logging.getLogger(__name__)

RENDERERS: dict[str, Callable[[Any], bytes]] = {
    "render_table": render_table,
    "render_panel": render_panel,
    "render_hand": render_hand,
    "render_hand_end": render_hand_end,
    "render_game_end": render_game_end,
    "render_bracket": render_bracket,
    "render_standings": render_standings,
    "render_puzzle": render_puzzle,
    "render_day": render_day,
}


def _draw(name: str, scene: Any) -> bytes | None:
    try:
        return RENDERERS[name](scene)
    except Exception:
        log.exception("%s failed; sending the text without its picture", name)
        return None


_processes: ProcessPoolExecutor | None = None  # where pictures are drawn, if not in the threads
_processes_lock = threading.Lock()
_process_workers = 0


def start_processes(workers: int) -> None:
    """Draw every picture from now on in `workers` processes of their own (0: in this process's threads),
    with as many pictures asked of them at once as keeps each busy (a thread waits while its picture
    travels)."""
    global _processes, _process_workers, _DRAWING
    stop_processes()
    with _processes_lock:
        _process_workers = workers
        if workers > 0:
            _DRAWING = ThreadPoolExecutor(max_workers=2 * workers - 1, thread_name_prefix="pictures")
            _processes = _pool(workers)
            for _ in range(workers):  # started now: a process's start (imports, fonts) is no player's wait
                _processes.submit(_ready)


def stop_processes() -> None:
    """Draw in this process's threads again; the processes end once their pictures are drawn."""
    global _processes, _process_workers, _DRAWING
    with _processes_lock:
        pool, _processes, _process_workers = _processes, None, 0
        if pool is not None:
            _DRAWING = _one_thread()
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=False)


def _pool(workers: int) -> ProcessPoolExecutor:
    # spawn, not fork: the event loop's process has threads and open sockets a fork would copy
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(workers, mp_context=context, initializer=child_process_start)


def _ready() -> None:
    """A picture process's first job: it starts, and loads the renderers with this module."""


def _draw_anywhere(name: str, scene: Any) -> bytes | None:
    """Draw in a picture process if there are any, else here; a process that fails is replaced."""
    global _processes
    pool = _processes
    if pool is None:
        return _draw(name, scene)
    try:
        return pool.submit(_draw, name, scene).result()
    except BrokenProcessPool:
        log.exception("a picture process ended; starting another, and drawing this picture here")
        with _processes_lock:
            if _processes is pool and _process_workers:
                _processes = _pool(_process_workers)
        return _draw(name, scene)
    except RuntimeError:  # the processes were stopped meanwhile (the bot is closing)
        return _draw(name, scene)


def _one_thread() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")


_DRAWING = _one_thread()  # every picture, urgent first
_URGENT = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures-urgent")  # urgent ones only
Waiting = tuple[float, str, Any, asyncio.AbstractEventLoop, asyncio.Future[bytes | None]]  # asked at, ...
_clicked: deque[Waiting] = deque()  # pictures of a click's own change, for the message clicked
_urgent: deque[Waiting] = deque()  # the other pictures a player waits for (their turn's), in the order asked
_later: deque[Waiting] = deque()  # the others
_waiting_lock = threading.Lock()
LATER_WAIT = 30.0  # seconds after which a picture nobody waits for goes before the urgent ones (no starving)
BUSY_SPAN = 2.0  # seconds over which the threads' drawing time is counted (`busy`)
_spells: deque[tuple[float, float]] = deque()  # (end, seconds drawing) of each recent picture


def _next(urgent_only: bool) -> Waiting | None:
    """The picture to draw next: a click's own first (its player is looking at the message they clicked;
    a turn's panel follows a computer's pause anyway), then one a player waits for, unless a picture nobody
    waits for has waited `LATER_WAIT` (at 200 tables urgent ones came without a pause, and table messages
    waited a minute)."""
    if _clicked:
        return _clicked.popleft()
    if urgent_only:
        return _urgent.popleft() if _urgent else None
    if _later and (not _urgent or _later[0][0] <= time.monotonic() - LATER_WAIT):
        return _later.popleft()
    return _urgent.popleft() if _urgent else None


def _draw_next(urgent_only: bool = False) -> None:
    """Draw the next picture waiting (`_next`), if any (`urgent_only`: only if a player waits for it). Each
    picture asked for sends one of these to the first threads, and an urgent one one more to the urgent
    thread: whichever comes first draws it, and the other finds the next picture, or none."""
    with _waiting_lock:
        waiting = _next(urgent_only)
    if waiting is None:
        return
    _, name, scene, loop, done = waiting
    started = time.monotonic()
    picture = (
        None if done.cancelled() else _draw_anywhere(name, scene)
    )  # cancelled: its message was dropped (a stop)
    ended = time.monotonic()
    with _waiting_lock:
        _spells.append((ended, ended - started))
        while _spells and _spells[0][0] < ended - BUSY_SPAN:
            _spells.popleft()
    try:
        loop.call_soon_threadsafe(_settle, done, picture)
    except RuntimeError:  # the loop has closed: nobody waits any more
        pass


def _settle(done: asyncio.Future[bytes | None], picture: bytes | None) -> None:
    if not done.done():
        done.set_result(picture)


def backlog() -> int:
    """How many pictures wait to be drawn now (every priority): work that may wait, such as a panel edit
    nobody clicked, waits while the thread is behind."""
    return len(_clicked) + len(_urgent) + len(_later)


def busy() -> float:
    """The share of the last `BUSY_SPAN` seconds spent drawing (over both threads: up to 2). Drawing takes
    the CPU the event loop and the computers need too; work that may wait waits while it is high."""
    now = time.monotonic()
    with _waiting_lock:
        return sum(spent for end, spent in _spells if end >= now - BUSY_SPAN) / BUSY_SPAN


async def draw(name: str, scene: Any, *, urgent: bool = False, clicked: bool = False) -> bytes | None:
    """Render `scene` with the renderer `name` in the pictures' thread (ahead of the rest if `urgent`: a
    player waits for it; ahead of those too if `clicked`: it shows a click on the message clicked); None if
    it fails."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[bytes | None] = loop.create_future()
    with _waiting_lock:
        (_clicked if clicked else _urgent if urgent else _later).append(
            (time.monotonic(), name, scene, loop, done)
        )
    loop.run_in_executor(_DRAWING, _draw_next)
    if urgent or clicked:
        loop.run_in_executor(_URGENT, _draw_next, True)
    return await done
