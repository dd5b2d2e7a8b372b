"""Two table services on one database, as two bot processes would run, on both backends: a click taken by
the process that does not run the table, the same click at both at once, a computer move from an owner
that stalled past its lease, and events another process stored reaching the owner once, in order."""

from __future__ import annotations

import asyncio
import random
import threading

import pytest

from bot.storage import SeatRow, Storage
from bot.storage.leases import Leases
from bot.tables import Refusal, TableService, Why
from bot.tables.ownership import LeasedOwner
from engine import write_record
from tests.bot.table_driver import quick_player


class Recorder:
    """A listener that remembers what it was told, with the outbox numbers."""

    hears = None  # every kind of event

    def __init__(self) -> None:
        self.seqs: list[int] = []
        self.kinds: list[str] = []

    def publish(self, table, events) -> None:
        for published in events:
            self.seqs.append(published.seq)
            self.kinds.append(published.event.kind)


def process(storage: Storage, name: str, *, factory=quick_player, lease: float = 60.0):
    recorder = Recorder()
    service = TableService(
        storage,
        rng=random.Random(name),
        computer_pause=0,
        player_factory=factory,
        listeners=[recorder],
        ownership=LeasedOwner(Leases(storage, name, lease)),
        seed="s",
    )
    return service, recorder


@pytest.fixture
async def stores(database_url):
    """Two stores on one database: one per 'process'."""
    first, second = await Storage.open(database_url), await Storage.open(database_url)
    yield first, second
    await first.close()
    await second.close()


async def settled(service: TableService, table) -> None:
    while (runner := service.runner(table)) is not None and not runner.done():
        await asyncio.wait([runner])


async def humans_table(service: TableService, channel: int = 2):
    table = await service.open_table(guild_id=1, channel_id=channel, host_id=10, options="timer=off")
    for seat in range(4):
        await service.sit(table, 10 + seat, f"p{seat}", seat)
    await service.start(table, 10)
    return table


async def test_a_click_at_a_table_another_process_runs_is_applied_from_the_database(stores):
    a, b = process(stores[0], "a")[0], process(stores[1], "b")[0]
    table = await humans_table(a)
    for _ in range(12):  # alternate which process takes the click; neither is told of the other's
        taker = b if table.hand_no % 2 == 0 and len(write_record(table.hand).get("calls", [])) % 2 == 0 else a
        seen = await taker.find(table.id)
        seat = seen.turn()
        await taker.act(seen, 10 + seat, seen.token, seen.hand.legal_actions()[0])
        table = await a.find(table.id)  # a reloads whatever b changed
    stored = await stores[0].load_table(table.id)
    assert stored.hands[table.hand_no] == write_record(table.hand)
    assert stored.version == table.version == (await b.find(table.id)).version
    assert a.owns(table.id) and not b.owns(table.id)


@pytest.mark.parametrize("trial", range(10))
async def test_the_same_click_at_both_processes_at_once_is_applied_exactly_once(stores, trial):
    a, b = process(stores[0], "a")[0], process(stores[1], "b")[0]
    table = await humans_table(a, channel=100 + trial)
    copy = await b.find(table.id)
    for _ in range(10):
        seat, token = table.turn(), table.token
        action = random.Random(trial).choice(table.hand.legal_actions())
        before = await stores[0].table_version(table.id)
        results = await asyncio.gather(
            a.act(table, 10 + seat, token, action),
            b.act(copy, 10 + seat, token, action),
            return_exceptions=True,
        )
        assert sorted(type(r).__name__ for r in results) == ["NoneType", "Refusal"], results
        assert next(r for r in results if isinstance(r, Refusal)).why is Why.CONTROLS_OUT_OF_DATE
        assert await stores[0].table_version(table.id) == before + 1
        await a.find(table.id)
        await b.find(table.id)
        assert write_record(table.hand) == write_record(copy.hand)


async def test_a_stalled_owner_is_fenced_and_the_adopter_moves_once(stores):
    gate = threading.Event()

    class Stalled:
        def choose(self, view):
            gate.wait(30)  # the owner "stops" in the middle of a computer's decision
            return view["legal"][0]

    a, _ = process(stores[0], "a", factory=lambda level, seed: Stalled(), lease=60)
    b, _ = process(stores[1], "b", lease=60)
    seats = [SeatRow(0, "p0", user_id=10)] + [SeatRow(s, f"c{s}", computer_level="easy") for s in (1, 2, 3)]
    table = await a.open_table(guild_id=1, channel_id=2, host_id=10, seats=seats, options="timer=off")
    await a.start(table, 10)
    while table.computer_turn() is None:  # the human plays (through b) until a computer is on turn
        seen = await b.find(table.id)
        await b.act(seen, 10, seen.token, seen.hand.legal_actions()[0])
        await a.find(table.id)
    turn_record = write_record(table.hand)
    a.kick(table)
    await asyncio.sleep(0.05)  # a's computer is now deciding, stalled
    async with stores[0].transaction() as db:  # a's lease runs out (as it would while the process is stopped)
        await db.exec_driver_sql("UPDATE table_leases SET expires_at = 0")
    turnover = await b.renew()
    assert turnover.gained == {table.id}
    adopted = b.table(table.id)
    b.kick(adopted)
    while adopted.computer_turn() is not None and adopted.status == "playing":
        await settled(b, adopted)
        if adopted.computer_turn() is not None:
            b.kick(adopted)
    gate.set()  # a wakes up: its decision is for a moment the table has left, or the lease fences it
    await settled(a, table)
    await a.renew()  # a's next beat: the lease is b's, so a drops the table (if the fence has not already)
    assert not a.owns(table.id) and b.owns(table.id)
    assert a.runner(table) is None or a.runner(table).done()
    stored = await stores[1].load_table(table.id)
    assert stored.version == adopted.version  # nothing written after b's last move: a's was refused
    assert stored.hands[adopted.hand_no] == write_record(adopted.hand)
    moves = len(turn_record.get("calls", [])) + len(turn_record.get("plays", []))
    assert (
        adopted.hand_no > table.hand_no
        or len(write_record(adopted.hand).get("plays", [])) + len(write_record(adopted.hand).get("calls", []))
        > moves
    )  # b did play the computers' turns


async def test_events_stored_by_another_process_reach_the_owner_once_and_in_order(stores):
    a, heard = process(stores[0], "a")
    b, b_heard = process(stores[1], "b")
    table = await humans_table(a)
    for _ in range(6):
        seen = await b.find(table.id)
        await b.act(seen, 10 + seen.turn(), seen.token, seen.hand.legal_actions()[0])
    assert b_heard.seqs == []  # b does not run the table: it shows nothing
    await a.tick()  # the owner compares versions and catches up
    await a.tick()  # again: nothing twice
    stored = [seq for seq, *_ in await stores[0].pending_events(table.id)]
    assert heard.seqs == stored == sorted(set(stored))
    assert heard.kinds.count("acted") == 6
