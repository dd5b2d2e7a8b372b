"""Watch panels (CLUB.md "Watching a table"): one private message per watcher and table, in their DMs (or
an ephemeral reply when their DMs are closed), showing what the public table message shows, kept current.

- `Watch` on the table message: anyone not seated gets a watch panel (at most `MAX_WATCHERS` a table);
  a seated player, a full table or a table not playing is refused privately.
- `Stop watching` on the panel: the panel says so and its buttons go. A button that is not the watcher's
  own panel's (forwarded, forged, or left from an earlier panel) is refused privately.
- After each change of the table message the watch panels follow, at the lowest priority: paced like
  the table message, only once no player's panel at the table has work waiting, and skipped to the
  latest state (one edit per watcher for any number of moves).
- When the game is over each panel shows the final table message with no buttons, and the watchers
  are forgotten. Watchers are stored (`bot.storage.watchers`): after a restart the panels carry on.

A watch panel is built only from the public table message (`bot.show.watching.watch_screen`): a watcher
never sees a tile of a hand that is not over.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import replace
from typing import Any

import discord

from bot.show import render
from bot.show.watching import (
    FULL,
    MAX_WATCHERS,
    NOT_PLAYING,
    NOT_WATCHING,
    PANEL_HERE,
    PANEL_IN_DMS,
    SEATED,
    stopped,
    watch_screen,
)
from bot.storage.errors import StorageUnavailable
from bot.storage.store import Storage
from bot.storage.watchers import Watcher, drop_watchers, load_watchers, save_watcher
from bot.tables.model import Table

from ..buttons import Drawn, draw, view_of
from .sender import Limits, Sender, transient
from .source import TableSource

log = logging.getLogger(__name__)
TOKEN_LIFE = 14 * 60  # seconds an interaction token edits its ephemeral reply (Discord: 15 minutes)
RELOOK = 30.0  # seconds: with a shared database, how often a table nobody here watches is looked up
WAIT_STEP = 0.05  # seconds between looks at whether players' panels still have work (they go first)
Refuse = Callable[[discord.Interaction, str, int | None], Awaitable[None]]


class WatchPanels:
    """Every watcher's panel at every table this process shows. `stamps(table_id)`: how many events the
    table has published (what a panel shows is known by it); `players_busy(table_id)`: whether a player's
    panel at the table still has work (watch panels wait for it); `refuse`: a private refusal."""

    def __init__(
        self,
        sender: Sender,
        tables: TableSource,
        storage: Storage,
        stamps: Callable[[int], int],
        limits: Limits,
        refuse: Refuse,
        clock: Callable[[], float] = time.time,
    ):
        self.sender = sender
        self.tables = tables
        self.storage = storage
        self.stamps = stamps
        self.limits = limits
        self.refuse = refuse
        self.clock = clock
        self.players_busy: Callable[[int], bool] = lambda table_id: False  # set by the lanes
        self.watchers: dict[int, dict[int, Watcher]] = {}  # table -> watcher -> their panel
        self.shown: dict[tuple[int, int], int] = {}  # (table, watcher) -> the stamp the panel shows
        self.dirty: dict[int, Table] = {}  # tables whose watch panels are behind the table message
        self.following: dict[int, asyncio.Task] = {}
        # with a shared database a click may be answered by another process: the stored watchers are the
        # truth, read on each click and each round of edits (and now and then at a table nobody watches)
        self.shared = storage.target.shared
        self.looked: dict[int, float] = {}

    # ------------------------------------------------------------------ the clicks

    async def watch(self, table: Table, interaction: discord.Interaction) -> None:
        """`Watch` clicked on the table message: a watch panel for the clicker, or a private refusal."""
        user = interaction.user.id
        await self._read(table.id)
        watching = self.watchers.setdefault(table.id, {})
        if table.seat_of(user) is not None:
            await self.refuse(interaction, SEATED, table.id)
            return
        if table.status != "playing":
            await self.refuse(interaction, NOT_PLAYING, table.id)
            return
        if user not in watching and len(watching) >= MAX_WATCHERS:
            await self.refuse(interaction, FULL, table.id)
            return
        await self.sender.defer(table.id, interaction, ephemeral=True, thinking=True)
        stamp, drawn = self.stamps(table.id), await draw(watch_screen(table, user), urgent=True)
        watcher = await self._send_panel(table, interaction, drawn)
        if watcher is None:
            return
        before = watching.get(user)
        watching[user] = watcher
        self.shown[(table.id, user)] = stamp
        await save_watcher(self.storage, watcher)
        if before is not None and before.channel_id is not None and before.message_id != watcher.message_id:
            await self.sender.delete(table.id, before.channel_id, before.message_id)  # one panel a watcher

    async def _send_panel(
        self, table: Table, interaction: discord.Interaction, drawn: Drawn
    ) -> Watcher | None:
        """Send the watch panel: a DM, else (DMs closed) an ephemeral reply; the click is answered either way."""
        user = interaction.user.id
        try:
            channel_id = await self._dm_channel(table, user)
            sent = await self.sender.send(table.id, channel_id, drawn.content, **drawn.extras())
        except (discord.Forbidden, discord.NotFound):
            log.info("table %s: %s's DMs are closed; their watch panel is an ephemeral reply", table.id, user)
        else:
            await self.sender.follow_up(table.id, interaction, PANEL_IN_DMS, ephemeral=True)
            return Watcher(table.id, user, channel_id, sent.id)
        try:
            here = await self.sender.follow_up_message(
                table.id, interaction, f"{PANEL_HERE}\n{drawn.content}", ephemeral=True, **drawn.extras()
            )
        except discord.HTTPException as error:
            log.info("table %s: could not give %s a watch panel (%s)", table.id, user, error.status)
            return None
        return Watcher(table.id, user, None, here.id, interaction.token, self.clock())

    async def stop(self, table: Table, interaction: discord.Interaction, owner: str) -> None:
        """`Stop watching` clicked on a watch panel (`owner`: the watcher the button was made for): the
        panel says so and loses its buttons; another's button, or an old panel's, is refused privately."""
        user = interaction.user.id
        await self._read(table.id)
        watcher = self.watchers.get(table.id, {}).get(user)
        message = interaction.message
        if owner != str(user) or watcher is None or message is None or message.id != watcher.message_id:
            await self.refuse(interaction, NOT_WATCHING, table.id)
            return
        await self._forget(table.id, [user])
        await self.sender.respond_by_editing(
            table.id, interaction, content=stopped(table), view=None, attachments=[]
        )

    # ------------------------------------------------------------------ following the table

    def follow(self, table: Table) -> None:
        """The table message changed: the watch panels follow, later (they never hold anything up)."""
        if not self.watchers.get(table.id):
            now = time.monotonic()
            if not self.shared or now - self.looked.get(table.id, -RELOOK) < RELOOK:
                return
            self.looked[table.id] = now  # another process may have taken a watcher: look it up
        self.dirty[table.id] = table
        task = self.following.get(table.id)
        if task is None or task.done():
            self.following[table.id] = asyncio.get_running_loop().create_task(
                self._follow(table.id), name=f"table-{table.id}-watchers"
            )

    async def _follow(self, table_id: int) -> None:
        """Bring the table's watch panels up to the latest state, as long as it keeps changing."""
        while table_id in self.dirty:
            await self._pace(table_id)
            table = self.dirty.pop(table_id, None)
            if table is None or not self.tables.owns(table_id):
                return
            try:
                await self._show(table)
            except StorageUnavailable:  # the store said so once; the table's next change follows them
                log.info("table %s: its watch panels wait for the database", table_id)
            except Exception:
                log.exception("table %s: following its watch panels failed", table_id)
        self.following.pop(table_id, None)

    async def _pace(self, table_id: int) -> None:
        """Wait the table message's gap (these edits count against the global limit), then while any
        player's panel at the table has work or the pictures are behind: players' panels go first."""
        playing = sum(1 for t in self.tables.tables.values() if t.status == "playing")
        gap = self.limits.edit_gap(playing)
        if gap > 0:
            await asyncio.sleep(gap)
        for _ in range(int(10 / WAIT_STEP)):  # never more than ten seconds behind the players
            if not self.players_busy(table_id) and render.backlog() < self.limits.panel_backlog:
                return
            await asyncio.sleep(WAIT_STEP)

    async def _show(self, table: Table) -> None:
        """Edit every watch panel of the table that is behind to the table's state now; once the game is
        over, the final state, and the watchers are forgotten."""
        stamp = self.stamps(table.id)
        await self._read(table.id)
        watching = dict(self.watchers.get(table.id, {}))
        behind = [w for w in watching.values() if self.shown.get((table.id, w.user_id)) != stamp]
        gone: list[int] = []
        base: Drawn | None = None
        for watcher in behind:
            screen = watch_screen(table, watcher.user_id)
            if base is None:
                base = await draw(screen)  # one picture for every watcher: the table message's
            drawn = replace(base, view=view_of(screen.buttons) if screen.buttons else None)
            try:
                if not await self._edit(table, watcher, drawn):
                    gone.append(watcher.user_id)
                    continue
            except discord.HTTPException as error:
                if transient(error):
                    self.dirty.setdefault(table.id, table)  # tried again on the next round
                    continue
                log.info("table %s: %s's watch panel is gone (%s)", table.id, watcher.user_id, error.status)
                gone.append(watcher.user_id)
                continue
            self.shown[(table.id, watcher.user_id)] = stamp
        if table.status != "playing":
            gone = list(watching)
        if gone:
            await self._forget(table.id, gone)

    async def _edit(self, table: Table, watcher: Watcher, drawn: Drawn) -> bool:
        """Edit one watch panel; False if it cannot be reached any more (an ephemeral reply whose token
        ran out)."""
        fields: dict[str, Any] = {"content": drawn.content, "attachments": drawn.files(), "view": drawn.view}
        if watcher.channel_id is not None:
            await self.sender.edit(table.id, watcher.channel_id, watcher.message_id, **fields)
            return True
        if watcher.token is None or self.clock() - (watcher.token_at or 0.0) > TOKEN_LIFE:
            return False
        fields["content"] = f"{PANEL_HERE}\n{drawn.content}"
        await self.sender.edit_by_token(table.id, watcher.token, watcher.message_id, **fields)
        return True

    # ------------------------------------------------------------------ keeping and taking up

    async def resume(self, table_ids: Iterable[int] | None = None) -> None:
        """Take up the stored watchers (after a start, or at tables taken over from another process) and
        bring their panels up to date."""
        for watcher in await load_watchers(self.storage, table_ids):
            self.watchers.setdefault(watcher.table_id, {})[watcher.user_id] = watcher
        for table_id in [t for t, watching in self.watchers.items() if watching]:
            if table_ids is not None and table_id not in set(table_ids):
                continue
            table = self.tables.table(table_id) or await self.tables.find(table_id, ended_too=True)
            if table is None:
                await self._forget(table_id, list(self.watchers[table_id]))
            elif self.tables.owns(table_id):
                self.follow(table)

    def drop(self, table_ids: Iterable[int]) -> None:
        """Another process shows these tables now: let their watch panels go (they stay stored)."""
        for table_id in table_ids:
            self.watchers.pop(table_id, None)
            self.dirty.pop(table_id, None)
            task = self.following.pop(table_id, None)
            if task is not None:
                task.cancel()

    async def _read(self, table_id: int) -> None:
        """With a shared database, take the table's watchers as stored now (another process may have
        answered a `Watch` or a `Stop watching`)."""
        if self.shared:
            stored = {w.user_id: w for w in await load_watchers(self.storage, [table_id])}
            if stored:
                self.watchers[table_id] = stored
            else:
                self.watchers.pop(table_id, None)

    async def _forget(self, table_id: int, user_ids: list[int]) -> None:
        watching = self.watchers.get(table_id, {})
        for user in user_ids:
            watching.pop(user, None)
            self.shown.pop((table_id, user), None)
        if not watching:
            self.watchers.pop(table_id, None)
        await drop_watchers(self.storage, table_id, user_ids)

    async def _dm_channel(self, table: Table, user_id: int) -> int:
        """The DM channel with a user (stored the first time it is opened)."""
        channel_id = await self.storage.dm_channel(user_id)
        if channel_id is None:
            channel_id = await self.sender.open_dm(table.id, user_id)
            await self.storage.set_dm_channel(user_id, channel_id)
        return channel_id
