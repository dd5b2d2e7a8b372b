"""The computer moves' times: quantiles of each part, and the line logged every so often."""

from __future__ import annotations

import logging

from bot.computers.runner import MovePace, MoveTimes
from tests.bot.table_driver import FakeClock


def move(beyond: float) -> MoveTimes:
    return MoveTimes(beyond=beyond, due=0.001, think=0.2, overslept=0.0, store=0.01)


def test_quantiles_are_nearest_rank_over_the_moves_kept():
    pace = MovePace(clock=FakeClock(0.0))
    assert pace.quantiles("beyond", 0.5) == [0.0]  # none yet
    for ms in range(1, 101):
        pace.add(move(ms / 1000))
    p50, p90, p99 = pace.quantiles("beyond", 0.5, 0.9, 0.99)
    assert (round(p50, 3), round(p90, 3), round(p99, 3)) == (0.051, 0.091, 0.1)


def test_the_line_is_logged_once_per_period(caplog):
    clock = FakeClock(0.0)
    pace = MovePace(report_every=10.0, clock=clock)
    with caplog.at_level(logging.INFO, logger="bot.computers"):
        pace.add(move(0.3))
        clock.advance(10.0)
        pace.add(move(0.3))
        pace.add(move(0.3))  # same period: no second line
    lines = [r.getMessage() for r in caplog.records if r.getMessage().startswith("computer moves:")]
    assert len(lines) == 1
    assert "moves=2" in lines[0] and "beyond_ms_p50=300" in lines[0] and "think_ms_p90=200" in lines[0]
