"""Lanes: the outbox's work, carried out in the background, in order, one lane at a time per message.

One lane for a table's channel (the table message, hand summaries, notices) and one per player for their
private panel at that table. A lane carries out its work in order, in a task of its own, so the game never
waits for Discord and one slow channel holds up nothing else. Work that only brings a message up to date
(`SyncTable`, `SyncPanel`) is merged into a later one of the same kind: intermediate states may be
skipped, the latest never is. Posts and summaries are never skipped. A panel edit nobody clicked waits
for its panel's gap (`panels.Panels.delay`), and work that comes meanwhile merges into it (a turn's panel
goes at once). Work Discord refuses for a moment (a 429, a 5xx), or that needs the database while it is
away, stays first on its lane until the next tick.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Protocol

import discord

from bot.show.screens import Post, Summary, SyncPanel, SyncTable, Work
from bot.storage.errors import StorageUnavailable
from bot.tables.events import from_payload
from bot.tables.model import Table

from .outbox import Outbox
from .sender import transient
from .source import TableSource

log = logging.getLogger(__name__)
RETRY_LIMIT = 30  # tries of a refused send (one every tick) before giving up on it
MIN_PAUSE = 0.001  # seconds: a shorter pause is no pause


class Channel(Protocol):
    """What shows a table in its channel (`table_message.TableMessage`)."""

    async def bring_up_to_date(self, table: Table, stamp: int, summary_next: Callable[[], bool]) -> None:
        """Show the table's current state unless its message already shows `stamp` or later, or a hand's
        summary is queued to take the message's place (`summary_next`)."""

    async def post(self, table: Table, post: Post) -> None:
        """A post in the table's channel."""

    async def summary(self, table: Table, work: Summary) -> None:
        """A finished hand's summary."""

    def old(self, table: Table) -> bool:
        """Whether the table message is old enough to be posted anew."""

    def forget(self, table_id: int) -> None:
        """Let go of what was kept for showing a table that is over."""


class Watchers(Protocol):
    """What shows watchers their watch panels (`watch_panels.WatchPanels`)."""

    players_busy: Callable[[int], bool]
    shared: bool  # a shared database: another process may have answered a table's `Watch`

    @property
    def watchers(self) -> Mapping[int, Mapping[int, object]]:
        """The watchers this process knows of: table -> watcher -> their panel."""

    def follow(self, table: Table) -> None:
        """The table message changed: the watch panels follow, later."""

    async def resume(self, table_ids: Iterable[int] | None = None) -> None:
        """Take up the stored watchers and bring their panels up to date."""

    def drop(self, table_ids: Iterable[int]) -> None:
        """Another process shows these tables now."""


class PanelWork(Protocol):
    """What shows players their private panels (`panels.Panels`)."""

    def delay(self, table: Table, work: SyncPanel, stamp: int) -> float:
        """Seconds to wait before carrying out `work` (0: now)."""

    def urgent(self, table: Table, work: SyncPanel) -> bool:
        """Whether `work` brings a new panel (a turn's): it never waits behind an edit."""

    def supersede(self, table_id: int, user_id: int) -> None:
        """An edit of the player's panel whose picture is still waiting to be drawn gives way."""

    async def sync(self, table: Table, work: SyncPanel, asked: Sequence[float] = (), stamp: int = 0) -> None:
        """Bring a player's panel at the table up to date, unless it shows `stamp` or later already."""

    async def load(self, table_ids: set[int] | None) -> None:
        """Take up the stored panels."""

    async def forget(self, table_id: int) -> None:
        """The table is over and shown: its panels are let go of."""


@dataclass
class Item:
    """One piece of work on a lane, the outbox events it carries out, and when it was asked for (each piece
    merged into it, oldest first: the moves it shows)."""

    work: Work
    seqs: set[int] = field(default_factory=set)
    stamp: int = 0
    attempts: int = 0
    # the earliest of the work merged into it (time.monotonic looked up at each call, as where it is read)
    asked: list[float] = field(default_factory=lambda: [time.monotonic()])


@dataclass
class Lane:
    """Work for one table's channel (`user_id` None) or one player's private panel at a table."""

    table_id: int
    user_id: int | None
    items: deque[Item] = field(default_factory=deque)
    task: asyncio.Task | None = None
    waiting: bool = False  # Discord refused the first item for a moment: it waits for the next tick
    pause: asyncio.Future[bool] | None = None  # while the lane pauses: resolved early when work comes

    @property
    def busy(self) -> bool:
        """True while the lane's task runs."""
        return self.task is not None and not self.task.done()


class Refused(Exception):
    """Discord refused a send for a moment: the item stays first on its lane."""


class Lanes:
    """Reads the outbox and carries its work out: the channel's through `channel`, the panels' through
    `panels`, at the tables `tables` says this process runs; each change of a table message is followed
    by its watch panels (`watchers`), once the players' panels at the table have none left."""

    def __init__(
        self,
        outbox: Outbox,
        tables: TableSource,
        channel: Channel,
        panels: PanelWork,
        watchers: Watchers | None = None,
    ):
        self.outbox = outbox
        self.tables = tables
        self.channel = channel
        self.panels = panels
        self.watchers = watchers
        self.lanes: dict[tuple[int, int | None], Lane] = {}
        if watchers is not None:
            watchers.players_busy = self.players_busy

    def players_busy(self, table_id: int) -> bool:
        """Whether a player's panel at the table has work waiting or under way (watch panels wait)."""
        return any(
            key[0] == table_id and key[1] is not None and (lane.items or lane.busy)
            for key, lane in self.lanes.items()
        )

    # ------------------------------------------------------------------ taking work

    def take(self, table: Table, work: Work, seqs: set[int], stamp: int) -> None:
        """Queue one piece of work on its lane and start the lane (never waits)."""
        user = work.user_id if isinstance(work, SyncPanel) else None
        lane = self.lanes.get((table.id, user))
        if lane is None:
            lane = self.lanes[(table.id, user)] = Lane(table.id, user)
        lane.items.append(Item(work, seqs, stamp))
        if lane.pause is not None:
            _resolve(lane.pause, True)  # the pause ends: the new work merges first
        if isinstance(work, SyncPanel) and lane.busy and self.panels.urgent(table, work):
            self.panels.supersede(table.id, work.user_id)  # a turn never waits for an edit's picture
        self._kick(lane)

    def drop(self, table_ids: Iterable[int]) -> None:
        """Another process runs these tables now: stop showing them (what is left stays in the outbox)."""
        table_ids = set(table_ids)
        for key, lane in list(self.lanes.items()):
            if key[0] in table_ids:
                if lane.task is not None:
                    lane.task.cancel()
                del self.lanes[key]
        self.outbox.drop(table_ids)
        if self.watchers is not None:
            self.watchers.drop(table_ids)

    def _kick(self, lane: Lane) -> None:
        if not lane.busy and not lane.waiting and lane.items:
            lane.task = asyncio.get_running_loop().create_task(
                self._drain(lane), name=f"table-{lane.table_id}-lane-{lane.user_id or 'channel'}"
            )

    def pending(self) -> dict[tuple[int, int | None], int]:
        """Lanes with work waiting for a retry, and how many tries their first item has had."""
        return {
            key: lane.items[0].attempts for key, lane in self.lanes.items() if lane.waiting and lane.items
        }

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
            await asyncio.gather(
                *(lane.task for lane in self.lanes.values() if lane.task), return_exceptions=True
            )
        await self.outbox.flush_shown()

    # ------------------------------------------------------------------ carrying it out

    async def _drain(self, lane: Lane) -> None:
        """Carry out a lane's work in order, merging syncs with later ones of their kind; then forget the
        events done. Work that comes while this runs is taken too: the lane looks busy until it returns."""
        while lane.items:
            if not await self._drain_items(lane):
                return
            await self.outbox.flush_shown()  # work may come meanwhile: the loop takes it
        await self._forget_closed(lane)

    async def _drain_items(self, lane: Lane) -> bool:
        """Carry out the lane's items; False if the lane must stop (it waits for a tick, or it is not ours)."""
        while lane.items:
            if not self.tables.owns(lane.table_id):
                lane.items.clear()  # another process runs the table now; the outbox keeps what is left for it
                return False
            item = lane.items[0]
            later = next((other for other in list(lane.items)[1:] if _merges(item.work, other.work)), None)
            if later is not None:
                lane.items.popleft()
                later.seqs |= item.seqs
                later.work = _merged(item.work, later.work)
                later.stamp = max(later.stamp, item.stamp)
                later.asked = item.asked + later.asked
                continue
            if await self._paused(lane, item):
                continue  # work came meanwhile: merge it first
            try:
                await self._carry_out(lane, item)
            except Refused:
                item.attempts += 1
                if item.attempts <= RETRY_LIMIT:
                    lane.waiting = True
                    return False
                log.warning(
                    "table %s: giving up on %s after %d tries", lane.table_id, item.work, item.attempts
                )
            except Exception:
                log.exception("table %s: showing %s failed", lane.table_id, item.work)
            lane.items.popleft()
            await self.outbox.shown(item.seqs)
        return True

    async def _paused(self, lane: Lane, item: Item) -> bool:
        """Wait as long as a panel edit nobody clicked must (the panel gap), or until more work comes to the
        lane (a turn's panel goes at once); True if work came."""
        table = self.tables.table(lane.table_id)
        if table is None or not isinstance(item.work, SyncPanel):
            return False
        delay = self.panels.delay(table, item.work, item.stamp)
        if delay < MIN_PAUSE:
            return False
        loop = asyncio.get_running_loop()
        lane.pause = pause = loop.create_future()
        timer = loop.call_later(delay, _resolve, pause, False)
        try:
            return await pause
        finally:
            timer.cancel()
            lane.pause = None

    async def _forget_closed(self, lane: Lane) -> None:
        """A drained lane of a table that is over goes; with the table's last lane, everything kept for
        showing that table goes too (its messages, panels, and the table itself from memory: a month of
        play keeps nothing of the games it finished)."""
        table = self.tables.table(lane.table_id)
        if lane.items or (table is not None and table.open):
            return
        self.lanes.pop((lane.table_id, lane.user_id), None)
        if any(key[0] == lane.table_id for key in self.lanes):
            return
        self.outbox.forget(lane.table_id)
        self.channel.forget(lane.table_id)
        await self.panels.forget(lane.table_id)
        self.tables.forget(lane.table_id)

    def _watching(self, table_id: int) -> Watchers | None:
        """The watch panels, if the table may have some to follow its table message: watchers here, or
        (with a shared database) perhaps in another process. None at a table nobody watches, the usual
        case: its moves ask nothing of the watch panels."""
        watchers = self.watchers
        if watchers is None or not (watchers.shared or watchers.watchers.get(table_id)):
            return None
        return watchers

    async def _carry_out(self, lane: Lane, item: Item) -> None:
        table = self.tables.table(lane.table_id)
        if table is None:
            return
        work = item.work
        try:
            await self._show(table, work, lane, item)
        except TimeoutError as error:  # Discord did not answer a request (`sender.REQUEST_TIMEOUT`)
            log.warning("table %s: Discord did not answer while showing %s; will try again", table.id, work)
            raise Refused from error
        except discord.HTTPException as error:
            if transient(error):
                log.warning(
                    "table %s: Discord refused %s for a moment (%s); will try again",
                    table.id,
                    type(work).__name__,
                    error.status,
                )
                raise Refused from error
            raise
        except StorageUnavailable as error:  # the database is away (the store says so once)
            raise Refused from error

    async def _show(self, table: Table, work: Work, lane: Lane, item: Item) -> None:
        if isinstance(work, SyncTable):
            await self.channel.bring_up_to_date(table, item.stamp, partial(_summary_queued, lane))
        elif isinstance(work, Post):
            await self.channel.post(table, work)
        elif isinstance(work, Summary):
            await self.channel.summary(table, work)
        elif isinstance(work, SyncPanel):
            await self.panels.sync(table, work, item.asked, item.stamp)
        if isinstance(work, SyncTable | Summary) and (watchers := self._watching(table.id)) is not None:
            watchers.follow(table)  # the table message changed: its watch panels follow, later

    # ------------------------------------------------------------------ after a restart

    async def resume(self, table_ids: Iterable[int] | None = None) -> None:
        """Carry out what the outbox still holds, then make sure every open table shows its message and
        every seated player's panel shows the game, the player on turn's with live controls (no-ops when
        they already do; each player's DM is looked over once for panels left behind): at every table
        this process runs (after a start), or at these tables (just adopted from a process that stopped)."""
        only = None if table_ids is None else set(table_ids)
        await self.panels.load(only)
        for seq, table_id, kind, payload in await self.outbox.left_over():
            if not self.tables.owns(table_id) or (only is not None and table_id not in only):
                continue
            table = self.tables.table(table_id) or await self.tables.find(table_id, ended_too=True)
            try:
                event = from_payload(kind, payload)
            except (TypeError, ValueError):
                log.warning("table %s: dropping unreadable outbox entry %s (%s)", table_id, seq, kind)
                event = None
            if table is None or event is None:
                await self.outbox.discard(seq)
                continue
            self.outbox.take_event(table, seq, event)
        for table in list(self.tables.tables.values()):
            if (
                not table.open
                or not self.tables.owns(table.id)
                or (only is not None and table.id not in only)
            ):
                continue
            checks: list[Work] = [SyncTable()] if table.message_id is None or self.channel.old(table) else []
            if table.status == "playing":  # every panel shows the game as it stands, the turn's its controls
                checks.extend(SyncPanel(row.user_id) for row in table.humans() if row.user_id is not None)
            if checks:
                self.outbox.show(table, checks)
        if self.watchers is not None:
            await self.watchers.resume(only)


def _summary_queued(lane: Lane) -> bool:
    """Whether a hand's summary waits on the lane behind the work under way."""
    return any(isinstance(item.work, Summary) for item in itertools.islice(lane.items, 1, None))


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
        return SyncPanel(
            later.user_id,
            later.note or first.note,
            later.fresh or first.fresh,
            later.renotify or first.renotify,
            carried=later.carried if later.note else first.note is not None,
        )
    return later


def _resolve(pause: asyncio.Future[bool], value: bool) -> None:
    """End a lane's pause (once): True if work came, False if its time ran out."""
    if not pause.done():
        pause.set_result(value)
