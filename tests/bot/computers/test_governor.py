"""The governor's CPU budgets: full when the workers keep up, shrunk by the budgets already waiting when
they cannot, and said out loud."""

from __future__ import annotations

import logging

import pytest

from bot.computers.decisions import Outcome
from bot.computers.governor import Governor


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
        gov.finish(gov.admit(), Outcome("pass", cpu=cpu, wall=wall, **outcome), elapsed=wall)


def test_a_machine_that_keeps_up_gives_every_decision_its_full_budget():
    gov = governor(workers=2)
    budgets = [gov.admit() for _ in range(7)]  # the 7th: six budgets of 0.3 s ahead on two workers: 0.9 s
    assert budgets == [300] * 7
    assert gov.stats().shrunk == 0
    assert gov.admit() == pytest.approx(1200 - 7 * 300 / 2)


def test_the_budgets_waiting_ahead_leave_a_new_decision_the_rest_of_the_window():
    gov = governor(workers=1)
    assert [gov.admit() for _ in range(6)] == [300, 300, 300, 300, 5, 5]  # the window is full after four
    assert gov.pending_ms == 4 * 300 + 2 * 5
    gov.finish(300, Outcome("pass", cpu=0.1, wall=0.1))
    gov.admit()  # 290 ms of the window are free again, but then six share it: 200 each
    assert gov.recent[-1] == pytest.approx(min(1200 - 3 * 300 - 2 * 5, 1200 / 6))


def test_no_decision_takes_more_than_an_equal_part_of_the_window():
    gov = governor(workers=1)
    gov.share = 0.5
    for _ in range(29):
        gov.pending_ms += 5  # 29 decisions waiting with the floor's budget: most of the window is free
        gov.waiting += 1
    assert gov.budget() == pytest.approx(600 / 30)  # a thirtieth of what the worker gives in the window


def test_a_worker_that_gets_half_a_core_is_counted_as_half_a_core():
    gov = governor(workers=1)
    ran(gov, 200, cpu=0.01, wall=0.02)  # other programs took half the core
    assert gov.share == pytest.approx(0.5, abs=0.01)
    assert gov.budget() == 300  # 0.6 s of CPU in the window: still enough for one decision
    gov.admit()
    assert gov.admit() == pytest.approx(300, rel=0.02)
    assert gov.admit() == 5  # 0.6 s spent by the two ahead


def test_more_workers_take_the_queue_ahead_faster():
    one, two = governor(workers=1), governor(workers=2)
    for gov in (one, two):
        for _ in range(3):
            gov.admit()
    assert one.budget() == pytest.approx(300)  # 0.9 s ahead leave 0.3 s
    assert two.budget() == pytest.approx(300)
    for _ in range(3):
        two.admit()
    assert two.budget() == pytest.approx(300)  # six ahead on two workers: 0.9 s
    two.admit()
    assert two.budget() == pytest.approx(150)
    one.admit()
    assert one.budget() == 5


def test_what_decisions_spend_beyond_their_budget_is_counted_too():
    gov = governor(workers=1)
    ran(gov, 200, cpu=0.305, wall=0.305)  # 5 ms over a full budget each time
    assert gov.over == pytest.approx(0.005)
    for _ in range(3):
        gov.admit()
    assert gov.budget() == pytest.approx(1200 - 3 * 305)


def test_a_cancelled_decision_leaves_the_queue_and_the_measurements_alone():
    gov = governor()
    gov.finish(gov.admit(), None)
    assert gov.waiting == 0 and gov.pending_ms == 0 and gov.share == 1.0 and gov.over == 0
    assert gov.stats().finished == 0


def test_shrinking_is_logged_with_its_size_and_the_recovery_too_but_not_every_flap(caplog):
    clock = Clock()
    gov = governor(workers=1, clock=clock, report_every=10)
    caplog.set_level(logging.INFO, logger="bot.computers")
    budgets = [gov.admit() for _ in range(6)]
    shrink = [r.getMessage() for r in caplog.records if "shrink" in r.getMessage()]
    assert shrink == [
        "computer budgets shrink to 5 ms CPU per decision (2% of 300 ms): 5 decisions waiting "
        "for 1 worker(s) getting 1.00 of a core each"
    ]
    clock.now += 3
    for budget in budgets:
        gov.finish(budget, Outcome("pass", cpu=0.01, wall=0.01), elapsed=0.5)
    gov.admit()
    assert any("back to full (300 ms) after 3 s shrunk" in r.getMessage() for r in caplog.records)
    caplog.clear()
    for _ in range(5):  # shrinks again within 10 s of the last line: the counters will tell
        gov.admit()
    assert not [r for r in caplog.records if "shrink" in r.getMessage() or "back to" in r.getMessage()]
    clock.now += 10
    gov.admit()
    summary = [r.getMessage() for r in caplog.records if r.getMessage().startswith("computers: ")]
    assert gov.shrunk > 2  # the second spell's shrinks are counted
    assert len(summary) == 1 and "decisions=13 " in summary[0] and f"shrunk={gov.shrunk} " in summary[0]


def test_counters_add_up():
    gov = governor(workers=1)
    budgets = [gov.admit() for _ in range(6)]
    for i, budget in enumerate(budgets):
        gov.finish(budget, Outcome("pass", cpu=0.05, wall=0.1, queued=0.2 * i), elapsed=0.5 * i)
    stats = gov.stats()
    assert stats.decisions == stats.finished == 6
    assert stats.shrunk == 2  # the 5th and 6th arrived with the window full
    assert stats.budget_ms_total == pytest.approx(300 * 4 + 5 + 5)
    assert stats.cpu_s_total == pytest.approx(0.3) and stats.wall_s_total == pytest.approx(0.6)
    assert stats.late == 3 and stats.elapsed_s_max == pytest.approx(2.5)  # 1.5, 2 and 2.5 s > the window
    assert stats.queued_s_total == pytest.approx(3.0)  # 0.2 x (0 + 1 + ... + 5)
    # an answer takes the rest to reach the loop: 0.3 x (1 + ... + 5), the first none (it is never negative)
    assert stats.returned_s_total == pytest.approx(0.3 * 15 - 0.1 * 5)
    assert stats.waiting == 0 and stats.waiting_max == 6 and stats.budget_ms == 300
    line = stats.line(workers=1)
    assert line.startswith("computers: decisions=6 shrunk=2 ") and "cpu_ms_mean=50.0" in line
    assert "budget_ms_p10=5 budget_ms_p50=300 budget_ms_p90=300 " in line
    assert "run_budget_ms_p10=5 run_budget_ms_p50=300 run_budget_ms_p90=300 " in line


def test_the_budgets_of_the_whole_run_are_kept_beside_the_recent_ones():
    gov = governor(workers=1)
    gov.pending_ms = 1e6  # a long queue: 1,500 decisions at the floor
    for _ in range(1500):
        gov.admit()
    gov.pending_ms, gov.waiting = 0.0, 0
    ran(gov, 1000, cpu=0.1, wall=0.1)  # then 1,000 with the queue empty: full budgets
    stats = gov.stats()
    assert sorted(set(stats.recent_budgets_ms)) == [300]
    assert stats.run_budgets_ms == (5, 5, 300)
    assert "budget_ms_p50=300 " in stats.line(1) and "run_budget_ms_p50=5 " in stats.line(1)
    assert gov.spread_line().endswith(": 5,5,5,5,5,5,300,300,300,300")  # 60% at the floor, 40% full


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
    ran(gov, 1, cpu=0.01, wall=0.01)  # a report: none cut since the last
    clock.now += 10
    ran(gov, 1, cpu=0.01, wall=0.01)  # another: the spell is over
    ran(gov, 1, cpu=0.2, wall=0.4, cut=True)
    assert len([r for r in caplog.records if "being cut" in r.getMessage()]) == 2
    assert "cut=3 " in gov.stats().line(1)
