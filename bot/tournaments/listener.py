"""The table listener that tells the tournaments when a match's game ends: it passes every event on (to the
ratings and the delivery) and, when a table with a match tag finishes or is ended, asks the tournament
service to carry that tournament forward at once (else its next tick would)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar

OVER = ("game_over", "ended", "idle_closed")  # the kinds of event after which a table's game is over


class Tagged(Protocol):
    """A table as this listener sees it: the match it was opened for, if any."""

    @property
    def match_tag(self) -> str | None: ...


class Kind(Protocol):
    """An event, as this listener sees it: its kind."""

    @property
    def kind(self) -> str: ...


class Announced(Protocol):
    """A published event, as this listener sees it."""

    @property
    def event(self) -> Kind: ...


class Kicked(Protocol):
    """The tournament service, as this listener uses it."""

    def game_over(self, tag: str | None) -> None:
        """A table's game is over: carry its tournament forward if it is a match's."""


TableT = TypeVar("TableT", bound=Tagged)
EventT = TypeVar("EventT", bound=Announced)
TableT_contra = TypeVar("TableT_contra", contravariant=True)
EventT_contra = TypeVar("EventT_contra", contravariant=True)


class Listener(Protocol[TableT_contra, EventT_contra]):
    """Who hears of a table's events (the table service's listener)."""

    def publish(self, table: TableT_contra, events: Sequence[EventT_contra]) -> None:
        """Take note of `events` at `table`."""


class MatchesOnGameOver(Generic[TableT, EventT]):
    """Passes every event on; tells the tournaments when a match's game is over (never waits)."""

    def __init__(self, tournaments: Kicked, inner: Listener[TableT, EventT]):
        self.tournaments = tournaments
        self.inner = inner

    def publish(self, table: TableT, events: Sequence[EventT]) -> None:
        """Pass the events on; after a match's game is over, kick its tournament."""
        self.inner.publish(table, events)
        if table.match_tag is not None and any(published.event.kind in OVER for published in events):
            self.tournaments.game_over(table.match_tag)
