"""The bot: a `commands.Bot` whose `setup_hook` opens storage, loads the game and reloads every table."""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands, tasks

from engine.ai import make_player

from . import messages
from .buttons import TableButton
from .clicks import ClickHandler
from .delivery import Delivery
from .storage import Storage
from .tables import TableService
from .tables.pools import WorkerPlan

log = logging.getLogger(__name__)
EXTENSIONS = ("bot.cogs.game",)


@dataclass(frozen=True)
class BotSettings:
    """What the bot needs besides its token."""

    database_path: Path | str
    dev_guild_id: int | None = None
    computer_pause: float = 1.2
    warm_up_computers: bool = True  # prepare the strong computer player at start-up (tests skip it)
    tick_seconds: float | None = 5.0  # how often turn timers are checked; None: never (tests call tick())
    computer_workers: WorkerPlan | None = None  # where computers think; None: one worker thread


class Texas42Bot(commands.Bot):
    """Texas 42 on Discord. No privileged intents: slash commands and buttons only."""

    storage: Storage
    service: TableService
    delivery: Delivery
    clicks: ClickHandler

    def __init__(
        self,
        settings: BotSettings,
        *,
        rng: random.Random | None = None,
        player_factory: Callable[[str, int | None], Any] = make_player,
        clock: Callable[[], float] = time.time,
    ):
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None)
        self.settings = settings
        self.rng = rng
        self.player_factory = player_factory
        self.clock = clock
        self._timers: tasks.Loop | None = None

    async def setup_hook(self) -> None:
        """Open the database (running migrations), register the game, reload unfinished tables, sync commands."""
        self.storage = await Storage.open(self.settings.database_path)
        self.delivery = Delivery(self, self.storage, self.clock)
        self.service = TableService(
            self.storage,
            rng=self.rng,
            computer_pause=self.settings.computer_pause,
            player_factory=self.player_factory,
            listener=self.delivery,
            clock=self.clock,
            computer_workers=self.settings.computer_workers,
        )
        self.delivery.service = self.service
        self.clicks = ClickHandler(self.service, self.delivery)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.add_dynamic_items(TableButton)
        tables = await self.service.load()
        log.info("reloaded %d open table(s)", len(tables))
        await self._sync_commands()
        self.loop.create_task(self._resume(), name="resume-tables")

    async def _sync_commands(self) -> None:
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def _resume(self) -> None:
        await self.wait_until_ready()
        if self.settings.warm_up_computers:
            try:
                seconds = await self.service.chooser.warm_up()
                log.info("computer players ready in %.1f s", seconds)
            except Exception:
                log.exception("could not warm up the strong computer player; it will start cold")
        await self._explain_damaged_tables()
        await self.delivery.resume()
        self.service.resume()
        if self.settings.tick_seconds:
            self._timers = tasks.loop(seconds=self.settings.tick_seconds)(self.tick)
            self._timers.start()

    async def tick(self) -> None:
        """One beat of the background task: turn timers and idle tables, then sends Discord refused."""
        await self.service.tick()
        try:
            await self.delivery.tick()
        except Exception:
            log.exception("retrying refused messages failed")

    async def _explain_damaged_tables(self) -> None:
        """Each table refused at load (unreadable records) is explained in its own channel."""
        for damaged in self.service.damaged:
            try:
                await self.get_partial_messageable(damaged.channel_id).send(
                    messages.damaged(damaged.id, damaged.reason), allowed_mentions=discord.AllowedMentions.none()
                )
            except discord.HTTPException:
                log.warning("could not tell channel %s that table %s is damaged", damaged.channel_id, damaged.id)
        self.service.damaged.clear()

    async def close(self) -> None:
        """A clean stop: finish the action in hand, stop the timers, disconnect, close the database."""
        if self._timers is not None:
            self._timers.cancel()
        service = getattr(self, "service", None)
        if service is not None:
            await service.shutdown()
        delivery = getattr(self, "delivery", None)
        if delivery is not None:
            await delivery.stop(grace=5.0)  # what is left stays in the outbox for the next start
        await super().close()
        storage = getattr(self, "storage", None)
        if storage is not None:
            await storage.close()
