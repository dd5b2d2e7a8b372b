"""What the table service tells its listener: one frozen dataclass per kind of change at a table.

Events hold ids, numbers and strings only (never live engine objects), so they can be stored and shown
later: a hand is named by its number, and whoever shows an event reads the hand from the table's records.
`to_payload`/`from_payload` turn an event into JSON-able data and back.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True)
class TableEvent:
    """Something that happened at a table. `kind` names the event in storage and logs."""

    kind: ClassVar[str] = "event"

    def to_payload(self) -> dict[str, Any]:
        """The event's fields as JSON-able data (its kind is stored beside it)."""
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class LobbyChanged(TableEvent):
    """Seats changed in the lobby."""

    kind: ClassVar[str] = "lobby"


@dataclass(frozen=True)
class Started(TableEvent):
    """The host started the game (the first deal follows)."""

    kind: ClassVar[str] = "started"


@dataclass(frozen=True)
class Drawn(TableEvent):
    """Before the first deal the players drew for the first dealer (`mode` "dealer") and the teams
    ("partners"), RULES.md §11. `rounds` lists each round of drawing as [name, tile] pairs; `seating[seat]`
    is the seat that player held in the lobby; `dealer` deals the first hand."""

    kind: ClassVar[str] = "drawn"
    mode: str
    rounds: list[list[list[str]]]
    seating: list[int]
    dealer: int


@dataclass(frozen=True)
class Dealt(TableEvent):
    """Hand `hand_no` (from 0) was dealt."""

    kind: ClassVar[str] = "dealt"
    hand_no: int


@dataclass(frozen=True)
class Acted(TableEvent):
    """`seat` made `action` in hand `hand_no`; `complete` if that ended the hand. `by` is "computer" when
    the turn timer handed a human's turn to a computer."""

    kind: ClassVar[str] = "acted"
    seat: int
    action: str
    hand_no: int
    complete: bool = False
    by: str | None = None


@dataclass(frozen=True)
class HandOver(TableEvent):
    """Hand `hand_no` is finished (its record is the table's `hand_no`th)."""

    kind: ClassVar[str] = "hand_over"
    hand_no: int


@dataclass(frozen=True)
class GameOver(TableEvent):
    """The game is won."""

    kind: ClassVar[str] = "game_over"


@dataclass(frozen=True)
class Ended(TableEvent):
    """The table was ended by a person (`by`: their name) before the game finished."""

    kind: ClassVar[str] = "ended"
    by: str | None = None


@dataclass(frozen=True)
class IdleClosed(TableEvent):
    """Nobody played for the table's idle time: it was closed."""

    kind: ClassVar[str] = "idle_closed"


@dataclass(frozen=True)
class Reminded(TableEvent):
    """The turn timer of `seat` ran out once: its player is reminded."""

    kind: ClassVar[str] = "reminded"
    seat: int


@dataclass(frozen=True)
class TakenOver(TableEvent):
    """The turn timer ran out again: a computer made `action` for `seat`."""

    kind: ClassVar[str] = "taken_over"
    seat: int
    action: str


@dataclass(frozen=True)
class Away(TableEvent):
    """A computer plays `seat` from now on, until its owner comes back."""

    kind: ClassVar[str] = "away"
    seat: int


@dataclass(frozen=True)
class Back(TableEvent):
    """The owner of `seat` came back and plays it again."""

    kind: ClassVar[str] = "back"
    seat: int


@dataclass(frozen=True)
class Left(TableEvent):
    """`name` (user `user_id`) left `seat` mid-game; a computer plays it for the rest of the game."""

    kind: ClassVar[str] = "left"
    seat: int
    user_id: int
    name: str


@dataclass(frozen=True)
class RematchOpened(TableEvent):
    """A rematch of this finished table opened as table `table_id`."""

    kind: ClassVar[str] = "rematch_opened"
    table_id: int


@dataclass(frozen=True)
class DmChanged(TableEvent):
    """The bot found it can (or can no longer) DM the player of `seat`."""

    kind: ClassVar[str] = "dm_changed"
    seat: int
    closed: bool


@dataclass(frozen=True)
class TableShown(TableEvent):
    """The table message should be shown again as it is (nothing changed at the table)."""

    kind: ClassVar[str] = "table_shown"


EVENT_TYPES: dict[str, type[TableEvent]] = {
    cls.kind: cls
    for cls in (
        LobbyChanged,
        Started,
        Drawn,
        Dealt,
        Acted,
        HandOver,
        GameOver,
        Ended,
        IdleClosed,
        Reminded,
        TakenOver,
        Away,
        Back,
        Left,
        RematchOpened,
        DmChanged,
        TableShown,
    )
}


@dataclass(frozen=True)
class Published:
    """An event and its number in the table's outbox."""

    seq: int
    event: TableEvent


def from_payload(kind: str, payload: dict[str, Any]) -> TableEvent:
    """The event stored as `kind` and `payload`; ValueError if the kind is unknown."""
    cls = EVENT_TYPES.get(kind)
    if cls is None:
        raise ValueError(f"unknown table event {kind!r}")
    return cls(**payload)
