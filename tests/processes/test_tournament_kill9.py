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
from tests.standin.tournaments import champion_named, computer_tournament, threads_of

pytestmark = pytest.mark.slow  # a real bot process, killed with kill -9 and started again

TEAMS = 4  # single elimination: two matches in the first round, then the final


def hands_stored(database: Path) -> int:
    """How many hands the bot has stored (0 before its tables exist)."""
    try:
        with sqlite3.connect(database) as db:
            return db.execute("SELECT COUNT(*) FROM hands").fetchone()[0]
    except sqlite3.OperationalError:  # the bot has not made its tables yet
        return 0


async def test_a_tournament_killed_mid_round_goes_on_to_its_champion(tmp_path):
    async with DiscordStandIn(seed=6, limits=Limits(channel_creates=1000, channel_edits=1000)) as discord:
        guild = discord.create_guild("Hall")
        cup = discord.create_channel(guild, "cup")
        database = tmp_path / "bot.db"
        bot = BotProcess(discord, database=database, computer_pause=0).start()
        try:
            await discord.wait_for_bot(timeout=60)
            await computer_tournament(
                discord, cup, name="Cup", teams=TEAMS, format="single", target=1, computers="easy"
            )
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
