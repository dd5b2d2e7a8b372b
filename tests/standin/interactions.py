"""An interaction a simulated user started (a slash command or a click), and how the bot answered it."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from .model import Channel, Guild, Message, User

APPLICATION_COMMAND, MESSAGE_COMPONENT = 2, 3
# Callback types (the first response).
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7


class InteractionFailed(Exception):
    """The bot did not acknowledge an interaction in time (Discord shows "This interaction failed")."""


@dataclass(eq=False)
class Interaction:
    """One interaction: what was sent, when, and the bot's answers (times are `time.perf_counter()`)."""

    id: int
    token: str
    type: int
    user: User
    channel: Channel
    guild: Guild | None
    data: dict[str, Any]
    created: float  # on the stand-in's clock (deadlines)
    message: Message | None = None  # the message whose component was clicked
    sent_at: float = field(default_factory=time.perf_counter)
    acked_at: float | None = None
    shown_at: float | None = None  # the message clicked first changed through this interaction (7, @original)
    response_type: int | None = None
    original: Message | None = None  # the response message (4/5), or the clicked message (6/7)
    followups: list[Message] = field(default_factory=list)
    delivered: bool = False
    errors: list[str] = field(default_factory=list)  # refusals the stand-in gave the bot for this interaction
    _acked: asyncio.Event = field(default_factory=asyncio.Event)
    _answered: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def ack_latency(self) -> float | None:
        """Seconds from the interaction's dispatch to the bot's first response."""
        return None if self.acked_at is None else self.acked_at - self.sent_at

    @property
    def shown_latency(self) -> float | None:
        """Seconds from the click's dispatch to the message clicked changing through the click's own
        interaction (an UPDATE_MESSAGE response, or an edit of `@original` after a deferred update)."""
        return None if self.shown_at is None else self.shown_at - self.sent_at

    def changed_clicked_message(self) -> None:
        """The bot changed the message clicked through this interaction (the first time counts)."""
        if self.shown_at is None:
            self.shown_at = time.perf_counter()

    @property
    def answers(self) -> list[Message]:
        """Every message the bot answered with: the response (if it is a message) and the followups, those
        deleted since included."""
        first = [self.original] if self.original is not None and self.response_type in (4, 5) else []
        return first + self.followups

    @property
    def messages(self) -> list[Message]:
        """Every message the bot shows in answer (the answers not deleted)."""
        return [m for m in self.answers if not m.deleted]

    @property
    def text(self) -> str:
        """All the answer's text."""
        return "\n".join(m.text for m in self.messages if not m.loading)

    def acknowledge(self, response_type: int, original: Message | None) -> None:
        """Record the first response."""
        self.acked_at = time.perf_counter()
        self.response_type = response_type
        self.original = original
        self._acked.set()
        if response_type in (CHANNEL_MESSAGE, UPDATE_MESSAGE, DEFERRED_UPDATE):
            self._answered.set()

    def answered(self) -> None:
        """Record that the answer is visible (a deferred reply was filled, or a followup sent)."""
        self._answered.set()

    async def wait_acknowledged(self, timeout: float = 10.0) -> Interaction:
        """Wait for the first response; raises InteractionFailed if none comes within `timeout` seconds."""
        try:
            await asyncio.wait_for(self._acked.wait(), timeout)
        except TimeoutError:
            raise InteractionFailed(
                f"interaction {self.id} was not acknowledged within {timeout} s"
            ) from None
        return self

    async def wait_answered(self, timeout: float = 10.0) -> Interaction:
        """Wait until the answer is visible: an immediate reply or update, or a deferred reply filled in."""
        await self.wait_acknowledged(timeout)
        try:
            await asyncio.wait_for(self._answered.wait(), timeout)
        except TimeoutError:
            raise InteractionFailed(f"interaction {self.id} was deferred but never answered") from None
        return self
