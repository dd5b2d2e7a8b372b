"""`/42 history`, `/42 leaderboard by:rating` and `/42 stats` after real games: games in order, JSON that
replays, ratings that move the right way and recompute identically, and nothing from another server or
from a hand still being played."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bot.learn import standings
from bot.learn.ratings import Rating
from bot.show import learn_ids as ids
from bot.storage import learning as kept
from engine import read_record
from tests.bot.discord.test_hostile import click_forged
from tests.bot.table_driver import (
    buttons,
    open_and_seat,
    play_until_over,
    refusal,
    reply,
)


async def _game(env, guild, name: str, members):
    """One whole game to 1 mark at a new channel of `guild`, seated in the order given."""
    channel = guild.create_text_channel(name)
    table = await open_and_seat(env, channel, members[0], members, target=1)
    await members[0].click(table, label="Start")
    await play_until_over(channel, members, table.id)
    return channel


@pytest.mark.slow
async def test_history_lists_games_newest_first_and_each_hand_replays(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    members = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol", "dave", "eve")]
    first = await _game(env, guild, "one", members[:4])
    await _game(env, guild, "two", [members[1], members[0], members[3], members[2]])
    listed = reply(await members[4].slash(first, "42 history"))
    assert listed.ephemeral
    assert listed.content.index("**Table 2**") < listed.content.index("**Table 1**")
    labels = [b.label for b in buttons(listed)]
    assert labels and labels[0].startswith("2·1")
    # eve never sat, but the hands are over and in this server: she may review and export them
    shown = reply(await members[4].click(listed, label=labels[0]))
    assert shown.attachments and "Trick 1:" in shown.content
    data = json.loads(await reply(await members[4].click(shown, label="Record (JSON)")).attachments[0].read())
    out = subprocess.run(
        [sys.executable, "-m", "engine", "replay", "-"],
        input=json.dumps(data),
        text=True,
        capture_output=True,
        check=True,
    )
    assert json.loads(out.stdout)["complete"] and read_record(data).complete
    mine = reply(await members[0].slash(first, "42 history", player=members[4]))
    assert "No finished games with eve" in mine.content


async def test_ratings_move_the_right_way_and_recompute_identically(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    members = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol", "dave")]
    channel = await _game(env, guild, "one", members)
    await env.bot.rating.settled()  # rated once the game was over, before anyone asked
    assert set(await standings.ratings(env.bot.storage, guild.id)) == {m.id for m in members}
    for member in members:  # and each player's record of it kept, for /42 stats to add up
        assert len(await kept.game_records(env.bot.storage, guild.id, member.id)) == 1
        assert await standings.record_finished(env.bot.storage, guild.id, user_id=member.id) == 0
    assert await standings.rate_finished(env.bot.storage, guild.id) == 0
    board = await members[0].slash(channel, "42 leaderboard", by="rating")
    text = reply(board).content
    assert not reply(board).ephemeral and "skill rating" in text
    ratings = await standings.ratings(env.bot.storage, guild.id)
    stored = await kept.finished_tables(env.bot.storage, guild.id)
    winners = {user for seat, (_, user, _) in stored[0].seats.items() if seat % 2 == stored[0].winner}
    assert len(winners) == 2
    for _, user, _ in stored[0].seats.values():
        assert user is not None  # four members, no computer
        assert (ratings[user].mu > Rating().mu) == (user in winners)  # winners up, losers down
    top = text.splitlines()[1]
    assert any(m.name in top for m in members if m.id in winners)
    await _game(env, guild, "two", [members[0], members[2], members[1], members[3]])
    await standings.rate_finished(env.bot.storage, guild.id)
    again = await standings.recompute(env.bot.storage, guild.id)
    assert again.ratings == await standings.ratings(env.bot.storage, guild.id)
    assert await standings.rate_finished(env.bot.storage, guild.id) == 0  # each game is rated once


async def test_stats_is_a_picture_with_the_figures_in_text(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    members = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol", "dave")]
    channel = await _game(env, guild, "one", members)
    answer = reply(await members[1].slash(channel, "42 stats", player=members[0]))
    assert answer.attachments and "alice" in answer.content and "1 game played" in answer.content
    assert "Rating: **" in answer.content and "Count fed to partners" in answer.content


async def test_history_never_shows_another_servers_games(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    members = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol", "dave")]
    await _game(env, guild, "one", members)
    elsewhere = env.create_guild()
    channel = elsewhere.create_text_channel("games")
    mallory = elsewhere.add_member(env.create_user("mallory"))
    listed = reply(await mallory.slash(channel, "42 history"))
    assert "No finished games" in listed.content and not buttons(listed)
    board = reply(await mallory.slash(channel, "42 leaderboard", by="rating"))
    assert "No rated games" in board.content
    forged = ids.make(ids.REVIEW, 1, 0, 0)
    assert "isn't from a table in this server" in refusal(await click_forged(env, channel, mallory, forged))
