"""A tournament moved on by results: a game recorded (or a forfeit) makes the next tournament, with every side
that result decides filled in, byes settled, and the matches now ready to open.

State in, state out: nothing here changes a tournament; each function returns a new one (or a fact about
it). A match is ready when both its sides are known, it is undecided, and none of its entrants still has
an earlier match to finish (a pool's rounds and a club night's are played in order).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .model import (
    ENTRANTS,
    LOSER,
    NOBODY,
    PLACE,
    PLAYED,
    WINNER,
    Feed,
    Game,
    Match,
    Tournament,
    TournamentError,
    bye_game,
    forfeit_game,
)
from .standings import club_standings, pool_complete, pool_standings


def ready_matches(tournament: Tournament) -> tuple[Match, ...]:
    """The matches to open now, in schedule order."""
    busy: set[int] = set()
    ready = []
    for match in tournament.matches:
        if not (match.sides[0] and match.sides[1]) or match.decided:  # a bye has a side of nobody
            continue
        players = set(match.entrants())
        if not players & busy:
            ready.append(match)
        busy |= players
        if len(busy) == len(tournament.entrants):
            break  # everyone has a match to play before any later one
    return tuple(ready)


def record_game(tournament: Tournament, match_id: str, marks: Sequence[int]) -> Tournament:
    """The tournament after a game of an open match ended with ``marks`` (side 0's first)."""
    match = _open_match(tournament, match_id)
    if len(marks) != 2 or any(m < 0 for m in marks) or marks[0] == marks[1]:
        raise TournamentError(f"a game ends with two scores, not level and not below zero: {tuple(marks)}")
    return settle(_with(tournament, replace(match, games=(*match.games, Game((marks[0], marks[1]), PLAYED)))))


def record_forfeit(tournament: Tournament, match_id: str, absent: int) -> Tournament:
    """The tournament after side ``absent`` of an open match forfeited it (a no-show): the match goes to
    the other side at a forfeit's score."""
    match = _open_match(tournament, match_id)
    if absent not in (0, 1):
        raise TournamentError(f"a match has sides 0 and 1, not {absent}")
    game = forfeit_game(1 - absent, tournament.target)
    return settle(_with(tournament, replace(match, games=(*match.games, game))))


def settle(tournament: Tournament) -> Tournament:
    """Fill in every side the results so far decide, and give each bye its game. Feeds only look back in
    the schedule (an earlier match, a pool before its brackets), so one pass in order settles everything."""
    matches = list(tournament.matches)
    places: dict[str, tuple[int, ...]] = {}
    changed = False
    for at, match in enumerate(matches):
        if match.sides[0] and match.sides[1]:
            continue  # both sides known: nothing to fill in (a bye always has a side of nobody)
        sides = (
            match.sides[0] or _resolve(match.feeds[0], places, tournament, matches),
            match.sides[1] or _resolve(match.feeds[1], places, tournament, matches),
        )
        settled = match if sides == match.sides else replace(match, sides=sides)
        if not settled.games and settled.is_bye and settled.known:
            present = 0 if settled.feeds[1].kind == NOBODY else 1
            settled = replace(settled, games=(bye_game(present, tournament.target),))
        if settled is not match:
            matches[at] = settled
            changed = True
    return tournament.with_matches(tuple(matches)) if changed else tournament


def champion(tournament: Tournament) -> int | None:
    """The winner once there is one: the final's winner, or the top of the standings once every game of a
    round robin or a club night is played."""
    if tournament.final:
        winners = tournament.match(tournament.final).winners()
        return winners[0] if winners else None
    if not finished(tournament):
        return None
    if tournament.pools:
        return pool_standings(tournament, tournament.pools[0].name)[0].entrant
    return club_standings(tournament)[0].entrant


def consolation_winner(tournament: Tournament) -> int | None:
    """The consolation bracket's winner once it has one (None where there is no such bracket)."""
    if not tournament.consolation_final:
        return None
    winners = tournament.match(tournament.consolation_final).winners()
    return winners[0] if winners else None


def finished(tournament: Tournament) -> bool:
    """Whether every match is decided."""
    return all(m.decided for m in tournament.matches)


def _resolve(
    feed: Feed, places: dict[str, tuple[int, ...]], tournament: Tournament, matches: list[Match]
) -> tuple[int, ...]:
    """Who a feed names now (empty while that is not yet known); ``matches`` are the tournament's, those
    before the one asking already settled."""
    if feed.kind == ENTRANTS:
        return feed.entrants
    if feed.kind in (WINNER, LOSER):
        earlier = matches[tournament.position(feed.ref)]
        return earlier.winners() if feed.kind == WINNER else earlier.losers()
    if feed.kind == PLACE:
        if feed.ref not in places:
            so_far = tournament.with_matches(tuple(matches))
            done = pool_complete(so_far, feed.ref)
            places[feed.ref] = tuple(s.entrant for s in pool_standings(so_far, feed.ref)) if done else ()
        order = places[feed.ref]
        return (order[feed.place - 1],) if order else ()
    return ()


def _open_match(tournament: Tournament, match_id: str) -> Match:
    match = tournament.match(match_id)
    if match.decided:
        raise TournamentError(f"match {match_id} is already decided")
    if match_id not in {m.id for m in ready_matches(tournament)}:
        raise TournamentError(f"match {match_id} is not open yet: its teams are not both known and free")
    return match


def _with(tournament: Tournament, match: Match) -> Tournament:
    matches = list(tournament.matches)
    matches[tournament.position(match.id)] = match
    return tournament.with_matches(tuple(matches))
