"""The bot's figures on what it sends, kept by a wrapper around the sender so that the delivery's logic
carries none of them: REST requests per table and per finished hand (bound by Discord's global limit, or
exempt from it), and how long players' panels take to show moves."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import discord

from bot.computers.quantiles import nearest_rank

from .sender import Gate, Sender

log = logging.getLogger(__name__)
T = TypeVar("T")


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


class PanelTimes:
    """How long players' panels took to show a move, from the move (the work asked for) to Discord taking
    the message: logged every `every` seconds, the recent ones and the last `KEPT`, so a run shows the
    delivery's share beside the computers' line. `what` names them in the log: turn panels (from the move
    that made it a player's turn to their new panel), or every panel following a move."""

    KEPT = 10_000

    def __init__(
        self,
        what: str = "turn panel(s) out",
        every: float = 10.0,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.what = what
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
                "delivery: %d %s in p50 %.0f ms, p90 %.0f ms, max %.0f ms after the move; "
                "the last %d: p50 %.0f ms, p90 %.0f ms, p99 %.0f ms",
                len(recent),
                self.what,
                *_ms(recent, 0.5, 0.9, 1.0),
                len(kept),
                *_ms(kept, 0.5, 0.9, 0.99),
            )
        self.recent.clear()
        self.last_logged = self.clock()


def _ms(ordered: list[float], *fractions: float) -> list[float]:
    """Percentiles of sorted seconds, in milliseconds (1.0: the largest)."""
    return [1000 * value for value in nearest_rank(ordered, *fractions)]


class Metered:
    """A `Sender` that counts what the sender it wraps sends: each request made (answered, or refused by
    Discord) counts for its table, bound or exempt, and joins the hand's totals when the hand's summary
    goes out; the times panels take to show moves are kept and logged."""

    def __init__(self, sender: Sender):
        self.sender = sender
        self.rest = RestCount()
        self.turn_panels = PanelTimes("turn panel(s) out")
        self.panel_follows = PanelTimes("panel(s) followed")

    async def send(self, table_id: int, channel_id: int, content: str, **fields: Any) -> discord.Message:
        return await self._counted(table_id, False, self.sender.send(table_id, channel_id, content, **fields))

    async def edit(
        self, table_id: int, channel_id: int, message_id: int, *, gate: Gate | None = None, **fields: Any
    ) -> bool:
        request = self.sender.edit(table_id, channel_id, message_id, gate=gate, **fields)
        return await self._counted(table_id, False, request)

    async def delete(self, table_id: int, channel_id: int, message_id: int) -> None:
        await self._counted(table_id, False, self.sender.delete(table_id, channel_id, message_id))

    async def open_dm(self, table_id: int, user_id: int) -> int:
        return await self._counted(table_id, False, self.sender.open_dm(table_id, user_id))

    async def history(self, table_id: int, channel_id: int, limit: int) -> list[discord.Message]:
        return await self._counted(table_id, False, self.sender.history(table_id, channel_id, limit))

    async def defer(self, table_id: int | None, interaction: discord.Interaction, **options: Any) -> None:
        await self._counted(table_id, True, self.sender.defer(table_id, interaction, **options))

    async def respond(
        self, table_id: int | None, interaction: discord.Interaction, content: str, **fields: Any
    ) -> None:
        await self._counted(table_id, True, self.sender.respond(table_id, interaction, content, **fields))

    async def respond_by_editing(
        self, table_id: int | None, interaction: discord.Interaction, **fields: Any
    ) -> None:
        await self._counted(table_id, True, self.sender.respond_by_editing(table_id, interaction, **fields))

    async def follow_up(
        self, table_id: int | None, interaction: discord.Interaction, content: str, **fields: Any
    ) -> None:
        await self._counted(table_id, True, self.sender.follow_up(table_id, interaction, content, **fields))

    async def follow_up_message(
        self, table_id: int | None, interaction: discord.Interaction, content: str, **fields: Any
    ) -> discord.WebhookMessage:
        request = self.sender.follow_up_message(table_id, interaction, content, **fields)
        return await self._counted(table_id, True, request)

    async def edit_original(
        self, table_id: int | None, interaction: discord.Interaction, **fields: Any
    ) -> None:
        await self._counted(table_id, True, self.sender.edit_original(table_id, interaction, **fields))

    async def delete_original(self, table_id: int, interaction: discord.Interaction) -> None:
        await self._counted(table_id, True, self.sender.delete_original(table_id, interaction))

    async def edit_by_token(self, table_id: int, token: str, message_id: int, **fields: Any) -> None:
        await self._counted(table_id, True, self.sender.edit_by_token(table_id, token, message_id, **fields))

    async def delete_by_token(self, table_id: int, token: str, message_id: int) -> None:
        await self._counted(table_id, True, self.sender.delete_by_token(table_id, token, message_id))

    def hand_over(self, table_id: int) -> None:
        """The table's hand is finished: its requests join the totals, and are logged."""
        bound, exempt = self.rest.hand_done(table_id)
        log.debug(
            "table %s: %d REST requests for the hand (%d under the global limit, %d interaction)",
            table_id,
            bound + exempt,
            bound,
            exempt,
        )
        self.sender.hand_over(table_id)

    def turn_panel_out(self, seconds: float) -> None:
        """Keep a turn panel's time (logged every so often)."""
        self.turn_panels.add(seconds)
        self.sender.turn_panel_out(seconds)

    def panel_followed(self, seconds: float) -> None:
        """Keep the time a panel took to show a move (logged every so often)."""
        self.panel_follows.add(seconds)
        self.sender.panel_followed(seconds)

    async def _counted(self, table_id: int | None, exempt: bool, request: Awaitable[T]) -> T:
        """Await a request and count it, whether Discord answered or refused it (not if it was cancelled:
        a stop while it waited for its room)."""
        try:
            result = await request
        except asyncio.CancelledError:
            raise
        except Exception:
            self._add(table_id, exempt)
            raise
        if result is not False:  # False: a gated edit that was not made
            self._add(table_id, exempt)
        return result

    def _add(self, table_id: int | None, exempt: bool) -> None:
        if table_id is not None:
            self.rest.add(table_id, exempt=exempt)
