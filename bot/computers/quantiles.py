"""Nearest-rank quantiles of a sorted sample, as the bot's log lines give them (the governor's budgets, the
computers' move times, the delivery's turn panels)."""

from __future__ import annotations

from collections.abc import Sequence


def nearest_rank(ordered: Sequence[float], *fractions: float) -> list[float]:
    """The values of sorted `ordered` at `fractions` by nearest rank (1.0: the largest); zeros when empty."""
    if not ordered:
        return [0.0] * len(fractions)
    return [ordered[min(len(ordered) - 1, int(len(ordered) * f))] for f in fractions]
