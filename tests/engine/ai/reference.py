"""A pure-Python reference solver: plain minimax over the engine's own Hand, no tricks of speed.

It shares nothing with the fast solver but the rules engine, so agreement between them checks the
compiled tables, legal moves, trick winners and scoring.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.hand import Hand
from engine.tiles import bits


def value(hand: Hand, score_seats: set[int], max_seats: set[int], counts_only: bool) -> int:
    """Points (or tricks) the scoring seats take from here on, under best play by both sides."""
    if hand.complete or hand.phase != "play":
        return 0
    done = len(hand.tricks)
    results = []
    for t in bits(hand.legal_plays()):
        child = hand.play(t)
        gain = 0
        if len(child.tricks) > done:
            tr = child.tricks[-1]
            if tr.winner in score_seats:
                gain = 1 if counts_only else tr.points
        results.append(gain + value(child, score_seats, max_seats, counts_only))
    return max(results) if hand.turn in max_seats else min(results)


def move_values(
    hand: Hand,
    moves: Sequence[int | tuple[int, int]],
    score_seats: set[int],
    max_seats: set[int],
    counts_only: bool,
) -> list[int]:
    """Each move's value for the seat to play, as ``value`` counts it.

    A move is a tile id or a (tile id, declared suit) pair: a lead declared as its lower end.
    """
    out = []
    done = len(hand.tricks)
    for move in moves:
        child = hand.play(*move) if isinstance(move, tuple) else hand.play(move)
        gain = 0
        if len(child.tricks) > done and child.tricks[-1].winner in score_seats:
            gain = 1 if counts_only else child.tricks[-1].points
        out.append(gain + value(child, score_seats, max_seats, counts_only))
    return out
