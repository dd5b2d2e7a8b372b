"""The daily deals end to end below Discord: two players play the same day, each scored against the other
(worked out here from their stored results); nobody sees anyone's scores before finishing; a new service on
the same database (a restart) resumes mid-deal; the day's seeds match what was committed."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from fractions import Fraction

import pytest

from bot.daily.matchpoints import DealScore
from bot.daily.screens import DailyDone, DailyRefused, DailyTurn, Why
from bot.daily.seeds import DEALS_A_DAY, day_seeds
from bot.daily.service import DailyService
from bot.storage import Storage
from bot.storage.server_settings import update_settings
from engine.ai import RandomPlayer
from engine.fair import commitment

GUILD = 7
NOON = datetime(2026, 11, 27, 12, 0, tzinfo=UTC).timestamp()
KEY = bytes(range(32))
Policy = Callable[[list[str]], int]


class Clock:
    def __init__(self, now: float = NOON):
        self.now = now

    def __call__(self) -> float:
        return self.now


def service_on(storage: Storage, clock: Clock | None = None) -> DailyService:
    return DailyService(storage, clock or Clock(), player=RandomPlayer, keys=lambda: KEY)


def first(legal: list[str]) -> int:
    return 0


def last(legal: list[str]) -> int:
    return len(legal) - 1


async def play_day(
    service: DailyService, user: int, name: str, policy: Policy, stop_after: int | None = None
):
    """Play today's deals with ``policy`` (an index into the legal actions) until done, or ``stop_after``
    moves; returns the last screen."""
    screen = await service.open(GUILD, user, name)
    moves = 0
    while isinstance(screen, DailyTurn):
        if stop_after is not None and moves == stop_after:
            return screen
        choice = policy(screen.hand.legal_actions())
        screen = await service.act(
            GUILD, user, name, screen.day.isoformat(), screen.deal_no, screen.moves, choice
        )
        moves += 1
    return screen


async def test_two_players_are_scored_against_each_other(storage):
    service = service_on(storage)
    alice = await play_day(service, 1, "alice", first)
    assert isinstance(alice, DailyDone) and len(alice.deals) == DEALS_A_DAY
    assert alice.score is not None and alice.score.percentage is None  # nobody to compare with yet
    bob = await play_day(service, 2, "bob", last)
    assert isinstance(bob, DailyDone)
    mine = {d.deal_no: d.score for d in alice.deals}
    theirs = {d.deal_no: d.score for d in bob.deals}
    expected = Fraction(0)
    for n in range(DEALS_A_DAY):  # worked by hand: 1 for the better side, ½ each for a tie
        a, b = mine[n].key, theirs[n].key
        expected += 1 if a > b else Fraction(1, 2) if a == b else 0
    again = await service.open(GUILD, 1, "alice")
    assert isinstance(again, DailyDone) and again.score is not None
    assert again.score.won == expected and bob.score is not None and bob.score.won == DEALS_A_DAY - expected
    assert again.score.percentage == pytest.approx(float(expected) * 100 / DEALS_A_DAY)
    assert [d.matchpoints for d in again.deals] == [
        1 if mine[n].key > theirs[n].key else Fraction(1, 2) if mine[n].key == theirs[n].key else 0
        for n in range(DEALS_A_DAY)
    ]
    board = await service.board(GUILD, 2)
    assert board.shows_scores and {line.name for line in board.lines} == {"alice", "bob"}
    shown = {line.name: line.percentage or 0.0 for line in board.lines}
    assert shown["alice"] == pytest.approx(float(expected) * 100 / DEALS_A_DAY)
    assert [line.percentage or 0.0 for line in board.lines] == sorted(shown.values(), reverse=True)
    assert all(line.streak == 1 for line in board.lines)


async def test_nobody_sees_scores_before_finishing(storage):
    service = service_on(storage)
    await play_day(service, 1, "alice", first)
    await play_day(service, 2, "bob", last, stop_after=5)
    board = await service.board(GUILD, 2)
    assert not board.shows_scores and board.playing == 1
    assert [(line.name, line.percentage) for line in board.lines] == [("alice", None)]
    outsider = await service.board(GUILD, 3)
    assert not outsider.shows_scores and all(line.percentage is None for line in outsider.lines)


async def test_a_restart_resumes_mid_deal_and_the_computers_play_alike(tmp_path):
    path = tmp_path / "daily.db"
    storage = await Storage.open(path)
    before = await play_day(service_on(storage), 1, "alice", first, stop_after=3)
    await storage.close()
    storage = await Storage.open(path)  # a new process: nothing in memory
    try:
        service = service_on(storage)
        resumed = await service.open(GUILD, 1, "alice")
        assert isinstance(resumed, DailyTurn) and isinstance(before, DailyTurn)
        assert (resumed.deal_no, resumed.moves) == (before.deal_no, before.moves)
        assert resumed.hand.summary() == before.hand.summary()
        # bob making the same choices meets exactly the same play
        bob = await play_day(service, 2, "bob", first, stop_after=3)
        assert isinstance(bob, DailyTurn) and bob.hand.summary() == before.hand.summary()
    finally:
        await storage.close()


async def test_stale_and_old_buttons_are_refused(storage):
    clock = Clock()
    service = service_on(storage, clock)
    screen = await service.open(GUILD, 1, "alice")
    assert isinstance(screen, DailyTurn)
    day = screen.day.isoformat()
    await service.act(GUILD, 1, "alice", day, screen.deal_no, screen.moves, 0)
    with pytest.raises(DailyRefused) as stale:  # the same button again
        await service.act(GUILD, 1, "alice", day, screen.deal_no, screen.moves, 0)
    assert stale.value.why is Why.STALE
    clock.now += 24 * 3600
    with pytest.raises(DailyRefused) as old:
        await service.act(GUILD, 1, "alice", day, screen.deal_no, screen.moves + 3, 0)
    assert old.value.why is Why.DAY_OVER


async def test_the_days_seeds_match_their_commitments_and_yesterdays_are_revealed(storage):
    clock = Clock()
    service = service_on(storage, clock)
    published = await service.commitments(GUILD)
    await play_day(service, 1, "alice", first)
    clock.now += 24 * 3600
    board = await service.board(GUILD, 2)
    assert [commitment(bytes.fromhex(seed)) for seed in board.yesterday_seeds] == published
    assert [s.hex() for s in day_seeds(KEY, board.yesterday)] == list(board.yesterday_seeds)
    assert [line.name for line in board.yesterday_lines] == ["alice"] and board.lines == ()


async def test_the_day_follows_the_servers_time_zone(storage):
    late = datetime(2026, 11, 28, 3, 0, tzinfo=UTC).timestamp()  # 21:00 on the 27th in Chicago
    service = service_on(storage, Clock(late))
    assert (await service.today(GUILD)).day.isoformat() == "2026-11-28"
    await update_settings(storage, GUILD, lambda s: type(s)(GUILD, timezone="America/Chicago"))
    assert (await service.today(GUILD)).day.isoformat() == "2026-11-27"


def test_results_compare_as_deal_scores():
    assert DealScore(1, 0, 30, 12).key > DealScore(0, 0, 0, 0).key > DealScore(0, 2, 10, 32).key
