"""Ratings: winners go up and losers down, computers stay fixed, free-for-all places, and replaying the
games gives exactly the ratings rated one by one."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.learn.ratings import COMPUTER_MU, FinishedGame, Rating, RatingBook, Seat, places_of, replay
from bot.learn.standings import game_of
from bot.storage.learning import FinishedTable
from engine import Rules


def _team_game(game_id: int, a: tuple[int, int], b: tuple[int, int], a_won: bool) -> FinishedGame:
    return FinishedGame(
        game_id, ((Seat(a[0]), Seat(a[1])), (Seat(b[0]), Seat(b[1]))), (0, 1) if a_won else (1, 0)
    )


def test_a_newcomer_shows_1500_and_the_winners_rise():
    book = RatingBook()
    assert Rating().shown == 1500
    after = book.rate(_team_game(1, (1, 2), (3, 4), a_won=True))
    assert after[1].mu > Rating().mu and after[2].mu > Rating().mu
    assert after[3].mu < Rating().mu and after[4].mu < Rating().mu
    assert all(r.sigma < Rating().sigma and r.games == 1 for r in after.values())
    assert book.ranking()[0][0] in (1, 2)


def test_computers_count_but_are_never_rated():
    book = RatingBook()
    strong = FinishedGame(
        1, ((Seat(1), Seat(computer="strong")), (Seat(computer="strong"), Seat(computer="strong"))), (0, 1)
    )
    easy = FinishedGame(
        1, ((Seat(2), Seat(computer="strong")), (Seat(computer="easy"), Seat(computer="easy"))), (0, 1)
    )
    gain_strong = book.rate(strong)[1].mu - Rating().mu
    gain_easy = book.rate(easy)[2].mu - Rating().mu
    assert set(book.ratings) == {1, 2}
    assert gain_strong > gain_easy > 0  # beating strong computers is worth more
    assert COMPUTER_MU["strong"] > COMPUTER_MU["easy"]


def test_a_game_of_computers_only_rates_nobody():
    book = RatingBook()
    game = FinishedGame(1, ((Seat(computer="easy"),), (Seat(computer="strong"),)), (1, 0))
    assert book.rate(game) == {} and book.history == []


def test_free_for_all_places_follow_the_scores_with_the_winner_first():
    assert places_of([21, 23, 15], winner=0) == (0, 1, 2)  # Moon: the bidder can win below another's score
    assert places_of([7, 3, 3], winner=0) == (0, 1, 1)
    book = RatingBook()
    after = book.rate(FinishedGame(1, ((Seat(1),), (Seat(2),), (Seat(3),)), places_of([7, 5, 2], 0)))
    assert after[1].mu > after[2].mu > after[3].mu


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_replaying_the_games_gives_the_same_ratings_and_history(seed):
    rng = random.Random(seed)
    games = []
    for game_id in range(30):
        players = rng.sample(range(1, 9), 4)
        games.append(
            _team_game(game_id, (players[0], players[1]), (players[2], players[3]), rng.random() < 0.5)
        )
    live = RatingBook()
    for game in games:
        live.rate(game)
    again = replay(games)
    assert again.ratings == live.ratings
    assert again.history == live.history


def test_a_stored_game_is_rated_by_its_teams_three_hand_and_moon_each_alone():
    def stored(variant: str, scores: tuple[int, ...], winner: int) -> FinishedGame:
        players = Rules.from_preset(variant).players
        seats = {
            seat: (f"p{seat}", 10 + seat if seat != 1 else None, "easy" if seat == 1 else None)
            for seat in range(players)
        }
        return game_of(FinishedTable(7, 1, 2, "", variant, {}, False, seats, scores, winner, ()))

    standard = stored("standard", (7, 4), 1)
    assert standard.sides == (
        (Seat(10), Seat(12)),
        (Seat(computer="easy"), Seat(13)),
    ) and standard.places == (1, 0)
    for variant in ("moon", "three-hand"):  # a free-for-all: one player a side, placed by final score
        game = stored(variant, (5, 7, 3), 1)
        assert game.sides == ((Seat(10),), (Seat(computer="easy"),), (Seat(12),)) and game.places == (1, 0, 2)
    six = stored("eighty-eight", (7, 2), 0)  # three partners a side
    assert [len(side) for side in six.sides] == [3, 3] and six.places == (0, 1)
