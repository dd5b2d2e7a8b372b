"""The table service without Discord: turns, the lock, persistence and tallies."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.show.refusals import sentence
from bot.storage import Storage
from bot.tables import Refusal, Table, TableEvent, TableService, Why
from engine import DEFAULT_PRESET, Rules, write_record
from tests.bot.table_driver import quick_player
from tests.bot.table_state import game_of, hand_of, seat_on_turn


class Recorder:
    """A listener that remembers the events it was told."""

    hears: frozenset[str] | None = None  # every kind of event

    def __init__(self) -> None:
        self.events: list[TableEvent] = []

    def publish(self, table, events) -> None:
        self.events.extend(published.event for published in events)


async def computers_done(service, table) -> None:
    """Wait until the computer players have made every move that is theirs."""
    while (runner := service.runner(table)) is not None and not runner.done():
        await asyncio.wait([runner])


def service_for(storage: Storage, seed: int = 7) -> tuple[TableService, Recorder]:
    recorder = Recorder()
    service = TableService(
        storage, rng=random.Random(seed), computer_pause=0, player_factory=quick_player, listeners=[recorder]
    )
    return service, recorder


async def seated_game(service: TableService, **options) -> Table:
    table = await service.open_table(guild_id=1, channel_id=2, host_id=10, **options)
    for seat in range(4):
        await service.sit(table, 10 + seat, f"player{seat}", seat)
    await service.start(table, 10)
    return table


async def test_not_your_turn_and_not_your_seat_are_refused(storage):
    service, _ = service_for(storage)
    table = await seated_game(service)
    turn = seat_on_turn(table)
    other = 10 + (turn + 1) % 4
    with pytest.raises(Refusal) as refused:
        await service.act(table, other, table.token, "pass")
    assert refused.value.why is Why.NOT_YOUR_TURN
    with pytest.raises(Refusal) as refused:
        await service.act(table, 99, table.token, "pass")
    assert refused.value.why is Why.NOT_PLAYING
    with pytest.raises(Refusal) as refused:
        await service.act(table, 10 + turn, table.token, "99")
    assert refused.value.why is Why.ILLEGAL_MOVE and refused.value.detail  # the engine says why
    assert sentence(refused.value).startswith("You can't do that: ")
    assert write_record(hand_of(table))["calls"] == []


async def test_a_click_finds_its_table_without_waiting_behind_the_action_in_hand(storage):
    service, _ = service_for(storage)
    table = await seated_game(service)
    await service.lock(table).acquire()  # an action in hand (a computer's move being stored)
    try:
        finding = asyncio.create_task(service.find(table.id))
        for _ in range(3):
            await asyncio.sleep(0)
        assert finding.done() and finding.result() is table, "the click can be acknowledged at once"
    finally:
        service.lock(table).release()


async def test_two_fast_clicks_apply_once(storage):
    service, recorder = service_for(storage)
    table = await seated_game(service)
    player = 10 + seat_on_turn(table)
    token = table.token

    results = await asyncio.gather(
        service.act(table, player, token, "30"),
        service.act(table, player, token, "30"),
        return_exceptions=True,
    )

    assert sum(result is None for result in results) == 1
    assert isinstance(next(r for r in results if r is not None), Refusal)
    assert write_record(hand_of(table))["calls"] == ["30"]
    assert [e.kind for e in recorder.events].count("acted") == 1


async def test_every_action_is_stored_before_it_takes_effect(storage, database_url):
    service, _ = service_for(storage)
    table = await seated_game(service)
    await service.act(table, 10 + seat_on_turn(table), table.token, "30")

    again = await Storage.open(database_url)
    try:
        row = await again.load_table(table.id)
    finally:
        await again.close()
    assert row is not None and row.status == "playing"
    assert row.hands[-1] == write_record(hand_of(table))


async def test_a_change_storage_refuses_leaves_the_table_in_memory_as_it_was(storage, monkeypatch):
    service, recorder = service_for(storage)
    table = await seated_game(service)
    seat, token, version = seat_on_turn(table), table.token, table.version
    before = write_record(hand_of(table))
    told = len(recorder.events)

    async def broken(*args, **kwargs):
        raise OSError("the database went away")

    monkeypatch.setattr(storage, "commit", broken)
    with pytest.raises(OSError):
        await service.act(table, 10 + seat, token, "30")
    assert write_record(hand_of(table)) == before and table.token == token and table.version == version
    assert len(recorder.events) == told, "nothing is published for a change that was not stored"
    monkeypatch.undo()
    await service.act(table, 10 + seat, token, "30")
    assert table.version == version + 1 and write_record(hand_of(table))["calls"] == ["30"]


class EndRecorder(Recorder):
    """A listener that acts only on a table's end: it says so, and counts the times it is told."""

    hears = frozenset({"ended"})

    def __init__(self) -> None:
        super().__init__()
        self.told = 0

    def publish(self, table, events) -> None:
        self.told += 1
        super().publish(table, events)


async def test_a_listener_is_told_only_of_the_kinds_of_event_it_hears(storage):
    every, ends = Recorder(), EndRecorder()
    service = TableService(
        storage, rng=random.Random(7), computer_pause=0, player_factory=quick_player, listeners=[every, ends]
    )
    table = await seated_game(service)
    await service.act(table, 10 + seat_on_turn(table), table.token, "30")
    assert "acted" in [e.kind for e in every.events]
    assert ends.told == 0, "an ordinary move does not call a listener waiting for the end"

    await service.end(table, 10, moderator=False, by="host")
    assert ends.told == 1 and [e.kind for e in ends.events] == ["ended"]
    assert every.events[-1].kind == "ended"


def test_a_table_takes_only_its_own_fields():
    table = Table(1, 2, 3, 4, Rules.from_preset(DEFAULT_PRESET))
    table.update(status="playing", version=3)
    assert (table.status, table.version) == ("playing", 3)
    with pytest.raises(TypeError, match="no field statu"):
        table.update(statu="ended")
    assert table.status == "playing"


async def test_a_finished_game_tallies_players_and_teams(storage):
    service, recorder = service_for(storage)
    table = await service.open_table(guild_id=1, channel_id=2, host_id=10, target=1)
    await service.sit(table, 10, "alice", 0)
    for _ in range(3):
        await service.add_computer(table, 10)
    await service.start(table, 10)
    for _ in range(200):
        if table.status == "finished":
            break
        await computers_done(service, table)
        if table.status == "finished":
            break
        view = table.view_for(0)
        await service.act(
            table, 10, table.token, view["legal"][-1] if view["phase"] == "auction" else view["legal"][0]
        )
    assert table.status == "finished"
    assert recorder.events[-1].kind == "game_over"

    stats = await storage.player_stats(1, 10)
    assert stats is not None and stats.games_played == 1
    won = game_of(table).winner == table.rules.team_of(0)
    assert stats.games_won == int(won)
    assert stats.marks_won == game_of(table).scores[0]
    assert stats.hands_bid == stats.hands_made + stats.hands_set
    teams = await storage.team_results(table.id)
    assert [t.won for t in teams].count(True) == 1
    assert await storage.player_stats(1, 0) is None  # computers have no record


async def test_ending_or_leaving_before_the_start_tallies_nothing(storage):
    service, _ = service_for(storage)
    table = await service.open_table(guild_id=1, channel_id=2, host_id=10)
    await service.sit(table, 11, "bob", 1)
    await service.leave(table, 11)
    with pytest.raises(Refusal) as refused:
        await service.end(table, 11, moderator=False, by="bob")
    assert refused.value.why is Why.HOST_ENDS
    await service.end(table, 11, moderator=True, by="a moderator")
    assert table.status == "ended"
    assert await storage.leaderboard(1) == []
    assert await storage.load_open_tables() == []


async def test_tables_reload_after_a_restart(storage, tmp_path):
    service, _ = service_for(storage)
    table = await seated_game(service)
    await service.act(table, 10 + seat_on_turn(table), table.token, "31")

    reloaded, _ = service_for(storage, seed=99)
    [again] = await reloaded.load()
    assert again.id == table.id and again.status == "playing"
    assert write_record(hand_of(again)) == write_record(hand_of(table))
    assert again.token == table.token
    assert {s.name for s in again.seats.values()} == {"player0", "player1", "player2", "player3"}


async def test_rematch_keeps_the_seats_and_rules(storage):
    service, _ = service_for(storage)
    table = await service.open_table(guild_id=1, channel_id=2, host_id=10, target=1, options="nello=off")
    for _ in range(4):
        await service.add_computer(table, 10)
    with pytest.raises(Refusal) as refused:
        await service.rematch(table, 10, "alice")
    assert refused.value.why is Why.REMATCH_TOO_EARLY
    await service.start(table, 10)
    await computers_done(service, table)
    assert table.status == "finished"
    again = await service.rematch(table, 10, "alice")
    assert again.id != table.id and again.status == "lobby"
    assert again.rules == table.rules
    assert [s.name for s in again.seats.values()] == [s.name for s in table.seats.values()]
    with pytest.raises(Refusal) as refused:
        await service.rematch(table, 10, "alice")
    assert refused.value.why is Why.REMATCH_OPEN and refused.value.table_id == again.id


async def test_computers_carry_on_after_a_reload(storage):
    service, _ = service_for(storage)
    table = await service.open_table(guild_id=1, channel_id=2, host_id=10, target=1)
    for _ in range(4):
        await service.add_computer(table, 10)
    await service.start(table, 10)
    runner = service.runner(table)
    assert runner is not None
    runner.cancel()  # the bot stops before any computer has moved
    await asyncio.gather(runner, return_exceptions=True)
    assert table.computer_turn() is not None

    reloaded, recorder = service_for(storage, seed=3)
    [again] = await reloaded.load()
    reloaded.resume()
    await computers_done(reloaded, again)
    assert again.status == "finished"
    assert recorder.events[-1].kind == "game_over"


@pytest.mark.slow
async def test_a_game_of_real_strong_computer_players(tmp_path):
    """The bot's default computer player (engine.ai "strong") plays through the service to the end (a test
    of the players, so on SQLite only)."""
    storage = await Storage.open(tmp_path / "strong.db")
    service = TableService(storage, rng=random.Random(11), computer_pause=0)
    table = await service.open_table(guild_id=1, channel_id=2, host_id=10, target=1)
    for _ in range(4):
        await service.add_computer(table, 10)
    assert {seat.computer_level for seat in table.seats.values()} == {"strong"}
    await service.start(table, 10)
    await computers_done(service, table)
    assert table.status == "finished" and game_of(table).winner is not None
    await storage.close()


async def test_with_one_process_a_channels_open_table_is_found_without_reading_storage(storage, monkeypatch):
    service, _ = service_for(storage)
    table = await service.open_table(guild_id=1, channel_id=2, host_id=10)

    async def not_read(channel_id):
        raise AssertionError("one process holds every open table: nothing to read")

    monkeypatch.setattr(storage, "open_table_in", not_read)
    assert await service.table_in(2) is table
    assert await service.table_in(3) is None
    with pytest.raises(Refusal) as refused:  # a second table in the channel is refused as before
        await service.open_table(guild_id=1, channel_id=2, host_id=11)
    assert refused.value.why == Why.CHANNEL_BUSY
