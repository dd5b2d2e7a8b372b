"""The table's channel: its table message (posted, edited, posted anew), each finished hand's summary, and
the notices posted there.

A click on the table message (a seat taken, a computer added, Start) shows its change at once, through its
own interaction. The edits nobody clicked (computers' moves, timers) go through the last click on it while
that click's token lives (outside the global limit), else through the channel, no more often than the edit
gap (the states between are skipped). No state older than the one shown ever goes out after it
(`shown.Shown`). The table message is posted anew before it is an hour old (Discord refuses edits of older
messages, error 30046), when it was deleted, or after a hand's summary took its place.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from functools import partial
from typing import Any

import discord

from bot.show import presenter
from bot.show.screens import Post, Screen, Summary
from bot.tables.model import Table

from ..buttons import Drawn, draw
from .sender import NO_MENTIONS, Gate, Limits, Sender, transient
from .shown import Key, Shown
from .source import TableSource
from .tokens import Click, Tokens

log = logging.getLogger(__name__)
REPOST_AFTER = 50 * 60  # seconds: the table message is posted anew before Discord stops edits at an hour
OLD_MESSAGE_EDITS = 30046  # Discord's error: too many edits to messages older than an hour


class TableMessage:
    """Shows a table in its channel. `stamps(table_id)` is how many events the table has published so far:
    the table message remembers the stamp it shows, so a sync asked for before that is skipped."""

    def __init__(
        self,
        sender: Sender,
        tokens: Tokens,
        tables: TableSource,
        stamps: Callable[[int], int],
        limits: Limits,
        clock: Callable[[], float] = time.time,
    ):
        self.sender = sender
        self.tokens = tokens
        self.tables = tables
        self.stamps = stamps
        self.limits = limits
        self.clock = clock
        self.shown = Shown()  # the stamp each table message shows, under (table, None)
        self.last_edit: dict[int, float] = {}  # table -> when its table message was last edited (paced)
        # table -> set once the table message being posted has its id recorded: a click can reach the bot
        # on a new message before Discord's answer to the post has (see `clicked`)
        self.posting: dict[int, asyncio.Event] = {}

    def old(self, table: Table) -> bool:
        """Whether the table message is old enough to be posted anew rather than edited."""
        return table.message_posted_at is not None and self.clock() - table.message_posted_at >= REPOST_AFTER

    def forget(self, table_id: int) -> None:
        """The table is over and its channel lane done: let go of what was kept for showing it."""
        self.shown.forget(_key(table_id))
        self.shown.locks.pop(_key(table_id), None)
        self.last_edit.pop(table_id, None)
        self.tokens.forget_table_click(table_id)

    @asynccontextmanager
    async def clicked(self, table: Table, interaction: discord.Interaction) -> AsyncIterator[None]:
        """A click on the table message, acknowledged: hold the message while the click's change is made
        (the body), then show the table as it stands on the message clicked, through the click's own
        interaction (no budget, no gap). A change refused (the body raises) shows nothing. The click is
        remembered: the table message's next edits can go through it while its token lives."""
        key = _key(table.id)
        message = interaction.message
        if message is not None and message.id != table.message_id and table.id in self.posting:
            # Clicked on the table message being posted, before its id was recorded (a `Rematch` the moment
            # the finished game's message shows): wait for it, or the click would not be shown through it.
            await self.posting[table.id].wait()
        self.tokens.clicked_table(table, interaction)
        async with self.shown.lock(key):
            yield
            if message is None or message.id != table.message_id:
                return  # not the table message any more (a summary took its place): the lane shows it
            stamp, screen = self.stamps(table.id), presenter.table_screen(table)
            drawn = await draw(screen, clicked=True)  # the clicker waits for it
            try:
                await self.sender.edit_original(
                    table.id,
                    interaction,
                    content=drawn.content,
                    attachments=drawn.files(),
                    view=drawn.view,
                    allowed_mentions=NO_MENTIONS,
                )
            except discord.HTTPException as error:
                log.info("table %s: could not show a click through it (%s)", table.id, error.status)
                return
            self.shown.mark(key, stamp)

    async def bring_up_to_date(self, table: Table, stamp: int, summary_next: Callable[[], bool]) -> None:
        """Show the table's current state unless its message already shows `stamp` or later (a click on
        it that is being answered shows it itself). `summary_next`: whether a hand's summary is queued to
        take the table message's place (then the message is left to it)."""
        await self.shown.settled(_key(table.id))
        if table.message_id is None or not self.shown.shows(_key(table.id), stamp):
            await self.sync(table, summary_next)

    async def sync(self, table: Table, summary_next: Callable[[], bool] = lambda: False) -> None:
        """Show the table's current state on its table message: edit it (through the last click on it while
        its token lives, else through the channel, no more often than the edit gap), post it anew when
        it is nearly an hour old or Discord refuses to edit it, or post it if there is none (or it was
        deleted). Errors are raised to the caller."""
        key = _key(table.id)
        if table.message_id is not None and not self.old(table):
            playing = sum(1 for other in self.tables.tables.values() if other.status == "playing")
            gap = self.limits.edit_gap(playing) - (time.monotonic() - self.last_edit.get(table.id, 0.0))
            if gap > 0:
                await asyncio.sleep(gap)  # later states merge into this edit meanwhile
            if self.shown.shows(key, self.stamps(table.id)):
                return  # a click showed the latest state meanwhile
            if summary_next():
                # The hand ended meanwhile: its summary takes this message, and the table is posted below it.
                # Shown here first, the table's later state (a game's end and its `Rematch`) would flash on
                # a message about to become the summary, and a click on it would show nowhere.
                return
            click = self.tokens.on_table_message(table.id, table.message_id)
            # Drawn before the budget's room is taken, so the request goes out as soon as it is granted: room
            # taken first and spent only after a wait in the pictures' queue let requests planned a second apart
            # reach Discord together (global 429s at 200 tables). A state that moves on meanwhile has a later
            # SyncTable of its own (the stamp drawn is the one marked shown).
            stamp, drawn = self.stamps(table.id), await draw(presenter.table_screen(table))
            try:
                await self._edit(table, drawn, click, partial(self.shown.gate, key, stamp))
                return
            except discord.NotFound:
                log.info("table %s: its message is gone; posting a new one", table.id)
                await self.tables.set_message(table, None)
            except discord.HTTPException as error:
                if error.code != OLD_MESSAGE_EDITS:
                    raise
                log.info(
                    "table %s: Discord refuses more edits of its old message; posting a new one", table.id
                )
        stamp, drawn = self.stamps(table.id), await draw(presenter.table_screen(table))
        old = table.message_id
        await self._post_table_message(table, drawn)
        self.shown.mark(key, stamp)
        if old is not None:
            await self.sender.delete(table.id, table.channel_id, old)

    async def post(self, table: Table, post: Post) -> None:
        """A post in the table's channel; one Discord refuses for good is logged and dropped."""
        allowed = (
            discord.AllowedMentions(users=[discord.Object(post.mention)]) if post.mention else NO_MENTIONS
        )
        drawn = await draw(Screen(post.text, post.picture, post.buttons))
        try:
            await self.sender.send(
                table.id,
                table.channel_id,
                drawn.content,
                files=drawn.files(),
                allowed_mentions=allowed,
                **({"view": drawn.view} if drawn.view is not None else {}),
            )
        except discord.HTTPException as error:
            if transient(error):
                raise
            log.warning("table %s: could not post in its channel (%s)", table.id, error.status)

    async def summary(self, table: Table, work: Summary) -> None:
        """A finished hand's summary: the table message becomes it (one edit), and the next table message
        is posted below it. If it cannot be edited, the summary is posted, and the old table message goes."""
        drawn = await draw(Screen(work.text, work.picture, work.buttons))
        old = table.message_id
        self.sender.hand_over(table.id)
        if old is not None and not self.old(table):
            try:
                # under the message's lock: a click being shown on it goes first, none after
                click = self.tokens.on_table_message(table.id, old)
                await self._edit(table, drawn, click, partial(self.shown.holding, _key(table.id)))
                await self.tables.set_message(table, None)
                self.shown.forget(_key(table.id))
                return
            except discord.HTTPException as error:
                if transient(error):
                    raise
                log.info(
                    "table %s: could not turn the table message into the summary (%s)", table.id, error.status
                )
        await self._send(table, drawn)
        if old is not None:
            await self.tables.set_message(table, None)
            self.shown.forget(_key(table.id))
            await self.sender.delete(table.id, table.channel_id, old)

    async def _edit(self, table: Table, drawn: Drawn, click: Click | None, gate: Gate) -> None:
        """Edit the table message through `click` if given (falling back to the channel), else through the
        channel; `gate` lets it go once it is about to be sent (see `shown.Shown.gate`)."""
        assert table.message_id is not None
        message_id = table.message_id
        if click is not None:
            try:
                async with gate() as wanted:
                    if wanted:
                        await self.sender.edit_original(
                            table.id,
                            click.interaction,
                            content=drawn.content,
                            attachments=drawn.files(),
                            view=drawn.view,
                            allowed_mentions=NO_MENTIONS,
                        )
                self.last_edit[table.id] = time.monotonic()
                return
            except discord.HTTPException as error:
                log.info(
                    "table %s: could not edit through the click (%s); using the channel",
                    table.id,
                    error.status,
                )
                self.tokens.forget_table_click(table.id)

        def edit(files: list[discord.File]) -> Awaitable[bool]:
            return self.sender.edit(
                table.id,
                table.channel_id,
                message_id,
                gate=gate,
                content=drawn.content,
                attachments=files,
                view=drawn.view,
                allowed_mentions=NO_MENTIONS,
            )

        await _with_picture_or_without(drawn.picture, edit)
        self.last_edit[table.id] = time.monotonic()

    async def _post_table_message(self, table: Table, drawn: Drawn) -> None:
        posted = self.posting[table.id] = asyncio.Event()
        try:
            sent = await self._send(table, drawn)
            await self.tables.set_message(table, sent.id, self.clock())
            self.tokens.forget_table_click(table.id)
        finally:
            if self.posting.get(table.id) is posted:
                del self.posting[table.id]
            posted.set()

    async def _send(self, table: Table, drawn: Drawn) -> discord.Message:
        """A new message in the table's channel, mentioning nobody."""
        extras: dict[str, Any] = {} if drawn.view is None else {"view": drawn.view}
        return await _with_picture_or_without(
            drawn.picture,
            lambda files: self.sender.send(
                table.id, table.channel_id, drawn.content, files=files, allowed_mentions=NO_MENTIONS, **extras
            ),
        )


async def _with_picture_or_without(
    picture: bytes | None, send: Callable[[list[discord.File]], Awaitable[Any]]
) -> Any:
    """Send with the picture; if Discord refuses it (no Attach Files permission), send the text alone."""
    if picture is None:
        return await send([])
    try:
        return await send([discord.File(io.BytesIO(picture), filename="table.png")])
    except discord.Forbidden:
        log.warning("not allowed to attach pictures here; sending text only")
        return await send([])


def _key(table_id: int) -> Key:
    """The table message's key among the messages shown."""
    return (table_id, None)
