"""Properties of every schedule, whatever the draw and the results (hypothesis): round robins meet every pair
once, double elimination puts a team out at its second loss, byes go once and to the top seeds, club nights
repeat no partner while a new one is possible and seat players out in turn, standings follow the tie-breaks,
and every tournament of 2 to 64 teams ends with one champion."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments.club import club_rounds
from bot.tournaments.elimination import bracket_order
from bot.tournaments.model import BYE, CLUB, CONSOLATION, FINAL, LOSERS, POOL, WINNERS, Match, Tournament
from bot.tournaments.progress import champion, consolation_winner, finished
from bot.tournaments.roundrobin import circle_rounds
from bot.tournaments.standings import club_standings, pool_standings

from .results_driver import made_up, play_out

SETTINGS = settings(max_examples=60, deadline=None, derandomize=True)
TEAM_FORMATS = ("pools", "double", "single", "round-robin")


def _decided_in_order(states: list[Tournament]) -> list[Match]:
    """The matches as they were decided, in that order (byes included, as the draw settles them)."""
    order: list[Match] = []
    done: set[str] = set()
    for state in states:
        for match in state.matches:
            if match.decided and match.id not in done:
                done.add(match.id)
                order.append(match)
    return order


@SETTINGS
@given(st.integers(2, 40))
def test_every_pair_meets_once_in_a_round_robin(count):
    rounds = circle_rounds(list(range(count)))
    met = Counter(frozenset(pair) for pairs in rounds for pair in pairs if None not in pair)
    assert set(met) == {frozenset(p) for p in combinations(range(count), 2)}
    assert set(met.values()) == {1}
    for pairs in rounds:  # everyone once a round; the bye (None) at most once a round
        seen = [x for pair in pairs for x in pair]
        assert sorted(x for x in seen if x is not None) == list(range(count))


@SETTINGS
@given(st.integers(2, 64), st.sampled_from(("pools", "round-robin")), st.integers(0, 2**32))
def test_every_pair_of_a_pool_meets_once(count, format, seed):
    tournament = made_up(format, count, seed)
    for pool in tournament.pools:
        games = [m for m in tournament.matches if m.stage == POOL and m.group == pool.name]
        met = Counter(frozenset(m.entrants()) for m in games if not m.is_bye)
        assert met == Counter(frozenset(p) for p in combinations(pool.entrants, 2))
        if format == "pools":
            assert 3 <= len(pool.entrants) <= 5 or count < 3


@SETTINGS
@given(st.integers(2, 64), st.integers(0, 2**32), st.sampled_from((1, 3)))
def test_a_team_leaves_double_elimination_after_exactly_its_second_loss(count, seed, best_of):
    states = play_out(made_up("double", count, seed, best_of=best_of), random.Random(seed))
    losses: Counter[int] = Counter()
    for match in _decided_in_order(states):
        if match.is_bye:
            continue
        assert all(losses[team] < 2 for team in match.entrants()), (
            f"{match.id}: a team played on after two losses"
        )
        losses[match.losers()[0]] += 1
    final = states[-1].match("F")
    winner, runner_up = final.winners()[0], final.losers()[0]
    assert losses[winner] <= 1
    # No reset: the final's loser may have lost only there, if it came up the winners' bracket unbeaten.
    assert losses[runner_up] in (1, 2)
    assert all(losses[t] == 2 for t in range(count) if t not in (winner, runner_up))


@pytest.mark.slow  # 2 to 64 teams, every format
@SETTINGS
@given(st.integers(2, 64), st.sampled_from(TEAM_FORMATS), st.integers(0, 2**32))
def test_byes_never_twice_to_one_team_and_to_the_top_seeds(count, format, seed):
    final = play_out(made_up(format, count, seed), random.Random(seed))[-1]
    for schedule in _schedules(final):
        byes = Counter(team for m in schedule if m.is_bye for team in m.winners())
        assert all(n == 1 for n in byes.values()), byes
        if schedule and schedule[0].stage in (WINNERS, CONSOLATION):
            assert _bye_feeds(schedule) == _top_seed_feeds(schedule)
    if format in ("double", "single"):
        size = 1 << (count - 1).bit_length()
        got = {t for m in final.matches if m.is_bye for t in m.winners()}
        assert got == set(final.seeds[: size - count])


def _schedules(tournament: Tournament) -> list[list[Match]]:
    """The separate schedules a team can have a bye in: each pool, the championship, the consolation."""
    groups: dict[str, list[Match]] = {}
    for match in tournament.matches:
        key = match.group if match.stage == POOL else match.stage
        key = "championship" if key in (WINNERS, LOSERS, FINAL) else key
        groups.setdefault(key, []).append(match)
    return list(groups.values())


def _bye_feeds(bracket: list[Match]) -> set:
    return {feed for m in bracket if m.is_bye for feed in m.feeds if feed.kind != "bye"}


def _top_seed_feeds(bracket: list[Match]) -> set:
    """The feeds of the top seeds, as many as there are byes (the first round read in bracket order)."""
    first = [m for m in bracket if m.round == 1 and m.stage in (WINNERS, CONSOLATION)]
    slots = [feed for m in first for feed in m.feeds]
    by_seed = {seed: slots[at] for at, seed in enumerate(bracket_order(len(slots)))}
    present = sum(feed.kind != "bye" for feed in slots)
    return {by_seed[s] for s in range(1, len(slots) - present + 1)}


@SETTINGS
@given(st.integers(4, 13), st.integers(0, 3))
def test_club_partners_never_repeat_while_a_new_one_is_possible(count, extra_rounds):
    players = list(range(count))
    rounds = club_rounds(players, None)
    rounds = club_rounds(players, len(rounds) + extra_rounds)
    partnered: set[frozenset[int]] = set()
    for tables in rounds:
        pairs = [frozenset(side) for table in tables for side in table]
        seated = sorted(p for pair in pairs for p in pair)
        assert len(seated) == len(set(seated)) == count - count % 4
        if any(pair in partnered for pair in pairs):
            assert not _all_new_pairing_exists(seated, partnered), (
                f"a repeat where new partners were possible: {tables}"
            )
        partnered.update(pairs)


def _all_new_pairing_exists(players: list[int], partnered: set[frozenset[int]]) -> bool:
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(
        frozenset((first, other)) not in partnered
        and _all_new_pairing_exists([p for p in rest if p != other], partnered)
        for other in rest
    )


@SETTINGS
@given(st.integers(4, 40), st.integers(0, 5))
def test_club_players_sit_out_in_turn(count, extra_rounds):
    players = list(range(count))
    sat: Counter[int] = Counter({p: 0 for p in players})
    for tables in club_rounds(players, count + extra_rounds):
        seated = {p for table in tables for side in table for p in side}
        sat.update(p for p in players if p not in seated)
        assert max(sat.values()) - min(sat.values()) <= 1


@SETTINGS
@given(st.integers(2, 20), st.integers(0, 2**32), st.sampled_from((1, 3)))
def test_pool_standings_follow_the_tie_breaks(count, seed, best_of):
    states = play_out(made_up("round-robin", count, seed, best_of=best_of), random.Random(seed), forfeits=0.1)
    final = states[-1]
    for state in (states[len(states) // 2], final):
        lines = pool_standings(state, "A")
        lot = {team: at for at, team in enumerate(state.lots)}
        keys = [(-s.wins, -s.marks_for, s.marks_against, lot[s.entrant]) for s in lines]
        assert keys == sorted(keys)
        for line in lines:  # the tally read straight from the games
            mine = [m for m in state.matches if m.decided and line.entrant in m.entrants()]
            sides = [m.sides.index((line.entrant,)) for m in mine]
            assert line.wins == sum(m.winner_side == side for m, side in zip(mine, sides, strict=True))
            assert line.marks_for == sum(
                g.marks[side] for m, side in zip(mine, sides, strict=True) for g in m.games
            )
            assert line.marks_against == sum(
                g.marks[1 - side] for m, side in zip(mine, sides, strict=True) for g in m.games
            )
            assert line.byes == sum(any(g.kind == BYE for g in m.games) for m in mine)
            assert line.byes <= 1
        level = Counter(k[:3] for k in keys)
        assert [line.drawn for line in lines] == [level[k[:3]] > 1 for k in keys]
    assert champion(final) == pool_standings(final, "A")[0].entrant


@SETTINGS
@given(st.integers(4, 16), st.integers(0, 2**32))
def test_club_standings_rank_games_then_marks_then_the_draw(count, seed):
    final = play_out(made_up("club", count, seed), random.Random(seed), forfeits=0)[-1]
    lines = club_standings(final)
    lot = {team: at for at, team in enumerate(final.lots)}
    assert [(-s.wins, -s.marks_for, lot[s.entrant]) for s in lines] == sorted(
        (-s.wins, -s.marks_for, lot[s.entrant]) for s in lines
    )
    tables = [m for m in final.matches if m.stage == CLUB]
    assert sum(s.wins for s in lines) == 2 * len(tables)  # two winners a table
    assert champion(final) == lines[0].entrant


@pytest.mark.slow  # a hundred whole tournaments
@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.integers(2, 64), st.sampled_from(TEAM_FORMATS), st.integers(0, 2**32), st.sampled_from((1, 3)))
def test_every_tournament_of_2_to_64_teams_runs_to_one_champion(count, format, seed, best_of):
    states = play_out(made_up(format, count, seed, best_of=best_of), random.Random(seed))
    final = states[-1]
    assert finished(final)
    assert champion(final) is not None
    if format != "pools":  # (in pools the consolation bracket may still be playing)
        assert all(champion(state) is None for state in states[:-1])
    if format == "pools":
        rest = sum(max(0, len(pool.entrants) - final.advance) for pool in final.pools)
        assert (consolation_winner(final) is not None) == (rest >= 2)
