"""The lobby and the table's life around a game: open a table, take and leave seats, add computers, start,
end, and open a rematch; and the owner's notes about the table message and players' DMs."""

from __future__ import annotations

import asyncio
import zlib
from collections.abc import Callable
from dataclasses import replace

from bot.storage.change import Change
from bot.storage.errors import ChannelBusy
from bot.storage.rows import SeatRow
from bot.storage.server_settings import load_settings
from bot.storage.store import Storage
from bot.storage.tournaments import table_of_match
from engine import Rules, write_record

from .dealing import deal
from .defaults import checked_rules, may_open_in, with_defaults
from .events import Dealt, DmChanged, Ended, Left, LobbyChanged, RematchOpened, Started, TableShown
from .model import Table, TableSettings, computer_name
from .options_text import COMPUTER_LEVELS
from .ownership import Ownership
from .refusal import Refusal, Why
from .registry import Registry
from .seating import Shuffle, first_seating
from .unit_of_work import UnitOfWork


class Lobby:
    """Opens, seats, starts, ends and rematches tables."""

    def __init__(
        self,
        storage: Storage,
        ownership: Ownership,
        registry: Registry,
        work: UnitOfWork,
        shuffle: Shuffle,
        clock: Callable[[], float],
    ):
        self.storage = storage
        self.ownership = ownership
        self.registry = registry
        self.work = work
        self.shuffle = shuffle
        self.clock = clock

    # ------------------------------------------------------------------ opening

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
        """Open a lobby in a channel (a thread: `parent_id` is its channel's) with the server's defaults under
        what was given (`defaults.with_defaults`); Refusal if the server keeps tables to other channels, the
        channel has a table, or the rules are bad."""
        settings = await load_settings(self.storage, guild_id)
        if not may_open_in(settings, channel_id, parent_id):
            raise Refusal(Why.CHANNEL_NOT_ALLOWED, channels=settings.channels)
        opening = with_defaults(settings, preset, target, options)
        rules, read = checked_rules(opening.preset, opening.target, opening.options)
        computer_level = read.computer_level or computer_level
        if computer_level not in COMPUTER_LEVELS:
            raise Refusal(Why.UNKNOWN_COMPUTER_LEVEL)
        seats = [s for s in (seats or []) if s.seat < rules.players]
        if await self.registry.table_in(channel_id) is not None:
            raise Refusal(Why.CHANNEL_BUSY)
        return await self._create(
            guild_id, channel_id, host_id, rules, computer_level, seats, read.settings, opening.from_server
        )

    async def _create(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        rules: Rules,
        computer_level: str,
        seats: list[SeatRow],
        settings: TableSettings,
        from_server: tuple[str, ...] = (),
        *,
        rematch_of: int | None = None,
        match_tag: str | None = None,
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
                server_defaults=from_server,
                now=self.clock(),
                rematch_of=rematch_of,
                owner=self.ownership.owner,
                lease_seconds=self.ownership.lease_seconds,
                match_tag=match_tag,
            )
        except ChannelBusy:
            raise Refusal(Why.CHANNEL_BUSY) from None
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
            server_defaults=from_server,
            match_tag=match_tag,
        )
        return self.registry.keep(table)

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
    ) -> Table:
        """A tournament match's table in its thread (`channel_id`), seated by the tournament (a computer
        seat with no name gets one, as `Add computer` would give it) and started at once, with exactly these
        rules (the tournament took the server's defaults when it was made). Asked again for the same `tag`
        (after a restart), the table already opened for it: started if it was left in its lobby."""
        found = await table_of_match(self.storage, tag)
        table = await self.registry.find(found) if found is not None else None
        if table is None:
            rules, read = checked_rules(preset, target, options)
            level = read.computer_level or "strong"
            table = await self._create(
                guild_id,
                channel_id,
                host_id,
                rules,
                level,
                _named(seats, level, zlib.crc32(tag.encode())),
                read.settings,
                match_tag=tag,
            )
        if table.status == "lobby":
            await self.start(table, table.host_id)
        return table

    # ------------------------------------------------------------------ the owner's notes

    async def set_message(self, table: Table, message_id: int | None, posted_at: float | None = None) -> None:
        """Remember the table message's id (None: there is none now) and when it was posted."""

        async def change() -> None:
            stored = Change(table.id).set_message(message_id, posted_at)
            await self.work.save(
                table, stored, [], by_owner=True, message_id=message_id, message_posted_at=posted_at
            )

        await self.work.run(table, change, by_owner=True)

    async def note_dm(self, table: Table, seat: int, closed: bool) -> None:
        """Record whether the bot can DM a seat's player (the table message tells the channel when not)."""

        async def change() -> None:
            row = table.seats.get(seat)
            if row is None or row.dm_closed == closed:
                return
            seats = {**table.seats, seat: replace(row, dm_closed=closed)}
            stored = Change(table.id).set_dm_closed(seat, closed)
            await self.work.save(table, stored, [DmChanged(seat, closed)], by_owner=True, seats=seats)

        await self.work.run(table, change, by_owner=True)

    async def show(self, table: Table) -> None:
        """Ask for the table message to be shown again (e.g. after Discord refused the first post)."""
        await self.work.run(table, lambda: self.work.save(table, Change(table.id), [TableShown()]))

    # ------------------------------------------------------------------ seats

    async def sit(self, table: Table, user_id: int, name: str, seat: int) -> None:
        """Seat a player (moving them if they sat elsewhere)."""
        await self.work.run(table, lambda: self._sit(table, user_id, name, seat))

    async def _sit(self, table: Table, user_id: int, name: str, seat: int) -> None:
        _require_lobby(table)
        if not 0 <= seat < table.rules.players:
            raise Refusal(Why.NO_SUCH_SEAT)
        if seat in table.seats:
            raise Refusal(Why.SEAT_TAKEN, seat_name=table.seat_names[seat])
        current = table.seat_of(user_id)
        row = SeatRow(seat=seat, name=name, user_id=user_id)
        seats = {s: r for s, r in table.seats.items() if s != current}
        seats[seat] = row
        change = Change(table.id).put_seat(row, moving_from=current)
        await self.work.save(table, change, [LobbyChanged()], human=True, seats=seats)

    async def add_computer(self, table: Table, user_id: int) -> None:
        """Fill the next empty seat with a computer player of the table's level."""
        await self.work.run(table, lambda: self._add_computer(table))

    async def _add_computer(self, table: Table) -> None:
        _require_lobby(table)
        empty = [s for s in range(table.rules.players) if s not in table.seats]
        if not empty:
            raise Refusal(Why.TABLE_FULL)
        seat = empty[0]
        row = SeatRow(seat=seat, name=table.computer_name(), computer_level=table.computer_level)
        seats = {**table.seats, seat: row}
        await self.work.save(table, Change(table.id).put_seat(row), [LobbyChanged()], human=True, seats=seats)

    async def leave(self, table: Table, user_id: int) -> str:
        """Leave your seat; the host, unseated, removes the last computer player. Returns what happened."""
        said = await self.work.run(table, lambda: self._leave(table, user_id))
        assert said is not None
        self.registry.kick(table)
        return said

    async def _leave(self, table: Table, user_id: int) -> str:
        if table.status == "playing":
            return await self._leave_game(table, user_id)
        _require_lobby(table)
        seat = table.seat_of(user_id)
        if seat is None:
            computers = [s for s in table.seats.values() if s.is_computer]
            if user_id != table.host_id or not computers:
                raise Refusal(Why.NOT_SEATED)
            seat = computers[-1].seat
        name, compass = table.seats[seat].name, table.seat_names[seat]
        seats = {s: r for s, r in table.seats.items() if s != seat}
        await self.work.save(
            table, Change(table.id).remove_seat(seat), [LobbyChanged()], human=True, seats=seats
        )
        return f"{name} left {compass}."

    async def _leave_game(self, table: Table, user_id: int) -> str:
        """A player leaves mid-game (lock held): a computer takes the seat for the rest of the game."""
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refusal(Why.NOT_PLAYING)
        self.registry.refuse_if_closing()
        old = table.seats[seat]
        compass = table.seat_names[seat]
        row = SeatRow(seat=seat, name=table.computer_name(), computer_level=table.computer_level)
        seats = {**table.seats, seat: row}
        await self.work.save(
            table, Change(table.id).put_seat(row), [Left(seat, user_id, old.name)], seats=seats
        )
        self.registry.seat_computers(table, {seat: row})
        return f"{old.name} left {compass}; {row.name}, a computer, plays that seat now."

    # ------------------------------------------------------------------ start and end

    async def start(self, table: Table, user_id: int) -> None:
        """Start the game: host only, every seat filled. Deals the first hand."""
        await self.work.run(table, lambda: self._start(table, user_id))
        self.registry.kick(table)

    async def _start(self, table: Table, user_id: int) -> None:
        _require_lobby(table)
        if user_id != table.host_id:
            raise Refusal(Why.HOST_STARTS)
        if not table.full:
            raise Refusal(Why.SEATS_EMPTY)
        rng = self.shuffle.for_deal(table, "start")
        seating = first_seating(table, rng)  # the table's `draw` may move players and pick the first dealer
        seed = self.shuffle.seed_for(table, "start")
        hand = deal(seating.game, seed)
        self.registry.seat_computers(table, seating.seats)
        change = Change(table.id)
        for row in seating.moved(table.seats):
            change.put_seat(row)
        change.start_game(seating.game.dealer, write_record(hand)).keep_seed(0, seed.hex())
        drawn = [seating.drawn] if seating.drawn is not None else []
        await self.work.save(
            table,
            change,
            [*drawn, Started(), Dealt(0)],
            human=True,
            seats=seating.seats,
            game=seating.game,
            hand=hand,
            seed=seed,
            status="playing",
        )

    async def end(self, table: Table, user_id: int, *, moderator: bool, by: str) -> None:
        """End a table (host or a moderator); an unfinished game tallies nothing."""
        await self.work.run(table, lambda: self._end(table, user_id, moderator=moderator, by=by))

    async def _end(self, table: Table, user_id: int, *, moderator: bool, by: str) -> None:
        if not table.open:
            raise Refusal(Why.ALREADY_ENDED)
        if user_id != table.host_id and not moderator:
            raise Refusal(Why.HOST_ENDS)
        change = Change(table.id).end_table(ended_by=by)
        await self.work.save(table, change, [Ended(by)], status="ended", ended_by=by)
        self.registry.let_go(table)

    # ------------------------------------------------------------------ rematch

    async def rematch(self, table: Table, user_id: int, name: str) -> Table:
        """Open a new lobby in the same channel with the same seats and rules; the clicker hosts it."""
        if table.status != "finished":
            raise Refusal(Why.REMATCH_TOO_EARLY)
        if table.match_tag is not None:
            raise Refusal(Why.MATCH_NO_REMATCH)
        if table.seat_of(user_id) is None and user_id != table.host_id:
            raise Refusal(Why.REMATCH_PLAYERS_ONLY)
        async with self.registry.lock(table):
            await self.registry.fresh(table)
        if table.rematch_id is not None:
            raise Refusal(Why.REMATCH_OPEN, table_id=table.rematch_id)
        if await self.registry.table_in(table.channel_id) is not None:
            raise Refusal(Why.CHANNEL_BUSY)
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
            table.server_defaults,
            rematch_of=table.id,
        )
        # the new lobby shows, and the old table's Rematch has done its job: two tables, so the two writes go
        # together (one commit, not one after the other, for the player waiting on the click)
        opened = [RematchOpened(new.id)]
        await asyncio.gather(
            self.work.run(new, lambda: self.work.save(new, Change(new.id), [LobbyChanged()])),
            self.work.run(table, lambda: self.work.save(table, Change(table.id), opened, rematch_id=new.id)),
        )
        return new


def _named(seats: list[SeatRow], level: str, start: int) -> list[SeatRow]:
    """The seats with a name for every computer given none (names no one else at the table has)."""
    taken = {row.name for row in seats if row.name}
    named = []
    for row in seats:
        if row.is_computer and not row.name:
            row = replace(row, name=computer_name(taken, start, len(taken)), computer_level=level)
            taken.add(row.name)
        named.append(row)
    return named


def _require_lobby(table: Table) -> None:
    if table.status == "playing":
        raise Refusal(Why.SEATS_FIXED)
    if table.status != "lobby":
        raise Refusal(Why.TABLE_ENDED)
