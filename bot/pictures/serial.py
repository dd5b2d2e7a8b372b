"""One picture at a time: the bot draws in worker threads, and FreeType faces and the shared sprite
caches are not meant to be used by two threads at once. A picture takes milliseconds, so waiting is cheap.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

_LOCK = threading.RLock()


def one_at_a_time(render: Callable[..., T]) -> Callable[..., T]:
    """Wrap a public renderer so calls from different threads take turns."""

    @functools.wraps(render)
    def serial(*args, **kwargs) -> T:
        with _LOCK:
            return render(*args, **kwargs)

    return serial
