"""The table service: lobbies, games and computer turns, with no Discord in sight.

A `Table` holds a game's state in memory (the engine `Game` plus the current `Hand`); `TableService`
changes it under the table's lock, writes every change to storage in one transaction *before* it takes
effect in memory, and tells a `TableListener` (the Discord side) what happened.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine import (
    Game,
    Hand,
    IllegalAction,
    RecordError,
    Rules,
    RulesError,
    read_record,
    view_for,
    write_record,
)
from engine.ai import make_player

from .custom_ids import state_token
from .events import TableEvent
from .house_rules import parse_options, split_computers
from .storage import ChannelBusy, PlayerTally, SeatRow, Storage, TableRow, TeamResult
from .table_settings import TableSettings, split_settings
from .timers import TurnTimers

log = logging.getLogger(__name__)

LEVELS = ("strong", "easy")


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
    """Receives every change at a table (the Discord presenter implements this)."""

    async def on_table_event(self, table: Table, event: TableEvent) -> None:
        """Show `event`; called with the table's lock held, so events arrive in order."""


@dataclass(eq=False)
class Table:
    """One table: its seats, its rules and, once started, its game."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    rules: Rules
    computer_level: str = "strong"
    message_id: int | None = None
    status: str = "lobby"
    seats: dict[int, SeatRow] = field(default_factory=dict)
    game: Game | None = None
    hand: Hand | None = None
    last_hand: Hand | None = None
    computers: dict[int, Any] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    runner: asyncio.Task | None = None
    rematch_id: int | None = None  # the table a Rematch opened, once it has
    settings: TableSettings = field(default_factory=TableSettings)
    deadline: float | None = None  # when the turn named by `deadline_token` runs out
    deadline_token: str | None = None
    reminded: bool = False  # the player on turn has had their one reminder
    last_human_at: float | None = None

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The compass names of the seats."""
        return tuple(self.rules.seat_names)

    @property
    def open(self) -> bool:
        """True while the table is in its lobby or playing."""
        return self.status in ("lobby", "playing")

    @property
    def full(self) -> bool:
        """True when every seat is taken."""
        return len(self.seats) == self.rules.players

    @property
    def hand_no(self) -> int:
        """The number of the current hand, from 0."""
        return len(self.game.records) if self.game is not None else 0

    @property
    def token(self) -> str:
        """The state token controls of this moment carry."""
        if self.hand is None:
            return "lobby"
        return state_token(self.hand_no, write_record(self.hand))

    @property
    def scores(self) -> list[int]:
        """The game score before the current hand, per team."""
        if self.game is None:
            return [0] * len(self.rules.team_names)
        return list(self.game.scores)

    def seat_of(self, user_id: int) -> int | None:
        """The seat a user sits in, or None."""
        for seat in self.seats.values():
            if seat.user_id == user_id:
                return seat.seat
        return None

    def humans(self) -> list[SeatRow]:
        """The human seats, in seat order."""
        return [self.seats[s] for s in sorted(self.seats) if not self.seats[s].is_computer]

    def turn(self) -> int | None:
        """The seat to act now, or None outside play."""
        if self.status != "playing" or self.hand is None or self.hand.complete:
            return None
        return self.hand.turn

    def computer_turn(self) -> int | None:
        """The seat to act now if a computer plays it (a computer's seat, or an away player's)."""
        seat = self.turn()
        if seat is not None and seat in self.seats and (self.seats[seat].is_computer or self.seats[seat].away):
            return seat
        return None

    def human_turn(self) -> int | None:
        """The seat to act now if its human plays it."""
        seat = self.turn()
        if seat is not None and seat in self.seats and self.computer_turn() is None:
            return seat
        return None

    def view_for(self, seat: int) -> dict:
        """What `seat` may know now (the engine's view)."""
        assert self.hand is not None
        return view_for(self.hand, seat, self.scores)


class TableService(TurnTimers):
    """Opens, seats, starts and plays tables; persists every change; drives the computer players."""

    def __init__(
        self,
        storage: Storage,
        *,
        rng: random.Random | None = None,
        computer_pause: float = 1.2,
        player_factory: Callable[[str, int | None], Any] = make_player,
        listener: TableListener | None = None,
        clock: Callable[[], float] = time.time,
    ):
        self.storage = storage
        self.clock = clock  # injected so tests drive the turn timers without sleeping
        self.closing = False
        self.rng = rng if rng is not None else random.SystemRandom()
        self.computer_pause = computer_pause
        self.player_factory = player_factory
        self.listener = listener
        self.tables: dict[int, Table] = {}
        self.damaged: list[DamagedTable] = []  # tables refused at load (bad records), for the bot to explain

    # ------------------------------------------------------------------ lookup

    def table(self, table_id: int) -> Table | None:
        """The table with this id, if it is open or finished since start-up."""
        return self.tables.get(table_id)

    async def find(self, table_id: int) -> Table | None:
        """The table with this id; a finished one is read back from storage (its `Rematch` outlives restarts)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        row = await self.storage.load_table(table_id)
        if row is None or row.status != "finished":
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
            raise Refusal("This channel already has a table. Finish it or `/42 end` it first.")
        try:
            settings, options = split_settings(options)
            level, options = split_computers(options)
            computer_level = level or computer_level
            if computer_level not in LEVELS:
                raise RulesError(f"computer players can be {' or '.join(LEVELS)}")
            overrides = parse_options(preset, options)
            if target is not None:
                overrides["target"] = target
            rules = Rules.from_preset(preset, overrides)
        except RulesError as error:
            raise Refusal(f"Those rules don't work: {error}") from None
        seats = [s for s in (seats or []) if s.seat < rules.players]
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
            )
        except ChannelBusy:
            raise Refusal("This channel already has a table. Finish it or `/42 end` it first.") from None
        table = Table(
            table_id, guild_id, channel_id, host_id, rules, computer_level, seats={s.seat: s for s in seats},
            settings=settings, last_human_at=self.clock(),
        )
        self.tables[table_id] = table
        return table

    async def set_message(self, table: Table, message_id: int) -> None:
        """Remember the table message's id."""
        table.message_id = message_id
        await self.storage.set_message(table.id, message_id)

    async def sit(self, table: Table, user_id: int, name: str, seat: int) -> None:
        """Seat a player (moving them if they sat elsewhere)."""
        async with table.lock:
            self._require_lobby(table)
            if not 0 <= seat < table.rules.players:
                raise Refusal("There is no such seat at this table.")
            if seat in table.seats:
                raise Refusal(f"{table.seat_names[seat]} is taken.")
            current = table.seat_of(user_id)
            row = SeatRow(seat=seat, name=name, user_id=user_id)
            await self.storage.put_seat(table.id, row, moving_from=current)
            if current is not None:
                del table.seats[current]
            table.seats[seat] = row
            await self._human_acted(table)
            await self._tell(table, TableEvent("lobby"))

    async def add_computer(self, table: Table, user_id: int) -> None:
        """Fill the next empty seat with a computer player of the table's level."""
        async with table.lock:
            self._require_lobby(table)
            empty = [s for s in range(table.rules.players) if s not in table.seats]
            if not empty:
                raise Refusal("Every seat is taken.")
            seat = empty[0]
            row = SeatRow(seat=seat, name=f"Computer {table.seat_names[seat]}", computer_level=table.computer_level)
            await self.storage.put_seat(table.id, row)
            table.seats[seat] = row
            await self._human_acted(table)
            await self._tell(table, TableEvent("lobby"))

    async def leave(self, table: Table, user_id: int) -> str:
        """Leave your seat; the host, unseated, removes the last computer player. Returns what happened."""
        async with table.lock:
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
            await self.storage.remove_seat(table.id, seat)
            del table.seats[seat]
            await self._human_acted(table)
            await self._tell(table, TableEvent("lobby"))
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
        await self.storage.put_seat(table.id, row)
        table.seats[seat] = row
        table.computers[seat] = self._computer(table.computer_level, self.rng.randrange(2**32))
        await self._arm(table)
        await self._tell(table, TableEvent("left", seat, by=old.name, action=str(user_id)))
        self.kick(table)
        return f"{old.name} left {compass}; a computer plays that seat now."

    async def start(self, table: Table, user_id: int) -> None:
        """Start the game: host only, every seat filled. Deals the first hand."""
        async with table.lock:
            self._require_lobby(table)
            if user_id != table.host_id:
                raise Refusal("Only the host can start the game.")
            if not table.full:
                raise Refusal("Every seat needs a player first (`Add computer` fills one).")
            self._make_computers(table)
            game = Game.new(table.rules, self.rng)
            first_dealer = game.dealer
            hand = game.deal(self.rng)
            await self.storage.start_game(table.id, first_dealer, write_record(hand))
            table.game, table.hand, table.status = game, hand, "playing"
            await self._human_acted(table)
            await self._arm(table)
            await self._tell(table, TableEvent("started"))
            await self._tell(table, TableEvent("dealt", hand=hand))
        self.kick(table)

    async def end(self, table: Table, user_id: int, *, moderator: bool, by: str) -> None:
        """End a table (host or a moderator); an unfinished game tallies nothing."""
        async with table.lock:
            if not table.open:
                raise Refusal("This table has already ended.")
            if user_id != table.host_id and not moderator:
                raise Refusal("Only the table's host, or someone with Manage Messages, can end it.")
            await self.storage.end_table(table.id)
            table.status = "ended"
            await self._tell(table, TableEvent("ended", by=by))
        if table.runner is not None and table.runner is not asyncio.current_task():
            table.runner.cancel()

    async def rematch(self, table: Table, user_id: int, name: str) -> Table:
        """Open a new lobby in the same channel with the same seats and rules; the clicker hosts it."""
        if table.status != "finished":
            raise Refusal("A rematch opens once the game is over.")
        if table.seat_of(user_id) is None and user_id != table.host_id:
            raise Refusal("Only the players of this game can ask for a rematch.")
        seats = [
            SeatRow(seat=s.seat, name=(name if s.user_id == user_id else s.name), user_id=s.user_id,
                    computer_level=s.computer_level)
            for s in table.seats.values()
        ]
        return await self._reopen(table, user_id, seats)

    async def _reopen(self, table: Table, user_id: int, seats: list[SeatRow]) -> Table:
        if table.rematch_id is not None:
            raise Refusal(f"The rematch is already open: table {table.rematch_id}.")
        if self.table_in(table.channel_id) is not None:
            raise Refusal("This channel already has a table. Finish it or `/42 end` it first.")
        try:
            table_id = await self.storage.create_table(
                guild_id=table.guild_id,
                channel_id=table.channel_id,
                host_id=user_id,
                variant=table.rules.preset,
                rules=table.rules.overrides(),
                computer_level=table.computer_level,
                seats=seats,
                turn_seconds=table.settings.turn_seconds,
                idle_seconds=table.settings.idle_seconds,
                now=self.clock(),
            )
        except ChannelBusy:
            raise Refusal("This channel already has a table. Finish it or `/42 end` it first.") from None
        new = Table(table_id, table.guild_id, table.channel_id, user_id, table.rules, table.computer_level,
                    seats={s.seat: s for s in seats}, settings=table.settings, last_human_at=self.clock())
        self.tables[table_id] = new
        table.rematch_id = table_id
        return new

    def _require_lobby(self, table: Table) -> None:
        if table.status == "playing":
            raise Refusal("The game has started: seats are fixed now.")
        if table.status != "lobby":
            raise Refusal("This table has ended.")

    # ------------------------------------------------------------------ play

    async def act(self, table: Table, user_id: int, token: str, action: str) -> None:
        """A human's action from a control carrying `token`; Refusal if it is not theirs to make now."""
        async with table.lock:
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
            await self._apply(table, seat, action)
            row = table.seats[seat]
            if row.taken_over:
                row.taken_over = 0
                await self.storage.set_seat_state(table.id, seat, away=row.away, taken_over=0)
            await self._human_acted(table)
        self.kick(table)

    def _require_open_for_play(self) -> None:
        if self.closing:
            raise Refusal("The bot is restarting; try again in a minute.")

    async def _apply(self, table: Table, seat: int, action: str, *, by: str | None = None) -> None:
        """Apply one action (lock held): persist first, then update memory, then tell the listener."""
        assert table.game is not None and table.hand is not None
        try:
            hand = table.hand.apply(action)
        except IllegalAction as error:
            raise Refusal(f"You can't do that: {error}") from None
        hand_no = table.hand_no
        if not hand.complete:
            await self.storage.save_hand(table.id, hand_no, write_record(hand), False)
            table.hand = hand
            await self._arm(table)
            await self._tell(table, TableEvent("acted", seat, action, hand, by=by))
            return
        game = table.game.record_hand(hand)
        if game.over:
            tallies, teams = self._tally(table, game)
            await self.storage.finish_game(table.id, table.guild_id, hand_no, write_record(hand), tallies, teams)
            table.game, table.hand, table.last_hand, table.status = game, hand, hand, "finished"
            await self._arm(table)
            await self._tell(table, TableEvent("acted", seat, action, hand, by=by))
            await self._tell(table, TableEvent("hand_over", hand=hand))
            await self._tell(table, TableEvent("game_over"))
            return
        following = game.deal(self.rng)
        await self.storage.save_hand(table.id, hand_no, write_record(hand), True, write_record(following))
        table.game, table.hand, table.last_hand = game, following, hand
        await self._arm(table)
        await self._tell(table, TableEvent("acted", seat, action, hand, by=by))
        await self._tell(table, TableEvent("hand_over", hand=hand))
        await self._tell(table, TableEvent("dealt", hand=following))

    def kick(self, table: Table) -> None:
        """Make sure computer players act if it is their turn (starts the table's runner task)."""
        if table.computer_turn() is None:
            return
        if table.runner is None or table.runner.done():
            table.runner = asyncio.get_running_loop().create_task(
                self._run_computers(table), name=f"table-{table.id}-computers"
            )

    async def _run_computers(self, table: Table) -> None:
        """Play every computer turn in a row, each after a short pause, until a human is to act."""
        try:
            while True:
                async with table.lock:
                    if table.computer_turn() is None:
                        table.runner = None
                        return
                if self.computer_pause > 0:
                    await asyncio.sleep(self.computer_pause)
                async with table.lock:
                    seat = table.computer_turn()
                    if seat is None:
                        continue
                    action = await self._choose(table, seat)
                    await self._apply(table, seat, action)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: computer players stopped", table.id)
            table.runner = None

    async def _choose(self, table: Table, seat: int) -> str:
        """What the computer player of `seat` (its own, or a stand-in for an absent human) plays now."""
        if seat not in table.computers:
            table.computers[seat] = self._computer(table.computer_level, self.rng.randrange(2**32))
        view = table.view_for(seat)
        action = await asyncio.to_thread(table.computers[seat].choose, view)
        if action not in view["legal"]:
            log.warning("table %s: computer chose illegal %r; playing %r", table.id, action, view["legal"][0])
            action = view["legal"][0]
        return action

    def _make_computers(self, table: Table) -> None:
        table.computers = {
            seat.seat: self._computer(seat.computer_level or "strong", self.rng.randrange(2**32))
            for seat in table.seats.values()
            if seat.is_computer
        }

    def _computer(self, level: str, seed: int) -> Any:
        """A computer player of `level`, or of the next weaker level if that one cannot be made."""
        levels = [level, *(weaker for weaker in ("easy", "random") if weaker != level)]
        for candidate in levels:
            try:
                return self.player_factory(candidate, seed)
            except Exception:
                log.exception("could not make a %s computer player; trying a weaker one", candidate)
        raise RuntimeError("no computer player could be made")

    def _tally(self, table: Table, game: Game) -> tuple[list[PlayerTally], list[TeamResult]]:
        """What a finished game adds to each human's record, and each team's result."""
        rules = table.rules
        kind = rules.scoring
        tallies: dict[int, PlayerTally] = {}
        for seat in table.humans():
            team = rules.team_of(seat.seat)
            score = game.scores[team]
            tallies[seat.seat] = PlayerTally(
                user_id=seat.user_id or 0,
                name=seat.name,
                won=game.winner == team,
                marks=score if kind == "marks" else 0,
                points=score if kind == "points" else 0,
            )
        for record in game.records:
            summary = read_record(record).summary()
            bidder = summary.get("bidder")
            if bidder is None or bidder not in tallies:
                continue
            tallies[bidder].hands_bid += 1
            if summary.get("made") is True:
                tallies[bidder].hands_made += 1
            elif summary.get("made") is False:
                tallies[bidder].hands_set += 1
        teams = [
            TeamResult(
                team=team,
                team_name=name,
                players=[table.seats[s].name for s in sorted(table.seats) if rules.team_of(s) == team],
                score=game.scores[team],
                score_kind=kind,
                won=game.winner == team,
            )
            for team, name in enumerate(rules.team_names)
        ]
        return list(tallies.values()), teams

    async def _tell(self, table: Table, event: TableEvent) -> None:
        if self.listener is None:
            return
        try:
            await self.listener.on_table_event(table, event)
        except Exception:
            log.exception("table %s: showing %s failed", table.id, event.kind)

    # ------------------------------------------------------------------ stopping

    async def shutdown(self) -> None:
        """A clean stop: refuse new actions, let the action in hand finish, stop the computer players."""
        self.closing = True
        for table in list(self.tables.values()):
            async with table.lock:  # waits for the action in hand
                if table.runner is not None and not table.runner.done():
                    table.runner.cancel()
        runners = [t.runner for t in self.tables.values() if t.runner is not None]
        if runners:
            await asyncio.gather(*runners, return_exceptions=True)

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
            message_id=row.message_id, status=row.status, seats=dict(row.seats),
            settings=TableSettings(row.turn_seconds, row.idle_seconds), deadline=row.deadline,
            deadline_token=row.deadline_token, reminded=row.reminded, last_human_at=row.last_human_at,
        )
        if row.status == "playing" and not row.hands:
            raise RecordError("the game has started but no hand is stored")
        if row.status == "playing" and row.hands:
            assert row.first_dealer is not None
            finished = row.hands[:-1]
            table.game = Game.from_records(rules, row.first_dealer, finished)
            table.hand = read_record(row.hands[-1])
            if finished:
                table.last_hand = read_record(finished[-1])
            self._make_computers(table)
        elif row.status == "finished" and row.hands:
            assert row.first_dealer is not None
            table.game = Game.from_records(rules, row.first_dealer, row.hands)
            table.hand = table.last_hand = read_record(row.hands[-1])
        return table

    def resume(self) -> None:
        """Let computer players carry on at every reloaded table."""
        for table in self.tables.values():
            self.kick(table)
