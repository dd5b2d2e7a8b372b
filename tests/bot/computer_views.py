"""Seeded views for the computer tests, and a factory whose strong player does fixed work (reproducible in
any thread or process)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine import Hand, Rules, View, view_for
from engine.ai import make_player
from engine.ai.strong import StrongPlayer


def fixed_strong(level: str, seed: int | None, **_budget):
    """`strong` solving a fixed number of samples (the same answer whatever the clock); other levels real.
    Module-level, so it pickles to a worker process."""
    if level == "strong":
        return StrongPlayer(seed, samples=4)
    return make_player(level, seed)


def views(preset: str, seed: int, count: int) -> list[View]:
    """Up to `count` views with a real choice, from seeded hands played by easy players, every phase."""
    rules = Rules.from_preset(preset)
    rng = random.Random(seed)
    out: list[View] = []
    easy = [make_player("easy", seed + s) for s in range(rules.players)]
    while len(out) < count:
        hand = Hand.new(rules, rng.randrange(rules.players), rng)
        while not hand.complete and len(out) < count:
            view = view_for(hand, hand.to_act)
            if len(view["legal"]) > 1:
                out.append(view)
            hand = hand.apply(easy[hand.to_act].choose(view))
    return out


@dataclass(eq=False)
class FakeTable:
    """What a chooser reads of a table: its id and its computers' level (an ``AtTable``)."""

    id: int
    computer_level: str = "strong"

    def computer_turn(self) -> int | None:
        """No computer is on turn: the choosers under test are asked directly."""
        return None


def crash_once(level: str, seed: int | None, **_budget):
    """A factory whose first player kills its worker process: `level` is "crash-once:<marker file>"; once
    the marker exists, players are random."""
    import os
    from pathlib import Path

    marker = Path(level.partition(":")[2])
    if not marker.exists():
        marker.touch()
        os._exit(1)
    return make_player("random", seed)


def worker_workspaces(barrier) -> tuple[int, int, int]:
    """A job for a worker process: its process id, the search workspaces it has made and those alive.
    `barrier` (a manager's) holds each job until one runs in every worker, so each worker answers once."""
    import os

    from engine.ai.solver import Workspace

    barrier.wait(120)
    return os.getpid(), Workspace.made, Workspace.live()
