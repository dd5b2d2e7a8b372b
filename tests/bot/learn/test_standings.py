"""Standings over the store on both backends: each game rated once, the kept ratings equal to a
recomputation from the stored games, a player's games read back for their record, and two processes rating
at once rating each game once in a recomputable order."""

from __future__ import annotations

import asyncio

from bot.learn import standings
from bot.learn.player_record import player_record
from bot.learn.ratings import Rating
from bot.storage import Storage
from bot.storage import learning as kept
from tests.bot.learn.stored_games import GUILD, finished_game


async def test_ratings_are_rated_once_and_recompute_identically(database_url):
    storage = await Storage.open(database_url)
    try:
        first = await finished_game(storage, 10, [1, 2, 3, 4], seed=1)
        second = await finished_game(storage, 11, [2, None, 1, None], seed=2)
        assert await standings.rate_finished(storage, GUILD) == 2
        assert await standings.rate_finished(storage, GUILD) == 0
        stored = await standings.ratings(storage, GUILD)
        assert set(stored) == {1, 2, 3, 4}
        assert stored[1].games == 2 and stored[3].games == 1
        again = await standings.recompute(storage, GUILD)
        assert again.ratings == stored
        history = await standings.rating_history(storage, GUILD, 1)
        assert len(history) == 2 and history[-1] == stored[1]
        tables = await kept.finished_tables(storage, GUILD)
        assert [t.table_id for t in tables] == [second, first]  # newest first
        winners = {user for seat, (_, user, _) in tables[1].seats.items() if seat % 2 == tables[1].winner}
        for user in (3, 4):  # played only the first game
            assert (stored[user].mu > Rating().mu) == (user in winners)
        assert [g.game_id for g in await standings.games_of(storage, GUILD, 2)] == [first, second]
    finally:
        await storage.close()


async def test_a_game_with_hints_is_marked_in_the_players_games(database_url):
    storage = await Storage.open(database_url)
    try:
        table_id = await finished_game(storage, 12, [1, None, None, None], seed=3, hints=True)
        plain = await finished_game(storage, 13, [1, None, None, None], seed=4)
        assert [(g.game_id, g.hints) for g in await standings.games_of(storage, GUILD, 1)] == [
            (table_id, True),
            (plain, False),
        ]
    finally:
        await storage.close()


async def test_a_standing_and_the_board_rate_the_server_first(database_url):
    storage = await Storage.open(database_url)
    try:
        assert await standings.standing(storage, GUILD, 1) is None
        assert await standings.rating_board(storage, GUILD, 10) == []
        await finished_game(storage, 10, [1, 2, 3, 4], seed=1)
        standing = await standings.standing(storage, GUILD, 1)
        assert standing is not None and standing.stats.games_played == 1
        assert standing.rating == (await standings.ratings(storage, GUILD))[1] and len(standing.history) == 1
        assert standing.record.hands == len((await kept.finished_tables(storage, GUILD))[0].hands)
        board = await standings.rating_board(storage, GUILD, 3)
        assert len(board) == 3 and all(name.startswith("p") for name, _ in board)
        assert [r.shown for _, r in board] == sorted((r.shown for _, r in board), reverse=True)
    finally:
        await storage.close()


async def test_two_processes_rating_at_once_rate_each_game_once_in_a_recomputable_order(database_url):
    first, second = await Storage.open(database_url), await Storage.open(database_url)
    try:
        # newcomers shared between games: a game rated from a stale rating would lose the other's update
        seatings: list[list[int | None]] = [
            [1, 2, 3, 4],
            [1, None, 5, None],
            [2, 5, 1, None],
            [3, 1, None, 5],
            [5, 2, 4, 1],
            [4, 3, 2, 1],
        ]
        for number, users in enumerate(seatings):
            await finished_game(first, 20 + number, users, seed=10 + number)
        counts = await asyncio.gather(
            *(standings.rate_finished(store, GUILD) for store in (first, second, first, second))
        )
        assert sum(counts) == len(seatings)
        stored = await standings.ratings(second, GUILD)
        assert {user: rating.games for user, rating in stored.items()} == {
            user: sum(user in users for users in seatings) for user in range(1, 6)
        }
        assert (await standings.recompute(first, GUILD)).ratings == stored
    finally:
        await first.close()
        await second.close()


async def test_a_players_kept_record_is_the_record_of_every_hand_they_played(database_url):
    storage = await Storage.open(database_url)
    try:
        seatings: list[list[int | None]] = [[1, 2, 3, 4], [2, None, 1, None], [1, 5, None, 6]]
        for n, users in enumerate(seatings):
            await finished_game(storage, 20 + n, users, seed=n, hints=n == 1)
        assert await standings.record_finished(storage, GUILD, user_id=5) == 1, "only the games 5 played"
        for user in (1, 2, 5):
            replayed = player_record(await standings.games_of(storage, GUILD, user))
            assert await standings.kept_record(storage, GUILD, user) == replayed
        assert await standings.record_finished(storage, GUILD, user_id=1) == 0, "every game is kept once"
    finally:
        await storage.close()
