"""The day's seeds: derived from the server's key and the date, committed and checkable; the server's day
in its time zone; streaks of days in a row."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from bot.daily.seeds import DEALS_A_DAY, day_commitments, day_seeds, deal_seed, server_day
from bot.daily.streaks import best_streak, streak
from engine.fair import commitment

KEY = bytes(range(32))


def test_eight_different_seeds_a_day_that_match_their_commitments():
    seeds = day_seeds(KEY, date(2026, 11, 27))
    assert len(seeds) == DEALS_A_DAY == len(set(seeds))
    assert day_commitments(KEY, date(2026, 11, 27)) == [commitment(s) for s in seeds]


def test_seeds_differ_by_day_and_by_server_and_repeat_otherwise():
    today = day_seeds(KEY, date(2026, 11, 27))
    assert today == day_seeds(KEY, date(2026, 11, 27))
    assert set(today).isdisjoint(day_seeds(KEY, date(2026, 11, 28)))
    assert set(today).isdisjoint(day_seeds(bytes(32), date(2026, 11, 27)))
    with pytest.raises(ValueError):
        deal_seed(KEY, date(2026, 11, 27), DEALS_A_DAY)


def test_the_day_is_the_servers():
    now = datetime(2026, 11, 28, 3, 0, tzinfo=UTC)  # 21:00 the evening before in Chicago
    assert server_day(now, "UTC").day == date(2026, 11, 28)
    chicago = server_day(now, "America/Chicago")
    assert chicago.day == date(2026, 11, 27)
    assert chicago.ends == datetime(2026, 11, 28, 6, 0, tzinfo=UTC)
    assert not chicago.over_at(now) and chicago.over_at(chicago.ends)
    assert server_day(now, "America/Chicago", days_back=1).day == date(2026, 11, 26)


def test_a_streak_counts_days_in_a_row_and_survives_until_a_whole_day_is_missed():
    days = [date(2026, 11, d) for d in (20, 21, 23, 24, 25)]
    assert streak(days, date(2026, 11, 25)) == 3
    assert streak(days, date(2026, 11, 26)) == 3  # today not played yet: the streak still stands
    assert streak(days, date(2026, 11, 27)) == 0
    assert streak([], date(2026, 11, 27)) == 0
    assert best_streak(days) == 3 and best_streak([]) == 0
