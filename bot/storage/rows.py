"""What the store hands back and takes: tables with their seats, players' records, private messages.

Plain dataclasses with no database types in them, the same for every backend; each reads itself from a
row of its table (`from_row`: a mapping of column names to values)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
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
    played: bool = False  # its player has made a move at this table (a tournament's no-show clock asks)

    @property
    def is_computer(self) -> bool:
        """True for a computer player."""
        return self.computer_level is not None

    @classmethod
    def from_row(cls, row: Mapping[Any, Any]) -> SeatRow:
        """A seat from its row in `seats`."""
        return cls(
            seat=row["seat"],
            name=row["name"],
            user_id=row["user_id"],
            computer_level=row["computer_level"],
            dm_closed=bool(row["dm_closed"]),
            turn_channel_id=row["turn_channel_id"],
            turn_message_id=row["turn_message_id"],
            away=bool(row["away"]),
            taken_over=row["taken_over"],
            played=bool(row.get("played") or 0),
        )

    def columns(self, table_id: int) -> dict[str, Any]:
        """The seat's parameters for `sql.INSERT_SEAT` (its live controls are stored apart)."""
        return {
            "table": table_id,
            "seat": self.seat,
            "user": self.user_id,
            "name": self.name,
            "level": self.computer_level,
            "dm_closed": int(self.dm_closed),
            "away": int(self.away),
            "taken_over": self.taken_over,
            "played": int(self.played),
        }


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
    hand_seed: str | None = None  # the seed (hex) the last stored hand was dealt from, if it has one
    server_defaults: tuple[str, ...] = ()  # what the table took from its server's defaults (`name=value`)
    match_tag: str | None = None  # the tournament match it was opened for (`t<tournament>:<match>:<game>`)
    damage: str | None = None  # why a stored hand record could not be read, if one could not

    @classmethod
    def from_row(cls, row: Mapping[Any, Any]) -> TableRow:
        """A table from its row in `game_tables` (its seats, hands and rematch are read apart)."""
        return cls(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            message_id=row["message_id"],
            host_id=row["host_id"],
            variant=row["variant"],
            rules=json.loads(row["rules_json"]),
            computer_level=row["computer_level"],
            status=row["status"],
            first_dealer=row["first_dealer"],
            turn_seconds=row["turn_seconds"],
            idle_seconds=row["idle_seconds"],
            hints=bool(row["hints"]),
            deadline=row["deadline"],
            deadline_token=row["deadline_token"],
            reminded=bool(row["reminded"]),
            last_human_at=row["last_human_at"],
            message_posted_at=row["message_posted_at"],
            ended_by=row["ended_by"],
            closed_idle=bool(row["closed_idle"]),
            version=row["version"],
            server_defaults=tuple(json.loads(row.get("server_defaults") or "[]")),
            match_tag=row.get("match_tag"),
        )

    def read_hands(self, records: Iterable[str]) -> None:
        """Add the stored hand records (JSON, in order), stopping at the first that cannot be read (and
        saying why in `damage`)."""
        for number, text in enumerate(records, start=1):
            try:
                record = json.loads(text)
            except (TypeError, ValueError) as error:
                self.damage = f"hand {number}'s record is not readable ({error})"
                return
            if not isinstance(record, dict):
                self.damage = f"hand {number}'s record is not a hand record"
                return
            self.hands.append(record)


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

    @classmethod
    def from_row(cls, row: Mapping[Any, Any]) -> TeamResult:
        """A team's result from its row in `team_results`."""
        return cls(
            team=row["team"],
            team_name=row["team_name"],
            players=json.loads(row["players_json"]),
            score=row["score"],
            score_kind=row["score_kind"],
            won=bool(row["won"]),
        )


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

    @classmethod
    def from_row(cls, row: Mapping[Any, Any]) -> PlayerStats:
        """A player's record from its row in `player_stats`."""
        return cls(
            user_id=row["user_id"],
            name=row["name"],
            games_played=row["games_played"],
            games_won=row["games_won"],
            marks_won=row["marks_won"],
            points_won=row["points_won"],
            hands_bid=row["hands_bid"],
            hands_made=row["hands_made"],
            hands_set=row["hands_set"],
        )


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

    @classmethod
    def from_row(cls, row: Mapping[Any, Any]) -> Panel:
        """A private message from its row in `panels`."""
        return cls(
            row["table_id"],
            row["user_id"],
            row["channel_id"],
            row["message_id"],
            row["live_token"],
            row["via_token"],
            row["via_at"],
        )
