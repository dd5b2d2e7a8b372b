"""The tournament service without Discord, on the real table service (quick computers, no pause): a whole
tournament of computer teams to its champion with every result read from the stored games, sign-up
refusals, the version check between two services on one database, and a forfeit by a team that never
moves."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace

import pytest

from bot.storage import Storage
from bot.storage.tournaments import match_tables
from bot.tables import TableService
from bot.tournaments.listener import MatchesOnGameOver
from bot.tournaments.model import FORFEIT, PLAYED, Match
from bot.tournaments.progress import champion, finished
from bot.tournaments.record import FINISHED, RUNNING, Settings, Stored
from bot.tournaments.refusal import Refused, Why
from bot.tournaments.service import TournamentService
from bot.tournaments.signup import Player
from tests.bot.table_driver import FakeClock, quick_player
from tests.bot.tournaments.stored_games import check_results


class Stage:
    """A stage that remembers what it was asked to show: threads are numbered from 10,000."""

    def __init__(self) -> None:
        self.shown: list[Stored] = []
        self.threads: dict[int, str] = {}
        self.told: list[tuple[str, int, int]] = []

    def changed(self, stored: Stored) -> None:
        self.shown.append(stored)

    async def open_thread(self, stored: Stored, match: Match) -> int:
        thread = 10_000 + len(self.threads)
        self.threads[thread] = match.id
        return thread

    async def announce(self, stored: Stored, match: Match, game: int, thread_id: int) -> None:
        self.told.append((match.id, game, thread_id))


def services(storage: Storage, clock: FakeClock | None = None, seed: int = 3):
    """A table service and a tournament service on one database, wired as the bot wires them."""
    clock = clock or FakeClock()
    tournaments: TournamentService
    tables = TableService(
        storage,
        rng=random.Random(seed),
        computer_pause=0,
        player_factory=quick_player,
        listeners=[MatchesOnGameOver(_Late(lambda: tournaments))],
        clock=clock,
    )
    tournaments = TournamentService(storage, tables, clock=clock, rng=random.Random(seed))
    stage = Stage()
    tournaments.attach(stage)
    return tables, tournaments, stage


class _Late:
    """The tournament service, once made (the table service is made first)."""

    def __init__(self, get) -> None:
        self.get = get

    def game_over(self, tag) -> None:
        self.get().game_over(tag)


async def settled(tables: TableService, tournaments: TournamentService) -> None:
    """Wait until the computers and the tournament have nothing left to do now."""
    for _ in range(1000):
        await tournaments.idle()
        running = [r for t in tables.tables.values() if (r := tables.runner(t)) is not None and not r.done()]
        if not running:
            await tournaments.idle()
            if not any(not task.done() for task in tournaments._running.values()):
                return
        await asyncio.gather(*running, return_exceptions=True)
    raise AssertionError("never settled")


async def new(tournaments: TournamentService, **settings) -> Stored:
    return await tournaments.create(
        guild_id=1, channel_id=2, organiser_id=10, name="Friday Cup", settings=Settings(**settings)
    )


async def test_computer_teams_play_a_single_elimination_to_its_champion(storage):
    tables, tournaments, stage = services(storage)
    cup = await new(tournaments, format="single", target=1)
    for _ in range(5):
        await tournaments.add_computer_team(cup.id, 10, False)
    started = await tournaments.start(cup.id, 10, False)
    assert started.status == RUNNING and started.record.tournament is not None
    assert sorted(started.record.tournament.seeds) == [0, 1, 2, 3, 4], "the seeding draw is recorded"
    await settled(tables, tournaments)
    done = await tournaments.find(cup.id)
    assert done is not None and done.status == FINISHED
    tournament = done.record.tournament
    assert tournament is not None and finished(tournament) and champion(tournament) is not None
    played = [m for m in tournament.matches if not m.is_bye]
    assert len(played) == 4 and len(stage.threads) == 4 == len(stage.told)
    stored = await match_tables(storage, [done.tag(m.id, 1) for m in played])
    for match in played:
        table = stored[done.tag(match.id, 1)]
        assert table.status == "finished" and match.games[0].kind == PLAYED
        assert match.games[0].marks == table.scores
        assert done.record.run(match.id).table == table.table_id
    assert await check_results(storage, done) == 4
    assert stage.shown[-1].status == FINISHED


async def test_sign_up_refusals_change_nothing(storage):
    _, tournaments, _ = services(storage)
    cup = await new(tournaments, format="double")
    ada, basil, cleo = Player(1, "Ada"), Player(2, "Basil"), Player(3, "Cleo")
    asked = await tournaments.ask(cup.id, ada, basil)
    assert asked.record.signup.asked == ((ada, basil),)
    with pytest.raises(Refused) as refused:
        await tournaments.accept(cup.id, cleo.user_id, ada.user_id)
    assert refused.value.why is Why.NO_INVITATION
    teamed = await tournaments.accept(cup.id, basil.user_id, ada.user_id)
    assert teamed.record.signup.teams == ((ada, basil),)
    for asking in ((cleo, ada), (cleo, basil)):
        with pytest.raises(Refused) as refused:
            await tournaments.ask(cup.id, *asking)
        assert refused.value.why is Why.PARTNER_IN_A_TEAM
    with pytest.raises(Refused) as refused:
        await tournaments.ask(cup.id, ada, cleo)
    assert refused.value.why is Why.IN_A_TEAM
    with pytest.raises(Refused) as refused:
        await tournaments.start(cup.id, 3, False)
    assert refused.value.why is Why.ORGANISER_ONLY
    with pytest.raises(Refused) as refused:
        await tournaments.start(cup.id, 10, False)
    assert refused.value.why is Why.TOO_FEW
    with pytest.raises(Refused) as refused:
        await new(tournaments)
    assert refused.value.why is Why.CHANNEL_BUSY
    after = await tournaments.find(cup.id)
    assert after is not None and after.record == teamed.record and after.version == teamed.version


async def test_a_join_after_start_is_refused(storage):
    tables, tournaments, _ = services(storage)
    cup = await new(tournaments, format="single", target=1)
    for _ in range(2):
        await tournaments.add_computer_team(cup.id, 10, False)
    await tournaments.start(cup.id, 10, False)
    with pytest.raises(Refused) as refused:
        await tournaments.join_alone(cup.id, Player(5, "Eve"))
    assert refused.value.why is Why.STARTED
    ended = await tournaments.end(cup.id, 10, False)
    assert ended.status == "ended"
    with pytest.raises(Refused) as refused:
        await tournaments.end(cup.id, 10, False)
    assert refused.value.why is Why.OVER
    await settled(tables, tournaments)


async def test_two_services_on_one_database_each_change_once(database_url):
    first, second = await Storage.open(database_url), await Storage.open(database_url)
    try:
        _, one, _ = services(first)
        _, other, _ = services(second)
        cup = await new(one, format="single")
        players = [Player(n, f"P{n}") for n in range(1, 13)]
        await asyncio.gather(
            *((one if n % 2 else other).join_alone(cup.id, player) for n, player in enumerate(players))
        )
        stored = await one.find(cup.id)
        assert stored is not None
        assert sorted(p.user_id for p in stored.record.signup.alone) == list(range(1, 13))
        assert stored.version == 12, "every join stored once, each against the version before it"
    finally:
        await first.close()
        await second.close()


async def test_a_team_that_never_moves_forfeits_after_noshow(storage):
    clock = FakeClock()
    tables, tournaments, stage = services(storage, clock)
    cup = await new(tournaments, format="single", target=1, noshow=600, options="timer=off")
    await tournaments.join_alone(cup.id, Player(1, "Ada"))
    await tournaments.join_alone(cup.id, Player(2, "Basil"))
    await tournaments.add_computer_team(cup.id, 10, False)
    await tournaments.start(cup.id, 10, False)
    await settled(tables, tournaments)
    running = await tournaments.find(cup.id)
    assert running is not None and running.record.tournament is not None
    match = running.record.tournament.matches[0]
    table_id = running.record.run(match.id).table
    assert table_id is not None and stage.told == [(match.id, 1, 10_000)]
    clock.advance(599)
    await tournaments.tick()
    await settled(tables, tournaments)
    still = await tournaments.find(cup.id)
    assert still is not None and still.status == RUNNING
    clock.advance(2)
    await tournaments.tick()
    await settled(tables, tournaments)
    done = await tournaments.find(cup.id)
    assert done is not None and done.status == FINISHED and done.record.tournament is not None
    game = done.record.tournament.matches[0].games[0]
    assert game.kind == FORFEIT and max(game.marks) == 1 and min(game.marks) == 0
    table = await tables.find(table_id, ended_too=True)
    assert table is not None and table.status == "ended"
    humans = done.record.tournament.entrants[0 if "1" in done.record.tournament.entrants[0].players else 1]
    assert champion(done.record.tournament) != humans.id, "the humans who never moved lost"
    assert replace(done, version=0).id == cup.id
