"""What the store hands back and takes: tables with their seats, players' records, private messages.

Plain dataclasses with no database types in them, the same for every backend."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class SeatRow:
    """One taken seat: a human (user_id) or a computer (computer_level)."""

    seat: int
    name: str
    user_id: int | None = None
    computer_level: str | None = None
    dm_closed: bool = False
    turn_channel_id: int | None = None  # the DM holding this player's live turn controls, if any
    turn_message_id: int | None = None
    away: bool = False  # a computer plays this seat until its owner clicks something at the table
    taken_over: int = 0  # turns in a row the timer handed to a computer

    @property
    def is_computer(self) -> bool:
        """True for a computer player."""
        return self.computer_level is not None


@dataclass
class TableRow:
    """A table as stored, with its seats and hand records in order."""

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    host_id: int
    variant: str
    rules: dict[str, Any]
    computer_level: str
    status: str
    first_dealer: int | None
    turn_seconds: int | None = None
    idle_seconds: int | None = None
    hints: bool = False  # players get a Hint button on their turn (issue 15)
    deadline: float | None = None
    deadline_token: str | None = None
    reminded: bool = False
    last_human_at: float | None = None
    message_posted_at: float | None = None
    ended_by: str | None = None
    closed_idle: bool = False
    version: int = 0  # bumped by every change: a cached copy with another version is out of date
    rematch_id: int | None = None  # the table this one's Rematch opened, if it has
    seats: dict[int, SeatRow] = field(default_factory=dict)
    hands: list[dict[str, Any]] = field(default_factory=list)
    damage: str | None = None  # why a stored hand record could not be read, if one could not


@dataclass
class PlayerTally:
    """What one finished game adds to one player's record."""

    user_id: int
    name: str
    won: bool
    marks: int = 0
    points: int = 0
    hands_bid: int = 0
    hands_made: int = 0
    hands_set: int = 0


@dataclass
class TeamResult:
    """One team's result in a finished game."""

    team: int
    team_name: str
    players: list[str]
    score: int
    score_kind: str
    won: bool


@dataclass(frozen=True)
class PlayerStats:
    """A player's record in one server."""

    user_id: int
    name: str
    games_played: int
    games_won: int
    marks_won: int
    points_won: int
    hands_bid: int
    hands_made: int
    hands_set: int


@dataclass(frozen=True)
class Panel:
    """A player's private message at a table: where it is, the game moment its controls are for (None: it
    has none live; "": some moment before panels were stored), and the interaction token it was sent
    through as a follow-up (with when), while that token may still edit or delete it."""

    table_id: int
    user_id: int
    channel_id: int
    message_id: int
    live_token: str | None = None
    via_token: str | None = None
    via_at: float | None = None
