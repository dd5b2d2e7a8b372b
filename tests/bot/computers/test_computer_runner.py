"""The computer runner: thinking starts with the pause, the pause is counted from the previous action, and a
decision the table has moved past is dropped."""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Mapping
from typing import Any

from bot.computers.choosers import PoolChooser
from bot.computers.governor import Governor
from bot.computers.pools import THREADS, WorkerPlan
from bot.computers.runner import ComputerRunner
from tests.bot.table_driver import FakeClock
from tests.bot.table_state import hand_of


class Table:
    """A table reduced to what the runner reads: whose computer turn it is and the moment's token."""

    def __init__(self, turns: list[int]):
        self.id = 1
        self.computer_level = "strong"
        self.turns = turns  # computer seats to play, in order
        self.moment = 0

    def computer_turn(self) -> int | None:
        return self.turns[0] if self.turns else None

    @property
    def token(self) -> str:
        return f"moment-{self.moment}"

    def view_for(self, seat: int) -> dict:
        return {"seat": seat, "legal": [f"{seat}-a", f"{seat}-b"], "moment": self.moment}

    def move_on(self) -> None:
        """Someone else played the seat on turn (a take-over, a player back from away)."""
        self.turns.pop(0)
        self.moment += 1


class HeldChooser:
    """Answers each decision only when the test lets it."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, int]] = []  # (seat, moment of the view)
        self.answer = asyncio.Event()

    async def choose(self, table, seat: int, view: dict) -> str:
        self.asked.append((seat, view["moment"]))
        await self.answer.wait()
        self.answer.clear()
        return view["legal"][1]

    def seat(self, table, seat, level) -> None: ...

    def forget(self, table) -> None: ...

    def close(self) -> None: ...


def runner_for(table: Table, chooser, pause: float) -> tuple[ComputerRunner, list]:
    """A runner whose `due` and `play` keep the table service's contract (`TableService._computer_due` and
    `_computer_move`): `play` stores a decision only while the table is at the moment it was made for."""
    applied: list[tuple[int, str]] = []

    async def due(t):
        seat = t.computer_turn()
        return None if seat is None else (seat, t.token, t.view_for(seat))

    async def play(t, seat, token, action):
        if t.computer_turn() == seat and t.token == token:
            applied.append((seat, action))
            t.move_on()

    return ComputerRunner(chooser, due, play, pause), applied


def playing(runner: ComputerRunner, table: Table) -> asyncio.Task:
    """The task playing the table's computer turns (the test fails if there is none)."""
    task = runner.runner(table)
    assert task is not None, "no task plays the table's computers"
    return task


async def settle(rounds: int = 20) -> None:
    for _ in range(rounds):
        await asyncio.sleep(0)


async def test_a_decision_the_table_has_moved_past_is_dropped():
    table = Table([1, 2])
    chooser = HeldChooser()
    runner, applied = runner_for(table, chooser, pause=0)
    runner.kick(table)
    await settle()
    assert chooser.asked == [(1, 0)]
    table.move_on()  # seat 1 was played meanwhile: its computer's answer is for a moment that is gone
    chooser.answer.set()
    await settle()
    assert applied == []
    assert chooser.asked == [(1, 0), (2, 1)]  # the runner asks the seat now on turn instead
    chooser.answer.set()
    await asyncio.wait_for(playing(runner, table), 5)
    assert applied == [(2, "2-b")]


async def test_a_computer_starts_thinking_at_once_and_acts_after_its_pause():
    table = Table([3])
    chooser = HeldChooser()
    runner, applied = runner_for(table, chooser, pause=3600)
    runner.kick(table)
    await settle()
    assert chooser.asked == [(3, 0)]  # thinking while the pause runs
    chooser.answer.set()
    await settle()
    assert applied == []  # the pause is not over: the move waits
    await runner.stop_all()
    assert applied == []


async def test_a_table_that_ends_mid_thought_frees_its_place_in_the_queue():
    release = threading.Event()

    class Stuck:
        def choose(self, view):
            release.wait(10)
            return view["legal"][0]

    def factory(level, seed):
        return Stuck()

    plan = WorkerPlan(THREADS, 1)
    governor = Governor(1)
    chooser = PoolChooser(factory, random.Random(1), plan, governor=governor)
    table = Table([1, 2])
    runner, applied = runner_for(table, chooser, pause=0)
    try:
        runner.kick(table)
        await settle()
        assert governor.waiting == 1
        runner.stop(table)
        await asyncio.gather(playing(runner, table), return_exceptions=True)
        assert governor.waiting == 0 and applied == []
    finally:
        release.set()
        chooser.close()


async def test_a_click_is_not_held_up_while_a_computer_thinks_for_a_player_whose_time_ran_out(tmp_path):
    from bot.storage import Storage
    from bot.tables import TableService

    release = threading.Event()
    thinking = threading.Event()

    class Slow:
        def choose(self, view):
            thinking.set()
            release.wait(60)
            return view["legal"][0]

    storage = await Storage.open(tmp_path / "bot.db")
    clock = FakeClock()
    service = TableService(
        storage,
        rng=random.Random(3),
        computer_pause=0,
        clock=clock,
        player_factory=lambda level, seed: Slow(),
    )
    try:
        table = await service.open_table(guild_id=1, channel_id=2, host_id=10)
        for seat in range(4):
            await service.sit(table, 10 + seat, f"player{seat}", seat)
        await service.start(table, 10)
        late = table.human_turn()  # the player whose time runs out
        assert late is not None
        before = len(hand_of(table).calls)
        clock.advance(121)
        await service.tick()  # reminded
        clock.advance(121)
        tick = asyncio.get_running_loop().create_task(service.tick())  # a computer thinks for the player
        assert await asyncio.to_thread(thinking.wait, 60)
        click = asyncio.get_running_loop().create_task(service.act(table, 10 + late, table.token, "pass"))
        done, _ = await asyncio.wait([click, tick], timeout=60, return_when=asyncio.FIRST_COMPLETED)
        assert done == {click}, "the click waited behind the computer's thinking"
        click.result()
        release.set()
        await tick
        assert len(hand_of(table).calls) == before + 1  # the player's pass; the computer's move was dropped
        assert table.seats[late].taken_over == 0
    finally:
        release.set()
        service.chooser.close()
        await storage.close()


class TimedChooser:
    """Decides at once, after `thinking` seconds of the fake clock."""

    def __init__(self, clock, thinking: float):
        self.clock = clock
        self.thinking = thinking

    async def choose(self, table, seat: int, view: Mapping[str, Any]) -> str:
        self.clock.advance(self.thinking)
        return view["legal"][0]

    def seat(self, table, seat, level) -> None: ...

    def forget(self, table) -> None: ...

    async def warm_up(self) -> float:
        return 0.0

    def close(self) -> None: ...


async def play_paced(turns: list[int], *, pause: float, due_s: float, thinking: float, store_s: float):
    """Kick a runner on a fake clock (at 0, right after a person's action) and let it play `turns`: asking
    who is due, thinking and storing each take the given seconds, and the pause's sleeps are recorded (and
    move the clock) rather than slept. Returns the runner, the sleeps and the moments moves were stored."""
    clock = FakeClock(0.0)
    table = Table(turns)
    slept: list[float] = []
    stored: list[float] = []

    async def due(t):
        clock.advance(due_s)
        seat = t.computer_turn()
        return None if seat is None else (seat, t.token, t.view_for(seat))

    async def play(t, seat, token, action):
        clock.advance(store_s)
        stored.append(clock())
        t.move_on()

    async def sleep(seconds: float) -> None:
        slept.append(round(seconds, 6))
        clock.advance(seconds)

    runner = ComputerRunner(TimedChooser(clock, thinking), due, play, pause, clock=clock, sleep=sleep)
    runner.kick(table)
    await asyncio.wait_for(playing(runner, table), 5)
    return runner, slept, stored


async def test_every_part_of_a_computer_move_is_timed():
    runner, slept, _ = await play_paced([1, 2, 3], pause=0.2, due_s=0.1, thinking=0.5, store_s=0.05)
    assert slept == []  # thinking outlasts the pause: no sleep
    assert runner.pace.count == 3
    move = runner.pace.moves[-1]
    assert (round(move.due, 6), round(move.think, 6), round(move.store, 6)) == (0.1, 0.5, 0.05)
    assert round(move.overslept, 6) == 0.0
    line = runner.pace.line()
    assert "moves=3" in line and "think_ms_p50=500" in line and "store_ms_p99=50" in line


async def test_the_pause_is_counted_from_the_previous_action_not_from_the_decision():
    runner, slept, stored = await play_paced([1, 2], pause=1.2, due_s=0.5, thinking=0.3, store_s=0.0)
    assert slept == [0.4, 0.4]  # 1.2 s less the 0.5 s asking who is due and the 0.3 s thinking
    assert stored == [1.2, 2.4]  # each move 1.2 s after the action before it
    assert max(abs(move.beyond) for move in runner.pace.moves) < 1e-9


async def test_storing_starts_early_by_the_time_it_takes_so_moves_keep_the_pause():
    _, _, stored = await play_paced(list(range(60)), pause=1.2, due_s=0.0, thinking=0.1, store_s=0.2)
    gaps = [b - a for a, b in zip(stored, stored[1:], strict=False)]
    assert gaps[0] > 1.35  # the first moves wait for the estimate of storing's time to build up
    assert abs(gaps[-1] - 1.2) < 0.01  # then each lands a pause after the one before
    assert min(gaps) >= 1.2 - 1e-9  # never sooner


async def test_the_early_start_is_at_most_a_quarter_of_the_pause():
    _, slept, _ = await play_paced(list(range(60)), pause=1.2, due_s=0.0, thinking=0.1, store_s=2.0)
    assert min(slept) >= round(1.2 - 0.1 - 0.3, 6) - 1e-9  # the pause's sleep never shrinks below 3/4
