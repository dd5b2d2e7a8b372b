"""What a picture shows, as plain data. The bot fills these from engine views; the renderers draw them.

Keeping scenes free of engine and Discord types lets the pictures be drawn, tested and benchmarked alone.
Tiles are written as in hand records: "6-4" (a declared lead may be "7-3/3").
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class SeatInfo:
    """One seat at the table as the pictures name it."""

    name: str
    computer: bool = False
    away: bool = False


@dataclass(frozen=True)
class HandScene:
    """A player's own tiles, drawn for their private message."""

    tiles: tuple[str, ...]
    trumps: frozenset[str] = frozenset()  # which of the tiles are trump (empty before the contract)
    playable: frozenset[str] | None = None  # on the player's turn to play: the legal tiles; the rest dimmed
    title: str = ""  # e.g. "North · Contract: Fives"
    top: int = 6  # the set's highest pip (8 in the Big Game)


@dataclass(frozen=True)
class TableScene:
    """The public table: seats, the trick in progress, the contract and the score."""

    seats: tuple[SeatInfo, ...]  # clockwise from seat 0; 3, 4 or 6 seats
    dealer: int
    turn: int | None
    trick: dict[int, str] = field(default_factory=dict)  # seat -> tile played to the trick in progress
    last_trick: dict[int, str] = field(default_factory=dict)  # seat -> tile, the last completed trick
    last_winner: int | None = None  # seat that won the last completed trick
    bid: str | None = None  # e.g. "31 by North"
    contract: str | None = None  # e.g. "Fives", "Nello (doubles low)"
    score_kind: str = "marks"  # "marks" | "points"
    team_names: tuple[str, ...] = ("N–S", "E–W")
    scores: tuple[int, ...] = (0, 0)
    target: int = 7
    hand_points: tuple[int, ...] | None = None  # points taken this hand, per team
    out: int | None = None  # the seat sitting out (Nello partner)
    status: str = ""  # one line, e.g. "West to play"
    top: int = 6


@dataclass(frozen=True)
class HandEndScene:
    """The summary of a finished hand."""

    seats: tuple[SeatInfo, ...]
    team_names: tuple[str, ...]
    bidder: int | None
    bid: str | None
    contract: str | None
    made: bool | None
    points: tuple[int, ...]  # per team, taken this hand
    counts: tuple[tuple[str, ...], ...]  # per team, the count tiles caught
    award: tuple[int, ...] | None  # per team, marks or points awarded (None: thrown in)
    score_kind: str
    scores: tuple[int, ...]  # game score after this hand
    target: int


@dataclass(frozen=True)
class GameEndScene:
    """The end of a game: winners and the final score."""

    team_names: tuple[str, ...]
    players: tuple[tuple[str, ...], ...]  # per team, the players' names
    scores: tuple[int, ...]
    score_kind: str
    winner: int
    hands_played: int
