"""Turn timers and idle tables: when a table should act because nobody did.

A human's turn gets a deadline (stored, so it survives a restart). The first time it passes the player
is reminded and given the time again; the second time a computer acts for them; two turns in a row taken
over mark the seat *away* until its owner clicks anything at the table. A table with no human action for
its idle time is closed. `TurnClock` only reads and sets a table's timer fields against the injected
clock; the unit of work stores them with every change, and the clocks (`clocks.Clocks`) carry out what
is due. Nothing here sleeps.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, Protocol


class Timing(Protocol):
    """A table's settings as its clocks read them (`model.TableSettings`)."""

    @property
    def turn_seconds(self) -> int | None: ...

    @property
    def idle_seconds(self) -> int | None: ...


class Timed(Protocol):
    """A table as its clocks see it (`model.Table` is one): its timer fields, its settings, the moment's
    state token and whose human turn it is."""

    deadline: float | None
    deadline_token: str | None
    reminded: bool
    last_human_at: float | None

    @property
    def settings(self) -> Timing: ...

    @property
    def token(self) -> str: ...

    def human_turn(self) -> int | None: ...


def timer_fields(table: Timed) -> dict[str, Any]:
    """The table's four timer fields by name, as a change stores them in memory."""
    return {
        "deadline": table.deadline,
        "deadline_token": table.deadline_token,
        "reminded": table.reminded,
        "last_human_at": table.last_human_at,
    }


class Due(enum.Enum):
    """What a table's clocks call for now."""

    START_IDLE_CLOCK = "start idle clock"  # a table stored before timers existed
    CLOSE_IDLE = "close idle"
    REARM = "rearm"  # the stored deadline belongs to another turn
    REMIND = "remind"
    TAKE_OVER = "take over"


class TurnClock:
    """The turn timer and the idle clock of every table, read against `clock` (seconds, injected)."""

    def __init__(self, clock: Callable[[], float]):
        self.clock = clock

    def arm(self, table: Timed) -> bool:
        """Start the turn timer when a human's turn begins; stop it otherwise. Returns True if the timer
        fields changed (the caller stores them). Keyed by the state token, so a turn is timed once."""
        seat = table.human_turn()
        seconds = table.settings.turn_seconds
        if seat is None or seconds is None:
            if table.deadline is None and table.deadline_token is None:
                return False
            table.deadline, table.deadline_token, table.reminded = None, None, False
            return True
        if table.deadline_token == table.token:
            return False
        table.deadline, table.deadline_token, table.reminded = self.clock() + seconds, table.token, False
        return True

    def human_acted(self, table: Timed) -> None:
        """A person did something at the table: the idle clock starts again."""
        table.last_human_at = self.clock()

    def reminded_deadline(self, table: Timed) -> float:
        """The deadline once the player on turn is reminded: the turn's time again, from now."""
        assert table.settings.turn_seconds is not None
        return self.clock() + table.settings.turn_seconds

    def due(self, table: Timed) -> Due | None:
        """What the table's clocks call for now, if anything (for an open table)."""
        now = self.clock()
        idle = table.settings.idle_seconds
        if table.last_human_at is None:
            return Due.START_IDLE_CLOCK
        if idle is not None and now - table.last_human_at >= idle:
            return Due.CLOSE_IDLE
        if table.human_turn() is None or table.settings.turn_seconds is None:
            return None
        if table.deadline_token != table.token or table.deadline is None:
            return Due.REARM
        if now < table.deadline:
            return None
        return Due.TAKE_OVER if table.reminded else Due.REMIND
