"""A new tournament: the draws made, the whole schedule laid out, the first matches ready to open.

Formats (CLUB.md, "Tournaments"): ``pools`` (round-robin pools of three to five, then the top of each pool in
a double-elimination championship and the rest in a single-elimination consolation bracket), ``double``,
``single``, ``round-robin`` (one pool, everyone plays everyone) and ``club`` (players, new partners each
round). ``best_of`` 3 makes every match but a club night's first to two games.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .club import club_matches
from .draw import seeding_draw, tie_draw
from .elimination import double_elimination, single_elimination
from .model import (
    CONSOLATION,
    ENTRANTS,
    FORMATS,
    PLACE,
    Entrant,
    Feed,
    Match,
    Pool,
    Tournament,
    TournamentError,
)
from .progress import settle
from .roundrobin import pool_matches, snake_pools

ADVANCE = 2  # from each pool to the championship: half of a pool of four, the rest to the consolation
SMALLEST_CLUB = 4


def computers_to_fill(players: int) -> int:
    """How many computers make a club night's players a multiple of four (``fill=computers``)."""
    return max(SMALLEST_CLUB - players, -players % 4)


def new_tournament(
    format: str,
    entrants: Sequence[Entrant],
    rng: random.Random,
    *,
    best_of: int = 1,
    target: int = 7,
    advance: int = ADVANCE,
    rounds: int | None = None,
) -> Tournament:
    """Draw the seeds and the tie order with ``rng``, lay out the format's whole schedule, and settle what
    needs no play (byes). ``entrants`` are teams, or players for a club night (numbered 0, 1, … in order);
    ``rounds`` caps a club night (by default, enough for everyone to partner everyone once)."""
    _check(format, entrants, best_of, target, advance)
    ids = [e.id for e in entrants]
    seeds = seeding_draw(ids, rng)
    lots = tie_draw(ids, rng)
    first_to = best_of // 2 + 1
    pools: tuple[Pool, ...] = ()
    final = consolation_final = ""
    if format == "club":
        matches = club_matches(seeds, rounds if rounds is not None else club_night_rounds(len(seeds)))
    elif format == "round-robin":
        pools = (Pool("A", seeds),)
        matches = pool_matches(pools, first_to)
    elif format == "pools":
        pools = snake_pools(seeds)
        if sum(min(advance, len(pool.entrants)) for pool in pools) < 2:
            raise TournamentError("a championship needs at least two teams from the pools")
        matches, final, consolation_final = _pools_and_brackets(pools, advance, first_to)
    else:
        feeds = [Feed(ENTRANTS, entrants=(s,)) for s in seeds]
        build = double_elimination if format == "double" else single_elimination
        matches, final = build(feeds, first_to)
    tournament = Tournament(
        format,
        tuple(entrants),
        seeds,
        lots,
        tuple(matches),
        pools,
        best_of,
        target,
        advance if format == "pools" else 0,
        final,
        consolation_final,
    )
    return settle(tournament)


def club_night_rounds(players: int) -> int:
    """Rounds enough for everyone to partner everyone once, as far as sitting out allows: n - 1 rounds
    when nobody sits out, more when some do (each round seats the largest multiple of four)."""
    seated = players - players % 4
    return -(-players * (players - 1) // seated)


def _pools_and_brackets(pools: Sequence[Pool], advance: int, first_to: int) -> tuple[list[Match], str, str]:
    """The pools' round robins, the championship of their top ``advance`` (pool winners seeded first, in
    pool order, then the seconds, …) and the consolation bracket of the rest, seeded the same way."""
    deepest = max(len(pool.entrants) for pool in pools)
    places = [
        [Feed(PLACE, pool.name, place) for pool in pools if place <= len(pool.entrants)]
        for place in range(1, deepest + 1)
    ]
    top = [feed for row in places[:advance] for feed in row]
    rest = [feed for row in places[advance:] for feed in row]
    championship, final = double_elimination(top, first_to)
    consolation, consolation_final = single_elimination(rest, first_to, CONSOLATION, "C")
    return [*pool_matches(pools, first_to), *championship, *consolation], final, consolation_final


def _check(format: str, entrants: Sequence[Entrant], best_of: int, target: int, advance: int) -> None:
    if format not in FORMATS:
        raise TournamentError(f"no format {format!r}: one of {', '.join(FORMATS)}")
    if [e.id for e in entrants] != list(range(len(entrants))):
        raise TournamentError("entrants are numbered 0, 1, 2, … in order")
    fewest = SMALLEST_CLUB if format == "club" else 2
    if len(entrants) < fewest:
        raise TournamentError(f"a {format} tournament needs at least {fewest} entrants, not {len(entrants)}")
    if best_of not in (1, 3):
        raise TournamentError(f"best of 1 or 3, not {best_of}")
    if target < 1:
        raise TournamentError(f"a game is played to at least 1 mark, not {target}")
    if format == "pools" and advance < 1:
        raise TournamentError(f"at least one team of each pool goes on, not {advance}")
