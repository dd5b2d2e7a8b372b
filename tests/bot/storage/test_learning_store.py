"""Learning's storage on both backends: finished games read back in order, each game claimed for rating
once with its ratings and history kept, rated games read back in the order they were rated, and hints
noted per decision."""

from __future__ import annotations

from bot.storage import Storage
from bot.storage import learning as kept
from bot.storage.learning import KeptRating
from tests.bot.learn.stored_games import GUILD, finished_game


def _plus_one(table, before):
    """A stand-in rating: one more game each, the mean the game's id."""
    people = {user for _, user, _ in table.seats.values() if user is not None}
    return {
        user: KeptRating(float(table.table_id), 1.0, before.get(user, KeptRating(0, 0, 0)).games + 1)
        for user in people
    }


async def test_finished_games_are_read_newest_first_and_per_server(database_url):
    storage = await Storage.open(database_url)
    try:
        first = await finished_game(storage, 10, [1, 2, 3, 4], seed=1)
        second = await finished_game(storage, 11, [2, None, 1, None], seed=2)
        tables = await kept.finished_tables(storage, GUILD)
        assert [t.table_id for t in tables] == [second, first]  # newest first
        assert [t.table_id for t in await kept.finished_tables(storage, GUILD, user_id=3)] == [first]
        assert tables[0].seats[1] == ("Computer 1", None, "strong") and all(t.hands for t in tables)
        assert await kept.finished_tables(storage, GUILD + 1) == []
    finally:
        await storage.close()


async def test_a_game_is_claimed_for_rating_once_and_its_ratings_kept_in_order(database_url):
    storage = await Storage.open(database_url)
    try:
        first = await finished_game(storage, 10, [1, 2, 3, 4], seed=1)
        second = await finished_game(storage, 11, [2, None, 1, None], seed=2)
        waiting = await kept.unrated_games(storage, GUILD)
        assert [t.table_id for t in waiting] == [first, second] and all(not t.hands for t in waiting)
        for table in reversed(waiting):  # rated in another order than they finished
            assert await kept.rate_game(storage, GUILD, table, _plus_one)
        assert not await kept.rate_game(storage, GUILD, waiting[0], _plus_one), "claimed already"
        assert await kept.unrated_games(storage, GUILD) == []
        ratings = await kept.kept_ratings(storage, GUILD)
        assert ratings == {
            1: KeptRating(first, 1.0, 2),
            2: KeptRating(first, 1.0, 2),
            3: KeptRating(first, 1.0, 1),
            4: KeptRating(first, 1.0, 1),
        }
        assert await kept.rating_history(storage, GUILD, 1) == [
            KeptRating(second, 1.0, 1),
            KeptRating(first, 1.0, 2),
        ]
        rated = await kept.rated_games(storage, GUILD)
        assert [t.table_id for t in rated] == [second, first]
        assert rated[1].seats[0][1:] == (1, None) and rated[1].scores == waiting[0].scores
        assert await kept.names(storage, GUILD, [1, 9]) == {1: "p1"}
    finally:
        await storage.close()


async def test_hints_are_noted_per_decision_and_a_game_with_hints_is_marked(database_url):
    storage = await Storage.open(database_url)
    try:
        table_id = await finished_game(storage, 12, [1, None, None, None], seed=3, hints=True)
        plain = await finished_game(storage, 13, [1, None, None, None], seed=4)
        mine = await kept.finished_tables(storage, GUILD, user_id=1, oldest_first=True)
        assert [(t.table_id, t.hints) for t in mine] == [
            (table_id, True),
            (plain, False),
        ]
        await kept.note_hint(storage, table_id, 0, 0, "play:4")
        await kept.note_hint(storage, table_id, 0, 0, "play:4")  # noted twice is noted once
        await kept.note_hint(storage, table_id, 0, 0, "call:0")
        assert await kept.hints_shown(storage, table_id, 0, 0) == frozenset({"play:4", "call:0"})
        assert await kept.hints_shown(storage, table_id, 1, 0) == frozenset()
    finally:
        await storage.close()


async def test_a_players_rating_history_keeps_their_last_games(database_url, monkeypatch):
    monkeypatch.setattr(kept, "HISTORY_KEPT", 2)
    storage = await Storage.open(database_url)
    try:
        games = [await finished_game(storage, 10 + n, [1, 2, 3, 4], seed=n) for n in range(4)]
        for table in await kept.unrated_games(storage, GUILD):
            assert await kept.rate_game(storage, GUILD, table, _plus_one)
        history = await kept.rating_history(storage, GUILD, 1)
        assert history == [KeptRating(games[2], 1.0, 3), KeptRating(games[3], 1.0, 4)], "the last two"
        assert (await kept.kept_ratings(storage, GUILD))[1] == KeptRating(games[3], 1.0, 4)
    finally:
        await storage.close()


async def test_each_game_is_added_to_its_players_totals_once(database_url):
    """A player's total (what `/42 stats` reads) grows by each game kept, once: a game kept again, as a
    second process might keep it, is not added again."""
    storage = await Storage.open(database_url)
    try:
        add = lambda records: {"games": sum(r["games"] for r in records)}  # noqa: E731
        first = await finished_game(storage, 10, [1, 2, 3, 4], seed=1)
        second = await finished_game(storage, 11, [1, 5, 3, 4], seed=2)
        assert await kept.player_total(storage, GUILD, 1) is None, "no game kept yet"
        await kept.keep_game_records(storage, GUILD, {first: {1: {"games": 1}, 2: {"games": 1}}}, add)
        again = {first: {1: {"games": 1}, 2: {"games": 1}}, second: {1: {"games": 1}, 5: {"games": 1}}}
        await kept.keep_game_records(storage, GUILD, again, add)
        totals = [await kept.player_total(storage, GUILD, user) for user in (1, 2, 5)]
        assert totals == [{"games": 2}, {"games": 1}, {"games": 1}]
        assert len(await kept.game_records(storage, GUILD, 1)) == 2
    finally:
        await storage.close()
