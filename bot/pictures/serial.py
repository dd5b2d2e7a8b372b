"""One picture at a time: the bot draws in worker threads, and FreeType faces and the shared sprite
caches are not meant to be used by two threads at once. A picture takes milliseconds, so waiting is cheap.

Only the drawing takes turns (see ``png.draw_then_encode``): encoding the finished picture as PNG touches
nothing shared, and Pillow and zlib let go of the interpreter lock while they work, so one thread can encode
while another draws.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")
S = TypeVar("S")

_LOCK = threading.RLock()


def one_at_a_time(render: Callable[..., T]) -> Callable[..., T]:
    """Wrap a public renderer so calls from different threads take turns."""

    @functools.wraps(render)
    def serial(*args, **kwargs) -> T:
        with _LOCK:
            return render(*args, **kwargs)

    return serial


def serially(work: Callable[[S], T], arg: S) -> T:
    """``work(arg)`` in its turn with every other drawing."""
    with _LOCK:
        return work(arg)
