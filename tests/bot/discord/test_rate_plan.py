"""The REST budget's decisions, read against a virtual clock: per-channel windows, the token's bucket, and
fair turns between tables. Nothing sleeps: time moves only when every request is waiting."""

from __future__ import annotations

import asyncio
import heapq
import itertools

from bot.discord.delivery.sender import CREATE, EDIT, Bucket, Budget, Limits, RoundRobin, Window


class VirtualTime:
    """A clock and a sleep for the budget: sleepers wake in time order, and time jumps to the next one
    only once everything else has run."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleepers: list[tuple[float, int, asyncio.Future]] = []
        self.order = itertools.count()

    def clock(self) -> float:
        return self.now

    async def sleep(self, delay: float) -> None:
        future = asyncio.get_running_loop().create_future()
        heapq.heappush(self.sleepers, (self.now + max(delay, 0.0), next(self.order), future))
        await future

    async def run(self, tasks: list[asyncio.Task]) -> None:
        """Let `tasks` run to the end, moving time whenever they all wait."""
        while not all(task.done() for task in tasks):
            for _ in range(20):
                await asyncio.sleep(0)
            if all(task.done() for task in tasks):
                break
            assert self.sleepers, "stuck: nothing sleeps and nothing runs"
            when, _, future = heapq.heappop(self.sleepers)
            self.now = max(self.now, when)
            future.set_result(None)


def test_a_window_lets_five_writes_through_then_waits_for_the_oldest_to_age_out():
    window = Window(5, 5.0)
    for at in (0.0, 0.5, 1.0, 1.5, 2.0):
        assert window.wait(at) == 0
        window.use(at)
    assert window.wait(2.5) == 2.5  # the write at 0.0 leaves the window at 5.0
    assert window.wait(5.0) == 0


def test_a_bucket_refills_at_its_rate_and_holds_at_most_its_burst():
    bucket = Bucket(rate=10, burst=2, now=0.0)
    bucket.take(0.0)
    bucket.take(0.0)
    assert bucket.wait(0.0) == 0.1
    assert bucket.wait(100.0) == 0  # after a long quiet spell: still only `burst` at once
    bucket.take(100.0)
    bucket.take(100.0)
    assert bucket.wait(100.0) > 0


def test_tables_take_turns_and_each_keeps_its_order():
    line = RoundRobin()
    for n in range(4):
        line.add(1, f"busy-{n}")
    line.add(2, "quiet-0")
    line.add(3, "other-0")
    line.add(2, "quiet-1")
    served = [line.next() for _ in range(7)]
    assert served == [
        (1, "busy-0"),
        (2, "quiet-0"),
        (3, "other-0"),
        (1, "busy-1"),
        (2, "quiet-1"),
        (1, "busy-2"),
        (1, "busy-3"),
    ]
    assert line.next() is None


async def test_a_channel_gets_five_edits_in_five_seconds_and_creates_count_apart():
    time = VirtualTime()
    budget = Budget(Limits(rate=1000, burst=1000, margin=0.25), time.clock, time.sleep)
    sent: list[tuple[str, float]] = []

    async def write(kind: str) -> None:
        await budget.acquire(1, 77, kind)
        sent.append((kind, time.now))

    tasks = [asyncio.create_task(write(EDIT)) for _ in range(7)] + [asyncio.create_task(write(CREATE))]
    await time.run(tasks)
    edits = [at for kind, at in sent if kind == EDIT]
    assert edits[:5] == [0.0] * 5
    assert edits[5:] == [5.25, 5.25], "the sixth and seventh edit wait until the window has room"
    assert (CREATE, 0.0) in sent, "a create does not wait for the edits' window"


async def test_the_token_is_shared_fairly_between_a_busy_table_and_a_quiet_one():
    time = VirtualTime()
    budget = Budget(Limits(rate=10, burst=1, per_channel=1000), time.clock, time.sleep)
    served: list[int] = []

    async def request(table: int) -> None:
        await budget.acquire(table)
        served.append(table)

    busy = [asyncio.create_task(request(1)) for _ in range(20)]
    await asyncio.sleep(0)
    quiet = [asyncio.create_task(request(2)) for _ in range(3)]
    await time.run(busy + quiet)
    assert len(served) == 23
    assert time.now >= 2.1, "no more than 10 requests a second, after a burst of 1"
    last_quiet = max(i for i, table in enumerate(served) if table == 2)
    assert last_quiet <= 8, f"the quiet table is served in turn, not after the busy one: {served}"


async def test_no_limits_never_wait():
    time = VirtualTime()
    budget = Budget(Limits.none(), time.clock, time.sleep)
    tasks = [asyncio.create_task(budget.acquire(table % 3, 5, EDIT)) for table in range(200)]
    await time.run(tasks)
    assert time.now == 0.0


def test_the_table_edit_gap_grows_with_the_tables_playing():
    limits = Limits(table_edit_gap=2.5, table_pictures=8)
    assert limits.edit_gap(5) == 2.5
    assert limits.edit_gap(200) == 25.0, "200 tables share 8 pictures a second"
    assert Limits.none().edit_gap(200) < 1e-6
