"""Scene -> PNG with the renderers of `bot.pictures`, drawn in one worker thread so the event loop stays free.

Drawing is CPU work that holds the GIL most of the time: several threads drawing at once only take turns,
and crowd the event loop (and the threads the computers think in) out. So pictures queue for one thread of
their own, and a picture a player is waiting for (the panel that brings their turn's controls, the panel
they just clicked) goes ahead of the rest (table pictures, summaries): with many tables the table pictures
alone keep the thread busy, and a turn should not wait behind them. Nor behind the one picture being drawn
when it is asked for: a second thread draws only pictures a player waits for, so at most two pictures are
ever drawn at once, one of them urgent. A renderer that fails costs only its picture: the message goes out with
its text, which carries the same facts (for screen readers and picture-less clients anyway).
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from bot.pictures.bracket import render_bracket
from bot.pictures.day_card import render_day
from bot.pictures.hand import render_hand
from bot.pictures.panel import render_panel
from bot.pictures.puzzle import render_puzzle
from bot.pictures.standings_table import render_standings
from bot.pictures.summary import render_game_end, render_hand_end
from bot.pictures.table import render_table

log = logging.getLogger(__name__)
URGENT, LATER = 0, 1  # a picture a player waits for; any other

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


_DRAWING = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")  # every picture, urgent first
_URGENT = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures-urgent")  # urgent ones only
_waiting: list[
    tuple[int, int, str, Any, asyncio.AbstractEventLoop, asyncio.Future[bytes | None]]
] = []  # a heap
_waiting_lock = threading.Lock()
_order = itertools.count()  # ties keep the order asked (and scenes are never compared)
BUSY_SPAN = 2.0  # seconds over which the threads' drawing time is counted (`busy`)
_spells: deque[tuple[float, float]] = deque()  # (end, seconds drawing) of each recent picture


def _draw_next(urgent_only: bool = False) -> None:
    """Draw the most urgent picture waiting, if any (`urgent_only`: only if a player waits for it). Each
    picture asked for sends one of these to the first thread, and an urgent one one more to the second:
    whichever comes first draws it, and the other finds the next picture, or none."""
    with _waiting_lock:
        if not _waiting or (urgent_only and _waiting[0][0] != URGENT):
            return
        _, _, name, scene, loop, done = heapq.heappop(_waiting)
    started = time.monotonic()
    picture = None if done.cancelled() else _draw(name, scene)  # cancelled: its message was dropped (a stop)
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
    return len(_waiting)


def busy() -> float:
    """The share of the last `BUSY_SPAN` seconds spent drawing (over both threads: up to 2). Drawing takes
    the CPU the event loop and the computers need too; work that may wait waits while it is high."""
    now = time.monotonic()
    with _waiting_lock:
        return sum(spent for end, spent in _spells if end >= now - BUSY_SPAN) / BUSY_SPAN


async def draw(name: str, scene: Any, *, urgent: bool = False) -> bytes | None:
    """Render `scene` with the renderer `name` in the pictures' thread (ahead of the rest if `urgent`: a
    player waits for it); None if it fails."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[bytes | None] = loop.create_future()
    with _waiting_lock:
        heapq.heappush(_waiting, (URGENT if urgent else LATER, next(_order), name, scene, loop, done))
    loop.run_in_executor(_DRAWING, _draw_next)
    if urgent:
        loop.run_in_executor(_URGENT, _draw_next, True)
    return await done
