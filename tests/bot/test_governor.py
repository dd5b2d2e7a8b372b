"""The governor's CPU budgets: full when the workers keep up, shrunk fairly and loudly when they cannot."""

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


def test_a_machine_that_keeps_up_gives_every_decision_its_full_budget():
    gov = governor(workers=2)
    budgets = [gov.admit() for _ in range(7)]  # the 7th: 6 ahead on 2 workers (0.9 s) and its own 0.3 s
    assert budgets == [300] * 7
    assert gov.stats().shrunk == 0
    assert gov.admit() < 300


def test_more_decisions_than_the_workers_can_pay_for_share_the_window_equally():
    gov = governor(workers=1)
    for _ in range(9):
        gov.admit()
    tenth = gov.admit()  # 10 waiting: 1.2 CPU-s over 10 decisions
    assert tenth == pytest.approx(120)
    assert gov.budget_for(40) == pytest.approx(30)
    assert gov.budget_for(40) * 40 == pytest.approx(gov.budget_for(20) * 20)  # the same CPU, split fairly
    assert gov.budget_for(10_000) == 5  # the floor: below it the queue waits instead


def test_finished_decisions_free_their_share():
    gov = governor(workers=1)
    budgets = [gov.admit() for _ in range(12)]
    for budget in budgets[:10]:
        gov.finish(budget, Outcome("pass", cpu=budget / 1000, wall=budget / 1000))
    assert gov.waiting == 2
    assert gov.admit() == 300


def test_a_worker_that_gets_half_a_core_is_counted_as_half_a_core():
    gov = governor(workers=1)
    before = gov.budget_for(20)
    for _ in range(200):  # each decision got 0.1 s of CPU in 0.2 s of wall time: other programs took the rest
        budget = gov.admit()
        gov.finish(budget, Outcome("pass", cpu=budget / 1000, wall=2 * budget / 1000))
    assert gov.share == pytest.approx(0.5, abs=0.01)
    assert gov.budget_for(20) == pytest.approx(before / 2, rel=0.02)


def test_decisions_that_stop_early_leave_room_for_bigger_budgets():
    gov = governor(workers=1)
    assert gov.budget_for(16) == pytest.approx(75)  # 1.2 s over 16 decisions that use all they get
    for _ in range(200):  # decisions use a quarter of what they were given
        budget = gov.admit()
        gov.finish(budget, Outcome("pass", cpu=budget / 4000, wall=budget / 4000))
    assert gov.fill == pytest.approx(0.25, abs=0.01)
    # the last may use its whole budget after the 15 ahead of it use a quarter of theirs
    assert gov.budget_for(16) == pytest.approx(1200 / (1 + 15 * 0.25), rel=0.02)
    for _ in range(200):  # a tenth: the governor still counts on a quarter
        budget = gov.admit()
        gov.finish(budget, Outcome("pass", cpu=budget / 10_000, wall=budget / 10_000))
    assert gov.fill < 0.15
    assert gov.budget_for(16) == pytest.approx(1200 / (1 + 15 * 0.25))


def test_a_cancelled_decision_leaves_the_queue_and_the_measurements_alone():
    gov = governor()
    budget = gov.admit()
    gov.finish(budget, None)
    assert gov.waiting == 0 and gov.share == 1.0 and gov.fill == 1.0
    assert gov.stats().finished == 0


def test_shrinking_is_logged_with_its_size_and_the_recovery_too(caplog):
    clock = Clock()
    gov = governor(workers=1, clock=clock, report_every=10)
    caplog.set_level(logging.INFO, logger="bot.computers")
    budgets = [gov.admit() for _ in range(20)]
    shrink = [r.getMessage() for r in caplog.records if "shrink" in r.getMessage()]
    assert len(shrink) == 1  # once, when it starts
    assert "240 ms CPU per decision (80% of 300 ms): 5 decisions waiting for 1 worker(s)" in shrink[0]
    caplog.clear()
    clock.now += 30
    for budget in budgets:
        gov.finish(budget, Outcome("pass", cpu=0.01, wall=0.01))
    gov.admit()
    messages = [r.getMessage() for r in caplog.records]
    assert any("back to full (300 ms) after 30 s shrunk" in m for m in messages)
    summary = [m for m in messages if m.startswith("computers: ")]
    assert len(summary) == 1 and "decisions=21 " in summary[0] and "shrunk=16 " in summary[0]


def test_counters_add_up():
    gov = governor(workers=1)
    budgets = [gov.admit() for _ in range(6)]
    for i, budget in enumerate(budgets):
        gov.finish(budget, Outcome("pass", cpu=0.05, wall=0.1, queued=0.2 * i), elapsed=0.5 * i)
    stats = gov.stats()
    assert stats.queued_s_total == pytest.approx(3.0)  # 0.2 x (0 + 1 + ... + 5)
    # an answer takes the rest to reach the loop: 0.3 x (1 + ... + 5), the first none (it is never negative)
    assert stats.returned_s_total == pytest.approx(0.3 * 15 - 0.1 * 5)
    assert stats.late == 3 and stats.elapsed_s_max == pytest.approx(2.5)  # 1.5, 2 and 2.5 s > the 1.2 s window
    assert stats.decisions == stats.finished == 6
    assert stats.shrunk == 2  # the fifth and sixth arrived with four already waiting
    assert stats.budget_ms_total == pytest.approx(sum(budgets))
    assert stats.cpu_s_total == pytest.approx(0.3) and stats.wall_s_total == pytest.approx(0.6)
    assert stats.waiting == 0 and stats.waiting_max == 6
    line = stats.line(workers=1)
    assert line.startswith("computers: decisions=6 shrunk=2 ") and "cpu_ms_mean=50.0" in line


def test_decisions_cut_at_their_due_time_are_counted_and_logged_once_per_spell(caplog):
    clock = Clock()
    gov = governor(workers=1, clock=clock, report_every=10)
    caplog.set_level(logging.INFO, logger="bot.computers")
    for cut in (True, True, False):
        gov.finish(gov.admit(), Outcome("pass", cpu=0.2, wall=0.4, cut=cut), elapsed=1.2)
    warnings = [r for r in caplog.records if "being cut" in r.getMessage()]
    assert len(warnings) == 1 and warnings[0].levelno == logging.WARNING
    assert gov.stats().cut == 2
    clock.now += 10
    gov.finish(gov.admit(), Outcome("pass", cpu=0.01, wall=0.01), elapsed=0.1)  # a report: none cut since
    clock.now += 10
    gov.finish(gov.admit(), Outcome("pass", cpu=0.01, wall=0.01), elapsed=0.1)  # another: the spell is over
    gov.finish(gov.admit(), Outcome("pass", cpu=0.2, wall=0.4, cut=True), elapsed=1.2)
    assert len([r for r in caplog.records if "being cut" in r.getMessage()]) == 2
    assert "cut=3 " in gov.stats().line(1)


def test_a_cut_decision_counts_as_one_that_would_have_spent_its_whole_budget():
    gov = governor(workers=1)
    for _ in range(100):
        budget = gov.admit()
        gov.finish(budget, Outcome("pass", cpu=0.01, wall=0.01, cut=True), elapsed=1.3)
    assert gov.fill == pytest.approx(1.0)
