"""Round robins by the circle method, and pools of three to five teams drawn from the seeds.

The circle method: seat the teams round a table with one fixed; each round pairs them across it, then
everyone but the fixed one moves a seat on. Over n - 1 rounds (n rounds when n is odd, one team sitting out
each round with a bye) every pair meets exactly once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .model import ENTRANTS, NOBODY, POOL, Feed, Match, Pool

T = TypeVar("T")

SMALLEST_POOL = 3
LARGEST_POOL = 5


def circle_rounds(items: Sequence[T]) -> list[list[tuple[T | None, T | None]]]:
    """The rounds of a round robin among ``items``: each a list of pairs, None standing for the bye when
    the count is odd (each item has it once)."""
    seats: list[T | None] = [*items, *([None] if len(items) % 2 else [])]
    n = len(seats)
    rounds = []
    for _ in range(n - 1):
        rounds.append([(seats[i], seats[n - 1 - i]) for i in range(n // 2)])
        seats = [seats[0], seats[-1], *seats[1:-1]]  # everyone but the first moves one seat on
    return rounds


def pool_count(teams: int) -> int:
    """How many pools ``teams`` make: pools of about four, none under three or over five (one pool up to
    five teams, however few)."""
    if teams <= LARGEST_POOL:
        return 1
    fewest = -(-teams // LARGEST_POOL)
    most = teams // SMALLEST_POOL
    return min(max(round(teams / 4), fewest), most)


def pool_name(index: int) -> str:
    """ "A", "B", …, "Z", "AA", "AB", …"""
    name = ""
    index += 1
    while index:
        index, letter = divmod(index - 1, 26)
        name = chr(ord("A") + letter) + name
    return name


def snake_pools(seeds: Sequence[int]) -> tuple[Pool, ...]:
    """The seeds dealt into pools as a snake (A, B, C, C, B, A, A, …) so every pool gets its share of the
    strong and the weak seeds; each pool lists its entrants in seed order."""
    count = pool_count(len(seeds))
    members: list[list[int]] = [[] for _ in range(count)]
    for place, entrant in enumerate(seeds):
        row, column = divmod(place, count)
        members[column if row % 2 == 0 else count - 1 - column].append(entrant)
    return tuple(Pool(pool_name(i), tuple(group)) for i, group in enumerate(members))


def pool_matches(pools: Sequence[Pool], first_to: int = 1) -> list[Match]:
    """Every pool's round robin, round by round across the pools (round 1 of every pool, then round 2, …).
    A team's bye is a match of its own against nobody. Ids read "A.2-1": pool A, round 2, its first match."""
    schedules = [(pool, circle_rounds(pool.entrants)) for pool in pools]
    matches = []
    for round_no in range(1, max((len(rounds) for _, rounds in schedules), default=0) + 1):
        for pool, rounds in schedules:
            if round_no > len(rounds):
                continue
            for number, pair in enumerate(rounds[round_no - 1], start=1):
                matches.append(
                    Match(
                        f"{pool.name}.{round_no}-{number}",
                        POOL,
                        round_no,
                        (_feed(pair[0]), _feed(pair[1])),
                        first_to=first_to,
                        group=pool.name,
                    )
                )
    return matches


def _feed(entrant: int | None) -> Feed:
    return Feed(NOBODY) if entrant is None else Feed(ENTRANTS, entrants=(entrant,))
