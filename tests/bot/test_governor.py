"""The governor's CPU budgets: full when the workers keep up, shrunk by the measured queue when they
cannot, and said out loud."""

from __future__ import annotations

import logging

import pytest

from bot.tables.decisions import Outcome
from bot.tables.governor import Governor


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def governor(workers: int = 1, clock: Clock | None = None, **options) -> Governor:
    return Governor(workers, window_s=1.2, full_ms=300, floor_ms=5, clock=clock or Clock(), **options)


def ran(gov: Governor, times: int, cpu: float, wall: float, **outcome) -> None:
    """`times` decisions admitted and finished one by one, each taking `cpu` and `wall` seconds."""
    for _ in range(times):
        gov.admit()
        gov.finish(Outcome("pass", cpu=cpu, wall=wall, **outcome), elapsed=wall)


def test_a_machine_that_keeps_up_gives_every_decision_its_full_budget():
    gov = governor(workers=2)
    budgets = [gov.admit() for _ in range(7)]  # until measured a decision takes 0.3 s: the 7th starts at 0.9 s
    assert budgets == [300] * 7
    assert gov.stats().shrunk == 0
    assert gov.admit() < 300


def test_the_queue_ahead_shrinks_a_budget_by_the_time_it_leaves():
    gov = governor(workers=1)
    ran(gov, 200, cpu=0.05, wall=0.05)  # decisions take 50 ms on a whole core
    assert gov.run == pytest.approx(0.05) and gov.share == pytest.approx(1.0)
    assert gov.budget_for(10) == 300  # 9 ahead leave 0.75 s
    assert gov.budget_for(20) == pytest.approx(250)  # 19 ahead leave 0.25 s
    assert gov.budget_for(24) == pytest.approx(50)
    assert gov.budget_for(40) == 5  # the floor: below it a decision is easy's move anyway


def test_a_worker_that_gets_half_a_core_is_counted_as_half_a_core():
    gov = governor(workers=1)
    ran(gov, 200, cpu=0.025, wall=0.05)  # as long as before, but other programs took half the core
    assert gov.share == pytest.approx(0.5, abs=0.01)
    assert gov.budget_for(20) == pytest.approx(125, rel=0.02)


def test_more_workers_take_the_queue_ahead_faster():
    one, two = governor(workers=1), governor(workers=2)
    for gov in (one, two):
        ran(gov, 200, cpu=0.1, wall=0.1)
    assert one.budget_for(11) == pytest.approx(200)  # 10 x 0.1 s ahead leave 0.2 s
    assert two.budget_for(11) == pytest.approx(300)  # on two workers they leave 0.7 s
    assert two.budget_for(21) == pytest.approx(200)


def test_budgets_grow_back_as_decisions_get_quicker():
    gov = governor(workers=1)
    ran(gov, 100, cpu=0.2, wall=0.2)
    assert gov.budget_for(6) == pytest.approx(200, rel=1e-3)  # five decisions of 0.2 s ahead leave 0.2 s
    assert gov.budget_for(7) == 5  # six fill the window
    ran(gov, 100, cpu=0.02, wall=0.02)
    assert gov.budget_for(7) == 300


def test_finished_decisions_free_their_place():
    gov = governor(workers=1)
    for _ in range(12):
        gov.admit()
    for _ in range(10):
        gov.finish(Outcome("pass", cpu=0.3, wall=0.3), elapsed=1.0)
    assert gov.waiting == 2
    assert gov.admit() == 300  # two ahead of 0.3 s leave 0.6 s


def test_a_cancelled_decision_leaves_the_queue_and_the_measurements_alone():
    gov = governor()
    gov.admit()
    gov.finish(None)
    assert gov.waiting == 0 and gov.share == 1.0 and gov.run == pytest.approx(0.3)
    assert gov.stats().finished == 0


def test_shrinking_is_logged_with_its_size_and_the_recovery_too(caplog):
    clock = Clock()
    gov = governor(workers=1, clock=clock, report_every=10)
    caplog.set_level(logging.INFO, logger="bot.computers")
    for _ in range(20):
        gov.admit()
    shrink = [r.getMessage() for r in caplog.records if "shrink" in r.getMessage()]
    assert len(shrink) == 1  # once, when it starts
    # until measured a decision is taken to last 0.3 s: four fill the window, the fifth gets the floor
    assert ("shrink to 5 ms CPU per decision (2% of 300 ms): 5 decisions waiting for 1 worker(s) getting "
            "1.00 of a core each, 300 ms a decision") in shrink[0]
    caplog.clear()
    clock.now += 30
    for _ in range(20):
        gov.finish(Outcome("pass", cpu=0.01, wall=0.01), elapsed=0.5)
    gov.admit()
    messages = [r.getMessage() for r in caplog.records]
    assert any("back to full (300 ms) after 30 s shrunk" in m for m in messages)
    summary = [m for m in messages if m.startswith("computers: ")]
    assert len(summary) == 1 and "decisions=21 " in summary[0] and "shrunk=16 " in summary[0]


def test_counters_add_up():
    gov = governor(workers=1)
    budgets = [gov.admit() for _ in range(6)]
    for i in range(6):
        gov.finish(Outcome("pass", cpu=0.05, wall=0.1, queued=0.2 * i), elapsed=0.5 * i)
    stats = gov.stats()
    assert stats.decisions == stats.finished == 6
    assert stats.shrunk == 2  # the 5th and 6th arrived with the window full (4 and 5 ahead of 0.3 s)
    assert stats.budget_ms_total == pytest.approx(sum(budgets)) == pytest.approx(300 * 4 + 5 + 5)
    assert stats.cpu_s_total == pytest.approx(0.3) and stats.wall_s_total == pytest.approx(0.6)
    assert stats.late == 3 and stats.elapsed_s_max == pytest.approx(2.5)  # 1.5, 2 and 2.5 s > the window
    assert stats.queued_s_total == pytest.approx(3.0)  # 0.2 x (0 + 1 + ... + 5)
    # an answer takes the rest to reach the loop: 0.3 x (1 + ... + 5), the first none (it is never negative)
    assert stats.returned_s_total == pytest.approx(0.3 * 15 - 0.1 * 5)
    assert stats.waiting == 0 and stats.waiting_max == 6
    line = stats.line(workers=1)
    assert line.startswith("computers: decisions=6 shrunk=2 ") and "cpu_ms_mean=50.0" in line


def test_decisions_cut_at_their_due_time_are_counted_and_logged_once_per_spell(caplog):
    clock = Clock()
    gov = governor(workers=1, clock=clock, report_every=10)
    caplog.set_level(logging.INFO, logger="bot.computers")
    for cut in (True, True, False):
        gov.admit()
        gov.finish(Outcome("pass", cpu=0.2, wall=0.4, cut=cut), elapsed=1.2)
    warnings = [r for r in caplog.records if "being cut" in r.getMessage()]
    assert len(warnings) == 1 and warnings[0].levelno == logging.WARNING
    assert gov.stats().cut == 2
    clock.now += 10
    ran(gov, 1, cpu=0.01, wall=0.01)  # a report: none cut since the last
    clock.now += 10
    ran(gov, 1, cpu=0.01, wall=0.01)  # another: the spell is over
    ran(gov, 1, cpu=0.2, wall=0.4, cut=True)
    assert len([r for r in caplog.records if "being cut" in r.getMessage()]) == 2
    assert "cut=3 " in gov.stats().line(1)
