"""A server's settings as kept (CLUB.md "Server settings"): one row per server in `server_settings`.

Read from the database every time they are needed (a `/42 new`, a `/42 settings`): one short query, and
every process sharing the database sees a change at once, with no cache to go stale. A server that never
set anything has no row and reads as `ServerSettings(guild_id)`, the defaults.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .driver import Database, Run
from .sql import mappings

DEFAULT_TIMEZONE = "UTC"
COLUMNS = ("guild_id", "preset", "target", "options", "channels_json", "organiser_role_id", "timezone")
CLAIM = "INSERT INTO server_settings (guild_id) VALUES (:guild) ON CONFLICT (guild_id) DO NOTHING"
SAVE = (
    "INSERT INTO server_settings (guild_id, preset, target, options, channels_json, organiser_role_id, timezone)"
    " VALUES (:guild, :preset, :target, :options, :channels, :organiser, :timezone)"
    " ON CONFLICT (guild_id) DO UPDATE SET preset = excluded.preset, target = excluded.target,"
    " options = excluded.options, channels_json = excluded.channels_json,"
    " organiser_role_id = excluded.organiser_role_id, timezone = excluded.timezone"
)


@dataclass(frozen=True)
class ServerSettings:
    """One server's settings: the defaults of its `/42 new` (`preset` None: the standard game; `target`
    None: the game's own; `options` as `/42 new` reads them), the channels tables may open in (empty: any),
    the role whose members may run tournaments (None: Manage Server only) and its time zone (IANA)."""

    guild_id: int
    preset: str | None = None
    target: int | None = None
    options: str = ""
    channels: tuple[int, ...] = ()
    organiser_role_id: int | None = None
    timezone: str = DEFAULT_TIMEZONE

    def columns(self) -> dict[str, Any]:
        """The settings as `SAVE`'s parameters."""
        return {
            "guild": self.guild_id,
            "preset": self.preset,
            "target": self.target,
            "options": self.options,
            "channels": json.dumps(list(self.channels)) if self.channels else None,
            "organiser": self.organiser_role_id,
            "timezone": self.timezone,
        }

    @classmethod
    def from_row(cls, row: Mapping[Any, Any]) -> ServerSettings:
        """A server's settings from its row in `server_settings`."""
        channels = json.loads(row["channels_json"]) if row["channels_json"] else []
        return cls(
            guild_id=row["guild_id"],
            preset=row["preset"],
            target=row["target"],
            options=row["options"] or "",
            channels=tuple(int(c) for c in channels),
            organiser_role_id=row["organiser_role_id"],
            timezone=row["timezone"] or DEFAULT_TIMEZONE,
        )


async def load_settings(storage: Database, guild_id: int) -> ServerSettings:
    """The server's settings as stored now (the defaults if it never set any)."""
    async with storage.reading() as db:
        rows = await mappings(db, "SELECT * FROM server_settings WHERE guild_id = :guild", guild=guild_id)
    return ServerSettings.from_row(rows[0]) if rows else ServerSettings(guild_id)


async def update_settings(
    storage: Database, guild_id: int, change: Callable[[ServerSettings], ServerSettings]
) -> ServerSettings:
    """Change a server's settings in one transaction: `change` gets them as stored now (the row locked, so
    two processes changing one server's settings at once take turns and neither loses the other's) and
    returns them as they are to be kept; what it raises rolls everything back and comes out here."""
    lock = storage.driver.row_lock

    def steps(run: Run) -> ServerSettings:
        run(CLAIM, {"guild": guild_id})
        found = run(
            f"SELECT {', '.join(COLUMNS)} FROM server_settings WHERE guild_id = :guild{lock}",
            {"guild": guild_id},
        )
        new = change(ServerSettings.from_row(dict(zip(COLUMNS, found[0], strict=True))))
        run(SAVE, new.columns())
        return new

    return await storage.driver.write(steps)
