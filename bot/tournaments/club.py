"""A club night's rounds: everyone plays with a new partner each round as far as the numbers allow, tables of
four, and when the count is not a multiple of four the extra players sit out in turn.

Who sits out comes first and is strict: players sit out in the order of the draw, so nobody sits out a
second time before everyone has sat out once. The partners then come from the circle method (which, with
nobody sitting out, gives everyone every other player once in n - 1 rounds); where sitting out has broken
its pairs, a search finds partners who have not played together, and only when no such pairing of the
round's players exists does anyone partner someone again (the fewest times over). Tables then pair the
partnerships so that opponents vary too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .model import CLUB, ENTRANTS, Feed, Match
from .roundrobin import circle_rounds

Pair = tuple[int, int]
SEARCH_STEPS = 20_000  # enough for any club night's search; past it the round takes the fewest repeats


def sitting_out(players: Sequence[int], round_index: int) -> tuple[int, ...]:
    """Who sits out round ``round_index`` (from 0): the next players in the draw's order, wrapping round."""
    count = len(players) % 4
    start = round_index * count
    return tuple(players[(start + k) % len(players)] for k in range(count))


def club_rounds(players: Sequence[int], rounds: int | None = None) -> list[tuple[tuple[Pair, Pair], ...]]:
    """The tables of each round: (partners, partners) in seat order. ``players`` in the draw's order; by
    default as many rounds as the circle method takes to give everyone every partner once."""
    circle = circle_rounds(list(players))
    partnered: Counter[frozenset[int]] = Counter()
    opposed: Counter[frozenset[int]] = Counter()
    schedule = []
    for index in range(len(circle) if rounds is None else rounds):
        out = set(sitting_out(players, index))
        playing = [p for p in players if p not in out]
        suggested = {
            a: b for pair in circle[index % len(circle)] for a, b in (pair, pair[::-1]) if a is not None
        }
        pairs = _partners(playing, partnered, suggested)
        partnered.update(frozenset(pair) for pair in pairs)
        tables = _tables(pairs, opposed)
        for one, other in tables:
            opposed.update(frozenset((a, b)) for a in one for b in other)
        schedule.append(tuple(tables))
    return schedule


def club_matches(players: Sequence[int], rounds: int | None = None) -> list[Match]:
    """The club night as matches of one game each, round by round. Ids read "R3-2": round 3, table 2."""
    return [
        Match(
            f"R{round_no}-{number}",
            CLUB,
            round_no,
            (Feed(ENTRANTS, entrants=one), Feed(ENTRANTS, entrants=other)),
        )
        for round_no, tables in enumerate(club_rounds(players, rounds), start=1)
        for number, (one, other) in enumerate(tables, start=1)
    ]


def _partners(
    playing: list[int], partnered: Counter[frozenset[int]], suggested: dict[int, int | None]
) -> list[Pair]:
    """A pairing of ``playing`` with no partners repeated if there is one (the circle method's pairs tried
    first), else the pairing that repeats the fewest times."""
    fresh = {
        p: [q for q in _preference(p, playing, suggested) if frozenset((p, q)) not in partnered]
        for p in playing
    }
    found = _perfect_matching(playing, fresh)
    if found is not None:
        return found
    return _fewest_repeats(playing, partnered, suggested)


def _preference(player: int, playing: list[int], suggested: dict[int, int | None]) -> list[int]:
    """The other players, the circle method's suggested partner first."""
    first = suggested.get(player)
    others = [q for q in playing if q != player and q != first]
    return ([first] if first in playing else []) + others


def _perfect_matching(players: list[int], options: dict[int, list[int]]) -> list[Pair] | None:
    """Pairs covering every player, each from ``options``, or None if there are none (or the search runs
    past its steps). Depth first, always pairing the player with the fewest options left."""
    steps = 0

    def search(free: frozenset[int]) -> list[Pair] | None:
        nonlocal steps
        if not free:
            return []
        steps += 1
        if steps > SEARCH_STEPS:
            return None
        player = min(free, key=lambda p: (sum(q in free for q in options[p]), players.index(p)))
        for partner in options[player]:
            if partner in free:
                rest = search(free - {player, partner})
                if rest is not None:
                    return [(player, partner), *rest]
        return None

    found = search(frozenset(players))
    return None if found is None else sorted((min(a, b), max(a, b)) for a, b in found)


def _fewest_repeats(
    playing: list[int], partnered: Counter[frozenset[int]], suggested: dict[int, int | None]
) -> list[Pair]:
    """Pair the players greedily, each with whoever they have partnered least (the suggestion first)."""
    free = list(playing)
    pairs = []
    while free:
        player = free.pop(0)
        partner = min(
            (q for q in _preference(player, free + [player], suggested) if q in free),
            key=lambda q: partnered[frozenset((player, q))],
        )
        free.remove(partner)
        pairs.append((min(player, partner), max(player, partner)))
    return sorted(pairs)


def _tables(pairs: list[Pair], opposed: Counter[frozenset[int]]) -> list[tuple[Pair, Pair]]:
    """Partnerships two to a table, each with the partnership it has faced least."""
    free = list(pairs)
    tables = []
    while free:
        one = free.pop(0)
        other = min(free, key=lambda two: sum(opposed[frozenset((a, b))] for a in one for b in two))
        free.remove(other)
        tables.append((one, other))
    return tables
