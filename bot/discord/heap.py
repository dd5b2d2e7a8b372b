"""The start-up's objects set aside from the garbage collector's full passes.

The bot keeps what it made at start-up for good: the modules, discord.py's state, the compiled search, the
tables it brought back. Python's full collection walks every object each time, and the event loop stands
still meanwhile: at 200 tables a full pass came every 7 s and took p50 176 ms. Once the bot is up, those
objects are collected once and then frozen (`gc.freeze`), so later full passes walk only what came after:
p50 95 ms (docs/load-benchmark.md). Garbage among the frozen objects, if any were left, would never be
collected; nothing the bot makes after start-up is frozen.
"""

from __future__ import annotations

import gc


def freeze_start_up() -> int:
    """Collect, then set every object alive now aside from future collections; how many were set aside."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
