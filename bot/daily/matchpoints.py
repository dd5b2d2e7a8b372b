"""Scoring a deal against the field (duplicate): matchpoints, percentages and the day's ranking.

Everyone who played a deal held the same cards, so each player's result is compared with every other's:
1 matchpoint for each player whose side did worse (marks first, then points), ½ for each tie. Over a
field of n players a deal hands out n(n−1)/2 matchpoints in all. A day's score is the share of the
matchpoints a player could have had, as a percentage.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

P = TypeVar("P", bound=Hashable)


@dataclass(frozen=True)
class DealScore:
    """How one deal went for the player's side: marks and points won by each side."""

    us_marks: int
    them_marks: int
    us_points: int
    them_points: int

    @property
    def key(self) -> tuple[int, int]:
        """What the comparison reads: the marks the side came out ahead, then the points."""
        return (self.us_marks - self.them_marks, self.us_points - self.them_points)


def matchpoints(field: Mapping[P, DealScore]) -> dict[P, Fraction]:
    """Each player's matchpoints on one deal: 1 per player whose side did worse, ½ per tie."""
    keys = {player: score.key for player, score in field.items()}
    out: dict[P, Fraction] = {}
    for player, mine in keys.items():
        total = Fraction(0)
        for other, theirs in keys.items():
            if other == player:
                continue
            if mine > theirs:
                total += 1
            elif mine == theirs:
                total += Fraction(1, 2)
        out[player] = total
    return out


@dataclass(frozen=True)
class DayScore:
    """One player's day: matchpoints won, the most they could have won, and the deals they played."""

    player: Hashable
    won: Fraction
    possible: int
    deals: int

    @property
    def percentage(self) -> float | None:
        """The share of the possible matchpoints, 0–100; None while nobody else played the same deals."""
        return None if self.possible == 0 else float(self.won * 100 / self.possible)


def day_scores(deals: Sequence[Mapping[P, DealScore]]) -> dict[P, DayScore]:
    """Every player's day from each deal's field (deal by deal, each a mapping of player to result)."""
    won: dict[P, Fraction] = {}
    possible: dict[P, int] = {}
    played: dict[P, int] = {}
    for field in deals:
        for player, points in matchpoints(field).items():
            won[player] = won.get(player, Fraction(0)) + points
            possible[player] = possible.get(player, 0) + len(field) - 1
            played[player] = played.get(player, 0) + 1
    return {p: DayScore(p, won[p], possible[p], played[p]) for p in won}


def ranking(scores: Mapping[P, DayScore]) -> list[DayScore]:
    """The day's ranking: highest percentage first (those with nobody to compare with last)."""
    return sorted(
        scores.values(),
        key=lambda s: (s.percentage is None, -(s.percentage or 0.0), -s.won, str(s.player)),
    )
