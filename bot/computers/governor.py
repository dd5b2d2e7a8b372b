"""How much CPU each computer decision may use, so that a busy machine weakens every computer a little
instead of keeping people waiting.

A decision should be answered within one window (the cosmetic pause: an answer inside it costs a player no
time). A worker gets `share` of a core, measured (the CPU a decision got per wall second while it ran),
so a machine shared with other programs counts for what it gives. The decisions already waiting may spend
their budgets (plus `over`, the measured CPU a decision spends beyond its budget: reading the view, the
fallback move) before a new one starts, spread over the workers; the new one gets what is left of the
window at that share, `share × window - (pending budgets + waiting × over) / workers`, and no more than
an equal part of the window with those waiting, `share × window × workers / (waiting + 1)`; at most the
full 300 ms and at least a floor. So budgets are full while the workers keep up and shrink together, in
CPU time rather than wall time, as soon as the queue could keep someone waiting; counting the budgets
ahead rather than what decisions typically use keeps a run of expensive decisions from making the queue
late, and the equal part keeps one decision that finds the window empty from taking it all.

The measurements can lag when the machine gets busier at once: the answer's due time
(`decisions.BudgetClock`) cuts a search still running when the window is over. Nothing is silent: a log
line when budgets start to shrink and by how much, one when they are back to full (at most one of each
every `report_every` seconds), one when decisions start being cut, and the counters (`stats()`) as a
`computers:` line every `report_every` seconds of activity, for the load benchmark to read.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from engine.ai import DEFAULT_BUDGET_MS

from .decisions import Outcome
from .quantiles import nearest_rank

log = logging.getLogger("bot.computers")

FULL_BUDGET_MS = float(DEFAULT_BUDGET_MS)  # the strong player's budget on an idle machine
FLOOR_BUDGET_MS = (
    5.0  # below this a strong decision is easy's anyway; the queue waits rather than shrink more
)
SMOOTHING = 0.1  # weight of the newest measurement in the running averages
MIN_SHARE = 0.05
MEASURABLE_WALL = 0.002  # decisions shorter than this say too little about the core's share
RECENT = 1000  # budgets kept for the quantiles in the counters line


def _deciles(xs: tuple[float, ...]) -> tuple[float, float, float]:
    """p10, p50 and p90 of `xs` (nearest rank; zeros when empty)."""
    p10, p50, p90 = nearest_rank(sorted(xs), 0.1, 0.5, 0.9)
    return p10, p50, p90


@dataclass(frozen=True)
class GovernorStats:
    """Counters since start-up, and the state now."""

    decisions: int  # admitted
    finished: int
    shrunk: int  # admitted with less than the full budget
    budget_ms_total: float  # sum of the budgets admitted
    cpu_s_total: float  # CPU the finished decisions used
    wall_s_total: float  # wall time they ran (in a worker, queueing not counted)
    late: int  # decisions that took longer than the window from admission to answer: someone waited
    queued_s_total: float  # time the finished decisions waited for a worker
    returned_s_total: float  # time from a worker's answer to the event loop taking it (a busy loop is slow)
    cut: int  # decisions whose search was cut because their answer fell due
    elapsed_s_max: float  # the longest admission-to-answer time
    recent_budgets_ms: tuple[float, ...]  # the budgets of the last decisions admitted, oldest first
    run_budgets_ms: tuple[float, float, float]  # p10, p50 and p90 of every budget admitted since start-up
    waiting: int  # admitted and not finished now
    waiting_max: int
    budget_ms: float  # the budget a decision admitted now would get
    share: float  # measured share of a core per worker
    run_s: float  # measured wall time a decision takes in a worker
    over_s: float  # measured CPU a decision spends beyond its budget

    def line(self, workers: int) -> str:
        """One `key=value` line for the log (and the load benchmark)."""
        mean_budget = self.budget_ms_total / self.decisions if self.decisions else 0.0
        n = max(self.finished, 1)
        mean_cpu = 1000 * self.cpu_s_total / n
        p10, p50, p90 = _deciles(self.recent_budgets_ms)
        r10, r50, r90 = self.run_budgets_ms
        return (
            f"computers: decisions={self.decisions} shrunk={self.shrunk} budget_ms_mean={mean_budget:.1f} "
            f"budget_ms_p10={p10:.0f} budget_ms_p50={p50:.0f} budget_ms_p90={p90:.0f} "
            f"run_budget_ms_p10={r10:.0f} run_budget_ms_p50={r50:.0f} run_budget_ms_p90={r90:.0f} "
            f"cpu_ms_mean={mean_cpu:.1f} cpu_s={self.cpu_s_total:.1f} late={self.late} cut={self.cut} "
            f"elapsed_ms_max={1000 * self.elapsed_s_max:.0f} queued_ms_mean={1000 * self.queued_s_total / n:.0f} "
            f"run_ms_mean={1000 * self.wall_s_total / n:.0f} returned_ms_mean={1000 * self.returned_s_total / n:.0f} "
            f"waiting={self.waiting} "
            f"waiting_max={self.waiting_max} budget_ms_now={self.budget_ms:.1f} workers={workers} "
            f"share={self.share:.2f} run_ms={1000 * self.run_s:.0f} over_ms={1000 * self.over_s:.1f}"
        )


class Governor:
    """Gives each computer decision a CPU-time budget from the demand and the cores the workers get."""

    def __init__(
        self,
        workers: int,
        *,
        window_s: float = 1.2,
        full_ms: float = FULL_BUDGET_MS,
        floor_ms: float = FLOOR_BUDGET_MS,
        clock: Callable[[], float] = time.monotonic,
        report_every: float = 10.0,
    ):
        self.workers = workers
        self.window = max(
            window_s, full_ms / 1000
        )  # with no pause, a full budget is still one decision's wait
        self.full_ms = full_ms
        self.floor_ms = min(floor_ms, full_ms)
        self.clock = clock
        self.report_every = report_every
        self.share = 1.0
        self.run = 0.0  # measured wall time of a decision in a worker (reported, not used)
        self.over = 0.0
        self.waiting = 0
        self.pending_ms = 0.0  # the budgets of the decisions admitted and not finished
        self.waiting_max = 0
        self.decisions = self.finished = self.shrunk = 0
        self.budget_total = 0.0
        self.recent: deque[float] = deque(maxlen=RECENT)
        self.histogram = [0] * (int(full_ms) + 1)  # budgets admitted since start-up, by whole milliseconds
        self.cpu_total = self.wall_total = 0.0
        self.late = self.cut = 0
        self.queued_total = self.returned_total = 0.0
        self.cutting = False  # decisions are being cut (logged once until a report finds none cut)
        self.cut_reported = 0
        self.elapsed_max = 0.0
        self.shrunk_since: float | None = None  # when budgets last went below full
        self.told_shrink_at: float | None = None  # when a shrink was last logged
        self.spell_told = False  # this spell's shrink was logged (so its end is too)
        self.next_report = clock() + report_every

    def budget(self) -> float:
        """The CPU milliseconds a decision admitted now gets: what is left of the window, at the measured
        share, after the decisions waiting spend their budgets (and their measured overrun) on the workers,
        and no more than an equal part of the window with the decisions waiting."""
        window_ms = 1000 * self.share * self.window
        ahead_ms = (self.pending_ms + 1000 * self.waiting * self.over) / self.workers
        fair_ms = window_ms * self.workers / (self.waiting + 1)  # no more than an equal part of the window
        return max(self.floor_ms, min(self.full_ms, round(min(window_ms - ahead_ms, fair_ms), 1)))

    def admit(self) -> float:
        """A decision joins the queue: its budget in CPU milliseconds."""
        budget = self.budget()
        self.waiting += 1
        self.pending_ms += budget
        self.waiting_max = max(self.waiting_max, self.waiting)
        self.decisions += 1
        self.budget_total += budget
        self.recent.append(budget)
        self.histogram[min(len(self.histogram) - 1, int(budget))] += 1
        if budget < self.full_ms:
            self.shrunk += 1
        self._tell(budget)
        return budget

    def finish(self, budget_ms: float, outcome: Outcome | None, elapsed: float = 0.0) -> None:
        """A decision admitted with `budget_ms` is over, `elapsed` seconds after its admission (`outcome`
        None: cancelled or failed)."""
        self.waiting = max(0, self.waiting - 1)
        self.pending_ms = max(0.0, self.pending_ms - budget_ms)
        if outcome is None:
            return
        self.finished += 1
        self.late += elapsed > self.window
        self.queued_total += outcome.queued
        self.returned_total += max(0.0, elapsed - outcome.queued - outcome.wall)
        if outcome.cut:
            self.cut += 1
            if not self.cutting:
                self.cutting = True
                log.warning(
                    "computer decisions are being cut when their answer falls due (%.1f s after they "
                    "were asked): the workers get less CPU than measured (%.2f of a core each)",
                    self.window,
                    self.share,
                )
        self.elapsed_max = max(self.elapsed_max, elapsed)
        self.cpu_total += outcome.cpu
        self.wall_total += outcome.wall
        self.run += SMOOTHING * (outcome.wall - self.run)
        self.over += SMOOTHING * (max(0.0, outcome.cpu - budget_ms / 1000) - self.over)
        if outcome.wall >= MEASURABLE_WALL:
            share = max(MIN_SHARE, min(1.0, outcome.cpu / outcome.wall))
            self.share += SMOOTHING * (share - self.share)

    def run_quantiles(self, qs: tuple[float, ...]) -> list[float]:
        """The quantiles `qs` of every budget admitted since start-up (to the millisecond below; nearest
        rank, as `quantiles.nearest_rank`); zeros before any."""
        total = sum(self.histogram)
        out = []
        for q in qs:
            rank, seen = min(total - 1, int(q * total)), 0
            for ms, count in enumerate(self.histogram):
                seen += count
                if seen > rank:
                    out.append(float(ms))
                    break
        return out if total else [0.0] * len(qs)

    def run_deciles(self) -> tuple[float, float, float]:
        """p10, p50 and p90 of every budget admitted since start-up."""
        p10, p50, p90 = self.run_quantiles((0.1, 0.5, 0.9))
        return p10, p50, p90

    def spread_line(self) -> str:
        """The budgets of the whole run as ten equally likely values (the 5th to the 95th percentile in steps
        of 10), for `benchmarks/strength.py --budget-ms` to play strong at the budgets this run gave."""
        values = self.run_quantiles(tuple((2 * i + 1) / 20 for i in range(10)))
        return "computers: budgets over the run, ms (p5 to p95 in steps of 10): " + ",".join(
            f"{v:g}" for v in values
        )

    def closing_lines(self, workers: int) -> list[str]:
        """The counters' line and the run's spread of budgets, for the log when the workers stop."""
        return [self.stats().line(workers), self.spread_line()]

    def stats(self) -> GovernorStats:
        """The counters and the state now."""
        return GovernorStats(
            decisions=self.decisions,
            finished=self.finished,
            shrunk=self.shrunk,
            budget_ms_total=self.budget_total,
            cpu_s_total=self.cpu_total,
            wall_s_total=self.wall_total,
            late=self.late,
            cut=self.cut,
            elapsed_s_max=self.elapsed_max,
            queued_s_total=self.queued_total,
            returned_s_total=self.returned_total,
            recent_budgets_ms=tuple(self.recent),
            run_budgets_ms=self.run_deciles(),
            waiting=self.waiting,
            waiting_max=self.waiting_max,
            budget_ms=self.budget(),
            share=self.share,
            run_s=self.run,
            over_s=self.over,
        )

    def _tell(self, budget: float) -> None:
        """Log when budgets start to shrink and when they recover (at most one of each every `report_every`
        seconds); the counters every `report_every` seconds."""
        now = self.clock()
        if budget < self.full_ms and self.shrunk_since is None:
            self.shrunk_since = now
            self.spell_told = self.told_shrink_at is None or now - self.told_shrink_at >= self.report_every
            if self.spell_told:
                self.told_shrink_at = now
                log.info(
                    "computer budgets shrink to %.0f ms CPU per decision (%.0f%% of %.0f ms): %d decisions "
                    "waiting for %d worker(s) getting %.2f of a core each",
                    budget,
                    100 * budget / self.full_ms,
                    self.full_ms,
                    self.waiting,
                    self.workers,
                    self.share,
                )
        elif budget >= self.full_ms and self.shrunk_since is not None:
            if self.spell_told:
                log.info(
                    "computer budgets back to full (%.0f ms) after %.0f s shrunk",
                    self.full_ms,
                    now - self.shrunk_since,
                )
            self.shrunk_since = None
        if now >= self.next_report:
            self.next_report = now + self.report_every
            log.info("%s", self.stats().line(self.workers))
            if self.cut == self.cut_reported:
                self.cutting = False  # none cut since the last report: say so again when it starts again
            self.cut_reported = self.cut
