"""The custom ids of the daily deals' buttons: `t42d:<day>:<deal>:<moves>:<choice>`.

`day` is the date as YYYYMMDD, `deal` the deal (0–7), `moves` the actions the deal had when the buttons
were drawn (the version a click must still match), `choice` the index of the action among the legal ones
then. An id is a request, never a permission: the service checks each number against what is stored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

TEMPLATE = r"t42d:(?P<day>[0-9]{8}):(?P<deal>[0-9]{1,2}):(?P<moves>[0-9]{1,3}):(?P<choice>[0-9]{1,2})"
DISABLED_FROM = 90  # choices from here on: tiles that may not be played now (disabled; ids must differ)


@dataclass(frozen=True)
class DailyId:
    """A daily button's id taken apart."""

    day: str  # ISO, as the service reads it
    deal_no: int
    moves: int
    choice: int

    @property
    def disabled(self) -> bool:
        """The id of a disabled button (a tile that may not be played now): no move."""
        return self.choice >= DISABLED_FROM


def make(day: date, deal_no: int, moves: int, choice: int) -> str:
    """`t42d:20261127:3:17:4`."""
    return f"t42d:{day.strftime('%Y%m%d')}:{deal_no}:{moves}:{choice}"


def parse(custom_id: str) -> DailyId | None:
    """A daily id taken apart; None if it is not one (or names no real date)."""
    match = re.fullmatch(TEMPLATE, custom_id)
    if match is None:
        return None
    text = match["day"]
    try:
        day = date(int(text[:4]), int(text[4:6]), int(text[6:]))
    except ValueError:
        return None
    return DailyId(day.isoformat(), int(match["deal"]), int(match["moves"]), int(match["choice"]))


def is_daily(custom_id: str) -> bool:
    """True for an id the daily button class answers (it refuses the ones it cannot read itself)."""
    return re.fullmatch(TEMPLATE, custom_id) is not None
