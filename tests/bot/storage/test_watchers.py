"""Watchers as kept (migration 0012), on both backends: kept across a reopening (a restart) and seen by
another process's store, a new panel replacing the one kept, and forgotten one by one or all at once."""

from __future__ import annotations

from bot.storage import Storage
from bot.storage.watchers import Watcher, drop_watchers, is_watching, load_watchers, save_watcher


async def test_watchers_outlive_a_restart_and_are_forgotten(database_url):
    first = await Storage.open(database_url)
    try:
        await save_watcher(first, Watcher(1, 10, 100, 1000))
        await save_watcher(first, Watcher(1, 11, None, 1001, "token", 12.5))
        await save_watcher(first, Watcher(2, 10, 100, 1002))
        await save_watcher(first, Watcher(1, 10, 100, 1003))  # a new panel replaces the one kept
    finally:
        await first.close()
    second = await Storage.open(database_url)
    try:
        kept = sorted(await load_watchers(second), key=lambda w: (w.table_id, w.user_id))
        assert kept == [
            Watcher(1, 10, 100, 1003),
            Watcher(1, 11, None, 1001, "token", 12.5),
            Watcher(2, 10, 100, 1002),
        ]
        assert [w.table_id for w in await load_watchers(second, [2])] == [2]
        assert await is_watching(second, 1, 11) and not await is_watching(second, 2, 11)
        await drop_watchers(second, 1, [10, 11])
        assert await load_watchers(second) == [Watcher(2, 10, 100, 1002)]
    finally:
        await second.close()
