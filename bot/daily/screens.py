"""What the daily deals show a player, as plain data: their turn in a deal, a deal's outcome, their day
once finished, and the day's leaderboard (what it may show depends on who asks)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import Enum
from fractions import Fraction

from engine import Hand

from .matchpoints import DayScore, DealScore


class Why(Enum):
    """Why a daily click is refused."""

    STALE = "stale"  # the deal moved on since the buttons were drawn (or another click came first)
    DAY_OVER = "day_over"  # the buttons are of a day that has ended
    FORGED = "forged"  # not a button the bot drew


class DailyRefused(Exception):
    """A click on the daily deals that changes nothing, and why."""

    def __init__(self, why: Why):
        super().__init__(why.value)
        self.why = why


@dataclass(frozen=True)
class DealOutcome:
    """A deal the player finished: the hand as played, its result for their side and, once the day is
    finished, the matchpoints it earned against the field so far (won, out of possible)."""

    deal_no: int
    hand: Hand
    score: DealScore
    matchpoints: Fraction | None = None
    possible: int = 0


@dataclass(frozen=True)
class DailyTurn:
    """The player's turn in one of the day's deals (``moves``: the actions so far, the buttons' version)."""

    day: date
    deal_no: int
    hand: Hand
    moves: int
    commitment: str
    just_over: DealOutcome | None = None  # the deal the last click finished, to say how it went


@dataclass(frozen=True)
class DailyDone:
    """The player's finished day: every deal, their score against the field so far, their streak."""

    day: date
    deals: tuple[DealOutcome, ...]
    score: DayScore | None
    field: int  # how many finished the day so far, the player included
    streak: int
    just_over: DealOutcome | None = None


@dataclass(frozen=True)
class BoardLine:
    """One finisher on the leaderboard: their name, their score (None where the asker may not see it, or
    nobody else played) and their streak."""

    name: str
    percentage: float | None
    streak: int


@dataclass(frozen=True)
class Board:
    """The day's leaderboard as one player may see it: ranked with scores if they finished the day,
    else only who finished (no scores); and yesterday's final ranking, with its seeds revealed."""

    day: date
    shows_scores: bool
    lines: tuple[BoardLine, ...]
    playing: int  # started today's deals but not finished them
    yesterday: date
    yesterday_lines: tuple[BoardLine, ...]
    yesterday_seeds: tuple[str, ...]  # hex, deal 1 first (empty if nobody played yesterday)
