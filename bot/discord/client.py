"""The bot: a `commands.Bot` whose `setup_hook` opens storage, builds the table service and the delivery,
loads the game and reloads every table (`process.run` runs it until it stops)."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands, tasks

from bot.computers.pools import WorkerPlan
from bot.config import Config, default_process_id
from bot.daily.deal_play import PlayerMaker, strong_fixed
from bot.daily.service import DailyService
from bot.learn.puzzles import PuzzleService
from bot.learn.standings import RatingOnGameOver
from bot.show import notices, render
from bot.storage.errors import StorageUnavailable
from bot.storage.leases import Leases
from bot.storage.listen import ChangeFeed, NameTaken
from bot.storage.store import Storage
from bot.storage.target import DatabaseTarget
from bot.tables.dealing import system_seeds
from bot.tables.ownership import LeasedOwner, Ownership, SoleOwner
from bot.tables.service import TableService
from bot.tournaments.listener import MatchesOnGameOver
from bot.tournaments.service import TournamentService
from engine.ai import make_player

from .buttons import TableButton
from .clicks import ClickHandler
from .coach import Coach, CoachButton
from .daily import DailyButton, DailyDesk
from .delivery.acknowledger import Acknowledger
from .delivery.lanes import Lanes
from .delivery.metered import Metered
from .delivery.outbox import Outbox
from .delivery.panels import Panels
from .delivery.sender import Budget, DiscordSender, Limits
from .delivery.table_message import TableMessage
from .delivery.tokens import Tokens
from .delivery.watch_panels import WatchPanels
from .heap import freeze_start_up
from .outage import answer_commands_when_away
from .puzzle import PuzzleButton, PuzzleDesk
from .tournament_clicks import PartnerMenu, TournamentButton, TournamentClicks
from .tournament_commands import TournamentCommands
from .tournament_stage import TournamentStage
from .voice import without_voice

log = logging.getLogger(__name__)
EXTENSIONS = ("bot.discord.cogs.tables",)


@dataclass(frozen=True)
class BotSettings:
    """What the bot needs besides its token."""

    database: Path | str | DatabaseTarget  # a DATABASE_URL, a SQLite file, or a parsed target
    dev_guild_id: int | None = None
    computer_pause: float = 1.2
    warm_up_computers: bool = True  # prepare the strong computer player at start-up (tests skip it)
    tick_seconds: float | None = 5.0  # how often turn timers are checked; None: never (tests call tick())
    limits: Limits = field(default_factory=Limits)  # Discord's rate limits, planned for
    shard_count: int | None = None  # None: as many shards as Discord recommends, all run here
    shard_ids: tuple[int, ...] | None = None  # the shards this process runs (None: all)
    process_id: str = field(default_factory=default_process_id)  # this process among several (PostgreSQL)
    lease_seconds: float = 20.0  # a table stays this long with a process that stopped renewing its lease
    seed: int | str | None = None  # deals repeat per table and hand (tests); None: truly random
    computer_workers: WorkerPlan | None = None  # where computers think; None: one worker thread
    picture_workers: int = 0  # processes that draw the pictures; 0: this process's threads
    freeze_start_up: bool = False  # once up, set the start-up's objects aside from full collections (heap.py)

    @classmethod
    def from_config(cls, config: Config) -> BotSettings:
        """The settings a process started with `python -m bot` runs with."""
        return cls(
            config.database,
            dev_guild_id=config.dev_guild_id,
            computer_pause=config.computer_pause,
            computer_workers=config.computer_workers,
            picture_workers=config.picture_workers,
            tick_seconds=config.tick_seconds,
            shard_count=config.shard_count,
            shard_ids=config.shard_ids,
            process_id=config.process_id,
            lease_seconds=config.lease_seconds,
            seed=config.seed,
            freeze_start_up=True,  # a process of its own (tests leave their process alone)
        )


class Texas42Bot(commands.AutoShardedBot):
    """Texas 42 on Discord. No privileged intents: slash commands and buttons only. Runs the shards its
    settings name (all of them by default); any process can take any click (the tables are in the database)."""

    storage: Storage
    outbox: Outbox
    service: TableService
    budget: Budget
    sender: Metered
    table_message: TableMessage
    panels: Panels
    watching: WatchPanels
    delivery: Lanes
    answers: Acknowledger
    rating: RatingOnGameOver
    clicks: ClickHandler
    tournaments: TournamentService
    stage: TournamentStage
    tournament_clicks: TournamentClicks
    tournament_commands: TournamentCommands

    def __init__(
        self,
        settings: BotSettings,
        *,
        rng: random.Random | None = None,
        player_factory: Callable[[str, int | None], Any] = make_player,
        clock: Callable[[], float] = time.time,
        daily_player: PlayerMaker = strong_fixed,
        puzzle_seeds: Callable[[], bytes] = system_seeds,
    ):
        without_voice()  # no voice: no start-up warnings about the voice libraries it does not need
        intents = discord.Intents.none()
        intents.guilds = True
        # No shard ids given: discord.py runs them all (its typing takes a list or nothing, not None).
        shards: dict[str, Any] = {"shard_ids": list(settings.shard_ids)} if settings.shard_ids else {}
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            shard_count=settings.shard_count,
            **shards,
        )
        self.settings = settings
        self.rng = rng
        self.player_factory = player_factory
        self.daily_player = daily_player  # the daily deals' computers: seeded, a fixed search each
        self.puzzle_seeds = puzzle_seeds  # where puzzles are dealt from (tests: a seeded stream)
        self.clock = clock
        self._timers: tasks.Loop | None = None
        self.changes: ChangeFeed | None = None  # PostgreSQL: other processes' changes, as they commit
        self._renewal: tasks.Loop | None = None  # PostgreSQL: lease renewal, from start-up on
        self._resumed = False  # the start-up resume (messages, computers) is done
        self._resuming: asyncio.Task | None = None  # the start-up resume, while it runs (a stop cancels it)
        self._stopping: asyncio.Task | None = None  # a stop the bot decided itself
        self.commands_synced = "not yet"  # where the slash commands were synced, for the ready line

    async def setup_hook(self) -> None:
        """Open the database (running migrations), register the game, reload unfinished tables, sync commands."""
        if self.settings.picture_workers:
            render.start_processes(self.settings.picture_workers)
        self.storage = await Storage.open(self.settings.database)
        ownership: Ownership = SoleOwner()
        if (
            self.storage.target.shared
        ):  # several processes may share the database: each runs the tables it leases
            ownership = LeasedOwner(
                Leases(self.storage, self.settings.process_id, self.settings.lease_seconds)
            )
        self.outbox = Outbox(self.storage)  # the service publishes its events here; the delivery reads them
        self.rating = RatingOnGameOver(self.storage)  # rates a server's games as each ends
        self.service = TableService(
            self.storage,
            rng=self.rng,
            computer_pause=self.settings.computer_pause,
            player_factory=self.player_factory,
            # every event to the delivery; a game's end to the ratings, and to a match's tournament
            listeners=(self.outbox, self.rating, MatchesOnGameOver(self)),
            clock=self.clock,
            ownership=ownership,
            seed=self.settings.seed,
            computer_workers=self.settings.computer_workers,
        )
        self.build_delivery()
        self.build_tournaments()
        if self.storage.target.shared:
            # the feed's connection also holds this process's name: a second process with it is refused
            self.changes = ChangeFeed(self.storage.target, self.service.hint, self.settings.process_id)
            await self.changes.start()
            if self.settings.tick_seconds:
                self._renewal = tasks.loop(seconds=self.settings.tick_seconds)(self.renew)
        self.coach = Coach(self.storage, self.service)
        self.daily = DailyDesk(DailyService(self.storage, self.clock, self.daily_player))
        self.puzzles = PuzzleDesk(PuzzleService(self.storage, self.clock, self.puzzle_seeds))
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.add_dynamic_items(
            TableButton, CoachButton, DailyButton, PuzzleButton, TournamentButton, PartnerMenu
        )
        self.add_listener(self.clicks.refuse_stray, "on_interaction")  # a button none of these knows
        answer_commands_when_away(self.tree)
        tables = await self.service.load()
        log.info("reloaded %d open table(s)", len(tables))
        if self._renewal is not None:
            self._renewal.start()
        await self._sync_commands()
        self._resuming = self.loop.create_task(self._resume(), name="resume-tables")

    def build_delivery(self) -> None:
        """The delivery, on the table service and the outbox it publishes to: the sender within Discord's
        rate plan (counted), the interaction tokens, the table message, the players' panels, the
        acknowledger that clicks answer through, the watchers' panels, and the lanes that read the outbox."""
        self.budget = Budget(self.settings.limits, time.monotonic)
        self.sender = Metered(DiscordSender(self, self.budget))
        tokens = Tokens(self.clock)
        self.table_message = TableMessage(
            self.sender, tokens, self.service, self.outbox.stamp, self.settings.limits, self.clock
        )
        self.panels = Panels(
            self.sender, tokens, self.service, self.storage, self.outbox.stamp, self.settings.limits
        )
        self.answers = Acknowledger(self.sender, tokens, self.panels, self.table_message)
        watching = (self.storage, self.outbox.stamp, self.settings.limits, self.answers.refuse, self.clock)
        self.watching = WatchPanels(self.sender, self.service, *watching)
        self.delivery = Lanes(self.outbox, self.service, self.table_message, self.panels, self.watching)
        self.outbox.read_by(self.delivery)
        self.clicks = ClickHandler(self.service, self.answers, self.watching)

    def build_tournaments(self) -> None:
        """The tournaments, on the table service (their matches' tables) and the delivery's sender (their
        messages and threads): held by this process's lease with PostgreSQL, every one of them with SQLite."""
        self.tournaments = TournamentService(
            self.storage,
            self.service,
            clock=self.clock,
            rng=self.rng,
            owner=self.settings.process_id if self.storage.target.shared else None,
            lease_seconds=self.settings.lease_seconds,
        )
        self.stage = TournamentStage(
            self, self.sender, self.budget, self.storage, gap=self.settings.limits.tournament_edit_gap
        )
        self.tournaments.attach(self.stage)
        self.tournament_clicks = TournamentClicks(self.tournaments, self.answers, self.sender)
        self.tournament_commands = TournamentCommands(self.tournaments, self.service.club, self.answers)

    def game_over(self, tag: str | None) -> None:
        """A table's game is over (the table listener tells): a match's moves its tournament on."""
        tournaments = getattr(self, "tournaments", None)
        if tournaments is not None:
            tournaments.game_over(tag)

    async def _sync_commands(self) -> None:
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            self.commands_synced = (
                f"to server {self.settings.dev_guild_id} ({len(synced)} command(s), shown at once)"
            )
        else:
            synced = await self.tree.sync()
            self.commands_synced = (
                f"globally ({len(synced)} command(s); Discord may take a while to show changes)"
            )

    async def on_ready(self) -> None:
        """Say, once connected, who the bot is, where, and where its commands are."""
        user = self.user
        shards = self.shard_ids if self.shard_ids is not None else list(range(self.shard_count or 1))
        log.info(
            "ready: logged in as %s (id %s) in %d server(s), shard(s) %s of %s; commands synced %s",
            user,
            user.id if user else "?",
            len(self.guilds),
            ",".join(map(str, shards)),
            self.shard_count,
            self.commands_synced,
        )

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
        self._resumed = True
        await self.carry_tournaments()  # after a restart: each tournament carries on from where it was
        if self.settings.freeze_start_up:
            log.info("start-up done: %d objects set aside from full garbage collections", freeze_start_up())
        if self.settings.tick_seconds:
            self._timers = tasks.loop(seconds=self.settings.tick_seconds)(self.tick)
            self._timers.start()

    async def renew(self) -> None:
        """Renew the tables this process runs (leases), adopt orphans, drop tables another process took, and
        listen again if the LISTEN connection died. With PostgreSQL this runs in a loop of its own from
        start-up, so a slow connect or warm-up never lets a lease run out. Failures are logged and tried
        again on the next beat."""
        try:
            if self.changes is not None:
                await self.changes.check()
            turnover = await self.service.renew()
            if turnover.lost:
                self.delivery.drop(turnover.lost)
            if turnover.gained and self._resumed:  # before that, the start-up resume covers them
                await self.delivery.resume(turnover.gained)
                for table_id in turnover.gained:
                    table = self.service.table(table_id)
                    if table is not None:
                        self.service.kick(table)
        except StorageUnavailable:
            pass  # the database is away (the store says so once); the leases are renewed once it is back
        except NameTaken as error:  # while the database was away, another process took this one's name
            log.error("%s; this process stops", error)
            self._stopping = self.loop.create_task(self.close(), name="stop-name-taken")
        except Exception:
            log.exception("renewing this process's tables failed; trying again next beat")

    async def tick(self) -> None:
        """One beat of the background task: the tables this process runs (renewed here unless their own
        loop does it), changes other processes made caught up, turn timers and idle tables, then sends
        Discord refused. A failing step is logged and tried again on the next beat."""
        if self._renewal is None:
            await self.renew()
        try:
            await self.service.tick()
        except StorageUnavailable:
            pass  # the database is away (the store says so once); the next beat checks again
        except Exception:
            log.exception("checking the tables' timers failed; trying again next beat")
        try:
            await self.delivery.tick()
        except Exception:
            log.exception("retrying refused messages failed")
        await self.carry_tournaments()

    async def carry_tournaments(self) -> None:
        """Hold this process's tournaments and carry each forward (the no-show clock, results a hint
        missed, matches to open); a failure is logged and tried again on the next beat."""
        tournaments = getattr(self, "tournaments", None)
        if tournaments is None:
            return
        try:
            await tournaments.tick()
        except StorageUnavailable:
            pass  # the database is away (the store says so once); the next beat carries them on
        except Exception:
            log.exception("carrying the tournaments forward failed; trying again next beat")

    async def _explain_damaged_tables(self) -> None:
        """Each table refused at load (unreadable records) is explained in its own channel."""
        for damaged in self.service.damaged:
            try:
                await self.get_partial_messageable(damaged.channel_id).send(
                    notices.damaged(damaged.id, damaged.reason),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            except discord.HTTPException:
                log.warning(
                    "could not tell channel %s that table %s is damaged", damaged.channel_id, damaged.id
                )
        self.service.damaged.clear()

    async def close(self) -> None:
        """A clean stop: finish the action in hand, stop the timers, disconnect, close the database."""
        if self._resuming is not None and not self._resuming.done():
            # A stop during the start-up (the warm-up takes seconds): the resume must not go on to start
            # computers and read the outbox after the database is closed.
            self._resuming.cancel()
            await asyncio.gather(self._resuming, return_exceptions=True)
        if self._timers is not None:
            self._timers.cancel()
        if self._renewal is not None:
            self._renewal.cancel()
        tournaments = getattr(self, "tournaments", None)
        if tournaments is not None:
            await tournaments.stop()  # no match opens now; the next start (or process) carries on
        stage = getattr(self, "stage", None)
        if stage is not None:
            await stage.stop()
        service = getattr(self, "service", None)
        if service is not None:
            await service.shutdown()
        delivery = getattr(self, "delivery", None)
        if delivery is not None:
            await delivery.stop(grace=5.0)  # what is left stays in the outbox for the next start
        if service is not None:
            await service.release()  # other processes take this one's tables at once
        if self.changes is not None:
            await self.changes.close()
        rating = getattr(self, "rating", None)
        if rating is not None:
            await rating.settled()  # a rating under way is one short transaction: let it commit
        coach = getattr(self, "coach", None)
        if coach is not None:
            coach.close()
        await super().close()
        storage = getattr(self, "storage", None)
        if storage is not None:
            await storage.close()
        if self.settings.picture_workers:
            render.stop_processes()
