"""How `v4.db` was made: a database written by the bot as it was before Alembic (schema `PRAGMA
user_version` 4, commit 771b2d5), with a finished game, a game in its second hand, a lobby, an ended table,
panels, DM channels and events still in the outbox.

Run against that commit's code: `git worktree add /tmp/v4 771b2d5 && PYTHONPATH=/tmp/v4 python
tests/bot/storage/data/make_v4_database.py tests/bot/storage/data/v4.db`. Kept for the record; the tests only read
the file it made.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import sys

from bot.storage import Panel, SeatRow, Storage
from bot.tables import TableService
from engine.ai import make_player

BIG_ID = 2**62 + 12345  # a snowflake past 32 bits, to check 64-bit ids survive


async def main(path: str) -> None:
    storage = await Storage.open(path)
    service = TableService(
        storage,
        rng=random.Random(4),
        computer_pause=0,
        player_factory=lambda level, seed: make_player("random", seed),
    )
    computers = [SeatRow(seat=s, name=f"Computer {s}", computer_level="easy") for s in range(4)]
    finished = await service.open_table(guild_id=BIG_ID, channel_id=101, host_id=7, target=1, seats=computers)
    await service.start(finished, 7)
    mid = await service.open_table(guild_id=BIG_ID, channel_id=102, host_id=7, target=7, seats=computers[1:])
    await service.sit(mid, BIG_ID + 1, "alice", 0)
    await service.start(mid, 7)
    lobby = await service.open_table(guild_id=BIG_ID, channel_id=103, host_id=7)
    await service.sit(lobby, 8, "bob", 2)
    ended = await service.open_table(guild_id=BIG_ID, channel_id=104, host_id=7)
    await service.end(ended, 7, moderator=True, by="carol")
    while (runner := service.runner(finished)) is not None and not runner.done():
        await asyncio.wait([runner])
    rng = random.Random(5)
    while mid.hand_no < 1:  # alice plays at random until the second hand is dealt
        while (runner := service.runner(mid)) is not None and not runner.done():
            await asyncio.wait([runner])
        assert mid.hand is not None
        await service.act(mid, BIG_ID + 1, mid.token, rng.choice(mid.hand.legal_actions()))
    await service.shutdown()
    await storage.save_panel(mid.id, BIG_ID + 1, Panel(mid.id, BIG_ID + 1, BIG_ID + 2, BIG_ID + 3, mid.token))
    await storage.set_dm_channel(BIG_ID + 1, BIG_ID + 2)
    await storage.close()
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        db.execute("PRAGMA journal_mode=DELETE")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
