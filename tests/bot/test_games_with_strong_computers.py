"""A whole game of each new preset on simcord against the `strong` computers (the real solver on a small
budget, where the other bot tests stand a random player in for it): every decision legal from the seat's view,
the game ends, and each stored hand replays through `python -m engine replay`."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.client import BotSettings, Texas42Bot
from bot.limits import Limits
from engine import Game, Rules
from engine.ai import make_player
from tests.bot.table_driver import FakeClock, in_a_channel
from tests.bot.test_games_on_discord import (
    current_table,
    open_table,
    play_to_the_end,
    replay_through_the_command_line,
    table_number,
)

BUDGET_MS = 10  # thinking time per decision: enough to search, small enough for the suite

# preset, options, seats, target: one hand or two each
GAMES = {
    "moon": ("moon", "computers=strong", 3, 3),
    "seventy-two": ("seventy-two", "computers=strong", 4, 1),
    "geezer": ("geezer", "computers=strong", 4, 1),
    "eighty-four": ("eighty-four", "computers=strong", 8, 1),
    "eighty-four-six": ("eighty-four", "players=6 computers=strong", 6, 1),
}


def strong_on_a_budget(level: str, seed: int | None):
    """The engine's players, `strong` thinking `BUDGET_MS` per decision."""
    return make_player(level, seed, budget_ms=BUDGET_MS)


@pytest.fixture
async def simcord_bot(database: Path):
    """The bot under test, with the real strong player."""
    settings = BotSettings(database, computer_pause=0, warm_up_computers=False, tick_seconds=None, shard_count=1,
                           limits=Limits.none())
    bot = Texas42Bot(settings, rng=random.Random(42), player_factory=strong_on_a_budget, clock=FakeClock())
    yield bot
    storage = getattr(bot, "storage", None)
    if storage is not None:
        await storage.close()


@pytest.mark.parametrize("name", sorted(GAMES))
async def test_a_whole_game_of_each_new_preset_against_strong_computers(simcord_env, name, tmp_path):
    env = simcord_env
    preset, options, seats, target = GAMES[name]
    _, channel, [alice] = in_a_channel(env, "alice")
    table = await open_table(channel, alice, [alice], preset, target=target, options=options)
    for _ in range(seats - 1):
        await alice.click(table, label="Add computer")
    await alice.click(current_table(channel), label="Start")
    table_id = table_number(table)
    assert {row.computer_level for seat, row in env.bot.service.table(table_id).seats.items() if seat} == {"strong"}

    final, _ = await play_to_the_end(channel, [alice])
    assert "win" in final.content
    stored = await env.bot.service.storage.load_table(table_id)
    outcomes = replay_through_the_command_line(stored.hands, tmp_path)
    game = Game.from_records(Rules.from_preset(preset, stored.rules), stored.first_dealer, stored.hands)
    assert game.over and len(outcomes) == len(stored.hands)
