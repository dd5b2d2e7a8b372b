"""Worked examples of the schedules: the bracket order, pools, byes, the losers' bracket of five teams, results
of every kind, a best of three, club nights, refusals, and the JSON a tournament is stored as."""

from __future__ import annotations

import json
import random
import time

import pytest

from bot.tournaments.club import club_rounds, sitting_out
from bot.tournaments.codec import from_json, to_json
from bot.tournaments.draw import partner_draw, seeding_draw
from bot.tournaments.elimination import bracket_order
from bot.tournaments.model import (
    BYE,
    FORFEIT,
    LOSER,
    PLACE,
    Tournament,
    TournamentError,
    bye_game,
    forfeit_game,
)
from bot.tournaments.progress import champion, consolation_winner, ready_matches, record_forfeit, record_game
from bot.tournaments.roundrobin import pool_count, snake_pools
from bot.tournaments.schedule import club_night_rounds, computers_to_fill
from bot.tournaments.standings import pool_standings

from .results_driver import made_up, play_out


def _win(tournament: Tournament, match_id: str, side: int = 0) -> Tournament:
    return record_game(tournament, match_id, (7, 3) if side == 0 else (3, 7))


def test_the_bracket_order_keeps_the_top_seeds_apart():
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert bracket_order(2) == [1, 2]


@pytest.mark.parametrize(
    ("teams", "sizes"),
    [(3, [3]), (5, [5]), (6, [3, 3]), (9, [5, 4]), (11, [4, 4, 3]), (16, [4, 4, 4, 4]), (64, [4] * 16)],
)
def test_pools_are_of_three_to_five_teams_dealt_as_a_snake(teams, sizes):
    pools = snake_pools(list(range(teams)))
    assert sorted((len(p.entrants) for p in pools), reverse=True) == sizes
    assert len(pools) == pool_count(teams)
    if teams == 16:  # seeds 0..3 open the pools A..D, 4..7 come back D..A
        assert [p.entrants[:2] for p in pools] == [(0, 7), (1, 6), (2, 5), (3, 4)]


def test_a_bye_counts_seven_four_and_a_forfeit_seven_nothing():
    assert bye_game(0, 7).marks == (7, 4) and bye_game(1, 7).marks == (4, 7)
    assert forfeit_game(1, 7).marks == (0, 7)
    assert bye_game(0, 1).marks == (1, 0)  # scaled to a shorter game, still a win


def test_five_teams_double_elimination_byes_the_top_three_and_plays_eight_or_nine_matches():
    t = made_up("double", 5, seed=3)
    byes = [m for m in t.matches if m.is_bye]
    assert sorted(m.winners()[0] for m in byes) == sorted(t.seeds[:3])
    assert all(m.games[0].kind == BYE and m.games[0].marks in ((7, 4), (4, 7)) for m in byes)
    losers = [m for m in t.matches if m.stage == "losers"]
    assert [m.id for m in losers] == ["L1-1", "L2-1", "L3-1"]
    # The one first-round loser meets a second-round loser; the other second-round loser joins a round on.
    assert {f.ref for f in losers[0].feeds} == {"W1-2", "W2-2"} and losers[0].feeds[0].kind == LOSER
    assert [m.id for m in ready_matches(t)] == ["W1-2", "W2-2"]  # seeds 4 v 5, and 2 v 3 after their byes
    played = play_out(t, random.Random(1), forfeits=0)
    real = [m for m in played[-1].matches if not m.is_bye]
    assert len(real) in (8, 9)  # 2n - 2, or one more when the final's winner came from the losers' side
    assert champion(played[-1]) is not None


def test_the_next_match_opens_as_soon_as_both_its_teams_are_known():
    t = made_up("single", 8, seed=1)
    assert [m.id for m in ready_matches(t)] == ["W1-1", "W1-2", "W1-3", "W1-4"]
    t = _win(_win(t, "W1-1"), "W1-2", side=1)
    assert "W2-1" in [m.id for m in ready_matches(t)]
    assert t.match("W2-1").sides == (t.match("W1-1").sides[0], t.match("W1-2").sides[1])
    assert "W2-2" not in [m.id for m in ready_matches(t)]


def test_a_best_of_three_goes_to_the_first_to_two_games():
    t = made_up("single", 2, seed=1, best_of=3)
    t = record_game(t, "W1-1", (7, 2))
    t = record_game(t, "W1-1", (5, 7))
    assert champion(t) is None and [m.id for m in ready_matches(t)] == ["W1-1"]
    t = record_game(t, "W1-1", (7, 6))
    assert champion(t) == t.match("W1-1").sides[0][0]


def test_a_forfeit_settles_the_match_at_seven_nothing():
    t = made_up("single", 2, seed=1, best_of=3)
    t = record_forfeit(t, "W1-1", absent=0)
    match = t.match("W1-1")
    assert match.games[-1].kind == FORFEIT and match.games[-1].marks == (0, 7)
    assert champion(t) == match.sides[1][0]


def test_results_the_tournament_cannot_take_are_refused_and_change_nothing():
    t = made_up("single", 4, seed=1)
    with pytest.raises(TournamentError, match="not open yet"):
        record_game(t, "W2-1", (7, 1))
    with pytest.raises(TournamentError, match="no match"):
        record_game(t, "W9-9", (7, 1))
    with pytest.raises(TournamentError, match="level"):
        record_game(t, "W1-1", (7, 7))
    done = _win(t, "W1-1")
    with pytest.raises(TournamentError, match="already decided"):
        record_game(done, "W1-1", (7, 1))
    assert t == made_up("single", 4, seed=1)


def test_a_pool_round_waits_for_its_teams_earlier_round():
    t = made_up("round-robin", 4, seed=2)
    assert [m.round for m in ready_matches(t)] == [1, 1]
    t = _win(t, ready_matches(t)[0].id)
    assert [m.round for m in ready_matches(t)] == [1]  # round 2 needs all four free


def test_pools_send_their_top_two_to_the_championship_and_the_rest_to_the_consolation():
    t = made_up("pools", 8, seed=5)
    first = [m for m in t.matches if m.id.startswith("W1-")]
    assert [f.kind for m in first for f in m.feeds] == [PLACE] * 4
    assert {(f.ref, f.place) for m in first for f in m.feeds} == {("A", 1), ("B", 1), ("A", 2), ("B", 2)}
    states = play_out(t, random.Random(5), forfeits=0)
    final = states[-1]
    top = {s.entrant for name in "AB" for s in pool_standings(final, name)[:2]}
    assert {e for m in first for e in final.match(m.id).entrants()} == top
    assert champion(final) in top and consolation_winner(final) not in top


def test_pool_ties_are_settled_by_the_recorded_draw_and_marked():
    t = made_up("round-robin", 3, seed=4)
    # Each team beats one and loses to one, all 7-3: level on wins, marks for and against.
    for match in [m for m in t.matches if not m.is_bye]:
        a, b = match.sides[0][0], match.sides[1][0]
        t = _win(t, match.id, side=0 if (b - a) % 3 == 1 else 1)
    lines = pool_standings(t, "A")
    assert [s.entrant for s in lines] == list(t.lots)
    assert all(s.drawn for s in lines)


def test_the_seeding_draw_is_recorded_and_drawn_again_from_the_same_source():
    assert seeding_draw(range(8), random.Random(7)) == seeding_draw(range(8), random.Random(7))
    assert made_up("pools", 20, seed=9) == made_up("pools", 20, seed=9)
    assert sorted(made_up("double", 6, seed=9).seeds) == list(range(6))


def test_partners_are_drawn_for_players_alone_and_an_odd_one_gets_a_computer():
    pairs = partner_draw(["ada", "basil", "cleo"], random.Random(1))
    assert len(pairs) == 2 and pairs[-1][1] is None
    assert sorted(p for pair in pairs for p in pair if p) == ["ada", "basil", "cleo"]


def test_club_nights_seat_multiples_of_four_and_fill_with_computers():
    assert [computers_to_fill(n) for n in (2, 4, 5, 6, 7, 8)] == [2, 0, 3, 2, 1, 0]
    assert sitting_out(list(range(6)), 0) == (0, 1) and sitting_out(list(range(6)), 1) == (2, 3)
    assert club_night_rounds(8) == 7 and club_night_rounds(6) == 8
    rounds = club_rounds(list(range(8)))
    assert len(rounds) == 7
    partners = [frozenset(side) for tables in rounds for table in tables for side in table]
    assert len(partners) == len(set(partners)) == 28  # everyone partners everyone once


def test_a_six_player_club_night_runs_to_a_champion():
    final = play_out(made_up("club", 6, seed=2), random.Random(2), forfeits=0)[-1]
    assert champion(final) is not None
    assert all(len(m.entrants()) == 4 for m in final.matches)


@pytest.mark.parametrize("format", ["pools", "double", "single", "round-robin", "club"])
def test_a_tournament_is_stored_as_json_and_read_back_whole(format):
    states = play_out(made_up(format, 9, seed=3, best_of=3 if format != "club" else 1), random.Random(3))
    for state in (states[0], states[len(states) // 2], states[-1]):
        text = json.dumps(to_json(state))
        again = from_json(json.loads(text))
        assert again == state
        assert [m.id for m in ready_matches(again)] == [m.id for m in ready_matches(state)]


def test_a_tournament_stored_by_another_version_is_refused():
    data = to_json(made_up("single", 2, seed=1))
    with pytest.raises(TournamentError, match="version"):
        from_json({**data, "v": 99})


def test_refusals_for_formats_counts_and_options():
    with pytest.raises(TournamentError, match="no format"):
        made_up("swiss", 8, seed=1)
    with pytest.raises(TournamentError, match="at least 4"):
        made_up("club", 3, seed=1)
    with pytest.raises(TournamentError, match="best of"):
        made_up("single", 4, seed=1, best_of=2)
    with pytest.raises(TournamentError, match="championship"):
        made_up("pools", 4, seed=1, advance=1)


def test_a_64_team_pools_schedule_and_its_standings_take_milliseconds():
    start = time.perf_counter()
    t = made_up("pools", 64, seed=1)
    standings = [pool_standings(t, p.name) for p in t.pools]
    took = time.perf_counter() - start
    assert len(t.matches) == 16 * 6 + (31 + 30 + 1) + 31 and len(standings) == 16
    assert took < 0.5, f"{took * 1000:.0f} ms"  # a few ms on a quiet machine; loose for a loaded one
