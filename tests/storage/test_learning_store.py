"""Learning's storage on both backends: finished games read back in order, each game rated once, the
stored ratings equal to a recomputation from the stored games, and hints noted per decision."""

from __future__ import annotations

import asyncio
import random

from bot.learn.ratings import Rating
from bot.storage import Change, PlayerTally, SeatRow, Storage, TeamResult
from bot.storage import learning as kept
from engine import Game, Rules
from engine.ai.arena import play_hand
from engine.ai.easy import EasyPlayer

GUILD = 5


async def _finished_game(
    storage: Storage, channel: int, users: list[int | None], seed: int, hints: bool = False
) -> int:
    """A whole standard game to 1 mark played by easy computers, stored as the bot stores one; `users`
    names who sat at each seat (None: a computer)."""
    rules = Rules.from_preset("standard", {"target": 1, "forced_bid": True})
    rng = random.Random(seed)
    game = Game.new(rules, rng)
    while not game.over:
        game = game.record_hand(play_hand(game.deal(rng), [EasyPlayer(s) for s in range(4)]))
    seats = [
        SeatRow(
            seat,
            f"p{user}" if user else f"Computer {seat}",
            user_id=user,
            computer_level=None if user else "strong",
        )
        for seat, user in enumerate(users)
    ]
    table_id = await storage.create_table(
        guild_id=GUILD,
        channel_id=channel,
        host_id=1,
        variant="standard",
        rules=rules.overrides(),
        computer_level="strong",
        seats=seats,
        hints=hints,
    )
    records = game.records
    await storage.commit(Change(table_id).start_game(0, records[0]))
    for number, record in enumerate(records[:-1]):
        await storage.commit(Change(table_id).save_hand(number, record, True))
    tallies = [
        PlayerTally(user, f"p{user}", game.winner == seat % 2) for seat, user in enumerate(users) if user
    ]
    teams = [
        TeamResult(team, name, [], game.scores[team], "marks", game.winner == team)
        for team, name in enumerate(rules.team_names)
    ]
    await storage.commit(Change(table_id).finish_game(GUILD, len(records) - 1, records[-1], tallies, teams))
    return table_id


async def test_ratings_are_rated_once_and_recompute_identically(database_url):
    storage = await Storage.open(database_url)
    try:
        first = await _finished_game(storage, 10, [1, 2, 3, 4], seed=1)
        second = await _finished_game(storage, 11, [2, None, 1, None], seed=2)
        assert await kept.rate_finished(storage, GUILD) == 2
        assert await kept.rate_finished(storage, GUILD) == 0
        stored = await kept.ratings(storage, GUILD)
        assert set(stored) == {1, 2, 3, 4}
        assert stored[1].games == 2 and stored[3].games == 1
        again = await kept.recompute(storage, GUILD)
        assert again.ratings == stored
        history = await kept.rating_history(storage, GUILD, 1)
        assert len(history) == 2 and history[-1] == stored[1]
        tables = await kept.finished_tables(storage, GUILD)
        assert [t.table_id for t in tables] == [second, first]  # newest first
        winners = {user for seat, (_, user, _) in tables[1].seats.items() if seat % 2 == tables[1].winner}
        for user in (3, 4):  # played only the first game
            assert (stored[user].mu > Rating().mu) == (user in winners)
        assert [g.game_id for g in await kept.games_of(storage, GUILD, 2)] == [first, second]
        assert await kept.finished_tables(storage, GUILD + 1) == []
    finally:
        await storage.close()


async def test_hints_are_noted_per_decision_and_a_game_with_hints_is_marked(database_url):
    storage = await Storage.open(database_url)
    try:
        table_id = await _finished_game(storage, 12, [1, None, None, None], seed=3, hints=True)
        plain = await _finished_game(storage, 13, [1, None, None, None], seed=4)
        assert [(g.game_id, g.hints) for g in await kept.games_of(storage, GUILD, 1)] == [
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
            await _finished_game(first, 20 + number, users, seed=10 + number)
        counts = await asyncio.gather(
            *(kept.rate_finished(store, GUILD) for store in (first, second, first, second))
        )
        assert sum(counts) == len(seatings)
        stored = await kept.ratings(second, GUILD)
        assert {user: rating.games for user, rating in stored.items()} == {
            user: sum(user in users for users in seatings) for user in range(1, 6)
        }
        assert (await kept.recompute(first, GUILD)).ratings == stored
    finally:
        await first.close()
        await second.close()
