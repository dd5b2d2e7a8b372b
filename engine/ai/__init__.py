"""Computer players. Each receives only a view (``engine.view_for``) and returns one of ``view["legal"]``.

``make_player(level, seed, budget_ms)`` is the one entry point the bot and ``python -m engine player`` use;
``warm_up()`` compiles the fast solver so the first real decision does not pay for it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

LEVELS = ("random", "easy", "strong")
DEFAULT_BUDGET_MS = 300
MAX_BUDGET_MS = 1000


class RandomPlayer:
    """A legal but aimless player: a baseline for benchmarks and a placeholder."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any]) -> str:
        """Pick uniformly among the legal actions of the view."""
        return self.rng.choice(view["legal"])


def make_player(
    level: str = "strong",
    seed: int | None = None,
    budget_ms: float | None = None,
    clock: Callable[[], float] | None = None,
):
    """A computer player of the given level; unknown levels raise ValueError.

    ``budget_ms`` is the strong player's thinking time per decision (default 300, capped at 1000), measured
    by ``clock`` (default wall time; ``time.thread_time`` makes it CPU time). Players are light: the
    search's memory belongs to the thread that decides, however many players it serves.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    if level == "random":
        return RandomPlayer(seed)
    if level == "easy":
        from .easy import EasyPlayer

        return EasyPlayer(seed)
    from .strong import StrongPlayer

    budget = DEFAULT_BUDGET_MS if budget_ms is None else max(1.0, min(float(budget_ms), MAX_BUDGET_MS))
    if clock is None:
        return StrongPlayer(seed, budget / 1000.0)
    return StrongPlayer(seed, budget / 1000.0, clock=clock)


def warm_up() -> float:
    """Compile (or load from cache) the fast solver and the bidding table; returns the seconds it took.

    The bot calls this once at start-up, off the event loop.
    """
    import time

    start = time.perf_counter()
    from .strong import warm_up as _warm  # importing loads (or compiles) the solver

    _warm()
    return time.perf_counter() - start
