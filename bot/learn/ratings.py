"""Skill ratings with openskill's Plackett-Luce model, per server, from finished games.

- Partnership games (two teams of two, three or four) rate each team as a team; three-hand and Moon,
  where each plays alone, are a free-for-all of one-player teams placed by their final score.
- **Computers are fixed seats**: each level has a fixed rating that counts in its team's strength but is
  never updated, so beating strong computers is worth more than beating easy ones. The two levels sit
  1.4 apart on either side of the scale's mean: with that gap the model predicts the 78% that strong won
  against easy in games to 7 marks (docs/computer-players.md).
- A rating is shown as openskill's ordinal scaled to a familiar range: ``1500 + 24 * (mu - 3 sigma)``, so a
  new player shows 1500 and rises as the model grows sure of them.

Ratings are a pure function of the games in the order they finished: ``replay`` recomputes every rating
and its history from the stored games, and gives exactly what rating them one by one gave.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
DEFAULT_MU = MODEL.mu
DEFAULT_SIGMA = MODEL.sigma
COMPUTER_SIGMA = 2.0
COMPUTER_MU = {"strong": DEFAULT_MU + 1.4, "easy": DEFAULT_MU - 1.4, "random": DEFAULT_MU - 8.0}
SHOWN_SCALE = 24.0
SHOWN_BASE = 1500.0


@dataclass(frozen=True)
class Rating:
    """One player's skill estimate (mean and uncertainty) after ``games`` rated games."""

    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA
    games: int = 0

    @property
    def shown(self) -> int:
        """The rating players see: 1500 for a newcomer."""
        return round(MODEL.rating(self.mu, self.sigma).ordinal(3.0, SHOWN_SCALE, SHOWN_BASE))


@dataclass(frozen=True)
class Seat:
    """Who played a seat: a person (``user_id``) or a computer (``computer``, its level)."""

    user_id: int | None = None
    computer: str | None = None


@dataclass(frozen=True)
class FinishedGame:
    """A finished game as ratings read it: its sides (teams, or single players), each side's seats, and
    each side's place (0 the winner; equal places tie)."""

    game_id: int
    sides: tuple[tuple[Seat, ...], ...]
    places: tuple[int, ...]


def places_of(scores: Iterable[int], winner: int) -> tuple[int, ...]:
    """Places from final scores: the winner first, the others by score, equal scores tied."""
    scores = list(scores)
    order = sorted({s for i, s in enumerate(scores) if i != winner}, reverse=True)
    return tuple(0 if i == winner else 1 + order.index(s) for i, s in enumerate(scores))


@dataclass
class RatingBook:
    """The ratings of one server's players, and each rated game's ratings after it (the history)."""

    ratings: dict[int, Rating] = field(default_factory=dict)
    history: list[tuple[int, int, Rating]] = field(default_factory=list)  # (game id, user id, rating after)

    def get(self, user_id: int) -> Rating:
        """A player's rating (a newcomer's if they have none)."""
        return self.ratings.get(user_id, Rating())

    def rate(self, game: FinishedGame) -> dict[int, Rating]:
        """Rate one finished game; returns the new ratings of the people in it (none: nothing to rate)."""
        people = [seat.user_id for side in game.sides for seat in side if seat.user_id is not None]
        if not people or len(game.sides) < 2:
            return {}
        teams = [[self._model_rating(seat) for seat in side] for side in game.sides]
        rated = MODEL.rate(teams, ranks=list(game.places))
        after: dict[int, Rating] = {}
        for side, new_side in zip(game.sides, rated, strict=True):
            for seat, new in zip(side, new_side, strict=True):
                if seat.user_id is None:
                    continue  # a computer's rating is fixed
                before = self.get(seat.user_id)
                after[seat.user_id] = Rating(new.mu, new.sigma, before.games + 1)
        self.ratings.update(after)
        self.history.extend((game.game_id, user, rating) for user, rating in after.items())
        return after

    def _model_rating(self, seat: Seat):  # openskill's rating object
        if seat.user_id is not None:
            mine = self.get(seat.user_id)
            return MODEL.rating(mine.mu, mine.sigma)
        return MODEL.rating(COMPUTER_MU.get(seat.computer or "", DEFAULT_MU), COMPUTER_SIGMA)

    def ranking(self) -> list[tuple[int, Rating]]:
        """Rated players, best shown rating first (ties: more games first, then the lower user id)."""
        return sorted(self.ratings.items(), key=lambda item: (-item[1].shown, -item[1].games, item[0]))


def replay(games: Iterable[FinishedGame]) -> RatingBook:
    """Every rating and its history, from the games in the order they finished."""
    book = RatingBook()
    for game in games:
        book.rate(game)
    return book


def rate_answer(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """A puzzle answer as a game between the player and the puzzle (CLUB.md "Every day"): solving it is a
    win for the player, missing it a win for the puzzle, so a puzzle strong players miss rises and solving
    it is worth more. Returns both ratings after the answer (a new puzzle starts where a new player does)."""
    ranks = [0.0, 1.0] if solved else [1.0, 0.0]
    teams = [[MODEL.rating(player.mu, player.sigma)], [MODEL.rating(puzzle.mu, puzzle.sigma)]]
    (after_player,), (after_puzzle,) = MODEL.rate(teams, ranks=ranks)
    return (
        Rating(after_player.mu, after_player.sigma, player.games + 1),
        Rating(after_puzzle.mu, after_puzzle.sigma, puzzle.games + 1),
    )
