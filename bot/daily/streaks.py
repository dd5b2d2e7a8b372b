"""Streaks: how many days in a row a player has finished the server's daily deals."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta


def streak(finished: Iterable[date], today: date) -> int:
    """Days in a row finished, counting back from today, or from yesterday while today is still open (a
    streak is not broken until a whole day passes without the deals finished)."""
    days = set(finished)
    day = today if today in days else today - timedelta(days=1)
    count = 0
    while day in days:
        count += 1
        day -= timedelta(days=1)
    return count


def best_streak(finished: Iterable[date]) -> int:
    """The longest run of days in a row ever finished."""
    days = sorted(set(finished))
    best = run = 0
    previous: date | None = None
    for day in days:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    return best
