"""Playing a tournament to its end with made-up results: each step picks an open match and a game score (now
and then a forfeit) from a seeded random source, so a failing run can be played again."""

from __future__ import annotations

import random

from bot.tournaments.model import Entrant, Tournament
from bot.tournaments.progress import finished, ready_matches, record_forfeit, record_game
from bot.tournaments.schedule import new_tournament


def entrants(count: int) -> list[Entrant]:
    """Teams (or players) numbered 0, 1, … named T0, T1, …"""
    return [Entrant(i, f"T{i}") for i in range(count)]


def made_up(format: str, count: int, seed: int, **options) -> Tournament:
    """A new tournament of ``count`` entrants drawn with ``seed``."""
    return new_tournament(format, entrants(count), random.Random(seed), **options)


def step(tournament: Tournament, rng: random.Random, forfeits: float = 0.05) -> Tournament:
    """One result: a game (or now and then a forfeit) of one of the open matches."""
    ready = ready_matches(tournament)
    assert ready, "an unfinished tournament with nothing to play"
    match = rng.choice(ready)
    if rng.random() < forfeits:
        return record_forfeit(tournament, match.id, rng.randrange(2))
    winner = rng.randrange(2)
    loser_marks = rng.randrange(tournament.target)
    marks = (tournament.target, loser_marks) if winner == 0 else (loser_marks, tournament.target)
    return record_game(tournament, match.id, marks)


def play_out(tournament: Tournament, rng: random.Random, forfeits: float = 0.05) -> list[Tournament]:
    """Every state the tournament passes through from ``tournament`` to its end."""
    states = [tournament]
    while not finished(states[-1]):
        states.append(step(states[-1], rng, forfeits))
        assert len(states) < 10_000, "a tournament that does not end"
    return states
