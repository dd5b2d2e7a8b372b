"""Players' private panels: one message per player and table, in their DMs, with their hand and the game
as they may see it.

On their turn the panel comes anew (a notification) with their controls: as a follow-up of their last click
in their DMs while its token lives, else as a DM; the panel before it is deleted, through the interaction
that can still reach it when there is one. Between turns it is edited in place when something they should
see changed. DM channels are opened once and stored; a player whose DMs are closed is noted on the table
(the table message tells the channel to use `My hand`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any, Protocol

import discord

from bot.show import presenter
from bot.show.screens import Screen, SyncPanel
from bot.storage.rows import Panel
from bot.tables.model import Table

from ..buttons import draw
from .sender import Sender, transient
from .source import TableSource
from .tokens import Tokens

log = logging.getLogger(__name__)
Key = tuple[int, int]  # (table, user)


class PanelStore(Protocol):
    """Where panels and DM channels are kept across restarts (the bot's storage)."""

    async def panels(self, table_ids: Iterable[int] | None = None) -> list[Panel]:
        """Every stored panel (or those at these tables)."""

    async def save_panel(self, table_id: int, user_id: int, panel: Panel | None) -> None:
        """Keep a player's panel at a table (None: they have none)."""

    async def dm_channel(self, user_id: int) -> int | None:
        """The stored DM channel with a user, if any."""

    async def set_dm_channel(self, user_id: int, channel_id: int) -> None:
        """Keep the DM channel with a user."""


class Panels:
    """Every player's panel at every table this process shows."""

    def __init__(
        self,
        sender: Sender,
        tokens: Tokens,
        tables: TableSource,
        storage: PanelStore,
        clock: Callable[[], float] = time.time,
    ):
        self.sender = sender
        self.tokens = tokens
        self.tables = tables
        self.storage = storage
        self.clock = clock
        self.panels: dict[Key, Panel] = {}  # (table, user) -> their private panel there
        self.dm_channels: dict[int, int] = {}  # user -> DM channel id (also stored)

    async def load(self, table_ids: set[int] | None) -> None:
        """Take up the stored panels (after a start, or at tables just adopted from another process)."""
        self.panels.update({(p.table_id, p.user_id): p for p in await self.storage.panels(table_ids)})

    def clicked(self, table_id: int, user_id: int, channel_id: int, message_id: int | None) -> None:
        """The player clicked in their DMs (`message_id`), and the click takes its own controls off: the DM
        channel is learnt, and a panel clicked need not be redrawn for the move (the next one comes on
        their next turn)."""
        self.dm_channels[user_id] = channel_id
        panel = self.panels.get((table_id, user_id))
        if panel is not None and message_id is not None and panel.message_id == message_id:
            self.panels[(table_id, user_id)] = replace(panel, live_token=None)

    async def sync(self, table: Table, work: SyncPanel, asked: float | None = None) -> None:
        """Bring a player's panel at the table up to date (see `bot.show.screens.SyncPanel`). `asked`: when
        the work was asked for (a turn's panel is timed from then)."""
        key = (table.id, work.user_id)
        seat = table.seat_of(work.user_id)
        row = table.seats.get(seat) if seat is not None else None
        playing = table.status == "playing" and row is not None and table.hand is not None
        live = playing and table.human_turn() == seat
        await self._tidy_private_reply(key, table.token if live else None)
        if row is not None and row.dm_closed:
            return
        panel = self.panels.get(key)
        if live:
            assert seat is not None
            if panel is not None and panel.live_token == table.token and not work.renotify:
                return
            await self._new(
                table, key, presenter.private_screen(table, seat, work.note), table.token, panel, asked=asked
            )
            return
        if panel is None:
            if playing and work.fresh:  # the first hand: a panel to begin with
                assert seat is not None
                await self._new(table, key, presenter.private_screen(table, seat, work.note), None, None)
            return
        if panel.live_token is None and not work.fresh:
            return  # nothing they need to see changed (a move of theirs was answered by its click)
        if playing:
            assert seat is not None
            screen = presenter.private_screen(table, seat, work.note)
        else:
            screen = presenter.closed_private_screen(table, work.note)
        await self._edit(table, key, panel, screen)

    async def _dm_channel(self, table: Table, user_id: int) -> int:
        """The DM channel with a user: stored the first time it is opened, so later DMs cost one request."""
        channel_id = self.dm_channels.get(user_id)
        if channel_id is None:
            channel_id = await self.storage.dm_channel(user_id)
        if channel_id is None:
            channel_id = await self.sender.open_dm(table.id, user_id)
            await self.storage.set_dm_channel(user_id, channel_id)
        self.dm_channels[user_id] = channel_id
        return channel_id

    async def _new(
        self,
        table: Table,
        key: Key,
        screen: Screen,
        live_token: str | None,
        replacing: Panel | None,
        *,
        asked: float | None = None,
    ) -> None:
        """Send a panel as a new message (a notification): a follow-up of the player's last click in their
        DMs while its token lives, else a DM; then delete the panel it replaces. `asked`: when the turn it
        brings began (its time to go out is counted)."""
        user = key[1]
        drawn = await draw(screen, urgent=live_token is not None)  # a turn's controls: the player waits
        click = self.tokens.in_dms(user)
        sent: discord.Message | None = None
        via_token, via_at = None, None
        if click is not None:
            try:
                sent = await self.sender.follow_up_message(
                    table.id, click.interaction, drawn.content, **drawn.extras()
                )
                via_token, via_at = click.interaction.token, click.at
            except discord.HTTPException as error:
                log.info("table %s: no follow-up for %s (%s); sending a DM", table.id, user, error.status)
        if sent is None:
            channel_id = await self._dm_channel(table, user)
            try:
                sent = await self.sender.send(table.id, channel_id, drawn.content, **drawn.extras())
            except (discord.Forbidden, discord.NotFound):
                seat = table.seat_of(user)
                if seat is not None:
                    await self.tables.note_dm(table, seat, True)
                return
        if asked is not None:  # the player sees it now; keeping it and deleting the one before come after
            self.sender.turn_panel_out(time.monotonic() - asked)
        panel = Panel(
            table.id,
            user,
            sent.channel.id,
            sent.id,
            live_token if drawn.view is not None else None,
            via_token,
            via_at,
        )
        await self._keep(key, panel)
        if replacing is not None:
            await self._remove(table, replacing)

    async def _edit(self, table: Table, key: Key, panel: Panel, screen: Screen) -> None:
        """Edit a panel in place (no notification): through the player's last click on it, or the
        interaction it was sent through, while their tokens live; else through the DM channel. A panel
        Discord will not edit any more is sent anew."""
        drawn = await draw(screen)
        fields: dict[str, Any] = {"content": drawn.content, "attachments": drawn.files(), "view": drawn.view}
        click = self.tokens.on_panel(key[1], panel.message_id)
        try:
            if click is not None:
                await self.sender.edit_original(table.id, click.interaction, **fields)
            elif panel.via_token is not None and self.tokens.alive(panel.via_at):
                await self.sender.edit_by_token(table.id, panel.via_token, panel.message_id, **fields)
            else:
                await self.sender.edit(table.id, panel.channel_id, panel.message_id, **fields)
        except discord.HTTPException as error:
            if transient(error):
                raise
            log.info(
                "table %s: could not edit %s's panel (%s); sending it anew", table.id, key[1], error.status
            )
            await self._new(table, key, screen, table.token if drawn.view else None, panel)
            return
        await self._keep(key, replace(panel, live_token=table.token if drawn.view is not None else None))

    async def _remove(self, table: Table, panel: Panel) -> None:
        """Delete a panel that a newer one replaces (so the DMs do not fill up): through the player's last
        click on it or the interaction it was sent through while their tokens live, else through the DM
        channel. A panel that cannot be deleted stays (its controls are refused as out of date)."""
        click = self.tokens.on_panel(panel.user_id, panel.message_id)
        try:
            if click is not None:
                await self.sender.delete_original(table.id, click.interaction)
            elif panel.via_token is not None and self.tokens.alive(panel.via_at):
                await self.sender.delete_by_token(table.id, panel.via_token, panel.message_id)
            else:
                await self.sender.delete(table.id, panel.channel_id, panel.message_id)
        except discord.HTTPException as error:
            log.info(
                "table %s: could not delete an old panel of %s (%s)", table.id, panel.user_id, error.status
            )

    async def _tidy_private_reply(self, key: Key, live_token: str | None) -> None:
        """Take controls off the player's latest `My hand` reply once they no longer apply."""
        click = self.tokens.outdated_reply(key, live_token)
        if click is not None:
            try:
                await self.sender.edit_original(key[0], click.interaction, view=None)
            except discord.HTTPException:
                log.info("table %s: could not tidy a My hand reply", key[0])

    async def forget(self, table_id: int) -> None:
        """The table is over and shown: its panels are let go of, here and in storage (the messages stay
        in the players' DMs as the game's last word)."""
        for key in [key for key in self.panels if key[0] == table_id]:
            await self._keep(key, None)

    async def _keep(self, key: Key, panel: Panel | None) -> None:
        if panel is None:
            self.panels.pop(key, None)
        else:
            self.panels[key] = panel
        await self.storage.save_panel(key[0], key[1], panel)
