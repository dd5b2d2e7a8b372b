"""Computer players. Each receives only a view (``Hand.view_for``) and returns one of ``view["legal"]``.

``make_player(level, seed)`` is the one entry point the bot and ``python -m engine player`` use.
"""

from __future__ import annotations

import random

LEVELS = ("random", "easy", "strong")


class RandomPlayer:
    """A legal but aimless player: a baseline for benchmarks and a placeholder."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, view: dict) -> str:
        """Pick uniformly among the legal actions of the view."""
        return self.rng.choice(view["legal"])


def make_player(level: str = "strong", seed: int | None = None):
    """A computer player of the given level; unknown levels raise ValueError."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    # easy and strong are built on this interface; until they land every level plays legally at random.
    return RandomPlayer(seed)
