"""Finished games stored as the bot stores them, for the tests of learning's storage and standings."""

from __future__ import annotations

import random

from bot.storage import Change, PlayerTally, SeatRow, Storage, TeamResult
from engine import Game, Rules
from engine.ai.arena import play_hand
from engine.ai.easy import EasyPlayer

GUILD = 5


async def finished_game(
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
