"""Soak through the real bot on simcord: ten computer-only tables opened, filled and started with slash
commands and buttons, all playing at once. Every game finishes with its result on the table message, every
hand record replays, and each table's stored score is the fold of its records. (`test_soak.py` plays
fifty games against the table service alone, faster.)"""

from __future__ import annotations

import json

import pytest

from engine import PRESETS, Game, Rules
from engine.replay import replay_text
from tests.bot.table_driver import channel_message

pytestmark = pytest.mark.slow  # a soak: ten tables at once through the bot

TABLES = 10
GAMES = list(PRESETS)  # the tables take the presets in turn


async def test_ten_computer_tables_play_at_once_on_discord(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    host = guild.add_member(env.create_user("host"))
    opened = []
    for n in range(TABLES):
        channel = guild.create_text_channel(f"table-{n}")
        preset = GAMES[n % len(GAMES)]
        rules = Rules.from_preset(preset)
        # short games: a mark, or no more points than a hand holds; Moon to 1, its first made bid (its
        # computers sink below zero for good in a longer game, how soon depends on the deals: "strong"
        # plays as random in these tests)
        target = 1 if rules.scoring == "marks" or preset == "moon" else min(60, rules.layout.total)
        result = await host.slash(channel, "42 new", preset=preset, target=target, options="timer=off")
        assert result.acknowledged
        message = channel.last_message
        for _ in range(Rules.from_preset(preset).players):
            await host.click(message, label="Add computer")
        opened.append((channel, message.id))
    for channel, message_id in opened:  # start them all, then let every table play at once
        await host.click(channel_message(channel, message_id), label="Start")
    await env.settle()

    storage = env.bot.service.storage
    for number, (channel, _first_message) in enumerate(opened, start=1):
        table = env.bot.service.table(number)
        assert table.status == "finished", f"table {number} did not finish"
        assert "win" in channel_message(channel, table.message_id).content
        row = await storage.load_table(number)
        rules = Rules.from_preset(row.variant, row.rules)
        records = row.hands
        for record in records:
            code, out = replay_text(json.dumps(record))
            assert code == 0 and out["complete"], (number, out)
        game = Game.from_records(rules, row.first_dealer, records)
        assert game.over and list(game.scores) == list(table.scores)
        results = await storage.team_results(number)
        assert [r.score for r in results] == list(game.scores)
