"""The bot's chooser: legal answers, the same moves in a thread or a worker process, shared workspaces."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
import time

import pytest

from bot.computers.choosers import PoolChooser
from bot.computers.decisions import CUT_JUMP_S, LATE_BUDGET_MS, BudgetClock, Decision, decide, takes_budget
from bot.computers.governor import Governor
from bot.computers.pools import PROCESSES, THREADS, WorkerPlan
from engine import View
from engine.ai import make_player
from engine.ai.solver import Workspace
from tests.bot.computer_views import FakeTable, fixed_strong, views
from tests.paths import ROOT


def chooser(factory=make_player, seed: int = 1, plan: WorkerPlan | None = None, full_ms: float = 20):
    plan = plan or WorkerPlan(THREADS, 1)
    return PoolChooser(factory, random.Random(seed), plan, governor=Governor(plan.workers, full_ms=full_ms))


@pytest.mark.parametrize("preset", ["standard", "three-hand", "big-game", "eighty-eight"])
async def test_every_level_answers_legally_in_every_phase(preset):
    picker = chooser()
    table = FakeTable(1)
    seen = set()
    try:
        for i, view in enumerate(views(preset, 5, 24)):
            level = ("strong", "easy", "random")[i % 3]
            picker.seat(table, view["seat"], level)
            action = await picker.choose(table, view["seat"], view)
            assert action in view["legal"], (preset, level, view["legal"], action)
            seen.add(view["phase"])
    finally:
        picker.close()
    assert {"auction", "play"} <= seen


async def test_a_single_legal_move_is_played_without_a_worker():
    picker = chooser()
    view = {"legal": ["pass"], "seat": 0, "phase": "auction"}
    assert await picker.choose(FakeTable(1), 0, view) == "pass"
    assert picker._pool is None and picker.governor.decisions == 0


@pytest.mark.slow
async def test_thread_and_process_pools_play_the_same_moves_from_the_same_seed():
    sample = views("standard", 11, 6)
    answers = {}
    for kind in (THREADS, PROCESSES):
        picker = chooser(fixed_strong, seed=3, plan=WorkerPlan(kind, 1))
        table = FakeTable(7)
        try:
            answers[kind] = [await picker.choose(table, v["seat"], v) for v in sample]
        finally:
            picker.close()
    assert answers[THREADS] == answers[PROCESSES]
    assert all(a in v["legal"] for a, v in zip(answers[THREADS], sample, strict=True))


async def test_a_seeded_table_repeats_its_moves_and_another_seed_differs():
    sample = views("standard", 12, 12)

    async def play(seed):
        picker = chooser(fixed_strong, seed=seed)
        try:
            return [await picker.choose(FakeTable(1), v["seat"], v) for v in sample if v["phase"] == "play"]
        finally:
            picker.close()

    def random_level(level, seed, **budget):
        return make_player("random", seed)

    first = await play(4)
    assert first == await play(4)
    picker = chooser(random_level, seed=4)
    try:
        moves = [[await picker.choose(FakeTable(t), v["seat"], v) for v in sample] for t in range(6)]
    finally:
        picker.close()
    assert len({tuple(m) for m in moves}) > 1  # each table's seats have streams of their own


async def decide_at_many_tables(
    picker: PoolChooser, n_tables: int, seed: int
) -> tuple[list[str], list[View]]:
    """Four strong computers seated at each of `n_tables` tables, and one play decision at each table, all
    asked at once; the answers and their views."""
    tables = [FakeTable(t) for t in range(n_tables)]
    sample = [v for v in views("standard", seed, 40) if v["phase"] == "play"][:n_tables]
    for table in tables:
        for seat in range(4):
            picker.seat(table, seat, "strong")
    decided = await asyncio.gather(
        *(picker.choose(table, view["seat"], view) for table, view in zip(tables, sample, strict=False))
    )
    return decided, sample


async def test_many_seats_share_the_workers_workspaces():
    before = Workspace.made
    picker = chooser(fixed_strong, plan=WorkerPlan(THREADS, 2))
    try:
        decided, _ = await decide_at_many_tables(picker, 40, 21)
        assert len(decided) >= 10
        assert len(picker.seats) == 160
        assert 1 <= Workspace.made - before <= 2  # one per worker thread, not one per seat (160 x 8 MB)
    finally:
        picker.close()


@pytest.mark.slow
async def test_in_a_process_pool_each_worker_holds_one_workspace_for_every_seat():
    import multiprocessing

    from bot.config import Config
    from tests.bot.computer_views import worker_workspaces

    plan = Config.from_env({"DISCORD_TOKEN": "t", "COMPUTER_WORKERS": "processes:2"}).computer_workers
    assert plan == WorkerPlan(PROCESSES, 2)
    before = Workspace.made
    picker = chooser(fixed_strong, plan=plan)
    loop = asyncio.get_running_loop()
    try:
        decided, sample = await decide_at_many_tables(picker, 30, 22)
        assert len(decided) >= 10 and all(a in v["legal"] for a, v in zip(decided, sample, strict=True))
        assert len(picker.seats) == 120
        with multiprocessing.get_context("spawn").Manager() as manager:
            barrier = manager.Barrier(2)
            reports = await asyncio.gather(
                *(loop.run_in_executor(picker.pool, worker_workspaces, barrier) for _ in range(2))
            )
        assert {pid for pid, _, _ in reports} == set(picker.pool._processes)  # both workers answered
        assert [(made, live) for _, made, live in reports] == [(1, 1), (1, 1)]  # one each, for 120 seats
        assert Workspace.made == before  # the bot's own process searched nothing
    finally:
        picker.close()


def test_a_factory_that_cannot_make_a_level_falls_back_to_a_weaker_one():
    def picky(level, seed):
        if level == "strong":
            raise RuntimeError("no solver here")
        return make_player(level, seed)

    view = views("standard", 41, 1)[0]
    outcome = decide(Decision(picky, "strong", 3, view))
    assert outcome.action in view["legal"]
    assert outcome.action == make_player("easy", 3).choose(view)


def test_budgets_go_only_to_factories_that_take_them():
    assert takes_budget(make_player)
    assert takes_budget(fixed_strong)
    assert not takes_budget(lambda level, seed: None)


def test_worker_plans():
    assert WorkerPlan.auto(2) == WorkerPlan(PROCESSES, 1)
    assert WorkerPlan.auto(1) == WorkerPlan(THREADS, 1)
    assert WorkerPlan.auto(8) == WorkerPlan(PROCESSES, 7)
    assert WorkerPlan.parse("auto", 16) == WorkerPlan(PROCESSES, 15)
    assert WorkerPlan.parse("processes:1", 2) == WorkerPlan(PROCESSES, 1)
    assert WorkerPlan.parse("Threads", 4) == WorkerPlan(THREADS, 3)
    assert WorkerPlan.parse("threads", 1) == WorkerPlan(THREADS, 1)
    for bad in ("fibers", "threads:0", "processes:x", "threads:-2"):
        with pytest.raises(ValueError):
            WorkerPlan.parse(bad, 4)


def test_computer_workers_are_configured_from_the_environment():
    from bot.config import Config, ConfigError

    assert Config.from_env(
        {"DISCORD_TOKEN": "t", "COMPUTER_WORKERS": "processes:2"}
    ).computer_workers == WorkerPlan(PROCESSES, 2)
    assert Config.from_env({"DISCORD_TOKEN": "t"}).computer_workers == WorkerPlan.auto()
    with pytest.raises(ConfigError, match="COMPUTER_WORKERS"):
        Config.from_env({"DISCORD_TOKEN": "t", "COMPUTER_WORKERS": "many"})


@pytest.mark.slow
def test_worker_processes_end_with_a_killed_bot(tmp_path):
    script = tmp_path / "bot_with_workers.py"
    script.write_text(
        "import random, sys, time\n"
        "from bot.computers.choosers import PoolChooser\n"
        "from bot.computers.governor import Governor\n"
        "from bot.computers.pools import WorkerPlan, ready\n"
        "from engine.ai import make_player\n"
        "if __name__ == '__main__':\n"
        "    chooser = PoolChooser(make_player, random.Random(1), WorkerPlan('processes', 1), governor=Governor(1))\n"
        "    print(chooser.pool.submit(ready).result(), flush=True)\n"
        "    time.sleep(120)\n"
    )
    root = ROOT
    bot = subprocess.Popen(
        [sys.executable, str(script)],
        cwd=root,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    assert bot.stdout is not None  # a pipe
    try:
        worker = int(bot.stdout.readline())
        assert alive(worker)
        bot.kill()  # kill -9: no clean shutdown tells the worker anything
        bot.wait()
        for _ in range(300):  # the worker notices within moments; allow a slow machine 30 s
            if not alive(worker):
                break
            time.sleep(0.1)
        assert not alive(worker)
    finally:
        bot.kill()
        bot.stdout.close()


def alive(pid: int) -> bool:
    """Whether a process runs with this id (a zombie counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ")[1][0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.slow
async def test_a_worker_process_that_dies_is_replaced_and_the_decision_made_there(tmp_path):
    from tests.bot.computer_views import crash_once

    picker = chooser(crash_once, plan=WorkerPlan(PROCESSES, 1))
    table = FakeTable(1)
    view = views("standard", 61, 1)[0]
    try:
        picker.seat(table, view["seat"], f"crash-once:{tmp_path / 'crashed'}")
        first = picker.pool
        action = await picker.choose(table, view["seat"], view)
        assert action in view["legal"]
        assert (tmp_path / "crashed").exists() and picker.pool is not first
        assert await picker.choose(table, view["seat"], view) in view["legal"]
    finally:
        picker.close()


def test_a_budget_clock_counts_cpu_time_until_the_answer_is_due():
    on_time = BudgetClock(time.monotonic() + 3600)
    assert not on_time.due() and on_time() < CUT_JUMP_S
    overdue = BudgetClock(time.monotonic() - 1)
    assert overdue.due() and overdue() >= CUT_JUMP_S and overdue.cut
    assert not BudgetClock(None).due()


def test_a_budget_is_the_deciding_threads_cpu_time_not_the_wall_clock(monkeypatch):
    import types

    from bot.computers import decisions

    fake = types.SimpleNamespace(
        thread_time=lambda: 7.0, monotonic=lambda: 1000.0, perf_counter=lambda: 1000.0
    )
    monkeypatch.setattr(decisions, "time", fake)
    clock = BudgetClock(answer_by=2000.0)
    assert clock() == 7.0
    fake.monotonic = fake.perf_counter = lambda: 1900.0  # the wall clock moves on; the thread did not run
    assert clock() == 7.0 and not clock.due()
    fake.thread_time = lambda: 7.25
    assert clock() == 7.25


def test_a_decision_whose_answer_is_already_due_is_made_at_once_and_says_it_was_cut():
    given = []

    def recording(level, seed, budget_ms, clock):
        given.append(budget_ms)
        return make_player(level, seed, budget_ms, clock)

    view = views("standard", 71, 3)[-1]
    asked = time.monotonic() - 2
    late = decide(Decision(recording, "strong", 5, view, 300, answer_by=asked + 1, asked_at=asked))
    assert late.cut and late.action in view["legal"]
    assert late.queued >= 2  # asked two seconds before a worker took it
    on_time = decide(Decision(recording, "random", 5, view, 300, answer_by=time.monotonic() + 3600))
    assert not on_time.cut
    assert given == [LATE_BUDGET_MS, 300]


@pytest.mark.slow
async def test_warming_up_prepares_the_workers_where_they_decide():
    picker = chooser(fixed_strong, plan=WorkerPlan(THREADS, 1))
    before = Workspace.made
    try:
        await picker.warm_up()
        assert Workspace.made - before == 1  # the worker thread searched once: its workspace is ready
        view = views("standard", 81, 12)[-1]
        await picker.choose(FakeTable(1), view["seat"], view)
        assert Workspace.made - before == 1
    finally:
        picker.close()
    picker = chooser(fixed_strong, plan=WorkerPlan(PROCESSES, 1))
    try:
        await picker.warm_up()
        assert len(picker.pool._processes) == 1  # started (and loaded the solver) before any decision
        assert picker.governor.decisions == 0
    finally:
        picker.close()


def test_a_worker_plan_says_what_it_is():
    assert str(WorkerPlan(PROCESSES, 1)) == "1 worker process (niceness +0)"
    assert str(WorkerPlan(THREADS, 3, 5)) == "3 worker threads (niceness +5)"


async def test_once_closed_the_chooser_starts_no_pool_and_drops_the_decision():
    picker = chooser()
    view = next(v for v in views("standard", 2, 4) if len(v["legal"]) > 1)
    await picker.choose(FakeTable(1), view["seat"], view)
    picker.close()
    with pytest.raises(asyncio.CancelledError):
        await picker.choose(FakeTable(1), view["seat"], view)
    assert picker._pool is None and picker.closed, "a stop never starts the pool it is closing"


@pytest.mark.slow
async def test_a_worker_that_dies_while_the_bot_stops_is_not_replaced():
    picker = chooser(plan=WorkerPlan(PROCESSES, 1))
    view = next(v for v in views("standard", 2, 4) if len(v["legal"]) > 1)
    await picker.choose(FakeTable(1), view["seat"], view)  # the worker is up
    pool = picker.pool
    pids = list(pool._processes)
    deciding = asyncio.create_task(picker.choose(FakeTable(1), view["seat"], view))
    await asyncio.sleep(0)
    picker._closed = True  # the stop has begun (close() would also shut the pool down)
    for pid in pids:
        os.kill(pid, 9)
    with pytest.raises(asyncio.CancelledError):
        await deciding
    assert picker._pool is pool, "no new pool was started"
    picker.close()
