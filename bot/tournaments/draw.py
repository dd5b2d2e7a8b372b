"""The draws a tournament makes by lot, from a random source the caller passes in (so a test, or a replay of
the record, draws the same again): the seeding, the order that settles ties, and partners for players who
joined alone."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def seeding_draw(entrants: Sequence[int], rng: random.Random) -> tuple[int, ...]:
    """The entrants in seed order, drawn by lot (seed 1 first)."""
    return tuple(rng.sample(list(entrants), len(entrants)))


def tie_draw(entrants: Sequence[int], rng: random.Random) -> tuple[int, ...]:
    """The order that settles ties the standings leave (first drawn ranks higher), drawn once at the start
    and kept with the tournament so everyone can see it was fixed before a game was played."""
    return tuple(rng.sample(list(entrants), len(entrants)))


def partner_draw(players: Sequence[T], rng: random.Random) -> list[tuple[T, T | None]]:
    """Partners drawn for players who joined alone: pairs in the order drawn; an odd player out is paired
    with None (a computer partner)."""
    drawn = rng.sample(list(players), len(players))
    pairs: list[tuple[T, T | None]] = [(drawn[i], drawn[i + 1]) for i in range(0, len(drawn) - 1, 2)]
    if len(drawn) % 2:
        pairs.append((drawn[-1], None))
    return pairs
