"""Sends what the presenter decided: the table message in the channel, private hands and turn controls in
DMs, posts in the channel. It edits the table message through the channel (never through an interaction
token, which dies after 15 minutes), DMs each human their hand, sends turn controls to the player whose
turn it is and edits them away once the turn has passed. Sends Discord refuses for a moment (429, 5xx)
are kept and tried again by `retry_failed`.
"""

from __future__ import annotations

import io
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from . import presenter, render
from .buttons import view_of
from .presenter import CloseTurn, Direct, Post, Screen, SendPrivate, SyncTable, Work
from .storage import Storage
from .tables import Table, TableEvent, TableService

log = logging.getLogger(__name__)
REPLY_EDITABLE_FOR = 14 * 60  # seconds: interaction tokens die after 15 minutes
RETRY_LIMIT = 30  # tries of a refused send (one every few seconds) before giving up on it
NO_MENTIONS = discord.AllowedMentions.none()


def transient(error: discord.HTTPException) -> bool:
    """A refusal worth trying again: rate limited, or Discord's own trouble."""
    return error.status == 429 or error.status >= 500


@dataclass
class Drawn:
    """A screen ready to send: its text, its picture drawn, and its buttons as a view (None: no buttons)."""

    content: str
    picture: bytes | None = None
    filename: str = "table.png"
    view: discord.ui.View | None = None

    def file(self) -> discord.File | None:
        """The picture as an attachment."""
        return None if self.picture is None else discord.File(io.BytesIO(self.picture), filename=self.filename)

    def extras(self) -> dict[str, Any]:
        """Keyword arguments for a send: the picture and the buttons, leaving out whichever is absent."""
        extras: dict[str, Any] = {}
        file = self.file()
        if file is not None:
            extras["file"] = file
        if self.view is not None:
            extras["view"] = self.view
        return extras


async def draw(screen: Screen) -> Drawn:
    """Draw a screen's picture (off the event loop) and build its view."""
    picture = None
    if screen.picture is not None:
        picture = await render.draw(screen.picture.renderer, screen.picture.scene)
    filename = screen.picture.filename if screen.picture is not None else "table.png"
    return Drawn(screen.text, picture, filename, view_of(screen.buttons) if screen.buttons else None)


@dataclass
class PendingPost:
    """A channel post Discord refused for a moment, kept to send again (hand summaries and notices matter
    as much as the table message)."""

    table_id: int
    channel_id: int
    text: str
    picture: bytes | None = None
    mention: int | None = None
    attempts: int = 0


@dataclass
class Delivery:
    """Shows tables on Discord; the table service's listener."""

    client: discord.Client
    storage: Storage
    service: TableService | None = None  # handed in once the service exists (it needs us as its listener)
    turn_messages: dict[tuple[int, int], discord.Message] = field(default_factory=dict)
    # The latest private `My hand` reply carrying a player's controls, editable through its interaction.
    private_replies: dict[tuple[int, int], tuple[discord.Interaction, float]] = field(default_factory=dict)
    # Sends Discord refused for a moment (429, 5xx): the game state is saved; these are tried again.
    stale_tables: dict[int, int] = field(default_factory=dict)  # table id -> attempts so far
    stale_privates: dict[tuple[int, int], int] = field(default_factory=dict)  # (table id, seat) -> attempts
    pending_posts: list[PendingPost] = field(default_factory=list)  # channel posts to send again, oldest first

    def remember_private_reply(self, table: Table, seat: int, interaction: discord.Interaction) -> None:
        """Remember a `My hand` reply with controls, to take them away when the turn passes."""
        self.private_replies[(table.id, seat)] = (interaction, time.monotonic())

    # ------------------------------------------------------------------ events

    async def on_table_event(self, table: Table, event: TableEvent) -> None:
        """Show one change at a table (called in order, with the table's lock held)."""
        for work in presenter.plan(table, event):
            await self.do(table, work)

    async def do(self, table: Table, work: Work) -> None:
        """Carry out one piece of the presenter's plan."""
        if isinstance(work, SyncTable):
            await self.update_table_message(table)
        elif isinstance(work, SendPrivate):
            await self.send_private(table, work.seat, fresh_deal=work.fresh_deal)
        elif isinstance(work, CloseTurn):
            await self.close_turn(table, work.seat, work.note)
        elif isinstance(work, Post):
            picture = None
            if work.hand_no is not None:
                screen = presenter.hand_over_screen(table, work.hand_no)
                assert screen.picture is not None
                picture = await render.draw(screen.picture.renderer, screen.picture.scene)
            await self.post(PendingPost(table.id, table.channel_id, work.text, picture, work.mention))
        elif isinstance(work, Direct):
            await self.direct(table, work.seat, work.text)

    async def notice(self, table: Table, text: str, *, mention: int | None = None) -> None:
        """Post one line in the table's channel (mentioning only `mention`, if given)."""
        await self.post(PendingPost(table.id, table.channel_id, text, mention=mention))

    async def post(self, post: PendingPost) -> None:
        """Send a channel post; one Discord refuses for a moment is queued for `retry_failed`."""
        allowed = discord.AllowedMentions(users=[discord.Object(post.mention)]) if post.mention else NO_MENTIONS
        files = [] if post.picture is None else [discord.File(io.BytesIO(post.picture), filename="hand.png")]
        try:
            await self.client.get_partial_messageable(post.channel_id).send(
                post.text, files=files, allowed_mentions=allowed
            )
        except discord.HTTPException as error:
            if transient(error) and post.attempts < RETRY_LIMIT:
                post.attempts += 1
                self.pending_posts.append(post)
                log.warning("table %s: could not post in its channel (%s); will try again", post.table_id,
                            error.status)
            else:
                log.warning("table %s: could not post in its channel (%s)", post.table_id, error.status)

    async def direct(self, table: Table, seat: int, text: str) -> None:
        """DM one line to a seat's player, if their DMs are open."""
        row = table.seats.get(seat)
        if row is None or row.user_id is None or row.dm_closed:
            return
        try:
            user = self.client.get_user(row.user_id) or await self.client.fetch_user(row.user_id)
            await user.send(text)
        except discord.HTTPException:
            log.info("table %s: could not DM seat %s", table.id, seat)

    # ------------------------------------------------------------------ table message

    async def update_table_message(self, table: Table, *, strict: bool = False) -> None:
        """Edit the table message in place (re-posting it if it was deleted). If Discord refuses, the
        message is tried again by `retry_failed` (or, with `strict`, the error is raised to the caller)."""
        try:
            await self._update_table_message(table)
        except discord.HTTPException as error:
            if strict:
                raise
            log.warning("table %s: could not update the table message (%s); will try again", table.id, error.status)
            self.stale_tables[table.id] = self.stale_tables.get(table.id, 0) + 1
        else:
            self.stale_tables.pop(table.id, None)

    async def retry_failed(self) -> None:
        """Send again what Discord refused earlier: channel posts, table messages, then turn controls."""
        assert self.service is not None
        posts, self.pending_posts = self.pending_posts, []
        for post in posts:
            await self.post(post)
        for table_id, attempts in list(self.stale_tables.items()):
            table = self.service.table(table_id)
            if table is None or attempts > RETRY_LIMIT:
                self.stale_tables.pop(table_id, None)
                continue
            async with self.service.lock(table):
                await self.update_table_message(table)
        for (table_id, seat), attempts in list(self.stale_privates.items()):
            self.stale_privates.pop((table_id, seat), None)
            table = self.service.table(table_id)
            if table is None or attempts > RETRY_LIMIT:
                continue
            async with self.service.lock(table):
                if table.human_turn() == seat:
                    await self.send_private(table, seat, attempt=attempts + 1)

    async def _update_table_message(self, table: Table) -> None:
        assert self.service is not None
        drawn = await draw(presenter.table_screen(table))
        content, view = drawn.content, drawn.view
        channel = self.client.get_partial_messageable(table.channel_id)
        if table.message_id is not None:
            message = channel.get_partial_message(table.message_id)
            try:
                await self._with_picture_or_without(
                    drawn.picture, lambda files: message.edit(content=content, attachments=files, view=view,
                                                              allowed_mentions=NO_MENTIONS)
                )
                return
            except discord.NotFound:
                log.info("table %s: its message is gone; posting a new one", table.id)
        extras: dict[str, Any] = {} if view is None else {"view": view}
        sent = await self._with_picture_or_without(
            drawn.picture, lambda files: channel.send(content, files=files, allowed_mentions=NO_MENTIONS, **extras)
        )
        await self.service.set_message(table, sent.id)

    @staticmethod
    async def _with_picture_or_without(picture: bytes | None, send: Callable[[list[discord.File]], Awaitable[Any]]) -> Any:
        """Send with the picture; if Discord refuses it (no Attach Files permission), send the text alone."""
        if picture is None:
            return await send([])
        try:
            return await send([discord.File(io.BytesIO(picture), filename="table.png")])
        except discord.Forbidden:
            log.warning("not allowed to attach pictures here; sending text only")
            return await send([])

    # ------------------------------------------------------------------ private messages

    async def private(self, table: Table, seat: int) -> Drawn:
        """A player's hand picture with, on their turn, their controls."""
        return await draw(presenter.private_screen(table, seat))

    async def send_private(self, table: Table, seat: int, *, fresh_deal: bool = False, attempt: int = 0) -> None:
        """DM a player their hand (and controls on their turn); note closed DMs on the table. A DM Discord
        refuses for a moment (429, 5xx) is tried again by `retry_failed` if it carried controls."""
        row = table.seats[seat]
        if row.user_id is None:
            return
        if row.dm_closed and not fresh_deal:
            return
        message = await self.private(table, seat)
        await self.close_turn(table, seat, None)
        try:
            user = self.client.get_user(row.user_id) or await self.client.fetch_user(row.user_id)
            sent = await user.send(message.content, **message.extras())
        except (discord.Forbidden, discord.NotFound):
            if not row.dm_closed:
                row.dm_closed = True
                await self.storage.set_dm_closed(table.id, seat, True)
            return
        except discord.HTTPException as error:
            log.warning("table %s: could not DM seat %s (%s); will try again", table.id, seat, error.status)
            if message.view is not None:
                self.stale_privates[(table.id, seat)] = attempt
            return
        if row.dm_closed:
            row.dm_closed = False
            await self.storage.set_dm_closed(table.id, seat, False)
        if message.view is not None:
            self.turn_messages[(table.id, seat)] = sent
            row.turn_channel_id, row.turn_message_id = sent.channel.id, sent.id
            await self.storage.set_turn_message(table.id, seat, sent.channel.id, sent.id)

    async def close_turn(self, table: Table, seat: int, note: str | None) -> None:
        """Take the controls off a player's last turn DM and `My hand` reply (they no longer apply)."""
        reply = self.private_replies.pop((table.id, seat), None)
        if reply is not None and time.monotonic() - reply[1] < REPLY_EDITABLE_FOR:
            try:
                await reply[0].edit_original_response(view=None)
            except discord.HTTPException:
                log.info("table %s: could not tidy seat %s's My hand reply", table.id, seat)
        sent = self.turn_messages.pop((table.id, seat), None)
        row = table.seats.get(seat)
        stored = row is not None and row.turn_message_id is not None
        if sent is None and not stored:
            return
        try:
            if sent is not None:
                header = sent.content.split("\n")[0]
                content = sent.content if note is None else f"{header}\n{note}"
                await sent.edit(content=content, view=None)
            else:  # sent before a restart: only its id survived
                assert row is not None and row.turn_channel_id is not None and row.turn_message_id is not None
                partial = self.client.get_partial_messageable(row.turn_channel_id).get_partial_message(row.turn_message_id)
                await partial.edit(view=None)
        except discord.HTTPException:
            log.info("table %s: could not tidy seat %s's controls", table.id, seat)
        if stored and row is not None:
            row.turn_channel_id = row.turn_message_id = None
            await self.storage.set_turn_message(table.id, seat, None, None)
