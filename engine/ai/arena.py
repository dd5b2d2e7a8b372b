"""Playing hands and games between computer players: for tests, benchmarks and calibration.

Every player sees only ``view_for(hand, seat)``; the arena checks each answer is legal and times it.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from engine import Game, Hand, Rules, view_for


@dataclass
class Timings:
    """Decision times in seconds, per player label."""

    times: dict[str, list[float]] = field(default_factory=dict)

    def add(self, label: str, seconds: float) -> None:
        """Record one decision's time."""
        self.times.setdefault(label, []).append(seconds)


def play_hand(
    hand: Hand,
    players: list,
    labels: list[str] | None = None,
    score: list[int] | None = None,
    timings: Timings | None = None,
    stop: str | None = None,
) -> Hand:
    """Play ``hand`` to completion (or until its phase is ``stop``), seat ``s`` choosing with ``players[s]``;
    raises if a choice is illegal."""
    while not hand.complete and hand.phase != stop:
        seat = hand.to_act
        view = view_for(hand, seat, score)
        start = time.perf_counter()
        action = players[seat].choose(view)
        if timings is not None:
            timings.add(labels[seat] if labels else str(seat), time.perf_counter() - start)
        if action not in view["legal"]:
            raise AssertionError(f"seat {seat} chose {action!r}, not in {view['legal']}")
        hand = hand.apply(action)
    return hand


def play_game(
    rules: Rules,
    players: list,
    rng: random.Random,
    labels: list[str] | None = None,
    timings: Timings | None = None,
    max_hands: int = 200,
) -> Game:
    """Play a whole game from a seeded shuffle; returns the finished game."""
    game = Game.new(rules, rng)
    for _ in range(max_hands):
        if game.over:
            break
        hand = play_hand(game.deal(rng), players, labels, list(game.scores), timings)
        game = game.record_hand(hand)
    return game
