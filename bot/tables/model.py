"""A table as data: its seats, rules, settings and, once started, its game. No locks, tasks or players:
those belong to the service that runs the table (`bot.tables.service`)."""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field, fields
from typing import Any

from bot.storage.rows import SeatRow, TableRow
from engine import Game, Hand, RecordError, Rules, View, read_record, view_for, write_record
from engine.fair import SEED_BYTES, commitment

from .dealing import keep_revealed

DEFAULT_TURN_SECONDS = 120
DEFAULT_IDLE_SECONDS = 24 * 3600

# Computer players' names: a short list, so no two seats at a table are just "Computer".
COMPUTER_NAMES = ("Ada", "Basil", "Cleo", "Dash", "Etta", "Fitz", "Gwen", "Hank", "Ivy", "Jude", "Kit", "Lou")


def state_token(hand_no: int, record: dict[str, Any]) -> str:
    """A short name for one moment of a game: the hand number and a checksum of its record."""
    text = repr(sorted((key, repr(value)) for key, value in record.items()))
    return f"{hand_no}.{zlib.crc32(text.encode()):08x}"


@dataclass(frozen=True)
class TableSettings:
    """How long a turn may take and how long a table may sit without a human move (None: never), and
    whether players get a `Hint` button on their turn."""

    turn_seconds: int | None = DEFAULT_TURN_SECONDS
    idle_seconds: int | None = DEFAULT_IDLE_SECONDS
    hints: bool = False


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
    message_posted_at: float | None = None  # when the table message was posted (by the service's clock)
    status: str = "lobby"
    seats: dict[int, SeatRow] = field(default_factory=dict)
    game: Game | None = None
    hand: Hand | None = None
    last_hand: Hand | None = None
    rematch_id: int | None = None  # the table a Rematch opened, once it has
    settings: TableSettings = field(default_factory=TableSettings)
    deadline: float | None = None  # when the turn named by `deadline_token` runs out
    deadline_token: str | None = None
    reminded: bool = False  # the player on turn has had their one reminder
    last_human_at: float | None = None
    ended_by: str | None = None  # who ended the table, if a person did
    closed_idle: bool = False  # the table was closed because nobody played
    version: int = 0  # the stored version this copy was read at or written as (a change checks it)
    # the current hand's seed (fair deals): secret until the hand is over; None for a hand dealt without one
    seed: bytes | None = field(default=None, repr=False)
    server_defaults: tuple[str, ...] = ()  # what the table took from its server's defaults (`name=value`)
    match_tag: str | None = None  # the tournament match it was opened for: seated by it, no rematch
    # (hand, hand number, token) of the last `token` worked out: a hand never changes, so it is asked once
    _token_memo: tuple[Hand, int, str] | None = field(default=None, init=False, repr=False)

    @classmethod
    def from_row(cls, row: TableRow) -> Table:
        """The table as stored, its game replayed from its hand records; RecordError if they cannot be
        continued (a damaged record, or a game started with no hand stored)."""
        if row.damage is not None:
            raise RecordError(row.damage)
        rules = Rules.from_preset(row.variant, row.rules)
        table = cls(
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
            seed=_seed(row.hand_seed),
            server_defaults=row.server_defaults,
            match_tag=row.match_tag,
        )
        if row.status == "playing" and (not row.hands or row.first_dealer is None):
            raise RecordError("the game has started but no hand is stored")
        if row.status in ("playing", "ended") and row.hands and row.first_dealer is not None:
            finished = row.hands[:-1]
            table.game = keep_revealed(Game.from_records(rules, row.first_dealer, finished), finished)
            table.hand = read_record(row.hands[-1])
            if finished:
                table.last_hand = read_record(finished[-1])
        elif row.status == "finished" and row.hands:
            assert row.first_dealer is not None
            table.game = keep_revealed(Game.from_records(rules, row.first_dealer, row.hands), row.hands)
            table.hand = table.last_hand = read_record(row.hands[-1])
        return table

    def update(self, **values: Any) -> None:
        """Take these field values at once: a change once it is stored, or the table as stored now. How
        the service changes a table in memory (a draft of the change is never copied back)."""
        unknown = values.keys() - _FIELD_NAMES
        if unknown:
            raise TypeError(f"a table has no field {', '.join(sorted(unknown))}")
        vars(self).update(values)

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
        memo = self._token_memo
        if memo is not None and memo[0] is self.hand and memo[1] == self.hand_no:
            return memo[2]
        token = state_token(self.hand_no, write_record(self.hand))
        self._token_memo = (self.hand, self.hand_no, token)
        return token

    @property
    def commitment(self) -> str | None:
        """The current hand's commitment: SHA-256 of its seed, 64 hex digits (None: dealt without one)."""
        return commitment(self.seed) if self.seed is not None else None

    @property
    def scores(self) -> list[int]:
        """The game score before the current hand, per team."""
        if self.game is None:
            return [0] * len(self.rules.team_names)
        return list(self.game.scores)

    def computer_name(self) -> str:
        """A name for a new computer player: the first of `COMPUTER_NAMES` nobody at the table has, counting
        from a place that depends on the table, so neighbouring tables meet different computers."""
        return computer_name({row.name for row in self.seats.values()}, self.id, len(self.seats))

    def scores_after(self, hand_no: int) -> list[int]:
        """The game score once hand `hand_no` (from 0, finished) was counted."""
        assert self.game is not None
        return list(
            Game.from_records(
                self.rules, self.game.first_dealer, list(self.game.records[: hand_no + 1])
            ).scores
        )

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
        if (
            seat is not None
            and seat in self.seats
            and (self.seats[seat].is_computer or self.seats[seat].away)
        ):
            return seat
        return None

    def human_turn(self) -> int | None:
        """The seat to act now if its human plays it."""
        seat = self.turn()
        if seat is not None and seat in self.seats and self.computer_turn() is None:
            return seat
        return None

    def view_for(self, seat: int) -> View:
        """What `seat` may know now (the engine's view)."""
        assert self.hand is not None
        return view_for(self.hand, seat, self.scores)

    def finished_hand(self, hand_no: int) -> Hand:
        """Hand `hand_no` of the game, rebuilt from its record (it must be finished)."""
        assert self.game is not None
        return read_record(self.game.records[hand_no])


def computer_name(taken: set[str], start: int, seated: int) -> str:
    """The first of `COMPUTER_NAMES` from place `start` (round the list) that is not `taken`; with all of them
    taken, "Computer N" (N: one more than the `seated`)."""
    folded = {name.casefold() for name in taken}
    for step in range(len(COMPUTER_NAMES)):
        name = COMPUTER_NAMES[(start + step) % len(COMPUTER_NAMES)]
        if name.casefold() not in folded:
            return name
    return f"Computer {seated + 1}"


def _seed(text: str | None) -> bytes | None:
    """A stored seed's bytes (None for a hand dealt without one, or a seed the store no longer reads)."""
    try:
        seed = bytes.fromhex(text) if text else None
    except ValueError:
        return None
    return seed if seed is not None and len(seed) == SEED_BYTES else None


_FIELD_NAMES = frozenset(f.name for f in fields(Table))
