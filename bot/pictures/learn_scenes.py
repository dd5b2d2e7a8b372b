"""What the learning pictures show, as plain data: a reviewed hand trick by trick, and a player's record.

Like ``scenes.py``, free of engine and Discord types: the bot fills these from a hand record, a review
and stored games; the renderers (``review.py``, ``record.py``) draw them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .scenes import SeatInfo


@dataclass(frozen=True)
class ReviewedTrick:
    """One trick: who led, each seat's tile in playing order, who won it and what it was worth.

    ``cost`` is what the reviewed player's own tile in this trick gave away against perfect play (0: as
    good as any; shown beside their tile with ``better``, the tile that was best).
    """

    leader: int
    plays: tuple[tuple[int, str], ...]  # (seat, tile) in playing order
    winner: int
    points: int
    cost: int = 0
    better: str = ""


@dataclass(frozen=True)
class ReviewScene:
    """A finished hand as one picture: every trick, every seat's tile, the leader, the winner, the count.

    ``viewer`` is the seat whose review it is (its column is marked); ``unit`` names what costs are in
    ("points" or "tricks"); ``result`` is "MADE", "SET" or "THROWN IN"; ``reason`` why it ended early.
    """

    seats: tuple[SeatInfo, ...]
    viewer: int
    title: str
    tricks: tuple[ReviewedTrick, ...]
    result: str = ""
    made: bool | None = None
    reason: str = ""
    team_names: tuple[str, ...] = ("N–S", "E–W")
    points: tuple[int, ...] = ()  # per team, the hand's total
    unit: str = "points"
    top: int = 6
    sitting_out: frozenset[int] = frozenset()


@dataclass(frozen=True)
class LevelRow:
    """Bids at one level: how many, made and set."""

    level: str
    tried: int
    made: int
    set: int


@dataclass(frozen=True)
class StatsScene:
    """One player's record in a server: games, the rating and its history, bids by level, the special
    contracts called and made, and the count fed to partners."""

    name: str
    games: int
    won: int
    rating: int | None  # the shown rating, None before a rated game
    history: tuple[int, ...] = ()  # shown rating after each rated game, oldest first
    bids: tuple[LevelRow, ...] = ()
    specials: tuple[LevelRow, ...] = ()  # Nello, Plunge, Splash, Sevens: called (tried), made, set
    count_fed: int = 0
    hands: int = 0
    hint_games: int = 0
    marks_won: int = 0
    points_won: int = 0  # in points games
