"""Matchpoints against the field, worked by hand, and their total over any field."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from bot.daily.matchpoints import DayScore, DealScore, day_scores, matchpoints, ranking


def made(points: int) -> DealScore:
    """The player's side bid and made a 1-mark point bid, taking ``points`` of 42."""
    return DealScore(1, 0, points, 42 - points)


def set_(points: int) -> DealScore:
    """The player's side was set, taking ``points``."""
    return DealScore(0, 1, points, 42 - points)


def test_marks_come_before_points_and_ties_count_a_half():
    field = {"ada": made(30), "basil": made(34), "cleo": set_(41 - 6), "dee": made(34)}
    # basil and dee tie at the top (made, 34): each beats ada and cleo, and ties the other
    assert matchpoints(field) == {
        "ada": Fraction(1),  # beats cleo only: being set is worse than any made bid, whatever the points
        "basil": Fraction(5, 2),
        "cleo": Fraction(0),
        "dee": Fraction(5, 2),
    }


def test_setting_the_other_side_beats_making_your_own():
    field = {"ada": DealScore(0, 0, 0, 0), "basil": DealScore(2, 0, 20, 22), "cleo": DealScore(1, 0, 31, 11)}
    # a thrown-in deal is 0-0; basil set a 2-mark bid of the opponents; cleo made 1 mark
    assert matchpoints(field) == {"ada": 0, "basil": 2, "cleo": 1}


def test_a_player_alone_has_no_percentage_yet():
    only = day_scores([{"ada": made(30)}])
    assert only["ada"].won == 0 and only["ada"].possible == 0 and only["ada"].percentage is None


def test_a_day_over_two_deals_as_a_percentage():
    deals = [
        {"ada": made(34), "basil": made(30), "cleo": made(30)},  # ada 2, basil ½, cleo ½
        {"ada": set_(20), "basil": made(31), "cleo": set_(20)},  # ada ½, basil 2, cleo ½
    ]
    day = day_scores(deals)
    assert day["ada"] == DayScore("ada", Fraction(5, 2), 4, 2)
    assert day["basil"].won == Fraction(5, 2) and day["cleo"].won == 1
    assert day["ada"].percentage == 62.5 and day["cleo"].percentage == 25.0
    assert [s.player for s in ranking(day)] == ["ada", "basil", "cleo"]


scores = st.builds(
    DealScore,
    st.integers(0, 4),
    st.integers(0, 4),
    st.integers(0, 42),
    st.integers(0, 42),
)


@given(st.dictionaries(st.integers(0, 50), scores, max_size=12))
def test_a_deal_hands_out_n_times_n_minus_one_over_two(field):
    n = len(field)
    points = matchpoints(field)
    assert sum(points.values()) == Fraction(n * (n - 1), 2)
    assert all(0 <= p <= n - 1 for p in points.values())


@given(st.lists(st.dictionaries(st.integers(0, 8), scores, min_size=1, max_size=8), max_size=8))
def test_percentages_stay_between_nought_and_a_hundred(deals):
    for day in day_scores(deals).values():
        assert day.percentage is None or 0 <= day.percentage <= 100
