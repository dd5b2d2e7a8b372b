"""Several processes on one database: a tournament is run (its matches opened, its message shown) by the
process that holds its lease; another process's clicks change it all the same; when its process stops
renewing, the next process to tick takes it over and carries it on to its champion."""

from __future__ import annotations

import asyncio
import random

from bot.storage import Storage
from bot.tables import TableService
from bot.tournaments.listener import MatchesOnGameOver
from bot.tournaments.progress import champion
from bot.tournaments.record import FINISHED, RUNNING, Settings
from bot.tournaments.service import TournamentService
from tests.bot.table_driver import quick_player
from tests.bot.tournaments.stored_games import check_results
from tests.bot.tournaments.test_service import Stage, _Late, settled

LEASE = 1.0  # seconds: short, so the test waits little for a stopped process's lease to run out


def process(storage: Storage, owner: str, seed: int):
    """One process's table and tournament services, leased as `owner`."""
    tournaments: TournamentService
    tables = TableService(
        storage,
        rng=random.Random(seed),
        computer_pause=0,
        player_factory=quick_player,
        listeners=[MatchesOnGameOver(_Late(lambda: tournaments))],
    )
    tournaments = TournamentService(
        storage, tables, rng=random.Random(seed), owner=owner, lease_seconds=LEASE
    )
    stage = Stage()
    tournaments.attach(stage)
    return tables, tournaments, stage


async def test_a_stopped_process_s_tournament_is_taken_over(database_url):
    first, second = await Storage.open(database_url), await Storage.open(database_url)
    try:
        _, one, one_stage = process(first, "one", 1)
        tables, other, other_stage = process(second, "two", 2)
        cup = await one.create(
            guild_id=1,
            channel_id=2,
            organiser_id=10,
            name="Cup",
            settings=Settings(format="single", target=1),
        )
        await other.tick()
        assert other.held == set() and one.owns(cup.id) and not other.owns(cup.id)
        for _ in range(4):  # clicks taken by the process that does not hold it
            await other.add_computer_team(cup.id, 10, False)
        assert other_stage.shown == [], "only the holder shows the tournament"
        await one.tick()
        assert one_stage.shown[-1].record.signup.computer_teams == 4, "the holder shows others' changes"

        await asyncio.sleep(LEASE + 0.2)  # process one stops renewing (as after a kill -9)
        started = await other.start(cup.id, 10, False)
        assert started.status == RUNNING
        await other.tick()
        assert other.owns(cup.id)
        await settled(tables, other)
        done = await other.find(cup.id)
        assert done is not None and done.status == FINISHED and done.record.tournament is not None
        assert champion(done.record.tournament) is not None
        assert await check_results(second, done) == 3
        assert len(other_stage.threads) == 3 and one_stage.threads == {}, "every match opened once, by two"
        await one.tick()
        assert cup.id not in one.held, "the first process no longer holds it"
    finally:
        await first.close()
        await second.close()
