"""How long computer moves take beyond their cosmetic pause, and where the time goes: logged, never silent.

Each computer move is timed in parts: asking the service which computer is due, the computer's thinking,
the pause's own sleep overrunning (a busy event loop wakes the runner late), and storing the move. The
figure a player meets is `beyond`: how long after the pause (counted from the previous action) the move was
stored. A `computer moves:` line every `report_every` seconds of activity gives the recent moves' p50, p90
and p99 of each part, for the load benchmark to read beside the `computers:` line.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from .quantiles import nearest_rank

log = logging.getLogger("bot.computers")

KEPT = 5000  # moves kept for the quantiles
SMOOTHING = 0.1  # weight of the newest move in the running estimate of storing's time
PARTS = ("beyond", "due", "think", "overslept", "store")


@dataclass(frozen=True)
class MoveTimes:
    """One computer move's parts, in seconds."""

    beyond: float  # stored this long after the pause (from the previous action) was over (negative: early)
    due: float  # asking which computer is due (the table's lock, the seat's view)
    think: float  # the decision, from asking to the answer
    overslept: float  # the pause's sleep woke this much later than asked
    store: float  # storing the move (the table's lock, the engine, the database, publishing)


class MovePace:
    """Collects computer moves' times and logs their quantiles every `report_every` seconds."""

    def __init__(self, report_every: float = 10.0, clock: Callable[[], float] = time.monotonic):
        self.report_every = report_every
        self.clock = clock
        self.moves: deque[MoveTimes] = deque(maxlen=KEPT)
        self.count = 0
        self.store_s = 0.0  # running estimate of how long storing a move takes now
        self.next_report = clock() + report_every

    def add(self, move: MoveTimes) -> None:
        """One move was stored; log the line if it is time."""
        self.moves.append(move)
        self.count += 1
        self.store_s += SMOOTHING * (move.store - self.store_s)
        if self.clock() >= self.next_report:
            self.next_report = self.clock() + self.report_every
            log.info("%s", self.line())

    def quantiles(self, part: str, *fractions: float) -> list[float]:
        """The quantiles of one part over the moves kept, in seconds (nearest rank; zeros when none)."""
        return nearest_rank(sorted(getattr(move, part) for move in self.moves), *fractions)

    def line(self) -> str:
        """One `key=value` line: the moves so far and each part's p50, p90 and p99 in milliseconds."""
        parts = []
        for part in PARTS:
            p50, p90, p99 = self.quantiles(part, 0.5, 0.9, 0.99)
            parts.append(
                f"{part}_ms_p50={1000 * p50:.0f} {part}_ms_p90={1000 * p90:.0f} {part}_ms_p99={1000 * p99:.0f}"
            )
        return f"computer moves: moves={self.count} kept={len(self.moves)} " + " ".join(parts)
