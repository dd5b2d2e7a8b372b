"""Simulated players for the stand-in: a human who opens a table and clicks the moment a control arrives.

What the human recognises (the bot must keep to this for the benchmark to see its game; BOT.md's labels):

- **Turn controls**: enabled buttons whose labels are bids, contracts or tiles (`Pass`, `30`, `1 mark`,
  `Plunge`, `Fives`, `Follow me`, `Nello`, `6-4`, `Take widow`, ...) on a message that only this human can
  see: a DM from the bot, or an ephemeral reply to one of their interactions. New controls are noticed when a
  message appears or is edited (by the REST API or through an interaction response) with a set of such
  buttons (by custom id) that the human has not already answered. Channel messages never carry turn controls.
- **The lobby**: on the newest version of a channel message with lobby buttons, the human (the host) presses
  `Sit North` (or the first free `Sit ...`), then `Add computer` while it is enabled, then `Start`; after a game,
  `Rematch`, then `Start` again. One press per version of the message; if no new version comes within
  `lobby_retry` seconds the press is repeated (and counted).
- **Try again**: a press answered that the bot cannot reach its records for a moment (`replies.DATABASE_AWAY`)
  is pressed again `away_retry` seconds later, as a person would (counted in `away_answers`).
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from dataclasses import dataclass, field
from typing import Any

from bot.show.replies import DATABASE_AWAY

from .interactions import Interaction, InteractionFailed
from .model import Button, Channel, Message, User
from .standin import DiscordStandIn, MessageEvent

TURN_LABEL = re.compile(
    r"^(\d.*|Pass|Plunge.*|Splash.*|Dip|Dive|Partner|Blanks|Ones|Twos|Threes|Fours|Fives|Sixes|Doubles.*|Follow me"
    r"|Nello.*|Sevens.*|7s|8s|Count|Take widow|Keep hand|Shoot.*)$"
)
LOBBY_PRESSES = ("Rematch", "Start", "Add computer")


def turn_controls(message: Message) -> list[Button]:
    """The enabled buttons of a message that are a player's turn controls (bids, contracts, tiles)."""
    return [b for b in message.buttons if not b.disabled and TURN_LABEL.match(b.label)]


@dataclass(frozen=True)
class Click:
    """One press: when (`time.perf_counter()`), what, and the interaction it started."""

    at: float
    kind: str  # "turn" | "lobby" | "command"
    label: str
    interaction: Interaction


@dataclass(frozen=True)
class Arrival:
    """New turn controls seen by a human."""

    at: float
    message_id: int
    labels: tuple[str, ...]


@dataclass(eq=False)
class Human:
    """A player who hosts one table in `channel`, fills it with computers, and answers every turn at once."""

    standin: DiscordStandIn
    user: User
    channel: Channel
    seed: int = 0
    new_options: dict[str, Any] = field(default_factory=dict)  # options of `/42 new`
    lobby_retry: float = 15.0
    rematch: bool = True
    sits: bool = True  # False: the host fills every seat with computers and only starts the games
    clicks: list[Click] = field(default_factory=list)
    arrivals: list[Arrival] = field(default_factory=list)
    last_change: float = field(default_factory=time.perf_counter)  # anything this player could see changed
    lobby_retries: int = 0
    failed: list[Interaction] = field(default_factory=list)  # interactions never acknowledged
    away_retry: float = 1.0
    away_answers: list[Interaction] = field(default_factory=list)  # presses answered "try again"
    channel_changes: list[float] = field(default_factory=list)  # when the table's channel changed

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self._seen: dict[int, frozenset[str]] = {}  # message id -> its turn-control ids as last seen
        self._answered: frozenset[str] = frozenset()
        self._lobby_done: set[tuple[int, int]] = set()  # (message id, version) already pressed on
        self._lobby_message: Message | None = None
        self._seated_at: int | None = None  # the lobby message on which we took a seat
        self._tasks: set[asyncio.Task[Any]] = set()
        self._retry: asyncio.TimerHandle | None = None
        self._unsubscribe = [
            self.standin.subscribe(self._on_private, user=self.user),
            self.standin.subscribe(self._on_channel, channel=self.channel),
        ]

    # ------------------------------------------------------------------ driving

    async def open_table(self) -> Interaction:
        """`/42 new` in the channel; the lobby is then driven by what the bot shows."""
        interaction = await self.standin.slash(
            self.user, self.channel, "42 new", wait=None, **self.new_options
        )
        self._record("command", "/42 new", interaction)
        return interaction

    async def poke(self) -> Interaction | None:
        """Press `My hand` on the table message, as a player waiting for something would (None: no table
        message shows it)."""
        message = next(
            (m for m in reversed(self.channel.messages.values()) if not m.deleted and m.button("My hand")),
            None,
        )
        button = message.button("My hand") if message is not None else None
        if message is None or button is None:
            return None
        interaction = await self.standin.click(self.user, message, button, wait=None)
        self._record("poke", "My hand", interaction)
        return interaction

    def stop(self) -> None:
        """Stop reacting (pending clicks are cancelled)."""
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._unsubscribe.clear()
        if self._retry is not None:
            self._retry.cancel()
        for task in self._tasks:
            task.cancel()

    @property
    def turns(self) -> int:
        """Turn controls answered."""
        return sum(1 for c in self.clicks if c.kind == "turn")

    @property
    def in_game(self) -> bool:
        """Whether this player ever got turn controls (the table left the lobby)."""
        return bool(self.arrivals)

    # ------------------------------------------------------------------ reacting

    def _on_private(self, event: MessageEvent) -> None:
        self.last_change = event.at
        message = event.message
        if event.kind == "delete":
            self._seen.pop(message.id, None)
            return
        controls = turn_controls(message)
        ids = frozenset(b.custom_id for b in controls)
        previous = self._seen.get(message.id)
        self._seen[message.id] = ids
        if not ids or ids == previous or ids == self._answered:
            return
        self.arrivals.append(Arrival(event.at, message.id, tuple(b.label for b in controls)))
        self._answered = ids
        choice = self.rng.choice(controls)
        self._spawn(self._press("turn", message, choice))

    def _on_channel(self, event: MessageEvent) -> None:
        self.last_change = event.at
        self.channel_changes.append(event.at)
        message = event.message
        if event.kind != "delete" and any(
            b.label.startswith("Sit ") or b.label in LOBBY_PRESSES for b in message.buttons
        ):
            self._lobby_message = message
            self._lobby_step(message)

    def _lobby_step(self, message: Message) -> None:
        key = (message.id, message.version)
        if key in self._lobby_done or message.deleted:
            return
        label = self._lobby_choice(message)
        if label is None:
            return
        self._lobby_done.add(key)
        if label.startswith("Sit "):
            self._seated_at = message.id
        self._spawn(self._press("lobby", message, message.button(label)))
        self._arm_retry(message)

    def _lobby_choice(self, message: Message) -> str | None:
        enabled = [b.label for b in message.buttons if not b.disabled]
        if "Rematch" in enabled:
            return "Rematch" if self.rematch else None
        if "Start" in enabled:
            return "Start"
        sits = [label for label in enabled if label.startswith("Sit ")] if self.sits else []
        if self._seated_at != message.id and sits:
            return "Sit North" if "Sit North" in sits else sits[0]
        if "Add computer" in enabled:
            return "Add computer"
        return None

    def _arm_retry(self, message: Message) -> None:
        """If the lobby message does not change within `lobby_retry` s, press again."""
        if self._retry is not None:
            self._retry.cancel()
        version = (message.id, message.version)

        def again() -> None:
            if (
                self._lobby_message is message
                and (message.id, message.version) == version
                and not message.deleted
            ):
                self.lobby_retries += 1
                self._lobby_done.discard(version)
                if (
                    self._seated_at == message.id
                    and (sit := message.button("Sit North")) is not None
                    and not sit.disabled
                ):
                    self._seated_at = None  # the seat was not taken: sit again
                self._lobby_step(message)

        self._retry = asyncio.get_running_loop().call_later(self.lobby_retry, again)

    async def _press(self, kind: str, message: Message, button: Button | None) -> None:
        if button is None:
            return
        try:
            interaction = await self.standin.click(self.user, message, button, wait=None)
        except ValueError:  # the message changed under us; the next version brings what to do
            if kind == "turn":
                self._answered = frozenset()
            return
        self._record(kind, button.label, interaction)
        try:
            await interaction.wait_acknowledged(self.standin.limits.ack_deadline + 7)
        except InteractionFailed:
            self.failed.append(interaction)
            if kind == "turn":
                self._answered = frozenset()  # the same controls shown again are pressed again
            return
        if await self._asked_to_try_again(interaction):
            self.away_answers.append(interaction)
            await asyncio.sleep(self.away_retry)
            current = message.button(button.label)
            if kind == "turn" and not message.deleted and current is not None and not current.disabled:
                await self._press(kind, message, current)
            elif kind == "lobby" and self._lobby_message is message:
                self._lobby_done.discard((message.id, message.version))
                self._lobby_step(message)

    @staticmethod
    async def _asked_to_try_again(interaction: Interaction, wait: float = 2.0) -> bool:
        """Whether the bot answered the press that it cannot reach its records for a moment (the answer
        follows the acknowledgement: a moment is given for it)."""
        deadline = time.perf_counter() + wait
        while True:
            if any(DATABASE_AWAY in m.text for m in interaction.messages):
                return True
            if interaction.messages or time.perf_counter() > deadline:
                return False
            await asyncio.sleep(0.05)

    def _record(self, kind: str, label: str, interaction: Interaction) -> None:
        self.clicks.append(Click(interaction.sent_at, kind, label, interaction))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
