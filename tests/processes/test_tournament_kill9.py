"""`kill -9` in the middle of a tournament: the real bot process on the stand-in, killed without warning while
the first round's matches are being played, then started again on the same file. The tournament goes on to
its champion, no match is opened twice, and every result it records is what its stored games replay to.

Waited on by events (never by sleeping for a result); under a minute, most of it the two start-ups."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.storage import Storage
from bot.storage.tournaments import latest_in
from bot.tournaments.record import FINISHED
from bot.tournaments.service import stored_from
from tests.bot.tournaments.stored_games import check_results
from tests.standin import BotProcess, DiscordStandIn, Limits
from tests.standin.model import Channel

pytestmark = pytest.mark.slow  # a real bot process, killed with kill -9 and started again

CHAMPION = "🏆"
TEAMS = 4  # single elimination: two matches in the first round, then the final


def hands_stored(database: Path) -> int:
    """How many hands the bot has stored (0 before its tables exist)."""
    try:
        with sqlite3.connect(database) as db:
            return db.execute("SELECT COUNT(*) FROM hands").fetchone()[0]
    except sqlite3.OperationalError:  # the bot has not made its tables yet
        return 0


def threads_of(discord: DiscordStandIn, channel: Channel) -> list[Channel]:
    """The match threads opened under the tournament's channel."""
    return [c for c in discord.channels.values() if c.parent_id == channel.id]


def champion_named(channel: Channel) -> bool:
    """Whether the tournament message names its champion."""
    return any(CHAMPION in m.content for m in channel.messages.values() if not m.deleted)


async def test_a_tournament_killed_mid_round_goes_on_to_its_champion(tmp_path):
    async with DiscordStandIn(seed=6, limits=Limits(channel_creates=1000, channel_edits=1000)) as discord:
        guild = discord.create_guild("Hall")
        cup = discord.create_channel(guild, "cup")
        organiser = discord.create_user("organiser", manage_server=True)
        discord.add_member(guild, organiser)
        database = tmp_path / "bot.db"
        bot = BotProcess(discord, database=database, computer_pause=0).start()
        try:
            await discord.wait_for_bot(timeout=60)
            command, computers = "42 tournament new", "computers=easy"
            await discord.slash(
                organiser, cup, command, name="Cup", format="single", target=1, options=computers
            )
            await discord.wait_until(lambda: cup.find("Add computer team"), 60, "the tournament message")
            for added in range(1, TEAMS + 1):
                message = cup.find("Add computer team")
                assert message is not None
                await discord.click(organiser, message, "Add computer team", timeout=60)
                shown = f"Computer teams: {added}"
                await discord.wait_until(
                    lambda: any(shown in m.content for m in cup.messages.values()),  # noqa: B023
                    60,
                    f"{added} computer teams shown",
                )
            start = cup.find("Start")
            assert start is not None
            await discord.click(organiser, start, "Start", timeout=60)
            await discord.wait_until(lambda: hands_stored(database) >= 1, 120, "a first-round hand stored")
            await bot.kill()
            assert not champion_named(cup), "killed mid-round, not after the final"
            opened_before = len(threads_of(discord, cup))
            bot = BotProcess(discord, database=database, computer_pause=0).start()
            await discord.wait_until(lambda: champion_named(cup), 300, "the champion named after the restart")
        finally:
            await bot.stop()
        assert 1 <= opened_before < TEAMS, "the first round was under way when the kill came"
        assert len(threads_of(discord, cup)) == TEAMS - 1, "one thread per match: none opened twice"

    storage = await Storage.open(database)
    try:
        row = await latest_in(storage, cup.id)
        assert row is not None
        stored = stored_from(row)
        assert stored.status == FINISHED and stored.record.tournament is not None
        assert await check_results(storage, stored) == TEAMS - 1, "every match's game checked"
    finally:
        await storage.close()
