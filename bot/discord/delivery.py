"""Delivery: brings each table's Discord messages up to date with the table, in the background, within
Discord's limits.

The table service stores every change together with its events (the table's outbox) and publishes them
here without waiting. Each event becomes work (`bot.presenter.plan`) on a *lane*: one lane for a table's
channel (the table message, hand summaries, notices) and one per player for their private panel at that
table. A lane carries out its work in order, in a task of its own, so the game never waits for Discord
and one slow channel holds up nothing else. Work that only brings a message up to date (`SyncTable`,
`SyncPanel`) is merged into a later one of the same kind: intermediate states may be skipped, the latest
never is. Posts and summaries are never skipped. An event leaves the outbox once all its work is done;
after a restart, whatever was left is carried out again (`resume`).

Requests are planned, not discovered through 429s (`bot.limits.Budget`): every request bound by the global
limit waits for room in its channel's window and for its table's turn at the token's bucket. Clicks are
answered through their interaction, which the global limit does not count: the clicked message is edited
through it, a player's next panel goes out as a follow-up of their last click in their DMs (while its token
lives), and the panel before it is deleted through the interaction that can still reach it. The table
message is posted anew before it is an hour old (Discord refuses edits of older messages, error 30046).
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import discord

from bot.computers.quantiles import nearest_rank
from bot.show import render
from bot.show import screens as presenter
from bot.show.screens import Post, Screen, Summary, SyncPanel, SyncTable, Work
from bot.storage.rows import Panel
from bot.storage.store import Storage
from bot.tables import Table, TableService
from bot.tables.events import from_payload
from bot.tables.service import Published

from .buttons import view_of
from .limits import CREATE, DELETE, EDIT, Budget, Limits

log = logging.getLogger(__name__)
TOKEN_LIFE = 14 * 60  # seconds an interaction token is used for: they die after 15 minutes
REPOST_AFTER = 50 * 60  # seconds: the table message is posted anew before Discord stops edits at an hour
RETRY_LIMIT = 30  # tries of a refused send (one every tick) before giving up on it
OLD_MESSAGE_EDITS = 30046  # Discord's error: too many edits to messages older than an hour
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
        return (
            [] if self.picture is None else [discord.File(io.BytesIO(self.picture), filename=self.filename)]
        )

    def extras(self) -> dict[str, Any]:
        """Keyword arguments for a send: the picture and the buttons, leaving out whichever is absent."""
        extras: dict[str, Any] = {}
        if self.picture is not None:
            extras["files"] = self.files()
        if self.view is not None:
            extras["view"] = self.view
        return extras


async def draw(screen: Screen, *, urgent: bool = False) -> Drawn:
    """Draw a screen's picture (off the event loop; ahead of other pictures if `urgent`: a player waits for
    it) and build its view."""
    view = view_of(screen.buttons) if screen.buttons else None
    if screen.picture is None:
        return Drawn(screen.text, view=view)
    picture = await render.draw(screen.picture.renderer, screen.picture.scene, urgent=urgent)
    return Drawn(screen.text, picture, screen.picture.filename, view)


@dataclass
class Click:
    """A click the bot acknowledged without a reply of its own, so its interaction can still edit (or
    delete) the clicked message and send follow-ups while its token lives."""

    interaction: discord.Interaction
    at: float
    message_id: int | None


@dataclass
class Item:
    """One piece of work on a lane, the outbox events it carries out, and when it was asked for."""

    work: Work
    seqs: set[int] = field(default_factory=set)
    stamp: int = 0
    attempts: int = 0
    # the earliest of the work merged into it (time.monotonic looked up at each call, as where it is read)
    asked: float = field(default_factory=lambda: time.monotonic())


@dataclass
class Lane:
    """Work for one table's channel (`user_id` None) or one player's private panel at a table."""

    table_id: int
    user_id: int | None
    items: deque[Item] = field(default_factory=deque)
    task: asyncio.Task | None = None
    waiting: bool = False  # Discord refused the first item for a moment: it waits for the next tick

    @property
    def busy(self) -> bool:
        """True while the lane's task runs."""
        return self.task is not None and not self.task.done()


@dataclass
class RestCount:
    """REST requests the bot made for each table since its last finished hand, bound by the global limit
    or exempt from it (interactions), and the totals over finished hands."""

    bound: Counter[int] = field(default_factory=Counter)
    exempt: Counter[int] = field(default_factory=Counter)
    hands: int = 0
    hands_bound: int = 0
    hands_exempt: int = 0

    def add(self, table_id: int, *, exempt: bool) -> None:
        """Count one request."""
        (self.exempt if exempt else self.bound)[table_id] += 1

    def hand_done(self, table_id: int) -> tuple[int, int]:
        """A hand finished at the table: its requests join the totals; returns (bound, exempt)."""
        bound, exempt = self.bound.pop(table_id, 0), self.exempt.pop(table_id, 0)
        self.hands += 1
        self.hands_bound += bound
        self.hands_exempt += exempt
        return bound, exempt

    def per_hand(self) -> tuple[float, float]:
        """Mean requests per finished hand: (bound by the global limit, exempt)."""
        if not self.hands:
            return 0.0, 0.0
        return self.hands_bound / self.hands, self.hands_exempt / self.hands


class TurnPanelTimes:
    """How long players' turn panels took to go out, from the move that made it their turn (the work asked
    for) to Discord taking the message: logged every `every` seconds, the recent ones and the last
    `KEPT`, so a run shows the delivery's share of a turn beside the computers' line."""

    KEPT = 10_000

    def __init__(self, every: float = 10.0, clock: Callable[[], float] = time.monotonic):
        self.every = every
        self.clock = clock
        self.recent: list[float] = []
        self.kept: deque[float] = deque(maxlen=self.KEPT)
        self.last_logged = clock()

    def add(self, seconds: float) -> None:
        """One turn panel went out `seconds` after it was asked for; log the recent ones if it is time."""
        self.recent.append(seconds)
        self.kept.append(seconds)
        if self.clock() - self.last_logged >= self.every:
            self.log()

    def log(self) -> None:
        """Log the recent panels' times (p50, p90, max) and those of the last `KEPT`, and start again."""
        if self.recent:
            recent, kept = sorted(self.recent), sorted(self.kept)
            log.info(
                "delivery: %d turn panel(s) out in p50 %.0f ms, p90 %.0f ms, max %.0f ms after the move; "
                "the last %d: p50 %.0f ms, p90 %.0f ms, p99 %.0f ms",
                len(recent),
                *_ms(recent, 0.5, 0.9, 1.0),
                len(kept),
                *_ms(kept, 0.5, 0.9, 0.99),
            )
        self.recent.clear()
        self.last_logged = self.clock()


def _ms(ordered: list[float], *fractions: float) -> list[float]:
    """Percentiles of sorted seconds, in milliseconds (1.0: the largest)."""
    return [1000 * value for value in nearest_rank(ordered, *fractions)]


class Refused(Exception):
    """Discord refused a send for a moment: the item stays first on its lane."""


class Delivery:
    """Shows tables on Discord, in the background; the table service's listener."""

    def __init__(
        self,
        client: discord.Client,
        storage: Storage,
        clock: Callable[[], float] = time.time,
        limits: Limits | None = None,
    ):
        self.client = client
        self.storage = storage
        self.clock = clock
        self.budget = Budget(limits, time.monotonic)
        self.service: TableService | None = None  # handed in once the service exists (it needs us first)
        self.lanes: dict[tuple[int, int | None], Lane] = {}
        self.outstanding: dict[int, int] = {}  # outbox event -> pieces of its work not yet done
        self.seen: dict[
            int, int
        ] = {}  # table -> the last outbox event taken (events come in order per table)
        self.panels: dict[tuple[int, int], Panel] = {}  # (table, user) -> their private panel there
        self.dm_channels: dict[int, int] = {}  # user -> DM channel id (also stored)
        self.dm_clicks: dict[int, Click] = {}  # user -> their latest click in their DMs
        self.table_clicks: dict[int, Click] = {}  # table -> the latest click on its table message
        # The latest private `My hand` reply carrying a player's controls: (table, user) -> (click, moment).
        self.private_replies: dict[tuple[int, int], tuple[Click, str]] = {}
        self.stamps: Counter[int] = Counter()  # table -> events published so far
        self.table_shown: dict[int, int] = {}  # table -> the stamp its table message shows
        self.last_table_edit: dict[int, float] = {}
        self.rest = RestCount()
        self.turn_panels = TurnPanelTimes()
        self._forgetting: set[asyncio.Task] = set()
        self.posting: set[int] = set()  # outbox events whose work posts something (never shown twice)
        self._shown_later: set[int] = set()  # events done, to be forgotten with the next batch

    # ------------------------------------------------------------------ taking work

    def publish(self, table: Table, events: Sequence[Published]) -> None:
        """Plan the messages these stored events change and start their lanes (never waits); an event
        already taken is not taken twice."""
        for published in events:
            if published.seq <= self.seen.get(table.id, 0):
                continue
            self.seen[table.id] = published.seq
            self.stamps[table.id] += 1
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
        """Queue work that no stored event asked for (checks after a restart, tests)."""
        self.stamps[table.id] += 1
        self._enqueue(table, work, None)

    def _enqueue(self, table: Table, work: list[Work], seq: int | None) -> None:
        if seq is not None:
            if not work:  # nothing to show (e.g. "started": the deal that follows shows it)
                self._forget_soon({seq})
                return
            self.outstanding[seq] = len(work)
            if any(isinstance(piece, Post | Summary) for piece in work):
                self.posting.add(seq)
        for piece in work:
            user = piece.user_id if isinstance(piece, SyncPanel) else None
            lane = self.lanes.get((table.id, user))
            if lane is None:
                lane = self.lanes[(table.id, user)] = Lane(table.id, user)
            lane.items.append(Item(piece, {seq} if seq is not None else set(), self.stamps[table.id]))
            self._kick(lane)

    def _kick(self, lane: Lane) -> None:
        if not lane.busy and not lane.waiting and lane.items:
            lane.task = asyncio.get_running_loop().create_task(
                self._drain(lane), name=f"table-{lane.table_id}-lane-{lane.user_id or 'channel'}"
            )

    def _forget_soon(self, seqs: set[int]) -> None:
        """Take events with nothing to show out of the outbox, in the background."""
        task = asyncio.get_running_loop().create_task(self.storage.events_shown(seqs))
        self._forgetting.add(task)
        task.add_done_callback(self._forgetting.discard)

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
        await self._flush_shown()

    # ------------------------------------------------------------------ clicks

    def clicked_table(self, table: Table, interaction: discord.Interaction) -> None:
        """A click on the table message was acknowledged without a reply: the next edit of the table
        message can go through its interaction."""
        message = interaction.message
        if message is not None and message.id == table.message_id:
            self.table_clicks[table.id] = Click(interaction, self.clock(), message.id)

    def clicked_dm(self, table: Table, interaction: discord.Interaction) -> None:
        """A click in a player's DMs was acknowledged without a reply: their panel can be edited, deleted
        and followed up through it; the DM channel's id is learnt on the way."""
        if interaction.guild_id is not None or interaction.channel_id is None:
            return
        message = interaction.message
        self.dm_clicks[interaction.user.id] = Click(
            interaction, self.clock(), message.id if message else None
        )
        self.dm_channels[interaction.user.id] = interaction.channel_id
        panel = self.panels.get((table.id, interaction.user.id))
        if panel is not None and message is not None and panel.message_id == message.id:
            # The click handler takes these controls off itself (text only): the delivery need not redraw
            # the panel for the move, only send the next one on the player's next turn.
            self.panels[(table.id, interaction.user.id)] = replace(panel, live_token=None)

    def answered(self, table: Table, requests: int = 1) -> None:
        """Count interaction requests a click handler made itself (acknowledgements, replies)."""
        for _ in range(requests):
            self.rest.add(table.id, exempt=True)

    def remember_private_reply(self, table: Table, user_id: int, interaction: discord.Interaction) -> None:
        """Remember a `My hand` reply with controls, to take them away when the turn passes."""
        self.private_replies[(table.id, user_id)] = (Click(interaction, self.clock(), None), table.token)

    def _fresh(self, click: Click | None) -> bool:
        return click is not None and self.clock() - click.at < TOKEN_LIFE

    # ------------------------------------------------------------------ carrying it out

    async def _drain(self, lane: Lane) -> None:
        """Carry out a lane's work in order, merging syncs with later ones of their kind; then forget the
        events done. Work that comes while this runs is taken too: the lane looks busy until it returns."""
        while lane.items:
            if not await self._drain_items(lane):
                return
            await self._flush_shown()  # work may come meanwhile: the loop takes it
        self._forget_closed(lane)

    async def _drain_items(self, lane: Lane) -> bool:
        """Carry out the lane's items; False if the lane must stop (it waits for a tick, or it is not ours)."""
        while lane.items:
            if self.service is not None and not self.service.owns(lane.table_id):
                lane.items.clear()  # another process runs the table now; the outbox keeps what is left for it
                return False
            item = lane.items[0]
            later = next((other for other in list(lane.items)[1:] if _merges(item.work, other.work)), None)
            if later is not None:
                lane.items.popleft()
                later.seqs |= item.seqs
                later.work = _merged(item.work, later.work)
                later.stamp = max(later.stamp, item.stamp)
                later.asked = min(later.asked, item.asked)
                continue
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
            await self._shown(item.seqs)
        return True

    def _forget_closed(self, lane: Lane) -> None:
        """A drained lane of a table that is over goes, with what was kept for showing that table."""
        table = self.service.table(lane.table_id) if self.service is not None else None
        if lane.items or (table is not None and table.open):
            return
        self.lanes.pop((lane.table_id, lane.user_id), None)
        if lane.user_id is None:
            for kept in (self.stamps, self.table_shown, self.last_table_edit, self.table_clicks):
                kept.pop(lane.table_id, None)

    async def _shown(self, seqs: set[int]) -> None:
        """One piece of work of each of these events is done; forget the events whose work is all done."""
        finished = set()
        for seq in seqs:
            self.outstanding[seq] = self.outstanding.get(seq, 1) - 1
            if self.outstanding[seq] <= 0:
                del self.outstanding[seq]
                finished.add(seq)
        if finished & self.posting:
            # An event that posted something leaves the outbox at once, so a crash right after cannot post
            # it twice; those that only brought messages up to date (shown again harmlessly) go in batches.
            self.posting -= finished
            await self.storage.events_shown(finished | self._shown_later)
            self._shown_later.clear()
        else:
            self._shown_later |= finished

    async def _flush_shown(self) -> None:
        """Forget, in one transaction, the events done since the last time (called as a lane runs dry: a
        busy lane forgets many at once)."""
        done, self._shown_later = self._shown_later, set()
        if done:
            await self.storage.events_shown(done)

    async def _carry_out(self, lane: Lane, item: Item) -> None:
        assert self.service is not None
        table = self.service.table(lane.table_id)
        if table is None:
            return
        work = item.work
        try:
            if isinstance(work, SyncTable):
                if table.message_id is None or self.table_shown.get(table.id, -1) < item.stamp:
                    await self.sync_table(table)
            elif isinstance(work, Post):
                await self._post(table, work)
            elif isinstance(work, Summary):
                await self._summary(table, work)
            elif isinstance(work, SyncPanel):
                await self._sync_panel(table, work, item.asked)
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

    # ------------------------------------------------------------------ requests

    async def _limited(self, table: Table, channel_id: int, kind: str) -> None:
        """Wait for room to send one request bound by the global limit, and count it."""
        await self.budget.acquire(table.id, channel_id, kind)
        self.rest.add(table.id, exempt=False)

    async def _send(self, table: Table, channel_id: int, content: str, **kwargs: Any) -> discord.Message:
        """A new message in a channel (within the budget)."""
        await self._limited(table, channel_id, CREATE)
        return await self.client.get_partial_messageable(channel_id).send(content, **kwargs)

    async def _edit(self, table: Table, channel_id: int, message_id: int, **kwargs: Any) -> None:
        """Edit a message through its channel (within the budget)."""
        await self._limited(table, channel_id, EDIT)
        await self.client.get_partial_messageable(channel_id).get_partial_message(message_id).edit(**kwargs)

    async def _delete(self, table: Table, channel_id: int, message_id: int) -> None:
        """Delete a message through its channel (within the budget); one already gone is fine."""
        await self._limited(table, channel_id, DELETE)
        try:
            await self.client.get_partial_messageable(channel_id).get_partial_message(message_id).delete()
        except discord.NotFound:
            pass

    def _webhook(self, token: str) -> discord.Webhook:
        """The interaction webhook of a stored token (its follow-ups can be edited and deleted with it)."""
        assert self.client.application_id is not None
        return discord.Webhook.partial(self.client.application_id, token, client=self.client)

    # ------------------------------------------------------------------ the channel

    async def _post(self, table: Table, post: Post) -> None:
        """A post in the table's channel; one Discord refuses for good is logged and dropped."""
        allowed = (
            discord.AllowedMentions(users=[discord.Object(post.mention)]) if post.mention else NO_MENTIONS
        )
        drawn = await draw(Screen(post.text, post.picture, post.buttons))
        try:
            await self._send(
                table,
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

    def _table_message_old(self, table: Table) -> bool:
        return table.message_posted_at is not None and self.clock() - table.message_posted_at >= REPOST_AFTER

    async def sync_table(self, table: Table) -> None:
        """Show the table's current state on its table message: edit it (through the last click on it while
        its token lives, else through the channel, no more often than `table_edit_gap`), post it anew when
        it is nearly an hour old or Discord refuses to edit it, or post it if there is none (or it was
        deleted). Errors are raised to the caller."""
        assert self.service is not None
        if table.message_id is not None and not self._table_message_old(table):
            playing = sum(1 for other in self.service.tables.values() if other.status == "playing")
            gap = self.budget.limits.edit_gap(playing) - (
                time.monotonic() - self.last_table_edit.get(table.id, 0.0)
            )
            if gap > 0:
                await asyncio.sleep(gap)  # later states merge into this edit meanwhile
            click = self.table_clicks.get(table.id)
            via_click = self._fresh(click) and click is not None and click.message_id == table.message_id
            # Drawn before the budget's room is taken, so the request goes out as soon as it is granted: room
            # taken first and spent only after a wait in the pictures' queue let requests planned a second apart
            # reach Discord together (global 429s at 200 tables). A state that moves on meanwhile has a later
            # SyncTable of its own (the stamp drawn is the one marked shown).
            stamp, drawn = self.stamps[table.id], await draw(presenter.table_screen(table))
            try:
                await self._edit_table_message(table, drawn, click if via_click else None)
                self.table_shown[table.id] = stamp
                return
            except discord.NotFound:
                log.info("table %s: its message is gone; posting a new one", table.id)
                await self.service.set_message(table, None)
            except discord.HTTPException as error:
                if error.code != OLD_MESSAGE_EDITS:
                    raise
                log.info(
                    "table %s: Discord refuses more edits of its old message; posting a new one", table.id
                )
        stamp, drawn = self.stamps[table.id], await draw(presenter.table_screen(table))
        old = table.message_id
        await self._post_table_message(table, drawn)
        self.table_shown[table.id] = stamp
        if old is not None:
            await self._delete(table, table.channel_id, old)

    async def _edit_table_message(self, table: Table, drawn: Drawn, click: Click | None) -> None:
        """Edit the table message through `click` if given (falling back to the channel), else through the
        channel."""
        assert table.message_id is not None
        message_id = table.message_id
        if click is not None:
            try:
                self.rest.add(table.id, exempt=True)
                await click.interaction.edit_original_response(
                    content=drawn.content,
                    attachments=drawn.files(),
                    view=drawn.view,
                    allowed_mentions=NO_MENTIONS,
                )
                self.last_table_edit[table.id] = time.monotonic()
                return
            except discord.HTTPException as error:
                log.info(
                    "table %s: could not edit through the click (%s); using the channel",
                    table.id,
                    error.status,
                )
                self.table_clicks.pop(table.id, None)

        def edit(files: list[discord.File]) -> Awaitable[None]:
            return self._edit(
                table,
                table.channel_id,
                message_id,
                content=drawn.content,
                attachments=files,
                view=drawn.view,
                allowed_mentions=NO_MENTIONS,
            )

        await self._with_picture_or_without(drawn.picture, edit)
        self.last_table_edit[table.id] = time.monotonic()

    async def _post_table_message(self, table: Table, drawn: Drawn) -> None:
        assert self.service is not None
        extras: dict[str, Any] = {} if drawn.view is None else {"view": drawn.view}
        sent = await self._with_picture_or_without(
            drawn.picture,
            lambda files: self._send(
                table, table.channel_id, drawn.content, files=files, allowed_mentions=NO_MENTIONS, **extras
            ),
        )
        await self.service.set_message(table, sent.id, self.clock())
        self.table_clicks.pop(table.id, None)

    async def _summary(self, table: Table, work: Summary) -> None:
        """A finished hand's summary: the table message becomes it (one edit), and the next table message
        is posted below it. If it cannot be edited, the summary is posted, and the old table message goes."""
        assert self.service is not None
        drawn = await draw(Screen(work.text, work.picture, work.buttons))
        old = table.message_id
        self.table_shown.pop(table.id, None)
        bound, exempt = self.rest.hand_done(table.id)
        log.debug(
            "table %s: %d REST requests for the hand (%d under the global limit, %d interaction)",
            table.id,
            bound + exempt,
            bound,
            exempt,
        )
        if old is not None and not self._table_message_old(table):
            click = self.table_clicks.get(table.id)
            usable = self._fresh(click) and click is not None and click.message_id == old
            try:
                await self._edit_table_message(table, drawn, click if usable else None)
                await self.service.set_message(table, None)
                return
            except discord.HTTPException as error:
                if transient(error):
                    raise
                log.info(
                    "table %s: could not turn the table message into the summary (%s)", table.id, error.status
                )
        extras: dict[str, Any] = {} if drawn.view is None else {"view": drawn.view}
        await self._with_picture_or_without(
            drawn.picture,
            lambda files: self._send(
                table, table.channel_id, drawn.content, files=files, allowed_mentions=NO_MENTIONS, **extras
            ),
        )
        if old is not None:
            await self.service.set_message(table, None)
            await self._delete(table, table.channel_id, old)

    @staticmethod
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

    # ------------------------------------------------------------------ private panels

    async def private(self, table: Table, seat: int) -> Drawn:
        """A player's panel with, on their turn, their controls (for `My hand`)."""
        return await draw(presenter.private_screen(table, seat), urgent=True)

    async def _dm_channel(self, table: Table, user_id: int) -> int:
        """The DM channel with a user: stored the first time it is opened, so later DMs cost one request."""
        channel_id = self.dm_channels.get(user_id)
        if channel_id is None:
            channel_id = await self.storage.dm_channel(user_id)
        if channel_id is None:
            self.rest.add(table.id, exempt=False)
            await self.budget.acquire(table.id)
            channel = await self.client.create_dm(discord.Object(user_id))
            channel_id = channel.id
            await self.storage.set_dm_channel(user_id, channel_id)
        self.dm_channels[user_id] = channel_id
        return channel_id

    async def _sync_panel(self, table: Table, work: SyncPanel, asked: float | None = None) -> None:
        """Bring a player's panel at the table up to date (see `presenter.SyncPanel`)."""
        assert self.service is not None
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
            await self._new_panel(
                table, key, presenter.private_screen(table, seat, work.note), table.token, panel, asked=asked
            )
            return
        if panel is None:
            if playing and work.fresh:  # the first hand: a panel to begin with
                assert seat is not None
                await self._new_panel(
                    table, key, presenter.private_screen(table, seat, work.note), None, None
                )
            return
        if panel.live_token is None and not work.fresh:
            return  # nothing they need to see changed (a move of theirs was answered by its click)
        if playing:
            assert seat is not None
            screen = presenter.private_screen(table, seat, work.note)
        else:
            screen = presenter.closed_private_screen(table, work.note)
        await self._edit_panel(table, key, panel, screen)

    async def _new_panel(
        self,
        table: Table,
        key: tuple[int, int],
        screen: Screen,
        live_token: str | None,
        replacing: Panel | None,
        *,
        asked: float | None = None,
    ) -> None:
        """Send a panel as a new message (a notification): a follow-up of the player's last click in their
        DMs while its token lives, else a DM; then delete the panel it replaces. `asked`: when the turn it
        brings began (its time to go out is counted)."""
        assert self.service is not None
        user = key[1]
        drawn = await draw(screen, urgent=live_token is not None)  # a turn's controls: the player waits
        click = self.dm_clicks.get(user)
        sent: discord.Message | None = None
        via: Click | None = None
        if self._fresh(click):
            assert click is not None
            try:
                self.rest.add(table.id, exempt=True)
                sent = await click.interaction.followup.send(drawn.content, wait=True, **drawn.extras())
                via = click
            except discord.HTTPException as error:
                log.info("table %s: no follow-up for %s (%s); sending a DM", table.id, user, error.status)
        if sent is None:
            channel_id = await self._dm_channel(table, user)
            try:
                sent = await self._send(table, channel_id, drawn.content, **drawn.extras())
            except (discord.Forbidden, discord.NotFound):
                seat = table.seat_of(user)
                if seat is not None:
                    await self.service.note_dm(table, seat, True)
                return
        if asked is not None:  # the player sees it now; keeping it and deleting the one before come after
            self.turn_panels.add(time.monotonic() - asked)
        panel = Panel(
            table.id,
            user,
            sent.channel.id,
            sent.id,
            live_token if drawn.view is not None else None,
            via.interaction.token if via is not None else None,
            via.at if via is not None else None,
        )
        await self._keep_panel(key, panel)
        if replacing is not None:
            await self._remove_panel(table, replacing)

    async def _edit_panel(self, table: Table, key: tuple[int, int], panel: Panel, screen: Screen) -> None:
        """Edit a panel in place (no notification): through the player's last click on it, or the
        interaction it was sent through, while their tokens live; else through the DM channel. A panel
        Discord will not edit any more is sent anew."""
        drawn = await draw(screen)
        fields: dict[str, Any] = {"content": drawn.content, "attachments": drawn.files(), "view": drawn.view}
        click = self.dm_clicks.get(key[1])
        try:
            if self._fresh(click) and click is not None and click.message_id == panel.message_id:
                self.rest.add(table.id, exempt=True)
                await click.interaction.edit_original_response(**fields)
            elif (
                panel.via_token is not None
                and panel.via_at is not None
                and self.clock() - panel.via_at < TOKEN_LIFE
            ):
                self.rest.add(table.id, exempt=True)
                await self._webhook(panel.via_token).edit_message(panel.message_id, **fields)
            else:
                await self._edit(table, panel.channel_id, panel.message_id, **fields)
        except discord.HTTPException as error:
            if transient(error):
                raise
            log.info(
                "table %s: could not edit %s's panel (%s); sending it anew", table.id, key[1], error.status
            )
            await self._new_panel(table, key, screen, table.token if drawn.view else None, panel)
            return
        await self._keep_panel(
            key, replace(panel, live_token=table.token if drawn.view is not None else None)
        )

    async def _remove_panel(self, table: Table, panel: Panel) -> None:
        """Delete a panel that a newer one replaces (so the DMs do not fill up): through the player's last
        click on it or the interaction it was sent through while their tokens live, else through the DM
        channel. A panel that cannot be deleted stays (its controls are refused as out of date)."""
        click = self.dm_clicks.get(panel.user_id)
        try:
            if self._fresh(click) and click is not None and click.message_id == panel.message_id:
                self.rest.add(table.id, exempt=True)
                await click.interaction.delete_original_response()
            elif (
                panel.via_token is not None
                and panel.via_at is not None
                and self.clock() - panel.via_at < TOKEN_LIFE
            ):
                self.rest.add(table.id, exempt=True)
                await self._webhook(panel.via_token).delete_message(panel.message_id)
            else:
                await self._delete(table, panel.channel_id, panel.message_id)
        except discord.HTTPException as error:
            log.info(
                "table %s: could not delete an old panel of %s (%s)", table.id, panel.user_id, error.status
            )

    async def _tidy_private_reply(self, key: tuple[int, int], live_token: str | None) -> None:
        """Take controls off the player's latest `My hand` reply once they no longer apply."""
        reply = self.private_replies.get(key)
        if reply is None:
            return
        click, token = reply
        if live_token == token:
            return
        del self.private_replies[key]
        if self._fresh(click):
            try:
                self.rest.add(key[0], exempt=True)
                await click.interaction.edit_original_response(view=None)
            except discord.HTTPException:
                log.info("table %s: could not tidy a My hand reply", key[0])

    async def _keep_panel(self, key: tuple[int, int], panel: Panel | None) -> None:
        if panel is None:
            self.panels.pop(key, None)
        else:
            self.panels[key] = panel
        await self.storage.save_panel(key[0], key[1], panel)

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
            if (
                not table.open
                or not self.service.owns(table.id)
                or (only is not None and table.id not in only)
            ):
                continue
            checks: list[Work] = (
                [SyncTable()] if table.message_id is None or self._table_message_old(table) else []
            )
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
        return SyncPanel(
            later.user_id,
            later.note or first.note,
            later.fresh or first.fresh,
            later.renotify or first.renotify,
        )
    return later
