"""The table listener that tells the tournaments when a match's game ends: when a table with a match tag
finishes or is ended, it asks the tournament service to carry that tournament forward at once (else its next
tick would). It hears only the events that end a game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

OVER = frozenset({"game_over", "ended", "idle_closed"})  # the kinds of event after which a game is over


class Tagged(Protocol):
    """A table as this listener sees it: the match it was opened for, if any."""

    @property
    def match_tag(self) -> str | None: ...


class Kicked(Protocol):
    """The tournament service, as this listener uses it."""

    def game_over(self, tag: str | None) -> None:
        """A table's game is over: carry its tournament forward if it is a match's."""


class MatchesOnGameOver:
    """Tells the tournaments when a match's game is over (never waits)."""

    hears = OVER  # the table service tells it of these kinds only

    def __init__(self, tournaments: Kicked):
        self.tournaments = tournaments

    def publish(self, table: Tagged, events: Sequence[object]) -> None:
        """A game at `table` is over (`events` end it): kick its tournament if it is a match's."""
        if table.match_tag is not None:
            self.tournaments.game_over(table.match_tag)
