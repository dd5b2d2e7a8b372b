"""Which state each message shows, so that no older state ever goes out after a newer one.

Two things change a message: the click made on it (answered at once through its own interaction) and the
delivery's lanes (edits nobody clicked, paced). Each message the delivery keeps (a table message, a player's
panel) has a key, the stamp of the table state it shows (the outbox's count of the table's events when the
screen was built), and a lock. A click holds the lock from before its change is made until the message
shows it, so a lane that wants to show the same change waits, then finds it shown and sends nothing. A lane
builds and draws its screen outside the lock and waits for its room in the rate plan there too; it takes the
lock only to send, through `gate`, which lets the request go only if it shows a newer state than the one
shown.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager

Key = tuple[int, int | None]  # (table, user): a player's panel; (table, None): the table message


class Shown:
    """The stamp each message shows, and one lock per message."""

    def __init__(self) -> None:
        self.stamps: dict[Key, int] = {}
        self.locks: dict[Key, asyncio.Lock] = {}

    def lock(self, key: Key) -> asyncio.Lock:
        """The message's lock: held by a click while it changes and shows its change, and by a request
        that edits the message while it is made."""
        lock = self.locks.get(key)
        if lock is None:
            lock = self.locks[key] = asyncio.Lock()
        return lock

    def shows(self, key: Key, stamp: int) -> bool:
        """Whether the message shows the state of `stamp` or a later one."""
        return self.stamps.get(key, -1) >= stamp

    def mark(self, key: Key, stamp: int) -> None:
        """The message shows the state of `stamp` now (a new message, or an edit made under the lock)."""
        self.stamps[key] = stamp

    def forget(self, key: Key) -> None:
        """The message is gone or replaced: nothing is known of what the next one shows."""
        self.stamps.pop(key, None)

    async def settled(self, key: Key) -> None:
        """Wait until no click is changing the message (its change is then shown, or it was refused)."""
        async with self.lock(key):
            pass

    def gate(self, key: Key, stamp: int) -> AbstractAsyncContextManager[bool]:
        """Enter right before sending an edit that shows `stamp`: yields whether it is still wanted (no
        newer state shown meanwhile), holds the message's lock while it is made, and marks it shown once
        it went through (not if it failed)."""
        return self._gate(key, stamp)

    def holding(self, key: Key) -> AbstractAsyncContextManager[bool]:
        """A gate that always lets the request go, under the message's lock: for a change that is no state
        of the table (the table message turned into a hand's summary)."""
        return self._holding(key)

    @asynccontextmanager
    async def _holding(self, key: Key) -> AsyncIterator[bool]:
        async with self.lock(key):
            yield True

    @asynccontextmanager
    async def _gate(self, key: Key, stamp: int) -> AsyncIterator[bool]:
        async with self.lock(key):
            if self.shows(key, stamp):
                yield False
                return
            yield True
            self.mark(key, stamp)
