"""A whole game of each new preset on simcord against the `strong` computers (the real solver on a small
budget, where the other bot tests stand a random player in for it): every decision legal from the seat's view,
the game ends, and each stored hand replays through `python -m engine replay`."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import Game, Rules
from engine.ai import make_player
from tests.bot.table_driver import in_a_channel, make_bot
from tests.e2e.test_games_on_discord import GAMES as EASY_GAMES
from tests.e2e.test_games_on_discord import (
    current_table,
    open_table,
    play_to_the_end,
    replay_through_the_command_line,
    table_number,
)

BUDGET_MS = 10  # thinking time per decision: enough to search, small enough for the suite

# the easy games' tables with strong computers (Moon to 3 points: a hand or two each)
GAMES = {
    name: (preset, options.replace("easy", "strong"), seats, min(target, 3))
    for name, (preset, options, seats, target) in EASY_GAMES.items()
}


def strong_on_a_budget(level: str, seed: int | None):
    """The engine's players, `strong` thinking `BUDGET_MS` per decision."""
    return make_player(level, seed, budget_ms=BUDGET_MS)


@pytest.fixture
async def simcord_bot(database: Path):
    """The bot under test, with the real strong player."""
    bot = make_bot(database, player_factory=strong_on_a_budget)
    yield bot
    storage = getattr(bot, "storage", None)  # (none if the bot never started)
    if storage is not None:
        await storage.close()


@pytest.mark.slow  # a whole game of every preset
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
    assert {row.computer_level for seat, row in env.bot.service.table(table_id).seats.items() if seat} == {
        "strong"
    }

    final, _ = await play_to_the_end(channel, [alice])
    assert "win" in final.content
    stored = await env.bot.service.storage.load_table(table_id)
    outcomes = replay_through_the_command_line(stored.hands, tmp_path)
    game = Game.from_records(Rules.from_preset(preset, stored.rules), stored.first_dealer, stored.hands)
    assert game.over and len(outcomes) == len(stored.hands)
