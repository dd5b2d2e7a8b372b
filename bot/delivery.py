"""Delivery: brings each table's Discord messages up to date with the table, in the background.

The table service stores every change together with its events (the table's outbox) and publishes them
here without waiting. Each event becomes work (`bot.presenter.plan`) on a *lane*: one lane for a table's
channel (the table message and its posts) and one per player for their private messages at that table.
A lane carries out its work in order, in a task of its own, so the game never waits for Discord and one
slow channel holds up nothing else. Work that only brings a message up to date (`SyncTable`,
`SyncPanel`) is merged with a later one of the same kind: intermediate states may be skipped, the latest
never is. Posts are never skipped. An event leaves the outbox once all of its work is done; after a
restart, whatever was left is carried out again (`resume`), so a `kill -9` loses no post and leaves no
message stale. Work Discord refuses for a moment (429, 5xx) waits on its lane for the next `tick`.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

import discord

from . import messages, presenter, render
from .buttons import view_of
from .presenter import Direct, Post, Screen, SyncPanel, SyncTable, Work
from .storage import Panel, Storage
from .tables import Table, TableService
from .tables.events import from_payload
from .tables.service import Published

log = logging.getLogger(__name__)
REPLY_EDITABLE_FOR = 14 * 60  # seconds: interaction tokens die after 15 minutes
RETRY_LIMIT = 30  # tries of a refused send (one every tick) before giving up on it
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

    def files(self) -> list[discord.File]:
        """The picture as a list of attachments (empty without one)."""
        return [] if self.picture is None else [discord.File(io.BytesIO(self.picture), filename=self.filename)]

    def extras(self) -> dict[str, Any]:
        """Keyword arguments for a send: the picture and the buttons, leaving out whichever is absent."""
        extras: dict[str, Any] = {}
        if self.picture is not None:
            extras["files"] = self.files()
        if self.view is not None:
            extras["view"] = self.view
        return extras


async def draw(screen: Screen) -> Drawn:
    """Draw a screen's picture (off the event loop) and build its view."""
    if screen.picture is None:
        return Drawn(screen.text, view=view_of(screen.buttons) if screen.buttons else None)
    picture = await render.draw(screen.picture.renderer, screen.picture.scene)
    return Drawn(screen.text, picture, screen.picture.filename, view_of(screen.buttons) if screen.buttons else None)


@dataclass
class Item:
    """One piece of work on a lane, and the outbox events it carries out."""

    work: Work
    seqs: set[int] = field(default_factory=set)
    attempts: int = 0


@dataclass
class Lane:
    """Work for one table's channel (`user_id` None) or one player's private messages at a table."""

    table_id: int
    user_id: int | None
    items: deque[Item] = field(default_factory=deque)
    task: asyncio.Task | None = None
    waiting: bool = False  # Discord refused the first item for a moment: it waits for the next tick

    @property
    def busy(self) -> bool:
        """True while the lane's task runs."""
        return self.task is not None and not self.task.done()


class Refused(Exception):
    """Discord refused a send for a moment: the item stays first on its lane."""


class Delivery:
    """Shows tables on Discord, in the background; the table service's listener."""

    def __init__(self, client: discord.Client, storage: Storage, clock: Callable[[], float] = time.time):
        self.client = client
        self.storage = storage
        self.clock = clock
        self.service: TableService | None = None  # handed in once the service exists (it needs us first)
        self.lanes: dict[tuple[int, int | None], Lane] = {}
        self.outstanding: dict[int, int] = {}  # outbox event -> pieces of its work not yet done
        self.seen: dict[int, int] = {}  # table -> the last outbox event taken (events come in order per table)
        self.panels: dict[tuple[int, int], Panel] = {}  # (table, user) -> their private message there
        self.dm_channels: dict[int, int] = {}  # user -> DM channel id (also stored)
        # The latest private `My hand` reply carrying a player's controls, editable through its interaction:
        # (table, user) -> (interaction, when, the game moment its controls are for).
        self.private_replies: dict[tuple[int, int], tuple[discord.Interaction, float, str]] = {}
        self._forgetting: set[asyncio.Task] = set()

    # ------------------------------------------------------------------ taking work

    def publish(self, table: Table, events: list[Published]) -> None:
        """Plan the messages these stored events change and start their lanes (never waits); an event
        already taken is not taken twice."""
        for published in events:
            if published.seq <= self.seen.get(table.id, 0):
                continue
            self.seen[table.id] = published.seq
            self._enqueue(table, presenter.plan(table, published.event), published.seq)

    def drop(self, table_ids: Iterable[int]) -> None:
        """Another process runs these tables now: stop showing them (what is left stays in the outbox)."""
        for key, lane in list(self.lanes.items()):
            if key[0] in table_ids:
                if lane.task is not None:
                    lane.task.cancel()
                del self.lanes[key]
        for table_id in table_ids:
            self.seen.pop(table_id, None)

    def show(self, table: Table, work: list[Work]) -> None:
        """Queue work that no stored event asked for (checks after a restart)."""
        self._enqueue(table, work, None)

    def _enqueue(self, table: Table, work: list[Work], seq: int | None) -> None:
        if seq is not None:
            if not work:  # nothing to show (e.g. "started": the deal that follows shows it)
                self._forget_soon({seq})
                return
            self.outstanding[seq] = len(work)
        for piece in work:
            user = piece.user_id if isinstance(piece, SyncPanel | Direct) else None
            lane = self.lanes.get((table.id, user))
            if lane is None:
                lane = self.lanes[(table.id, user)] = Lane(table.id, user)
            lane.items.append(Item(piece, {seq} if seq is not None else set()))
            self._kick(lane)

    def _kick(self, lane: Lane) -> None:
        if not lane.busy and not lane.waiting and lane.items:
            lane.task = asyncio.get_running_loop().create_task(
                self._drain(lane), name=f"table-{lane.table_id}-lane-{lane.user_id or 'channel'}"
            )

    def pending(self) -> dict[tuple[int, int | None], int]:
        """Lanes with work waiting for a retry, and how many tries their first item has had."""
        return {key: lane.items[0].attempts for key, lane in self.lanes.items() if lane.waiting and lane.items}

    async def tick(self) -> None:
        """Start again every lane that waits because Discord refused a send for a moment."""
        for lane in list(self.lanes.values()):
            if lane.waiting:
                lane.waiting = False
                self._kick(lane)

    async def idle(self) -> None:
        """Wait until no lane is running."""
        while busy := [lane.task for lane in self.lanes.values() if lane.busy and lane.task is not None]:
            await asyncio.gather(*busy, return_exceptions=True)

    async def stop(self, grace: float) -> None:
        """A clean stop: give the lanes `grace` seconds to finish, then stop them (their work stays in the
        outbox for the next start)."""
        try:
            await asyncio.wait_for(self.idle(), timeout=grace)
        except TimeoutError:
            for lane in self.lanes.values():
                if lane.task is not None:
                    lane.task.cancel()
            await asyncio.gather(*(lane.task for lane in self.lanes.values() if lane.task), return_exceptions=True)

    # ------------------------------------------------------------------ carrying it out

    async def _drain(self, lane: Lane) -> None:
        """Carry out a lane's work in order, merging syncs with later ones of their kind."""
        while lane.items:
            if self.service is not None and not self.service.owns(lane.table_id):
                lane.items.clear()  # another process runs the table now; the outbox keeps what is left for it
                return
            item = lane.items[0]
            later = next((other for other in list(lane.items)[1:] if _merges(item.work, other.work)), None)
            if later is not None:
                lane.items.popleft()
                later.seqs |= item.seqs
                later.work = _merged(item.work, later.work)
                continue
            try:
                await self._carry_out(lane, item.work)
            except Refused:
                item.attempts += 1
                if item.attempts <= RETRY_LIMIT:
                    lane.waiting = True
                    return
                log.warning("table %s: giving up on %s after %d tries", lane.table_id, item.work, item.attempts)
            except Exception:
                log.exception("table %s: showing %s failed", lane.table_id, item.work)
            lane.items.popleft()
            await self._shown(item.seqs)

    async def _shown(self, seqs: set[int]) -> None:
        """One piece of work of each of these events is done; forget the events whose work is all done."""
        finished = set()
        for seq in seqs:
            self.outstanding[seq] = self.outstanding.get(seq, 1) - 1
            if self.outstanding[seq] <= 0:
                del self.outstanding[seq]
                finished.add(seq)
        if finished:
            await self.storage.events_shown(finished)

    def _forget_soon(self, seqs: set[int]) -> None:
        """Take events with nothing to show out of the outbox, in the background."""
        task = asyncio.get_running_loop().create_task(self.storage.events_shown(seqs))
        self._forgetting.add(task)
        task.add_done_callback(self._forgetting.discard)

    async def _carry_out(self, lane: Lane, work: Work) -> None:
        assert self.service is not None
        table = self.service.table(lane.table_id)
        if table is None:
            return
        try:
            if isinstance(work, SyncTable):
                await self.sync_table(table)
            elif isinstance(work, Post):
                await self._post(table, work)
            elif isinstance(work, SyncPanel):
                await self._sync_panel(table, work)
            elif isinstance(work, Direct):
                await self._direct(table, work)
        except discord.HTTPException as error:
            if transient(error):
                log.warning("table %s: Discord refused %s for a moment (%s); will try again", table.id,
                            type(work).__name__, error.status)
                raise Refused from error
            raise

    # ------------------------------------------------------------------ the channel

    async def _post(self, table: Table, post: Post) -> None:
        """A post in the table's channel; one Discord refuses for good is logged and dropped."""
        allowed = discord.AllowedMentions(users=[discord.Object(post.mention)]) if post.mention else NO_MENTIONS
        drawn = await draw(Screen(post.text, post.picture, post.buttons))
        try:
            await self.client.get_partial_messageable(table.channel_id).send(
                drawn.content, files=drawn.files(), allowed_mentions=allowed,
                **({"view": drawn.view} if drawn.view is not None else {}),
            )
        except discord.HTTPException as error:
            if transient(error):
                raise
            log.warning("table %s: could not post in its channel (%s)", table.id, error.status)

    async def sync_table(self, table: Table) -> None:
        """Edit the table message to the table's current state (posting it if there is none, or if it was
        deleted). Errors are raised to the caller."""
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
        await self.service.set_message(table, sent.id, self.clock())

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

    def remember_private_reply(self, table: Table, user_id: int, interaction: discord.Interaction) -> None:
        """Remember a `My hand` reply with controls, to take them away when the turn passes."""
        self.private_replies[(table.id, user_id)] = (interaction, time.monotonic(), table.token)

    async def private(self, table: Table, seat: int) -> Drawn:
        """A player's hand picture with, on their turn, their controls."""
        return await draw(presenter.private_screen(table, seat))

    async def _dm_channel(self, user_id: int) -> discord.PartialMessageable:
        """The DM channel with a user: remembered (and stored) the first time, so later DMs cost one request."""
        channel_id = self.dm_channels.get(user_id)
        if channel_id is None:
            channel_id = await self.storage.dm_channel(user_id)
        if channel_id is None:
            channel = await self.client.create_dm(discord.Object(user_id))
            channel_id = channel.id
            await self.storage.set_dm_channel(user_id, channel_id)
        self.dm_channels[user_id] = channel_id
        return self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    async def _sync_panel(self, table: Table, work: SyncPanel) -> None:
        """Bring a player's private message at the table up to date: take away controls that no longer
        apply, and send a new message with controls when it is their turn (or `fresh` asks for one)."""
        assert self.service is not None
        key = (table.id, work.user_id)
        seat = table.seat_of(work.user_id)
        row = table.seats.get(seat) if seat is not None else None
        playing = table.status == "playing" and row is not None and table.hand is not None
        live = playing and table.human_turn() == seat
        await self._tidy_private_reply(key, table.token if live else None)
        panel = self.panels.get(key)
        if panel is not None and panel.live_token is not None and (not live or panel.live_token != table.token):
            await self._fold(table, panel, work.note)
            panel = replace(panel, live_token=None)
            await self._keep_panel(key, panel)
        if not playing or row is None or seat is None:
            return
        if not (live and (panel is None or panel.live_token != table.token)) and not work.fresh:
            return
        if row.dm_closed and not work.fresh:
            return
        drawn = await self.private(table, seat)
        try:
            sent = await (await self._dm_channel(work.user_id)).send(drawn.content, **drawn.extras())
        except (discord.Forbidden, discord.NotFound):
            await self.service.note_dm(table, seat, True)
            return
        if row.dm_closed:
            await self.service.note_dm(table, seat, False)
        await self._keep_panel(key, Panel(table.id, work.user_id, sent.channel.id, sent.id,
                                          table.token if drawn.view is not None else None))

    async def _fold(self, table: Table, panel: Panel, note: str | None) -> None:
        """Take the controls off a private message (they no longer apply), saying why if `note` is given."""
        message = self.client.get_partial_messageable(panel.channel_id).get_partial_message(panel.message_id)
        seat = table.seat_of(panel.user_id)
        try:
            if note is not None and seat is not None and table.hand is not None:
                await message.edit(content=f"{messages.private_header(table, seat)}\n{note}", view=None)
            elif note is not None:
                await message.edit(content=note, view=None)
            else:
                await message.edit(view=None)
        except discord.HTTPException as error:
            if transient(error):
                raise
            log.info("table %s: could not tidy %s's controls (%s)", table.id, panel.user_id, error.status)

    async def _tidy_private_reply(self, key: tuple[int, int], live_token: str | None) -> None:
        """Take controls off the player's latest `My hand` reply once they no longer apply."""
        reply = self.private_replies.get(key)
        if reply is None:
            return
        interaction, at, token = reply
        if live_token == token:
            return
        del self.private_replies[key]
        if time.monotonic() - at < REPLY_EDITABLE_FOR:
            try:
                await interaction.edit_original_response(view=None)
            except discord.HTTPException:
                log.info("table %s: could not tidy a My hand reply", key[0])

    async def _keep_panel(self, key: tuple[int, int], panel: Panel | None) -> None:
        if panel is None:
            self.panels.pop(key, None)
        else:
            self.panels[key] = panel
        await self.storage.save_panel(key[0], key[1], panel)

    async def _direct(self, table: Table, work: Direct) -> None:
        """DM one line to a player, if their DMs are open."""
        seat = table.seat_of(work.user_id)
        if seat is not None and table.seats[seat].dm_closed:
            return
        try:
            await (await self._dm_channel(work.user_id)).send(work.text)
        except discord.HTTPException as error:
            if transient(error):
                raise
            log.info("table %s: could not DM %s", table.id, work.user_id)

    # ------------------------------------------------------------------ after a restart

    async def resume(self, table_ids: Iterable[int] | None = None) -> None:
        """Carry out what the outbox still holds, then make sure every open table shows its message and
        the player on turn has live controls (no-ops when they already do): at every table this process
        runs (after a start), or at these tables (just adopted from a process that stopped)."""
        assert self.service is not None
        only = None if table_ids is None else set(table_ids)
        panels = await self.storage.panels(only)
        self.panels.update({(p.table_id, p.user_id): p for p in panels})
        for seq, table_id, kind, payload in await self.storage.pending_events():
            if not self.service.owns(table_id) or (only is not None and table_id not in only):
                continue
            table = self.service.table(table_id) or await self.service.find(table_id, ended_too=True)
            try:
                event = from_payload(kind, payload)
            except (TypeError, ValueError):
                log.warning("table %s: dropping unreadable outbox entry %s (%s)", table_id, seq, kind)
                event = None
            if table is None or event is None:
                await self.storage.events_shown({seq})
                continue
            self.publish(table, [Published(seq, event)])
        for table in list(self.service.tables.values()):
            if not table.open or not self.service.owns(table.id) or (only is not None and table.id not in only):
                continue
            checks: list[Work] = [SyncTable()] if table.message_id is None else []
            seat = table.human_turn()
            if seat is not None and table.seats[seat].user_id is not None:
                checks.append(SyncPanel(table.seats[seat].user_id))  # type: ignore[arg-type]
            if checks:
                self.show(table, checks)


def _merges(first: Work, later: Work) -> bool:
    """True if `first` may be left to `later` (both only bring the same message up to date)."""
    if isinstance(first, SyncTable):
        return isinstance(later, SyncTable)
    if isinstance(first, SyncPanel):
        return isinstance(later, SyncPanel) and later.user_id == first.user_id
    return False


def _merged(first: Work, later: Work) -> Work:
    """`later`, carrying whatever of `first` it must not lose (a request for a new message, a note)."""
    if isinstance(first, SyncPanel) and isinstance(later, SyncPanel):
        return SyncPanel(later.user_id, later.note or first.note, later.fresh or first.fresh)
    return later
