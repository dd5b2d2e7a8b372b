"""What the table service tells its listener: one `TableEvent` per change at a table."""

from __future__ import annotations

from dataclasses import dataclass

from engine import Hand


@dataclass(frozen=True)
class TableEvent:
    """Something that happened at a table, for the listener to show.

    kinds: "lobby" (seats changed), "started", "acted" (seat did action; `hand` is the hand after it;
    `by` is "computer" when the timer handed a human's turn to a computer), "hand_over" (`hand` is the
    finished hand), "dealt" (a new hand), "game_over", "ended", "idle_closed" (nobody played for too long),
    "reminded" (seat's turn timer ran out once), "taken_over" (a computer acted for seat), "away" (a computer
    plays seat from now on), "back" (seat's owner took it back), "left" (seat's player left; `by` their name).
    """

    kind: str
    seat: int | None = None
    action: str | None = None
    hand: Hand | None = None
    by: str | None = None
