"""The table service: lobbies, games, computer turns and timers, with no Discord in sight.

A `Table` holds a game's state in memory (the engine `Game` plus the current `Hand`); `TableService`
changes it under the table's lock, writes every change to storage in one transaction *before* it takes
effect in memory, and tells a `TableListener` (the Discord side) what happened.

The database is the authority, memory a cache: every change is stored against the version the table was
read at, and refused if another process changed the table first (`StaleTable`); the service then reloads
the table and decides again. Any process may apply a person's click at any table; only the table's owner
(`ownership`) plays its computers, runs its timers and publishes its events to Discord. With SQLite one
process owns everything and its cache is never stale.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, fields, replace
from typing import Protocol, TypeVar

from bot.computers.pools import WorkerPlan
from bot.computers.runner import ComputerRunner, PlayerFactory, Turn, make_chooser
from engine import (
    DEFAULT_PRESET,
    Game,
    IllegalAction,
    RecordError,
    Rules,
    RulesError,
    View,
    read_record,
    write_record,
)
from engine.ai import make_player

from ..storage.change import Change
from ..storage.errors import ChannelBusy, NotOwner, StaleTable
from ..storage.rows import SeatRow, TableRow
from ..storage.store import Storage
from .events import (
    Acted,
    Away,
    Back,
    Dealt,
    DmChanged,
    Ended,
    GameOver,
    HandOver,
    IdleClosed,
    Left,
    LobbyChanged,
    RematchOpened,
    Reminded,
    Started,
    TableEvent,
    TableShown,
    TakenOver,
    from_payload,
)
from .model import Table
from .options_text import COMPUTER_LEVELS, TableSettings, read_options
from .ownership import Ownership, SoleOwner, Turnover
from .seating import first_seating
from .tally import tally
from .timers import Due, TurnClock

log = logging.getLogger("bot.tables")
TABLE_FIELDS = tuple(f.name for f in fields(Table))

CHANNEL_BUSY = "This channel already has a table. Finish it or `/42 end` it first."
BUSY = "The table changed just now; please try again."
ATTEMPTS = 5  # a change refused as stale is decided again on the fresh table, this many times at most
T = TypeVar("T")


class Refusal(Exception):
    """A request the game turns down; the message is a short sentence for the player who asked."""


@dataclass(frozen=True)
class DamagedTable:
    """A stored table that could not be continued after a restart, and why."""

    id: int
    channel_id: int
    message_id: int | None
    reason: str


def _require_legal(table: Table, action: str) -> None:
    """Refuse anything but one of the moves the engine lists now (a forged button could say anything)."""
    assert table.hand is not None
    if action in table.hand.legal_actions():
        return
    try:
        table.hand.apply(action)
    except IllegalAction as error:  # the engine's sentence says why, e.g. "you must follow fives"
        raise Refusal(f"You can't do that: {error}") from None
    except Exception:  # garbage the engine cannot even read
        pass
    raise Refusal("That isn't a move you can make now. Use `My hand` for your controls.")


def _describe(error: Exception) -> str:
    """One line about a record that would not load."""
    return str(error).splitlines()[0][:200] if str(error) else type(error).__name__


class TableListener(Protocol):
    """Hears of every change at a table once it is stored (the Discord delivery implements this)."""

    def publish(self, table: Table, events: Sequence[Published]) -> None:
        """Take note of `events` (stored in the table's outbox as numbered): called in order, with the
        table's lock held, right after the change is stored and made in memory (or, for a change another
        process made, once this process has caught up with it), and only in the process that runs the
        table. Must not wait for anything: the game goes on at once."""


@dataclass(frozen=True)
class Published:
    """An event and its number in the table's outbox."""

    seq: int
    event: TableEvent


class TableService:
    """Opens, seats, starts and plays tables; persists every change; drives computer players and timers."""

    def __init__(
        self,
        storage: Storage,
        *,
        rng: random.Random | None = None,
        computer_pause: float = 1.2,
        player_factory: PlayerFactory = make_player,
        listener: TableListener | None = None,
        clock: Callable[[], float] = time.time,
        computer_workers: WorkerPlan | None = None,
        ownership: Ownership | None = None,
        seed: int | str | None = None,
    ):
        self.storage = storage
        self.ownership: Ownership = ownership if ownership is not None else SoleOwner()
        # With a seed, each hand is dealt from (seed, table, hand number), so whichever process deals it,
        # a table's deals repeat from run to run (tests compare a game across one and two processes).
        self.seed = seed
        self.clock = clock  # injected so tests drive the turn timers without sleeping
        self.closing = False
        self.rng = rng if rng is not None else random.SystemRandom()
        self.listener = listener
        self.tables: dict[int, Table] = {}
        self.damaged: list[DamagedTable] = []  # tables refused at load (bad records), for the bot to explain
        self.timers = TurnClock(clock)
        self.chooser = make_chooser(player_factory, self.rng, computer_workers, pause=computer_pause)
        self.computers = ComputerRunner(self.chooser, self._computer_due, self._computer_move, computer_pause)
        self._locks: dict[int, asyncio.Lock] = {}
        self._published: dict[int, int] = {}  # table -> the last outbox number handed to the listener
        self._hints: set[asyncio.Task] = set()

    # ------------------------------------------------------------------ lookup

    def lock(self, table: Table) -> asyncio.Lock:
        """The table's lock: every change at a table happens under it, one at a time."""
        lock = self._locks.get(table.id)
        if lock is None:
            lock = self._locks[table.id] = asyncio.Lock()
        return lock

    def runner(self, table: Table) -> asyncio.Task | None:
        """The task playing the table's computer turns, if there is one."""
        return self.computers.runner(table)

    def table(self, table_id: int) -> Table | None:
        """The table with this id as this process last saw it (None if it has not seen it)."""
        return self.tables.get(table_id)

    def owns(self, table_id: int) -> bool:
        """True if this process runs the table (its computers, timers and messages)."""
        return self.ownership.owns(table_id)

    async def find(self, table_id: int, *, ended_too: bool = False) -> Table | None:
        """The table with this id, as stored now: one this process has seen, or one stored open or finished
        (its `Rematch` outlives restarts), and with `ended_too` an ended one (to show how it ended). Read
        from storage if this process has not seen it, or has seen an older version of it."""
        table = self.tables.get(table_id)
        if table is not None:  # seen here before: whatever its state now (a click on it is refused if ended)
            if self.ownership.owner is not None:  # another process may have changed it: read it as stored
                async with self.lock(table):
                    await self._fresh(table)
            # With one process the cache is the latest, and consistent between two awaits: a click is
            # acknowledged without waiting behind the action in hand (its change takes the lock itself).
            return table
        row = await self.storage.load_table(table_id)
        if row is None or (row.status == "ended" and not ended_too):
            return None
        try:
            table = self._rebuild(row, seat_computers=self.owns(table_id))
        except Exception:
            log.exception("table %s could not be rebuilt from its records", table_id)
            return None
        return self.tables.setdefault(table_id, table)

    async def table_in(self, channel_id: int) -> Table | None:
        """The open table of a channel, if any (asked of storage: another process may have opened it)."""
        table_id = await self.storage.open_table_in(channel_id)
        table = await self.find(table_id) if table_id is not None else None
        return table if table is not None and table.open else None

    async def tables_of(self, user_id: int) -> list[Table]:
        """Open tables where this user is seated."""
        found = [await self.find(table_id) for table_id in await self.storage.open_tables_of(user_id)]
        return [t for t in found if t is not None and t.open and t.seat_of(user_id) is not None]

    # ------------------------------------------------------------------ the database is the authority

    async def _fresh(self, table: Table, *, force: bool = False) -> bool:
        """(Lock held.) Bring the cached table up to date if another process changed it since; True if it
        was reloaded. With one process (SQLite) the cache is the latest unless a change was refused
        (`force`). A table this process runs has the events stored with those changes published too."""
        if not force and self.ownership.owner is None:
            return False
        version = await self.storage.table_version(table.id)
        if version is None or version == table.version:
            return False
        row = await self.storage.load_table(table.id)
        if row is None:
            return False
        try:
            fresh = self._rebuild(row, seat_computers=False)
        except Exception as error:  # another process will have ended it; this one only stops showing it
            log.error(
                "table %s changed into something this process cannot read: %s", table.id, _describe(error)
            )
            return False
        for name in (*TABLE_FIELDS, "rematch_id"):
            setattr(table, name, getattr(fresh, name))
        if not table.open:
            self.computers.stop(table)
        if self.owns(table.id):
            await self._catch_up(table)
        return True

    async def _catch_up(self, table: Table) -> None:
        """(Lock held.) Publish the table's stored events this process has not published (changes another
        process made at a table this one runs), in order."""
        if self.listener is None:
            return
        pending = await self.storage.pending_events(table.id, after=self._published.get(table.id, 0))
        published = []
        for seq, _, kind, payload in pending:
            try:
                published.append(Published(seq, from_payload(kind, payload)))
            except (TypeError, ValueError):
                log.warning("table %s: dropping unreadable outbox entry %s (%s)", table.id, seq, kind)
                await self.storage.events_shown({seq})
        if published:
            self._published[table.id] = published[-1].seq
            self.listener.publish(table, published)

    async def _changing(
        self, table: Table, body: Callable[[], Awaitable[T]], *, by_owner: bool = False
    ) -> T | None:
        """Run `body` (which checks and makes one change) under the table's lock, on the table as stored
        now. A change refused as stale (another process changed the table between the read and the write)
        is decided again on the reloaded table. An owner's change this process may no longer make (its
        lease has gone to another process) is dropped with the table: None."""
        for _ in range(ATTEMPTS):
            async with self.lock(table):
                try:
                    await self._fresh(table)
                    return await body()
                except StaleTable:
                    await self._fresh(table, force=True)
                except NotOwner:
                    log.warning("table %s is run by another process now; this one drops it", table.id)
                    self.ownership.lost(table.id)
                    self.drop(table.id)
                    if by_owner:
                        return None
                    raise
        raise Refusal(BUSY)

    def drop(self, table_id: int) -> None:
        """This process no longer runs the table: stop its computer players (another process runs them)."""
        table = self.tables.get(table_id)
        if table is not None:
            self.computers.stop(table)
            self.chooser.forget(table)

    def hint(self, table_id: int, version: int) -> None:
        """Another process says the table changed (a notification): catch up now if this process runs it.
        Only a hint: a lost one is made up for on the next tick."""
        table = self.tables.get(table_id)
        if table is None or not self.owns(table_id) or version <= table.version or self.closing:
            return
        task = asyncio.get_running_loop().create_task(self._caught_up(table), name=f"table-{table_id}-hint")
        self._hints.add(task)
        task.add_done_callback(self._hints.discard)

    async def _caught_up(self, table: Table) -> None:
        try:
            async with self.lock(table):
                await self._fresh(table)
            self.kick(table)
        except Exception:
            log.exception("table %s: catching up with another process's change failed", table.id)

    # ------------------------------------------------------------------ lobby

    async def open_table(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        preset: str = DEFAULT_PRESET,
        target: int | None = None,
        options: str | None = None,
        computer_level: str = "strong",
        seats: list[SeatRow] | None = None,
    ) -> Table:
        """Open a lobby in a channel; Refusal if the channel has one or the rules are bad."""
        try:
            read = read_options(preset, options)
            computer_level = read.computer_level or computer_level
            if computer_level not in COMPUTER_LEVELS:
                raise RulesError(f"computer players can be {' or '.join(COMPUTER_LEVELS)}")
            overrides = dict(read.overrides)
            if target is not None:
                overrides["target"] = target
            rules = Rules.from_preset(preset, overrides)
        except RulesError as error:
            raise Refusal(f"Those rules don't work: {error}") from None
        seats = [s for s in (seats or []) if s.seat < rules.players]
        if await self.table_in(channel_id) is not None:
            raise Refusal(CHANNEL_BUSY)
        return await self._create(guild_id, channel_id, host_id, rules, computer_level, seats, read.settings)

    async def _create(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        rules: Rules,
        computer_level: str,
        seats: list[SeatRow],
        settings: TableSettings,
        *,
        rematch_of: int | None = None,
    ) -> Table:
        """Store a new lobby and start keeping it; Refusal if the channel already has an open table."""
        try:
            table_id = await self.storage.create_table(
                guild_id=guild_id,
                channel_id=channel_id,
                host_id=host_id,
                variant=rules.preset,
                rules=rules.overrides(),
                computer_level=computer_level,
                seats=seats,
                turn_seconds=settings.turn_seconds,
                idle_seconds=settings.idle_seconds,
                hints=settings.hints,
                now=self.clock(),
                rematch_of=rematch_of,
                owner=self.ownership.owner,
                lease_seconds=self.ownership.lease_seconds,
            )
        except ChannelBusy:
            raise Refusal(CHANNEL_BUSY) from None
        self.ownership.took(table_id)
        table = Table(
            table_id,
            guild_id,
            channel_id,
            host_id,
            rules,
            computer_level,
            seats={s.seat: s for s in seats},
            settings=settings,
            last_human_at=self.clock(),
        )
        self.tables[table_id] = table
        return table

    async def set_message(self, table: Table, message_id: int | None, posted_at: float | None = None) -> None:
        """Remember the table message's id (None: there is none now) and when it was posted."""

        async def change() -> None:
            after = replace(table, message_id=message_id, message_posted_at=posted_at)
            await self._save(
                table, after, Change(table.id).set_message(message_id, posted_at), [], by_owner=True
            )

        await self._changing(table, change, by_owner=True)

    async def note_dm(self, table: Table, seat: int, closed: bool) -> None:
        """Record whether the bot can DM a seat's player (the table message tells the channel when not)."""

        async def change() -> None:
            row = table.seats.get(seat)
            if row is None or row.dm_closed == closed:
                return
            seats = {**table.seats, seat: replace(row, dm_closed=closed)}
            after = replace(table, seats=seats)
            await self._save(
                table,
                after,
                Change(table.id).set_dm_closed(seat, closed),
                [DmChanged(seat, closed)],
                by_owner=True,
            )

        await self._changing(table, change, by_owner=True)

    async def show(self, table: Table) -> None:
        """Ask for the table message to be shown again (e.g. after Discord refused the first post)."""

        async def change() -> None:
            await self._save(table, replace(table), Change(table.id), [TableShown()])

        await self._changing(table, change)

    async def sit(self, table: Table, user_id: int, name: str, seat: int) -> None:
        """Seat a player (moving them if they sat elsewhere)."""
        await self._changing(table, lambda: self._sit(table, user_id, name, seat))

    async def _sit(self, table: Table, user_id: int, name: str, seat: int) -> None:
        self._require_lobby(table)
        if not 0 <= seat < table.rules.players:
            raise Refusal("There is no such seat at this table.")
        if seat in table.seats:
            raise Refusal(f"{table.seat_names[seat]} is taken.")
        current = table.seat_of(user_id)
        row = SeatRow(seat=seat, name=name, user_id=user_id)
        seats = {s: r for s, r in table.seats.items() if s != current}
        seats[seat] = row
        change = Change(table.id).put_seat(row, moving_from=current)
        await self._save(table, replace(table, seats=seats), change, [LobbyChanged()], human=True)

    async def add_computer(self, table: Table, user_id: int) -> None:
        """Fill the next empty seat with a computer player of the table's level."""
        await self._changing(table, lambda: self._add_computer(table))

    async def _add_computer(self, table: Table) -> None:
        self._require_lobby(table)
        empty = [s for s in range(table.rules.players) if s not in table.seats]
        if not empty:
            raise Refusal("Every seat is taken.")
        seat = empty[0]
        row = SeatRow(seat=seat, name=table.computer_name(), computer_level=table.computer_level)
        after = replace(table, seats={**table.seats, seat: row})
        await self._save(table, after, Change(table.id).put_seat(row), [LobbyChanged()], human=True)

    async def leave(self, table: Table, user_id: int) -> str:
        """Leave your seat; the host, unseated, removes the last computer player. Returns what happened."""
        said = await self._changing(table, lambda: self._leave(table, user_id))
        assert said is not None
        self.kick(table)
        return said

    async def _leave(self, table: Table, user_id: int) -> str:
        if table.status == "playing":
            return await self._leave_game(table, user_id)
        self._require_lobby(table)
        seat = table.seat_of(user_id)
        if seat is None:
            computers = [s for s in table.seats.values() if s.is_computer]
            if user_id != table.host_id or not computers:
                raise Refusal("You're not seated at this table.")
            seat = computers[-1].seat
        name = table.seats[seat].name
        after = replace(table, seats={s: r for s, r in table.seats.items() if s != seat})
        await self._save(table, after, Change(table.id).remove_seat(seat), [LobbyChanged()], human=True)
        return f"{name} left {table.seat_names[seat]}."

    async def _leave_game(self, table: Table, user_id: int) -> str:
        """A player leaves mid-game (lock held): a computer takes the seat for the rest of the game."""
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refusal("You're not playing at this table.")
        self._require_open_for_play()
        old = table.seats[seat]
        compass = table.seat_names[seat]
        row = SeatRow(seat=seat, name=table.computer_name(), computer_level=table.computer_level)
        after = replace(table, seats={**table.seats, seat: row})
        await self._save(table, after, Change(table.id).put_seat(row), [Left(seat, user_id, old.name)])
        self.chooser.seat(table, seat, table.computer_level)
        return f"{old.name} left {compass}; {row.name}, a computer, plays that seat now."

    async def start(self, table: Table, user_id: int) -> None:
        """Start the game: host only, every seat filled. Deals the first hand."""
        await self._changing(table, lambda: self._start(table, user_id))
        self.kick(table)

    async def _start(self, table: Table, user_id: int) -> None:
        self._require_lobby(table)
        if user_id != table.host_id:
            raise Refusal("Only the host can start the game.")
        if not table.full:
            raise Refusal("Every seat needs a player first (`Add computer` fills one).")
        rng = self._rng_for(table, "start")
        seating = first_seating(table, rng)  # the table's `draw` may move players and pick the first dealer
        hand = seating.game.deal(rng)
        after = replace(table, seats=seating.seats, game=seating.game, hand=hand, status="playing")
        self._seat_computers(after)
        change = Change(table.id)
        for row in seating.moved(table.seats):
            change.put_seat(row)
        change.start_game(seating.game.dealer, write_record(hand))
        drawn = [seating.drawn] if seating.drawn is not None else []
        await self._save(table, after, change, [*drawn, Started(), Dealt(0)], human=True)

    def _rng_for(self, table: Table, moment: str) -> random.Random:
        """The randomness for one deal: the service's, or with a seed, the table's own for that moment."""
        return self.rng if self.seed is None else random.Random(f"{self.seed}:{table.id}:{moment}")

    async def end(self, table: Table, user_id: int, *, moderator: bool, by: str) -> None:
        """End a table (host or a moderator); an unfinished game tallies nothing."""
        await self._changing(table, lambda: self._end(table, user_id, moderator=moderator, by=by))

    async def _end(self, table: Table, user_id: int, *, moderator: bool, by: str) -> None:
        if not table.open:
            raise Refusal("This table has already ended.")
        if user_id != table.host_id and not moderator:
            raise Refusal("Only the table's host, or someone with Manage Messages, can end it.")
        after = replace(table, status="ended", ended_by=by)
        await self._save(table, after, Change(table.id).end_table(ended_by=by), [Ended(by)])
        self.computers.stop(table)
        self.chooser.forget(table)

    async def rematch(self, table: Table, user_id: int, name: str) -> Table:
        """Open a new lobby in the same channel with the same seats and rules; the clicker hosts it."""
        if table.status != "finished":
            raise Refusal("A rematch opens once the game is over.")
        if table.seat_of(user_id) is None and user_id != table.host_id:
            raise Refusal("Only the players of this game can ask for a rematch.")
        async with self.lock(table):
            await self._fresh(table)
        if table.rematch_id is not None:
            raise Refusal(f"The rematch is already open: table {table.rematch_id}.")
        if await self.table_in(table.channel_id) is not None:
            raise Refusal(CHANNEL_BUSY)
        seats = [
            SeatRow(
                seat=s.seat,
                name=(name if s.user_id == user_id else s.name),
                user_id=s.user_id,
                computer_level=s.computer_level,
            )
            for s in table.seats.values()
        ]
        new = await self._create(
            table.guild_id,
            table.channel_id,
            user_id,
            table.rules,
            table.computer_level,
            seats,
            table.settings,
            rematch_of=table.id,
        )

        async def show_new() -> None:
            await self._save(new, replace(new), Change(new.id), [LobbyChanged()])

        async def close_old() -> None:  # its Rematch has done its job
            await self._save(
                table, replace(table, rematch_id=new.id), Change(table.id), [RematchOpened(new.id)]
            )

        await self._changing(new, show_new)
        await self._changing(table, close_old)
        return new

    def _require_lobby(self, table: Table) -> None:
        if table.status == "playing":
            raise Refusal("The game has started: seats are fixed now.")
        if table.status != "lobby":
            raise Refusal("This table has ended.")

    # ------------------------------------------------------------------ play

    async def act(self, table: Table, user_id: int, token: str, action: str) -> None:
        """A human's action from a control carrying `token`; Refusal if it is not theirs to make now."""
        await self._changing(table, lambda: self._act(table, user_id, token, action))
        self.kick(table)

    async def _act(self, table: Table, user_id: int, token: str, action: str) -> None:
        if table.status != "playing":
            raise Refusal(
                {"finished": "This game is over.", "lobby": "The game hasn't started."}.get(
                    table.status, "This table has ended."
                )
            )
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refusal("You're not playing at this table.")
        if token != table.token:
            raise Refusal("Those controls are out of date. Use `My hand` for the current ones.")
        if table.turn() != seat:
            raise Refusal("It's not your turn.")
        self._require_open_for_play()
        _require_legal(table, action)
        change = Change(table.id)
        after = replace(table)
        row = table.seats[seat]
        if row.taken_over:  # the player is back at the controls: the count of turns taken over restarts
            after.seats = {**table.seats, seat: replace(row, taken_over=0)}
            change.set_seat_state(seat, away=row.away, taken_over=0)
        await self._apply(table, seat, action, after=after, change=change, human=True)

    def _require_open_for_play(self) -> None:
        if self.closing:
            raise Refusal("The bot is restarting; try again in a minute.")

    async def _apply(
        self,
        table: Table,
        seat: int,
        action: str,
        *,
        by: str | None = None,
        after: Table | None = None,
        change: Change | None = None,
        human: bool = False,
        then: Sequence[TableEvent] = (),
        by_owner: bool = False,
    ) -> None:
        """Apply one action (lock held): store it (with whatever `change` already holds, and announcing
        `then` after it), then make it in memory, then publish its events."""
        assert table.game is not None and table.hand is not None
        try:
            hand = table.hand.apply(action)
        except IllegalAction as error:
            raise Refusal(f"You can't do that: {error}") from None
        after = after if after is not None else replace(table)
        change = change if change is not None else Change(table.id)
        hand_no = table.hand_no
        events: list[TableEvent] = [Acted(seat, action, hand_no, hand.complete, by)]
        if not hand.complete:
            change.save_hand(hand_no, write_record(hand), False)
            after.hand = hand
        else:
            game = table.game.record_hand(hand)
            if game.over:
                after.status = "finished"
                tallies, teams = tally(after, game)
                change.finish_game(table.guild_id, hand_no, write_record(hand), tallies, teams)
                after.game, after.hand, after.last_hand = game, hand, hand
                events += [HandOver(hand_no), GameOver()]
            else:
                following = game.deal(self._rng_for(table, f"hand {hand_no + 1}"))
                change.save_hand(hand_no, write_record(hand), True, write_record(following))
                after.game, after.hand, after.last_hand = game, following, hand
                events += [HandOver(hand_no), Dealt(hand_no + 1)]
        await self._save(table, after, change, [*events, *then], human=human, by_owner=by_owner)
        if table.status == "finished":
            self.chooser.forget(table)

    def kick(self, table: Table) -> None:
        """Make sure computer players act if it is their turn (at a table this process runs)."""
        if self.owns(table.id) and not self.closing:
            self.computers.kick(table)

    async def _computer_due(self, table: Table) -> Turn | None:
        """The computer to act at the table now (as stored), if this process runs it: its seat, the
        moment's token and the seat's view."""
        async with self.lock(table):
            await self._fresh(table)
            seat = table.computer_turn()
            if seat is None or not self.owns(table.id) or self.closing:
                return None
            return seat, table.token, table.view_for(seat)

    async def _computer_move(self, table: Table, seat: int, token: str, action: str) -> None:
        """Store a computer's decision, if the table is still at the moment it was decided for (else it is
        dropped, and the runner asks again)."""

        async def move() -> None:
            if table.computer_turn() != seat or table.token != token or not self.owns(table.id):
                log.info("table %s: the table moved on while a computer thought; decision dropped", table.id)
                return
            await self._apply(table, seat, action, by_owner=True)

        await self._changing(table, move, by_owner=True)

    def _seat_computers(self, table: Table) -> None:
        for seat in table.seats.values():
            if seat.is_computer:
                self.chooser.seat(table, seat.seat, seat.computer_level or "strong")

    async def _save(
        self,
        table: Table,
        after: Table,
        change: Change,
        events: Sequence[TableEvent],
        *,
        human: bool = False,
        by_owner: bool = False,
    ) -> None:
        """Store a change at `table` (lock held) and only then make it: `after` is the table as it will be.
        The turn timer follows the new state (and the idle clock restarts if a person acted); the events
        go to the table's outbox in the same transaction and are published once memory has changed.

        The change is stored against the version `table` was read at (`StaleTable` if another process got
        there first); `by_owner` changes also need this process to hold the table's lease (`NotOwner`)."""
        if human:
            self.timers.human_acted(after)
        if self.timers.arm(after) or human:
            change.save_timer(
                deadline=after.deadline,
                token=after.deadline_token,
                reminded=after.reminded,
                last_human_at=after.last_human_at,
            )
        for event in events:
            change.announce(event.kind, event.to_payload())
        seqs = await self.storage.commit(
            change, version=table.version, owner=self.ownership.owner if by_owner else None
        )
        after.version = table.version + 1
        for name in TABLE_FIELDS:
            setattr(table, name, getattr(after, name))
        if self.listener is not None and events and self.owns(table.id):  # else the owner shows them
            self._published[table.id] = seqs[-1]
            try:
                self.listener.publish(
                    table, [Published(seq, event) for seq, event in zip(seqs, events, strict=True)]
                )
            except Exception:
                log.exception("table %s: publishing %s failed", table.id, [e.kind for e in events])

    # ------------------------------------------------------------------ timers

    async def renew(self) -> Turnover:
        """Renew this process's tables: adopt orphans (their owner stopped), drop tables another process
        took (this one stalled past its lease). Returns what changed hands, for the messages to follow."""
        turnover = await self.ownership.tick()
        for table_id in turnover.lost:
            self.drop(table_id)
        for table_id in turnover.gained:
            await self._adopt(table_id)
        return turnover

    async def tick(self) -> None:
        """Catch up with changes other processes made to this process's tables (in case a notification was
        lost), then check their clocks: remind, hand turns to computers, close idle tables.

        The bot's background task calls this every few seconds; tests call it after moving the clock."""
        if self.ownership.owner is not None:
            await self._catch_up_all()
        for table in list(self.tables.values()):
            if table.open and not self.closing and self.owns(table.id):
                try:
                    await self._check(table)
                except Exception:
                    log.exception("table %s: checking its timers failed", table.id)

    async def _adopt(self, table_id: int) -> None:
        """A table this process runs from now on (its owner stopped): read it as stored."""
        table = self.tables.get(table_id)
        if table is None:
            table = await self.find(table_id, ended_too=True)
            if table is None:
                return
        else:
            async with self.lock(table):
                await self._fresh(table, force=True)
        if table.status == "playing":
            self._seat_computers(table)

    async def _catch_up_all(self) -> None:
        """Reload every table this process runs that another process changed (one query for all)."""
        mine = [t for t in self.tables.values() if self.owns(t.id)]
        stored = await self.storage.table_versions(t.id for t in mine)
        for table in mine:
            if stored.get(table.id, table.version) != table.version:
                async with self.lock(table):
                    await self._fresh(table, force=True)
                self.kick(table)

    async def _check(self, table: Table) -> None:
        turn = await self._changing(table, lambda: self._check_clocks(table), by_owner=True)
        if turn is not None:
            await self._take_over(table, *turn)
        self.kick(table)

    async def _check_clocks(self, table: Table) -> Turn | None:
        """Carry out what the table's clocks call for (lock held); a turn to take over is returned, to be
        decided after the lock is let go."""
        if not table.open:
            return None
        due = self.timers.due(table)
        if due is Due.START_IDLE_CLOCK:  # a table from before timers: start its idle clock now
            await self._save(table, replace(table), Change(table.id), [], human=True, by_owner=True)
            due = self.timers.due(table)
        if due is Due.CLOSE_IDLE:
            await self._close_idle(table)
            return None
        if due is Due.REARM:
            await self._save(table, replace(table), Change(table.id), [], by_owner=True)
            return None
        if due is Due.REMIND:
            seat = table.human_turn()
            assert seat is not None
            after = replace(table)
            self.timers.remind(after)
            change = Change(table.id).save_timer(
                deadline=after.deadline,
                token=after.deadline_token,
                reminded=True,
                last_human_at=after.last_human_at,
            )
            await self._save(table, after, change, [Reminded(seat)], by_owner=True)
            return None
        if due is Due.TAKE_OVER:
            seat = table.human_turn()
            assert seat is not None
            return seat, table.token, table.view_for(seat)
        return None

    async def _take_over(self, table: Table, seat: int, token: str, view: View) -> None:
        """The turn ran out twice: a computer acts for the player; twice in a row makes the seat away.

        The computer decides with the table's lock let go, so a click at the table meanwhile is not held
        up behind its thinking; its move is dropped if the table has left that moment (the player acted)."""
        action = await self.chooser.choose(table, seat, view)

        async def take_over() -> None:
            if (
                table.token != token
                or table.human_turn() != seat
                or self.timers.due(table) is not Due.TAKE_OVER
            ):
                log.info(
                    "table %s: the player acted while a computer thought for them; decision dropped", table.id
                )
                return
            row = table.seats[seat]
            taken = row.taken_over + 1
            away = taken >= 2
            after = replace(table, seats={**table.seats, seat: replace(row, taken_over=taken, away=away)})
            change = Change(table.id).set_seat_state(seat, away=away, taken_over=taken)
            then: list[TableEvent] = [TakenOver(seat, action), *([Away(seat)] if away else [])]
            await self._apply(
                table, seat, action, by="computer", after=after, change=change, then=then, by_owner=True
            )

        await self._changing(table, take_over, by_owner=True)

    async def _close_idle(self, table: Table) -> None:
        after = replace(table, status="ended", closed_idle=True)
        self.timers.stop(after)
        await self._save(
            table, after, Change(table.id).end_table(closed_idle=True), [IdleClosed()], by_owner=True
        )
        self.computers.stop(table)
        self.chooser.forget(table)

    async def come_back(self, table: Table, user_id: int) -> bool:
        """An away player clicked something at the table: their seat is theirs again at once."""
        seat = table.seat_of(user_id)
        if seat is None or not table.seats[seat].away:
            return False
        back = await self._changing(table, lambda: self._come_back(table, seat))
        return bool(back)

    async def _come_back(self, table: Table, seat: int) -> bool:
        row = table.seats.get(seat)
        if row is None:
            return False
        if not row.away or not table.open:
            return False
        # deadline_token None: their turn, if it is one, starts a fresh timer
        after = replace(
            table, seats={**table.seats, seat: replace(row, away=False, taken_over=0)}, deadline_token=None
        )
        change = Change(table.id).set_seat_state(seat, away=False, taken_over=0)
        await self._save(table, after, change, [Back(seat)], human=True)
        return True

    # ------------------------------------------------------------------ stopping

    async def shutdown(self) -> None:
        """A clean stop: refuse new actions, let the action in hand finish, stop the computer players."""
        self.closing = True
        for task in list(self._hints):
            task.cancel()
        for table in list(self.tables.values()):
            async with self.lock(table):  # waits for the action in hand
                self.computers.stop(table)
        await self.computers.stop_all()

    async def release(self) -> None:
        """After a clean stop (and once the messages in hand are shown): let other processes take this
        process's tables at once, rather than when its leases run out."""
        try:
            await self.ownership.release_all()
        except Exception:
            log.exception(
                "could not release this process's tables; they are adopted when their leases run out"
            )

    # ------------------------------------------------------------------ restart

    async def load(self) -> list[Table]:
        """Rebuild every unfinished table this process runs from storage (after a restart; with several
        processes, the tables it holds or adopts now).

        A table whose hand records cannot be read is refused alone: it is ended (so its channel can open
        a new one), logged, and listed in `self.damaged` for the bot to explain in its channel."""
        await self.ownership.tick()
        loaded = []
        for row in await self.storage.load_open_tables():
            if not self.owns(row.id):
                continue
            try:
                loaded.append(self._rebuild(row))
            except Exception as error:
                reason = row.damage or _describe(error)
                log.error("table %s in channel %s cannot be continued: %s", row.id, row.channel_id, reason)
                await self.storage.end_table(row.id)
                self.damaged.append(DamagedTable(row.id, row.channel_id, row.message_id, reason))
        for table in loaded:
            self.tables[table.id] = table
        return loaded

    def _rebuild(self, row: TableRow, *, seat_computers: bool = True) -> Table:
        if row.damage is not None:
            raise RecordError(row.damage)
        rules = Rules.from_preset(row.variant, row.rules)
        table = Table(
            row.id,
            row.guild_id,
            row.channel_id,
            row.host_id,
            rules,
            row.computer_level,
            message_id=row.message_id,
            message_posted_at=row.message_posted_at,
            status=row.status,
            seats=dict(row.seats),
            ended_by=row.ended_by,
            closed_idle=row.closed_idle,
            settings=TableSettings(row.turn_seconds, row.idle_seconds, row.hints),
            deadline=row.deadline,
            deadline_token=row.deadline_token,
            reminded=row.reminded,
            last_human_at=row.last_human_at,
            version=row.version,
            rematch_id=row.rematch_id,
        )
        if row.status == "playing" and (not row.hands or row.first_dealer is None):
            raise RecordError("the game has started but no hand is stored")
        if row.status in ("playing", "ended") and row.hands and row.first_dealer is not None:
            finished = row.hands[:-1]
            table.game = Game.from_records(rules, row.first_dealer, finished)
            table.hand = read_record(row.hands[-1])
            if finished:
                table.last_hand = read_record(finished[-1])
            if row.status == "playing" and seat_computers:
                self._seat_computers(table)
        elif row.status == "finished" and row.hands:
            assert row.first_dealer is not None
            table.game = Game.from_records(rules, row.first_dealer, row.hands)
            table.hand = table.last_hand = read_record(row.hands[-1])
        return table

    def resume(self) -> None:
        """Let computer players carry on at every reloaded table."""
        for table in self.tables.values():
            self.kick(table)
