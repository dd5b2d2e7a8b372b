"""The sender: every request the delivery makes to Discord, those bound by the global rate limit planned
for instead of discovered through 429s, and those exempt from it (interaction responses and webhooks).

Discord allows a bot token 50 requests per second in all (interaction endpoints are exempt), and each
channel about 5 message creates and 5 edits per 5 seconds. `Budget` plans every bound request against both
before it is sent:

- per channel, a sliding window per kind of write (create, edit, delete): a request waits until its window
  has room;
- for the whole token, a token bucket refilled at `rate` per second (below 50, leaving headroom for the
  commands' own replies, for other processes' requests, and for requests a busy event loop sends later
  than they were planned, bunched together) and shared fairly: requests that wait are
  served one table at a time, round-robin over the tables that have something waiting, so a busy table
  cannot starve a quiet one.

The plans (`Window`, `Bucket`, `RoundRobin`) are plain data read against an injected clock, so tests check
their decisions without sleeping; `Budget.acquire` sleeps as they say. `DiscordSender` makes the requests;
what the bot counts of them (requests per hand, how long panels take to show moves) is `metered.Metered`,
a wrapper with the same face (`Sender`).
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import discord

CREATE, EDIT, DELETE = "create", "edit", "delete"
_EPSILON = 1e-9  # seconds: float sums of waits must not leave a request waiting for a rounding error
NO_MENTIONS = discord.AllowedMentions.none()
PRUNE_WINDOWS_AT = 1000  # channel windows kept before idle ones are swept
# seconds Discord gets to answer a request (discord.py waits up to five minutes): a request never answered
# held a player's lane, and their panel, for good; waits the bot plans (its rate plan, a table message's
# edit gap, the pictures' queue) are not counted, so a busy bot's paced work is not cut off
REQUEST_TIMEOUT = 45.0
# Entered once a bound edit has its room in the budget, right before it is made: yields whether it is still
# wanted (`shown.Shown.gate`: no newer state of the message went out meanwhile).
Gate = Callable[[], AbstractAsyncContextManager[bool]]
T = TypeVar("T")


def transient(error: discord.HTTPException) -> bool:
    """A refusal worth trying again: rate limited, or Discord's own trouble."""
    return error.status == 429 or error.status >= 500


@dataclass(frozen=True)
class Limits:
    """The limits the delivery plans for. `rate`/`burst`: the token's requests per second and how many
    may go at once after a quiet spell; `per_channel` writes of each kind per `channel_window` seconds
    (plus `margin` seconds for clocks that disagree); `table_edit_gap`: the least time between two edits of
    one table message (the states between are skipped); `table_pictures`: table pictures drawn per second
    over all tables at most (drawing is CPU the computers need too): with many tables the gap grows.
    `panel_edit_gap`: the least time between two pictures of one player's panel edited through an
    interaction token (Discord limits each webhook too); `panel_pictures`: panel pictures drawn per second
    for edits nobody clicked, over all the panels followed (a turn's panel and a click's own answer are
    never held back): with many players the gap grows; `panel_backlog`: pictures waiting to be drawn that
    hold such an edit back (the thread is behind: turns and clicks go first); `panel_busy`: the share of
    the last seconds spent drawing (`bot.show.render.busy`) that holds it back too (the pictures take the
    CPU the bot is given: the computers' moves and the turns come first). A panel no token reaches is
    edited no more often than a table message (`edit_gap`): those edits count against the global limit.
    `tournament_edit_gap`: the least time between two edits of one tournament message (its pictures are
    drawn again for each; the changes between merge into the next edit)."""

    rate: float = 40.0
    burst: int = (
        5  # rate + burst stays under 50 in any second, with room for requests sent later than planned
    )
    per_channel: int = 5
    channel_window: float = 5.0
    margin: float = 0.25
    table_edit_gap: float = 2.5
    table_pictures: float = 8.0
    panel_edit_gap: float = 0.4
    panel_pictures: float = 20.0
    panel_backlog: int = 3
    panel_busy: float = 0.5
    tournament_edit_gap: float = 4.0

    @classmethod
    def none(cls) -> Limits:
        """No limits at all (tests on the offline Discord, where nothing is limited)."""
        return cls(
            rate=1e9,
            burst=1_000_000_000,
            per_channel=1_000_000_000,
            channel_window=0.0,
            margin=0.0,
            table_edit_gap=0.0,
            table_pictures=1e9,
            panel_edit_gap=0.0,
            panel_pictures=1e9,
            panel_backlog=1_000_000_000,
            panel_busy=float("inf"),
            tournament_edit_gap=0.0,
        )

    def edit_gap(self, tables: int) -> float:
        """The least time between two edits of one table message while `tables` tables are playing."""
        return max(self.table_edit_gap, tables / self.table_pictures)

    def panel_gap(self, panels: int) -> float:
        """The least time between two pictures of one panel edited through a token while `panels` panels
        follow games."""
        return max(self.panel_edit_gap, panels / self.panel_pictures)


class Window:
    """At most `limit` uses in any `span` seconds (a sliding window of the last uses)."""

    def __init__(self, limit: int, span: float):
        self.limit = limit
        self.span = span
        self.uses: deque[float] = deque()

    def wait(self, now: float) -> float:
        """Seconds until one more use fits (0: now)."""
        while self.uses and self.uses[0] <= now - self.span + _EPSILON:
            self.uses.popleft()
        if len(self.uses) < self.limit:
            return 0.0
        return self.uses[0] + self.span - now

    def use(self, now: float) -> None:
        """Record a use at `now`."""
        self.uses.append(now)


class Bucket:
    """A token bucket: `rate` tokens a second, holding at most `burst`."""

    def __init__(self, rate: float, burst: int, now: float):
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.at = now

    def _refill(self, now: float) -> None:
        if now > self.at:
            self.tokens = min(float(self.burst), self.tokens + (now - self.at) * self.rate)
            self.at = now

    def wait(self, now: float) -> float:
        """Seconds until a token is there (0: now)."""
        self._refill(now)
        if self.tokens >= 1 - _EPSILON:
            return 0.0
        return (1 - self.tokens) / self.rate

    def take(self, now: float) -> None:
        """Take one token (there must be one: `wait(now)` was 0)."""
        self._refill(now)
        self.tokens -= 1


class RoundRobin:
    """Who is served next among tables with requests waiting: one table at a time, in turn; within a
    table, its requests in the order they came."""

    def __init__(self) -> None:
        self.queues: OrderedDict[int, deque[object]] = OrderedDict()

    def add(self, table_id: int, waiter: object) -> None:
        """`waiter` (a request of `table_id`) waits for its turn."""
        self.queues.setdefault(table_id, deque()).append(waiter)

    def remove(self, table_id: int, waiter: object) -> None:
        """`waiter` gave up waiting."""
        queue = self.queues.get(table_id)
        if queue is not None and waiter in queue:
            queue.remove(waiter)
            if not queue:
                del self.queues[table_id]

    def next(self) -> tuple[int, object] | None:
        """The next table's oldest waiter, taken off; the table goes to the back of the line."""
        if not self.queues:
            return None
        table_id, queue = next(iter(self.queues.items()))
        waiter = queue.popleft()
        del self.queues[table_id]
        if queue:
            self.queues[table_id] = queue
        return table_id, waiter

    def __len__(self) -> int:
        return sum(len(queue) for queue in self.queues.values())


class Budget:
    """Plans the delivery's requests within Discord's limits (see the module's docstring)."""

    def __init__(
        self,
        limits: Limits | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ):
        self.limits = limits or Limits()
        self.clock = clock
        self.sleep = sleep  # injected with the clock, so tests move time instead of waiting
        self.bucket = Bucket(self.limits.rate, self.limits.burst, clock())
        self.windows: dict[tuple[int, str], Window] = {}
        self._prune_at = PRUNE_WINDOWS_AT  # channels' windows are swept of idle ones past this many
        self.line = RoundRobin()
        self._granting: asyncio.Task | None = None
        self.waited = 0.0  # seconds requests spent waiting, all told (for the logs)

    def window(self, channel_id: int, kind: str) -> Window:
        """The sliding window of one kind of write in one channel."""
        window = self.windows.get((channel_id, kind))
        if window is None:
            if len(self.windows) >= self._prune_at:
                self._prune()
            window = self.windows[(channel_id, kind)] = Window(
                self.limits.per_channel, self.limits.channel_window + self.limits.margin
            )
        return window

    def _prune(self) -> None:
        """Drop the windows of channels with no use inside their span (a month of play meets many channels,
        DMs included; an idle window holds nothing a new one would not)."""
        now = self.clock()
        self.windows = {key: w for key, w in self.windows.items() if w.wait(now) > 0 or w.uses}
        self._prune_at = max(PRUNE_WINDOWS_AT, 2 * len(self.windows))

    def channel_wait(self, channel_id: int, kind: str) -> float:
        """Seconds until the channel has room for one more write of `kind`."""
        return self.window(channel_id, kind).wait(self.clock())

    async def acquire(self, table_id: int, channel_id: int | None = None, kind: str | None = None) -> None:
        """Wait until one request for `table_id` may go: room in its channel's window (for a channel write)
        and a token of the global bucket, in the table's turn."""
        started = self.clock()
        if channel_id is not None and kind is not None:
            while (delay := self.channel_wait(channel_id, kind)) > 0:
                await self.sleep(delay)
        if not len(self.line) and self.bucket.wait(self.clock()) == 0:
            self.bucket.take(self.clock())
        else:
            waiter = asyncio.get_running_loop().create_future()
            self.line.add(table_id, waiter)
            self._grant_soon()
            try:
                await waiter
            except asyncio.CancelledError:
                self.line.remove(table_id, waiter)
                raise
        if channel_id is not None and kind is not None:
            self.window(channel_id, kind).use(self.clock())
        self.waited += self.clock() - started

    def _grant_soon(self) -> None:
        if self._granting is None or self._granting.done():
            self._granting = asyncio.get_running_loop().create_task(self._grant(), name="rest-budget")

    async def _grant(self) -> None:
        """Hand out tokens as the bucket refills, one table at a time."""
        while len(self.line):
            delay = self.bucket.wait(self.clock())
            if delay > 0:
                await self.sleep(delay)
                continue
            chosen = self.line.next()
            if chosen is None:
                return
            _, waiter = chosen
            assert isinstance(waiter, asyncio.Future)
            if waiter.done():
                continue
            self.bucket.take(self.clock())
            waiter.set_result(None)


class Sender(Protocol):
    """Every request the delivery and the click acknowledger make, each for a table (`table_id`: whose turn
    at the budget a bound request waits for, and whose figures it counts in; None: no table's)."""

    async def send(self, table_id: int, channel_id: int, content: str, **fields: Any) -> discord.Message:
        """A new message in a channel (bound: within the budget)."""

    async def edit(
        self, table_id: int, channel_id: int, message_id: int, *, gate: Gate | None = None, **fields: Any
    ) -> bool:
        """Edit a message through its channel (bound); with a `gate`, only if it lets the edit go once it
        has its room in the budget. True if the edit was made."""

    async def delete(self, table_id: int, channel_id: int, message_id: int) -> None:
        """Delete a message through its channel (bound); one already gone is fine."""

    async def open_dm(self, table_id: int, user_id: int) -> int:
        """Open the DM channel with a user (bound); its id."""

    async def history(self, table_id: int, channel_id: int, limit: int) -> list[discord.Message]:
        """The newest `limit` messages of a channel, newest first (bound)."""

    async def defer(self, table_id: int | None, interaction: discord.Interaction, **options: Any) -> None:
        """Acknowledge a click, with no answer yet (exempt, as is everything through an interaction)."""

    async def respond(
        self, table_id: int | None, interaction: discord.Interaction, content: str, **fields: Any
    ) -> None:
        """Answer a click with a message of its own."""

    async def respond_by_editing(
        self, table_id: int | None, interaction: discord.Interaction, **fields: Any
    ) -> None:
        """Answer a click by editing the message clicked."""

    async def follow_up(
        self, table_id: int | None, interaction: discord.Interaction, content: str, **fields: Any
    ) -> None:
        """A message after a click's acknowledgement."""

    async def follow_up_message(
        self, table_id: int | None, interaction: discord.Interaction, content: str, **fields: Any
    ) -> discord.WebhookMessage:
        """A message after a click's acknowledgement, returned (to be edited or deleted later)."""

    async def edit_original(
        self, table_id: int | None, interaction: discord.Interaction, **fields: Any
    ) -> None:
        """Edit the message a click's interaction answers (the clicked one when the click was deferred)."""

    async def delete_original(self, table_id: int, interaction: discord.Interaction) -> None:
        """Delete the message a click's interaction answers."""

    async def edit_by_token(self, table_id: int, token: str, message_id: int, **fields: Any) -> None:
        """Edit a follow-up through the token of the interaction that sent it."""

    async def delete_by_token(self, table_id: int, token: str, message_id: int) -> None:
        """Delete a follow-up through the token of the interaction that sent it."""

    def hand_over(self, table_id: int) -> None:
        """A finished hand's summary goes out next: the table's requests from now on are its next hand's."""

    def turn_panel_out(self, seconds: float) -> None:
        """A player's turn panel went out `seconds` after the move that made it their turn."""

    def panel_followed(self, seconds: float) -> None:
        """A player's panel showed a move `seconds` after it was made."""


async def answered(request: Awaitable[T]) -> T:
    """`request`'s answer; TimeoutError if Discord gives none in `REQUEST_TIMEOUT` seconds."""
    async with asyncio.timeout(REQUEST_TIMEOUT):
        return await request


async def _listed(messages: AsyncIterator[discord.Message]) -> list[discord.Message]:
    return [message async for message in messages]


class DiscordSender:
    """Makes the requests (see `Sender`); the bound ones wait for their room in the budget first."""

    def __init__(self, client: discord.Client, budget: Budget):
        self.client = client
        self.budget = budget

    async def send(self, table_id: int, channel_id: int, content: str, **fields: Any) -> discord.Message:
        await self.budget.acquire(table_id, channel_id, CREATE)
        return await answered(self.client.get_partial_messageable(channel_id).send(content, **fields))

    async def edit(
        self, table_id: int, channel_id: int, message_id: int, *, gate: Gate | None = None, **fields: Any
    ) -> bool:
        await self.budget.acquire(table_id, channel_id, EDIT)
        message = self.client.get_partial_messageable(channel_id).get_partial_message(message_id)
        if gate is None:
            await answered(message.edit(**fields))
            return True
        async with gate() as wanted:
            if wanted:
                await answered(message.edit(**fields))
            return wanted

    async def delete(self, table_id: int, channel_id: int, message_id: int) -> None:
        await self.budget.acquire(table_id, channel_id, DELETE)
        try:
            await answered(
                self.client.get_partial_messageable(channel_id).get_partial_message(message_id).delete()
            )
        except discord.NotFound:
            pass

    async def open_dm(self, table_id: int, user_id: int) -> int:
        await self.budget.acquire(table_id)
        return (await answered(self.client.create_dm(discord.Object(user_id)))).id

    async def history(self, table_id: int, channel_id: int, limit: int) -> list[discord.Message]:
        await self.budget.acquire(table_id)
        return await answered(_listed(self.client.get_partial_messageable(channel_id).history(limit=limit)))

    async def defer(self, table_id: int | None, interaction: discord.Interaction, **options: Any) -> None:
        await answered(interaction.response.defer(**options))

    async def respond(
        self, table_id: int | None, interaction: discord.Interaction, content: str, **fields: Any
    ) -> None:
        await answered(interaction.response.send_message(content, **fields))

    async def respond_by_editing(
        self, table_id: int | None, interaction: discord.Interaction, **fields: Any
    ) -> None:
        await answered(interaction.response.edit_message(**fields))

    async def follow_up(
        self, table_id: int | None, interaction: discord.Interaction, content: str, **fields: Any
    ) -> None:
        await answered(interaction.followup.send(content, **fields))

    async def follow_up_message(
        self, table_id: int | None, interaction: discord.Interaction, content: str, **fields: Any
    ) -> discord.WebhookMessage:
        return await answered(interaction.followup.send(content, wait=True, **fields))

    async def edit_original(
        self, table_id: int | None, interaction: discord.Interaction, **fields: Any
    ) -> None:
        await answered(interaction.edit_original_response(**fields))

    async def delete_original(self, table_id: int, interaction: discord.Interaction) -> None:
        await answered(interaction.delete_original_response())

    async def edit_by_token(self, table_id: int, token: str, message_id: int, **fields: Any) -> None:
        await answered(self._webhook(token).edit_message(message_id, **fields))

    async def delete_by_token(self, table_id: int, token: str, message_id: int) -> None:
        await answered(self._webhook(token).delete_message(message_id))

    def hand_over(self, table_id: int) -> None:
        """Nothing to count here (`metered.Metered` counts)."""

    def turn_panel_out(self, seconds: float) -> None:
        """Nothing to count here (`metered.Metered` counts)."""

    def panel_followed(self, seconds: float) -> None:
        """Nothing to count here (`metered.Metered` counts)."""

    def _webhook(self, token: str) -> discord.Webhook:
        """The interaction webhook of a stored token (its follow-ups can be edited and deleted with it)."""
        assert self.client.application_id is not None
        return discord.Webhook.partial(self.client.application_id, token, client=self.client)
