"""The table service: lobbies, games, computer turns and timers, with no Discord in sight.

A `Table` holds a game's state in memory (the engine `Game` plus the current `Hand`); `TableService`
changes it under the table's lock, writes every change to storage in one transaction *before* it takes
effect in memory, and tells a `TableListener` (the Discord side) what happened.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from typing import Protocol

from engine import Game, IllegalAction, RecordError, Rules, RulesError, read_record, write_record
from engine.ai import make_player

from ..storage import Change, ChannelBusy, SeatRow, Storage, TableRow
from .computers import ComputerRunner, PlayerFactory, make_chooser
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
)
from .model import Table
from .options_text import COMPUTER_LEVELS, TableSettings, read_options
from .pools import WorkerPlan
from .seating import first_seating
from .tally import tally
from .timers import Due, TurnClock

log = logging.getLogger("bot.tables")
TABLE_FIELDS = tuple(f.name for f in fields(Table))

CHANNEL_BUSY = "This channel already has a table. Finish it or `/42 end` it first."


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
        table's lock held, right after the change is stored and made in memory. Must not wait for
        anything: the game goes on at once."""


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
    ):
        self.storage = storage
        self.clock = clock  # injected so tests drive the turn timers without sleeping
        self.closing = False
        self.rng = rng if rng is not None else random.SystemRandom()
        self.listener = listener
        self.tables: dict[int, Table] = {}
        self.damaged: list[DamagedTable] = []  # tables refused at load (bad records), for the bot to explain
        self.timers = TurnClock(clock)
        self.chooser = make_chooser(player_factory, self.rng, computer_workers, pause=computer_pause)
        self.computers = ComputerRunner(self.chooser, self.lock, self._apply, computer_pause)
        self._locks: dict[int, asyncio.Lock] = {}

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
        """The table with this id, if it is open or finished since start-up."""
        return self.tables.get(table_id)

    async def find(self, table_id: int, *, ended_too: bool = False) -> Table | None:
        """The table with this id; a finished one is read back from storage (its `Rematch` outlives
        restarts), and with `ended_too` an ended one (to show how it ended)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        row = await self.storage.load_table(table_id)
        if row is None or row.status not in (("finished", "ended") if ended_too else ("finished",)):
            return None
        try:
            table = self._rebuild(row)
        except Exception:
            log.exception("table %s could not be rebuilt from its records", table_id)
            return None
        self.tables[table_id] = table
        return table

    def table_in(self, channel_id: int) -> Table | None:
        """The open table of a channel, if any."""
        for table in self.tables.values():
            if table.channel_id == channel_id and table.open:
                return table
        return None

    def tables_of(self, user_id: int) -> list[Table]:
        """Open tables where this user is seated."""
        return [t for t in self.tables.values() if t.open and t.seat_of(user_id) is not None]

    # ------------------------------------------------------------------ lobby

    async def open_table(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        preset: str = "standard",
        target: int | None = None,
        options: str | None = None,
        computer_level: str = "strong",
        seats: list[SeatRow] | None = None,
    ) -> Table:
        """Open a lobby in a channel; Refusal if the channel has one or the rules are bad."""
        if self.table_in(channel_id) is not None:
            raise Refusal(CHANNEL_BUSY)
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
        return await self._create(guild_id, channel_id, host_id, rules, computer_level, seats, read.settings)

    async def _create(
        self, guild_id: int, channel_id: int, host_id: int, rules: Rules, computer_level: str,
        seats: list[SeatRow], settings: TableSettings, *, rematch_of: int | None = None,
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
                now=self.clock(),
                rematch_of=rematch_of,
            )
        except ChannelBusy:
            raise Refusal(CHANNEL_BUSY) from None
        table = Table(
            table_id, guild_id, channel_id, host_id, rules, computer_level, seats={s.seat: s for s in seats},
            settings=settings, last_human_at=self.clock(),
        )
        self.tables[table_id] = table
        return table

    async def set_message(self, table: Table, message_id: int | None, posted_at: float | None = None) -> None:
        """Remember the table message's id (None: there is none now) and when it was posted."""
        table.message_id, table.message_posted_at = message_id, posted_at
        await self.storage.set_message(table.id, message_id, posted_at)

    async def note_dm(self, table: Table, seat: int, closed: bool) -> None:
        """Record whether the bot can DM a seat's player (the table message tells the channel when not)."""
        async with self.lock(table):
            row = table.seats.get(seat)
            if row is None or row.dm_closed == closed:
                return
            seats = {**table.seats, seat: replace(row, dm_closed=closed)}
            after = replace(table, seats=seats)
            await self._save(table, after, Change(table.id).set_dm_closed(seat, closed), [DmChanged(seat, closed)])

    async def show(self, table: Table) -> None:
        """Ask for the table message to be shown again (e.g. after Discord refused the first post)."""
        async with self.lock(table):
            await self._save(table, replace(table), Change(table.id), [TableShown()])

    async def sit(self, table: Table, user_id: int, name: str, seat: int) -> None:
        """Seat a player (moving them if they sat elsewhere)."""
        async with self.lock(table):
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
        async with self.lock(table):
            self._require_lobby(table)
            empty = [s for s in range(table.rules.players) if s not in table.seats]
            if not empty:
                raise Refusal("Every seat is taken.")
            seat = empty[0]
            row = SeatRow(seat=seat, name=f"Computer {table.seat_names[seat]}", computer_level=table.computer_level)
            after = replace(table, seats={**table.seats, seat: row})
            await self._save(table, after, Change(table.id).put_seat(row), [LobbyChanged()], human=True)

    async def leave(self, table: Table, user_id: int) -> str:
        """Leave your seat; the host, unseated, removes the last computer player. Returns what happened."""
        async with self.lock(table):
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
        row = SeatRow(seat=seat, name=f"Computer {compass}", computer_level=table.computer_level)
        after = replace(table, seats={**table.seats, seat: row})
        await self._save(table, after, Change(table.id).put_seat(row), [Left(seat, user_id, old.name)])
        self.chooser.seat(table, seat, table.computer_level)
        self.computers.kick(table)
        return f"{old.name} left {compass}; a computer plays that seat now."

    async def start(self, table: Table, user_id: int) -> None:
        """Start the game: host only, every seat filled. Deals the first hand."""
        async with self.lock(table):
            self._require_lobby(table)
            if user_id != table.host_id:
                raise Refusal("Only the host can start the game.")
            if not table.full:
                raise Refusal("Every seat needs a player first (`Add computer` fills one).")
            seating = first_seating(table, self.rng)  # the table's `draw` may move players and pick the dealer
            hand = seating.game.deal(self.rng)
            after = replace(table, seats=seating.seats, game=seating.game, hand=hand, status="playing")
            self._seat_computers(after)
            change = Change(table.id)
            for row in seating.moved(table.seats):
                change.put_seat(row)
            change.start_game(seating.game.dealer, write_record(hand))
            drawn = [seating.drawn] if seating.drawn is not None else []
            await self._save(table, after, change, [*drawn, Started(), Dealt(0)], human=True)
        self.computers.kick(table)

    async def end(self, table: Table, user_id: int, *, moderator: bool, by: str) -> None:
        """End a table (host or a moderator); an unfinished game tallies nothing."""
        async with self.lock(table):
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
        if table.rematch_id is not None:
            raise Refusal(f"The rematch is already open: table {table.rematch_id}.")
        if self.table_in(table.channel_id) is not None:
            raise Refusal(CHANNEL_BUSY)
        seats = [
            SeatRow(seat=s.seat, name=(name if s.user_id == user_id else s.name), user_id=s.user_id,
                    computer_level=s.computer_level)
            for s in table.seats.values()
        ]
        new = await self._create(table.guild_id, table.channel_id, user_id, table.rules, table.computer_level,
                                 seats, table.settings, rematch_of=table.id)
        async with self.lock(new):
            await self._save(new, replace(new), Change(new.id), [LobbyChanged()])
        async with self.lock(table):
            after = replace(table, rematch_id=new.id)
            await self._save(table, after, Change(table.id), [RematchOpened(new.id)])  # its Rematch has done its job
        return new

    def _require_lobby(self, table: Table) -> None:
        if table.status == "playing":
            raise Refusal("The game has started: seats are fixed now.")
        if table.status != "lobby":
            raise Refusal("This table has ended.")

    # ------------------------------------------------------------------ play

    async def act(self, table: Table, user_id: int, token: str, action: str) -> None:
        """A human's action from a control carrying `token`; Refusal if it is not theirs to make now."""
        async with self.lock(table):
            if table.status != "playing":
                raise Refusal({"finished": "This game is over.", "lobby": "The game hasn't started."}.get(
                    table.status, "This table has ended."))
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
        self.computers.kick(table)

    def _require_open_for_play(self) -> None:
        if self.closing:
            raise Refusal("The bot is restarting; try again in a minute.")

    async def _apply(
        self, table: Table, seat: int, action: str, *, by: str | None = None, after: Table | None = None,
        change: Change | None = None, human: bool = False, then: Sequence[TableEvent] = (),
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
                following = game.deal(self.rng)
                change.save_hand(hand_no, write_record(hand), True, write_record(following))
                after.game, after.hand, after.last_hand = game, following, hand
                events += [HandOver(hand_no), Dealt(hand_no + 1)]
        await self._save(table, after, change, [*events, *then], human=human)
        if table.status == "finished":
            self.chooser.forget(table)

    def kick(self, table: Table) -> None:
        """Make sure computer players act if it is their turn."""
        self.computers.kick(table)

    def _seat_computers(self, table: Table) -> None:
        for seat in table.seats.values():
            if seat.is_computer:
                self.chooser.seat(table, seat.seat, seat.computer_level or "strong")

    async def _save(
        self, table: Table, after: Table, change: Change, events: Sequence[TableEvent], *, human: bool = False
    ) -> None:
        """Store a change at `table` (lock held) and only then make it: `after` is the table as it will be.
        The turn timer follows the new state (and the idle clock restarts if a person acted); the events
        go to the table's outbox in the same transaction and are published once memory has changed."""
        if human:
            self.timers.human_acted(after)
        if self.timers.arm(after) or human:
            change.save_timer(deadline=after.deadline, token=after.deadline_token, reminded=after.reminded,
                              last_human_at=after.last_human_at)
        for event in events:
            change.announce(event.kind, event.to_payload())
        seqs = await self.storage.commit(change)
        for name in TABLE_FIELDS:
            setattr(table, name, getattr(after, name))
        if self.listener is not None and events:
            try:
                self.listener.publish(table, [Published(seq, event) for seq, event in zip(seqs, events, strict=True)])
            except Exception:
                log.exception("table %s: publishing %s failed", table.id, [e.kind for e in events])

    # ------------------------------------------------------------------ timers

    async def tick(self) -> None:
        """Check every open table's clocks: remind, hand turns to computers, close idle tables.

        The bot's background task calls this every few seconds; tests call it after moving the clock."""
        for table in list(self.tables.values()):
            if table.open and not self.closing:
                try:
                    await self._check(table)
                except Exception:
                    log.exception("table %s: checking its timers failed", table.id)

    async def _check(self, table: Table) -> None:
        async with self.lock(table):
            if not table.open:
                return
            due = self.timers.due(table)
            if due is Due.START_IDLE_CLOCK:  # a table from before timers: start its idle clock now
                await self._save(table, replace(table), Change(table.id), [], human=True)
                due = self.timers.due(table)
            if due is Due.CLOSE_IDLE:
                await self._close_idle(table)
                return
            if due is Due.REARM:
                await self._save(table, replace(table), Change(table.id), [])
                return
            if due is Due.REMIND:
                seat = table.human_turn()
                assert seat is not None
                after = replace(table)
                self.timers.remind(after)
                change = Change(table.id).save_timer(deadline=after.deadline, token=after.deadline_token,
                                                     reminded=True, last_human_at=after.last_human_at)
                await self._save(table, after, change, [Reminded(seat)])
                return
            if due is Due.TAKE_OVER:
                seat = table.human_turn()
                assert seat is not None
                await self._take_over(table, seat)
            if due is None:
                return
        self.computers.kick(table)

    async def _take_over(self, table: Table, seat: int) -> None:
        """The turn ran out twice: a computer acts for the player; twice in a row makes the seat away."""
        row = table.seats[seat]
        action = await self.chooser.choose(table, seat, table.view_for(seat))
        taken = row.taken_over + 1
        away = taken >= 2
        after = replace(table, seats={**table.seats, seat: replace(row, taken_over=taken, away=away)})
        change = Change(table.id).set_seat_state(seat, away=away, taken_over=taken)
        then: list[TableEvent] = [TakenOver(seat, action), *([Away(seat)] if away else [])]
        await self._apply(table, seat, action, by="computer", after=after, change=change, then=then)

    async def _close_idle(self, table: Table) -> None:
        after = replace(table, status="ended", closed_idle=True)
        self.timers.stop(after)
        await self._save(table, after, Change(table.id).end_table(closed_idle=True), [IdleClosed()])
        self.computers.stop(table)
        self.chooser.forget(table)

    async def come_back(self, table: Table, user_id: int) -> bool:
        """An away player clicked something at the table: their seat is theirs again at once."""
        seat = table.seat_of(user_id)
        if seat is None or not table.seats[seat].away:
            return False
        async with self.lock(table):
            row = table.seats[seat]
            if not row.away or not table.open:
                return False
            # deadline_token None: their turn, if it is one, starts a fresh timer
            after = replace(table, seats={**table.seats, seat: replace(row, away=False, taken_over=0)},
                            deadline_token=None)
            change = Change(table.id).set_seat_state(seat, away=False, taken_over=0)
            await self._save(table, after, change, [Back(seat)], human=True)
        return True

    # ------------------------------------------------------------------ stopping

    async def shutdown(self) -> None:
        """A clean stop: refuse new actions, let the action in hand finish, stop the computer players."""
        self.closing = True
        for table in list(self.tables.values()):
            async with self.lock(table):  # waits for the action in hand
                self.computers.stop(table)
        await self.computers.stop_all()

    # ------------------------------------------------------------------ restart

    async def load(self) -> list[Table]:
        """Rebuild every unfinished table from storage (after a restart).

        A table whose hand records cannot be read is refused alone: it is ended (so its channel can open
        a new one), logged, and listed in `self.damaged` for the bot to explain in its channel."""
        loaded = []
        for row in await self.storage.load_open_tables():
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

    def _rebuild(self, row: TableRow) -> Table:
        if row.damage is not None:
            raise RecordError(row.damage)
        rules = Rules.from_preset(row.variant, row.rules)
        table = Table(
            row.id, row.guild_id, row.channel_id, row.host_id, rules, row.computer_level,
            message_id=row.message_id, message_posted_at=row.message_posted_at, status=row.status,
            seats=dict(row.seats), ended_by=row.ended_by, closed_idle=row.closed_idle,
            settings=TableSettings(row.turn_seconds, row.idle_seconds), deadline=row.deadline,
            deadline_token=row.deadline_token, reminded=row.reminded, last_human_at=row.last_human_at,
        )
        if row.status == "playing" and (not row.hands or row.first_dealer is None):
            raise RecordError("the game has started but no hand is stored")
        if row.status in ("playing", "ended") and row.hands and row.first_dealer is not None:
            finished = row.hands[:-1]
            table.game = Game.from_records(rules, row.first_dealer, finished)
            table.hand = read_record(row.hands[-1])
            if finished:
                table.last_hand = read_record(finished[-1])
            if row.status == "playing":
                self._seat_computers(table)
        elif row.status == "finished" and row.hands:
            assert row.first_dealer is not None
            table.game = Game.from_records(rules, row.first_dealer, row.hands)
            table.hand = table.last_hand = read_record(row.hands[-1])
        return table

    def resume(self) -> None:
        """Let computer players carry on at every reloaded table."""
        for table in self.tables.values():
            self.computers.kick(table)
