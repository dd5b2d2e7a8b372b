"""The table service: lobbies, games, computer turns and timers, with no Discord in sight.

`TableService` is the one thing the bot talks to; it builds the parts below and hands each request to the
one whose job it is. A `Table` holds a game's state in memory (the engine `Game` plus the current `Hand`);
every change is written to storage in one transaction *before* it takes effect in memory, and its
`TableListener`s hear what happened (the Discord side all of it, the ratings and tournaments a game's end).

- `registry`: the tables in memory, kept as stored (the database is the authority: another process may
  change a table), their locks, what is published, and their computer players;
- `unit_of_work`: one change at a table: decided, stored with its events, made in memory, published;
- `lobby`: open, sit, add a computer, leave, start, end, rematch;
- `play`: people's actions, computers' moves, a computer acting for a player whose time ran out;
- `clocks`: turn timers and idle tables, and an away player coming back;
- `restart`: loading and adopting tables, resuming their computers, a clean stop.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable, Sequence

from bot.computers.choosers import PoolChooser
from bot.computers.decisions import PlayerFactory
from bot.computers.governor import Governor
from bot.computers.pools import WorkerPlan
from bot.computers.runner import ComputerRunner, Turn
from bot.storage.errors import StorageUnavailable
from bot.storage.rows import SeatRow
from bot.storage.store import Storage
from engine.ai import make_player

from .clocks import Clocks
from .club import Club
from .dealing import SeedSource, seeds_from, system_seeds
from .events import Published
from .lobby import Lobby
from .model import Table
from .ownership import Ownership, SoleOwner, Turnover
from .play import Play
from .refusal import Refusal
from .registry import Registry, TableListener
from .restart import DamagedTable, Restart
from .seating import Shuffle
from .timers import TurnClock
from .unit_of_work import UnitOfWork

__all__ = ["DamagedTable", "Published", "TableListener", "TableService"]


class TableService:
    """Opens, seats, starts and plays tables; persists every change; drives computer players and timers."""

    def __init__(
        self,
        storage: Storage,
        *,
        rng: random.Random | None = None,
        computer_pause: float = 1.2,
        player_factory: PlayerFactory = make_player,
        listeners: Sequence[TableListener] = (),
        clock: Callable[[], float] = time.time,
        computer_workers: WorkerPlan | None = None,
        ownership: Ownership | None = None,
        seed: int | str | None = None,
        seeds: SeedSource | None = None,
        match_pause: float | None = None,
    ):
        self.storage = storage
        self.ownership: Ownership = ownership if ownership is not None else SoleOwner()
        # With a seed, each hand is dealt from (seed, table, hand number), so whichever process deals it,
        # a table's deals repeat from run to run (tests compare a game across one and two processes).
        self.seed = seed
        self.clock = clock  # injected so tests drive the turn timers without sleeping
        self.rng = rng if rng is not None else random.SystemRandom()
        # Each hand's seed (fair deals): the operating system's randomness, unless a test seeds the
        # service's `rng` (its deals then repeat) or hands it a seed source of its own.
        if seeds is None:
            seeds = system_seeds if rng is None else seeds_from(rng)
        self.timers = TurnClock(clock)
        plan = computer_workers or WorkerPlan()
        # a decision's budget fits the pause (its window): an answer inside it costs a player no time
        self.chooser = PoolChooser(
            player_factory, self.rng, plan, governor=Governor(plan.workers, window_s=computer_pause)
        )
        # A tournament's match between computer teams plays at its own pace (nobody waits to read its
        # moves): a quarter of the pause unless told, while its tournament keeps few of them going at once.
        self.match_pause = computer_pause / 4 if match_pause is None else match_pause
        # a table's computers wait out an outage of the database and carry on once it is back
        self.computers = ComputerRunner(
            self.chooser,
            self._computer_due,
            self._computer_move,
            computer_pause,
            transient=(StorageUnavailable,),
            pause_for=self._pause_for,
        )
        self.registry = Registry(storage, self.ownership, listeners, self.computers, self.chooser)
        self.work = UnitOfWork(storage, self.ownership, self.timers, self.registry)
        shuffle = Shuffle(self.rng, seed, seeds)
        self.lobby = Lobby(storage, self.ownership, self.registry, self.work, shuffle, clock)
        self.play = Play(self.registry, self.work, self.chooser, self.timers, shuffle)
        self.clocks = Clocks(self.registry, self.work, self.timers, self.play.take_over)
        self.restart = Restart(storage, self.ownership, self.registry)
        self.club = Club(storage)  # the servers' settings (`/42 settings`), read afresh each time
        self.tables = self.registry.tables  # every table this process holds, by id
        self.damaged = self.restart.damaged  # tables refused at load (bad records), for the bot to explain

    # ------------------------------------------------------------------ the tables in memory

    @property
    def closing(self) -> bool:
        """True once a clean stop has begun: new actions are refused."""
        return self.registry.closing

    def lock(self, table: Table) -> asyncio.Lock:
        """The table's lock: every change at a table happens under it, one at a time."""
        return self.registry.lock(table)

    def runner(self, table: Table) -> asyncio.Task | None:
        """The task playing the table's computer turns, if there is one."""
        return self.computers.runner(table)

    def table(self, table_id: int) -> Table | None:
        """The table with this id as this process last saw it (None if it has not seen it)."""
        return self.tables.get(table_id)

    def owns(self, table_id: int) -> bool:
        """True if this process runs the table (its computers, timers and messages)."""
        return self.registry.owns(table_id)

    async def find(self, table_id: int, *, ended_too: bool = False) -> Table | None:
        """The table with this id as stored now (see `Registry.find`)."""
        return await self.registry.find(table_id, ended_too=ended_too)

    async def table_in(self, channel_id: int) -> Table | None:
        """The open table of a channel, if any."""
        return await self.registry.table_in(channel_id)

    async def tables_of(self, user_id: int) -> list[Table]:
        """Open tables where this user is seated."""
        return await self.registry.tables_of(user_id)

    def hint(self, table_id: int, version: int) -> None:
        """Another process says the table changed: catch up now if this process runs it."""
        self.registry.hint(table_id, version)

    def drop(self, table_id: int) -> None:
        """This process no longer runs the table: stop its computer players."""
        self.registry.drop(table_id)

    def forget(self, table_id: int) -> None:
        """The table is over and shown: it leaves memory (read again from storage if asked for)."""
        self.registry.forget(table_id)

    # ------------------------------------------------------------------ the lobby

    async def open_table(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        preset: str | None = None,
        target: int | None = None,
        options: str | None = None,
        computer_level: str = "strong",
        seats: list[SeatRow] | None = None,
        parent_id: int | None = None,
    ) -> Table:
        """Open a lobby in a channel (or a thread of channel `parent_id`) with the server's defaults under
        what is given; Refusal if the server opens tables elsewhere, the channel has one, or the rules are
        bad."""
        return await self.lobby.open_table(
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            preset=preset,
            target=target,
            options=options,
            computer_level=computer_level,
            seats=seats,
            parent_id=parent_id,
        )

    async def open_match(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        preset: str,
        target: int | None,
        options: str,
        seats: list[SeatRow],
        tag: str,
    ) -> int:
        """Open and start a tournament match's table in its thread, seated as given (computer seats named
        by the table); the id of the table (the one already opened for `tag`, asked again)."""
        table = await self.lobby.open_match(
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            preset=preset,
            target=target,
            options=options,
            seats=seats,
            tag=tag,
        )
        return table.id

    async def end_match(self, table_id: int, by: str) -> None:
        """End a match's table before its game is over (a forfeit, or its tournament ended)."""
        table = await self.find(table_id)
        if table is None or not table.open:
            return
        try:
            await self.lobby.end(table, table.host_id, moderator=True, by=by)
        except Refusal:  # it ended or finished meanwhile
            pass

    async def sit(self, table: Table, user_id: int, name: str, seat: int) -> None:
        """Seat a player (moving them if they sat elsewhere)."""
        await self.lobby.sit(table, user_id, name, seat)

    async def add_computer(self, table: Table, user_id: int) -> None:
        """Fill the next empty seat with a computer player of the table's level."""
        await self.lobby.add_computer(table, user_id)

    async def leave(self, table: Table, user_id: int) -> str:
        """Leave your seat (mid-game a computer takes it); returns what happened."""
        return await self.lobby.leave(table, user_id)

    async def start(self, table: Table, user_id: int) -> None:
        """Start the game: host only, every seat filled. Deals the first hand."""
        await self.lobby.start(table, user_id)

    async def end(self, table: Table, user_id: int, *, moderator: bool, by: str) -> None:
        """End a table (host or a moderator); an unfinished game tallies nothing."""
        await self.lobby.end(table, user_id, moderator=moderator, by=by)

    async def rematch(self, table: Table, user_id: int, name: str) -> Table:
        """Open a new lobby in the same channel with the same seats and rules; the clicker hosts it."""
        return await self.lobby.rematch(table, user_id, name)

    async def set_message(self, table: Table, message_id: int | None, posted_at: float | None = None) -> None:
        """Remember the table message's id (None: there is none now) and when it was posted."""
        await self.lobby.set_message(table, message_id, posted_at)

    async def note_dm(self, table: Table, seat: int, closed: bool) -> None:
        """Record whether the bot can DM a seat's player."""
        await self.lobby.note_dm(table, seat, closed)

    async def show(self, table: Table) -> None:
        """Ask for the table message to be shown again."""
        await self.lobby.show(table)

    # ------------------------------------------------------------------ play and the clocks

    async def act(self, table: Table, user_id: int, token: str, action: str) -> None:
        """A human's action from a control carrying `token`; Refusal if it is not theirs to make now."""
        await self.play.act(table, user_id, token, action)

    def kick(self, table: Table) -> None:
        """Make sure computer players act if it is their turn (at a table this process runs)."""
        self.registry.kick(table)

    async def tick(self) -> None:
        """Catch up with other processes' changes, then do what the tables' clocks call for. The bot's
        background task calls this every few seconds; tests call it after moving the clock."""
        await self.clocks.tick()

    async def come_back(self, table: Table, user_id: int) -> bool:
        """An away player clicked something at the table: their seat is theirs again at once."""
        return await self.clocks.come_back(table, user_id)

    def _pause_for(self, table: Table) -> float:
        """A computer's pause at this table: shorter at a tournament match with no human seated."""
        if table.match_tag is not None and not table.humans():
            return self.match_pause
        return self.computers.pause

    async def _computer_due(self, table: Table) -> Turn | None:
        """The runner asks which computer is due (`Play.computer_due`)."""
        return await self.play.computer_due(table)

    async def _computer_move(self, table: Table, seat: int, token: str, action: str) -> None:
        """The runner stores a computer's decision (`Play.computer_move`)."""
        await self.play.computer_move(table, seat, token, action)

    # ------------------------------------------------------------------ starting and stopping

    async def load(self) -> list[Table]:
        """Rebuild every unfinished table this process runs from storage (damaged ones in `damaged`)."""
        return await self.restart.load()

    def resume(self) -> None:
        """Let computer players carry on at every reloaded table."""
        self.restart.resume()

    async def renew(self) -> Turnover:
        """Renew this process's tables: adopt orphans, drop tables another process took."""
        return await self.restart.renew()

    async def shutdown(self) -> None:
        """A clean stop: refuse new actions, let the action in hand finish, stop the computer players."""
        await self.restart.shutdown()

    async def release(self) -> None:
        """After a clean stop: let other processes take this process's tables at once."""
        await self.restart.release()
