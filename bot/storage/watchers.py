"""Watchers of tables as kept (migration 0012): each watcher's panel, so that watch panels carry on after
a restart. Read at a start (and when a process takes a table over) and on each `Watch` or `Stop watching`,
never on a panel's edit."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .driver import Database, Run
from .sql import mappings, scalar

KEEP = (
    "INSERT INTO watchers (table_id, user_id, channel_id, message_id, token, token_at)"
    " VALUES (:table, :user, :channel, :message, :token, :token_at)"
    " ON CONFLICT (table_id, user_id) DO UPDATE SET channel_id = excluded.channel_id,"
    " message_id = excluded.message_id, token = excluded.token, token_at = excluded.token_at"
)
DROP = "DELETE FROM watchers WHERE table_id = :table AND user_id = :user"


@dataclass(frozen=True)
class Watcher:
    """Someone watching a table, and their watch panel: a DM (`channel_id`) or, when their DMs are closed,
    an ephemeral reply (`channel_id` None) edited through the interaction `token` taken at `token_at`."""

    table_id: int
    user_id: int
    channel_id: int | None
    message_id: int
    token: str | None = None
    token_at: float | None = None

    @classmethod
    def from_row(cls, row: Mapping[Any, Any]) -> Watcher:
        """A watcher from its row in `watchers`."""
        return cls(
            row["table_id"],
            row["user_id"],
            row["channel_id"],
            row["message_id"],
            row["token"],
            row["token_at"],
        )


async def load_watchers(storage: Database, table_ids: Iterable[int] | None = None) -> list[Watcher]:
    """Every watcher of every table (or of these tables)."""
    async with storage.reading() as db:
        if table_ids is None:
            rows = await mappings(db, "SELECT * FROM watchers")
        else:
            rows = await mappings(
                db, "SELECT * FROM watchers WHERE table_id IN :tables", tables=list(table_ids)
            )
    return [Watcher.from_row(row) for row in rows]


async def is_watching(storage: Database, table_id: int, user_id: int) -> bool:
    """Whether `user_id` watches the table now."""
    async with storage.reading() as db:
        found = await scalar(
            db,
            "SELECT 1 FROM watchers WHERE table_id = :table AND user_id = :user",
            table=table_id,
            user=user_id,
        )
    return found is not None


async def save_watcher(storage: Database, watcher: Watcher) -> None:
    """Keep a watcher and their panel (replacing the panel kept before)."""
    params = {
        "table": watcher.table_id,
        "user": watcher.user_id,
        "channel": watcher.channel_id,
        "message": watcher.message_id,
        "token": watcher.token,
        "token_at": watcher.token_at,
    }

    def keep(run: Run) -> None:
        run(KEEP, params)

    await storage.driver.write(keep)


async def drop_watchers(storage: Database, table_id: int, user_ids: Iterable[int]) -> None:
    """Forget these watchers of the table (they stopped watching, or the game is over)."""
    users = list(user_ids)

    def drop(run: Run) -> None:
        for user in users:
            run(DROP, {"table": table_id, "user": user})

    await storage.driver.write(drop)
