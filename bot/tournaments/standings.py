"""Standings: a pool's (or a round robin's) and a club night's, with the tie-breaks the rules give.

A pool ranks by matches won, then marks won, then fewest marks against, then the draw for ties made at the
start (recorded, and shown beside the places it settled). A club night ranks its players by games won, then
marks won, then that draw. A bye counts as a win at its score (7–4), a forfeit at its (7–0); a match counts
once it is decided.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from .model import BYE, CLUB, POOL, Match, Tournament


@dataclass(frozen=True)
class Standing:
    """One entrant's line: matches played (byes not counted), won and lost, marks for and against, byes;
    ``drawn`` when the draw placed it among entrants level on everything else."""

    entrant: int
    played: int = 0
    wins: int = 0
    losses: int = 0
    marks_for: int = 0
    marks_against: int = 0
    byes: int = 0
    drawn: bool = False


def pool_matches_of(tournament: Tournament, name: str) -> list[Match]:
    """The matches of pool ``name``."""
    return [m for m in tournament.matches if m.stage == POOL and m.group == name]


def pool_complete(tournament: Tournament, name: str) -> bool:
    """Whether every match of the pool is decided."""
    return all(m.decided for m in pool_matches_of(tournament, name))


def pool_standings(tournament: Tournament, name: str) -> tuple[Standing, ...]:
    """The pool's standings: wins, then marks won, then fewest marks against, then the draw."""
    entrants = tournament.pool(name).entrants
    lines = _tally(entrants, pool_matches_of(tournament, name))
    return _ranked(lines, lambda s: (-s.wins, -s.marks_for, s.marks_against), tournament.lots)


def club_standings(tournament: Tournament) -> tuple[Standing, ...]:
    """A club night's players: games won, then marks won, then the draw."""
    lines = _tally(range(len(tournament.entrants)), [m for m in tournament.matches if m.stage == CLUB])
    return _ranked(lines, lambda s: (-s.wins, -s.marks_for), tournament.lots)


def _tally(entrants: Iterable[int], matches: Iterable[Match]) -> dict[int, Standing]:
    lines = {e: Standing(e) for e in entrants}
    for match in matches:
        winner = match.winner_side
        if winner is None:
            continue
        bye = any(g.kind == BYE for g in match.games)
        for side, members in enumerate(match.sides):
            marks_for = sum(g.marks[side] for g in match.games)
            marks_against = sum(g.marks[1 - side] for g in match.games)
            for entrant in members:
                line = lines[entrant]
                lines[entrant] = Standing(
                    entrant,
                    line.played + (0 if bye else 1),
                    line.wins + (side == winner),
                    line.losses + (side != winner),
                    line.marks_for + marks_for,
                    line.marks_against + marks_against,
                    line.byes + bye,
                )
    return lines


def _ranked(
    lines: dict[int, Standing], key: Callable[[Standing], tuple[int, ...]], lots: tuple[int, ...]
) -> tuple[Standing, ...]:
    """The lines in order of ``key``, the draw settling what it leaves level (and marking where it did)."""
    lot = {entrant: place for place, entrant in enumerate(lots)}
    ordered = sorted(lines.values(), key=lambda s: (key(s), lot.get(s.entrant, len(lot))))
    level = Counter(key(s) for s in ordered)
    return tuple(replace(s, drawn=True) if level[key(s)] > 1 else s for s in ordered)
