"""The tournaments on Discord: the tournament message in its channel (posted, kept current, posted anew if
it was deleted), a thread of the channel for each match, and the post there that calls its players to the
table. Every request goes through the delivery's sender and its rate plan (the thread's creation takes its
room in the budget like a post), under the tournament's own key (its id, negated: no table has it).

The message follows the tournament in a lane of its own: a change while it is being shown is shown next,
merged with any after it, and two edits are at least `gap` seconds apart (its pictures are drawn again for
each; `Limits.tournament_edit_gap`). A message whose text and pictures would not change is not edited.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable
from typing import Literal

import discord

from bot.show import render
from bot.show.tournament_ids import budget_key
from bot.show.tournament_replies import call_to_table, thread_name
from bot.show.tournament_screens import TournamentScreen, tournament_screen
from bot.storage.errors import StorageUnavailable
from bot.storage.store import Storage
from bot.storage.tournaments import set_tournament_message
from bot.tournaments.model import Match
from bot.tournaments.record import Stored
from bot.tournaments.results import keys

from .buttons import view_of
from .delivery.sender import CREATE, NO_MENTIONS, Budget, Sender, transient

log = logging.getLogger(__name__)
# a match's thread hides after a day without a message (Discord's choices: 60, 1440, 4320, 10080)
ARCHIVE_MINUTES: Literal[1440] = 1440
PUBLIC_THREAD: Literal[11] = 11


class TournamentStage:
    """Shows tournaments on Discord (see the module docstring)."""

    def __init__(
        self,
        client: discord.Client,
        sender: Sender,
        budget: Budget,
        storage: Storage,
        *,
        gap: float = 4.0,
        clock: Callable[[], float] | None = None,
    ):
        self.client = client
        self.sender = sender
        self.budget = budget
        self.storage = storage
        self.gap = gap
        self.clock = clock
        self.latest: dict[int, Stored] = {}  # tournament -> the newest state not yet shown
        self.shown: dict[int, int] = {}  # tournament -> hash of the screen its message shows
        self.messages: dict[int, int | None] = {}  # tournament -> its message, as last posted here
        self.lanes: dict[int, asyncio.Task] = {}

    # ------------------------------------------------------------------ the tournament message

    def changed(self, stored: Stored) -> None:
        """Show this state of the tournament soon (a newer one replaces it if it comes first)."""
        known = self.latest.get(stored.id)
        if known is not None and known.version > stored.version:
            return
        self.latest[stored.id] = stored
        lane = self.lanes.get(stored.id)
        if lane is None or lane.done():
            self.lanes[stored.id] = asyncio.get_running_loop().create_task(
                self._lane(stored.id), name=f"tournament-{stored.id}-message"
            )

    async def _lane(self, tournament_id: int) -> None:
        while (stored := self.latest.pop(tournament_id, None)) is not None:
            try:
                await self.show(stored)
            except asyncio.CancelledError:
                raise
            except discord.HTTPException as error:
                log.warning("tournament %s: its message was not shown (%s)", tournament_id, error.status)
                if transient(error):
                    self.latest.setdefault(tournament_id, stored)
            except StorageUnavailable:  # the database is away (the store says so once): shown once it is back
                self.latest.setdefault(tournament_id, stored)
            except Exception:
                log.exception("tournament %s: showing its message failed", tournament_id)
            if tournament_id in self.latest:
                await asyncio.sleep(self.gap)  # changes meanwhile merge into the next edit

    async def show(self, stored: Stored) -> None:
        """Bring the tournament message up to date with `stored` (posting it if there is none)."""
        screen = tournament_screen(stored)
        fingerprint = hash(repr(screen))
        message_id = self.messages.get(stored.id, stored.message_id)
        if message_id is not None and self.shown.get(stored.id) == fingerprint:
            return
        files = await self._pictures(screen)
        view = view_of(screen.buttons) if screen.buttons else None
        key = budget_key(stored.id)
        if message_id is not None:
            try:
                await self.sender.edit(
                    key,
                    stored.channel_id,
                    message_id,
                    content=screen.text,
                    attachments=files,
                    view=view,
                    allowed_mentions=NO_MENTIONS,
                )
                self.shown[stored.id] = fingerprint
                return
            except discord.NotFound:
                log.info("tournament %s: its message is gone; posting it again", stored.id)
                files = await self._pictures(screen)  # a file is read once: these are new
        extras = {} if view is None else {"view": view}
        sent = await self.sender.send(
            key, stored.channel_id, screen.text, files=files, allowed_mentions=NO_MENTIONS, **extras
        )
        self.messages[stored.id] = sent.id
        self.shown[stored.id] = fingerprint
        await set_tournament_message(self.storage, stored.id, sent.id)

    async def _pictures(self, screen: TournamentScreen) -> list[discord.File]:
        drawn = await asyncio.gather(*(render.draw(p.renderer, p.scene) for p in screen.pictures))
        return [
            discord.File(io.BytesIO(png), filename=picture.filename)
            for picture, png in zip(screen.pictures, drawn, strict=True)
            if png is not None
        ]

    # ------------------------------------------------------------------ a match's thread

    async def open_thread(self, stored: Stored, match: Match) -> int:
        """A public thread of the tournament's channel named for the match; its id."""
        assert stored.record.tournament is not None
        await self.budget.acquire(budget_key(stored.id), stored.channel_id, CREATE)
        thread = await self.client.http.start_thread_without_message(
            stored.channel_id,
            name=thread_name(stored.record.tournament, match),
            auto_archive_duration=ARCHIVE_MINUTES,
            type=PUBLIC_THREAD,
        )
        return int(thread["id"])

    async def announce(self, stored: Stored, match: Match, game: int, thread_id: int) -> None:
        """Call the match's players to its table in its thread (a mention each: it adds them to it)."""
        tournament = stored.record.tournament
        assert tournament is not None
        people = tuple(
            [int(key) for key in keys(tournament, match, side) if key.isdigit()] for side in (0, 1)
        )
        text = call_to_table(stored, match, game, (people[0], people[1]))
        allowed = discord.AllowedMentions(users=[discord.Object(user) for user in (*people[0], *people[1])])
        await self.sender.send(budget_key(stored.id), thread_id, text, allowed_mentions=allowed)

    # ------------------------------------------------------------------ tests and stopping

    async def idle(self) -> None:
        """Wait until every tournament message shows its latest state (tests)."""
        while lanes := [lane for lane in self.lanes.values() if not lane.done()]:
            await asyncio.gather(*lanes, return_exceptions=True)

    async def stop(self) -> None:
        """Stop showing (a clean stop; what was left is shown again after the restart)."""
        for lane in self.lanes.values():
            lane.cancel()
        await asyncio.gather(*self.lanes.values(), return_exceptions=True)
