"""Table settings that are not rules of the game: the turn timer and the idle close.

They ride in `/42 new`'s `options` text like house rules (`timer=2m`, `timer=off`, `idle=24h`), so the
command keeps exactly the options BOT.md names. They are taken out before the rest is read as rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine import RulesError

DEFAULT_TURN_SECONDS = 120
DEFAULT_IDLE_SECONDS = 24 * 3600
MIN_TURN_SECONDS = 10  # shorter than this nobody can read their hand
MAX_SECONDS = 30 * 24 * 3600  # a month: anything longer is as good as off

_ENTRY = re.compile(r"(?:^|(?<=[\s;,]))(timer|idle)\s*[=:]\s*([^\s;,]*)", re.IGNORECASE)
_DURATION = re.compile(r"([0-9]{1,7})\s*(s|sec|secs|m|min|mins|h|hr|hrs|d)?", re.IGNORECASE)
_UNITS = {"s": 1, "sec": 1, "secs": 1, "m": 60, "min": 60, "mins": 60, "h": 3600, "hr": 3600, "hrs": 3600, "d": 86400}
_OFF = {"off", "none", "no", "0"}


@dataclass(frozen=True)
class TableSettings:
    """How long a turn may take and how long a table may sit without a human move (None: never)."""

    turn_seconds: int | None = DEFAULT_TURN_SECONDS
    idle_seconds: int | None = DEFAULT_IDLE_SECONDS


def parse_duration(name: str, raw: str, *, default_unit: int) -> int | None:
    """`"2m"` -> 120, `"off"` -> None; RulesError with a sentence for anything else."""
    word = raw.strip().lower()
    if word in _OFF:
        return None
    match = _DURATION.fullmatch(word)
    if match is None:
        raise RulesError(f"{name} is a time like 90s, 2m or 1h, or off (not {raw!r})")
    seconds = int(match[1]) * (_UNITS[match[2].lower()] if match[2] else default_unit)
    if seconds == 0:
        return None
    if name == "timer" and seconds < MIN_TURN_SECONDS:
        raise RulesError(f"timer must be at least {MIN_TURN_SECONDS}s, or off")
    if seconds > MAX_SECONDS:
        raise RulesError(f"{name} can be at most 30 days, or off")
    return seconds


def split_settings(text: str | None) -> tuple[TableSettings, str]:
    """Take `timer=` and `idle=` out of the options text; returns the settings and the rest (the rules)."""
    if not text:
        return TableSettings(), ""
    values: dict[str, int | None] = {}
    for match in _ENTRY.finditer(text):
        name = match[1].lower()
        unit = 60 if name == "timer" else 3600  # a bare number: minutes for a turn, hours for idling
        values[name] = parse_duration(name, match[2], default_unit=unit)
    rest = " ".join(_ENTRY.sub(" ", text).split())
    settings = TableSettings(
        turn_seconds=values.get("timer", DEFAULT_TURN_SECONDS),
        idle_seconds=values.get("idle", DEFAULT_IDLE_SECONDS),
    )
    return settings, rest


def describe_duration(seconds: int | None) -> str:
    """120 -> "2 minutes", None -> "off"."""
    if seconds is None:
        return "off"
    for unit, name in ((86400, "day"), (3600, "hour"), (60, "minute")):
        if seconds % unit == 0:
            count = seconds // unit
            return f"{count} {name}{'' if count == 1 else 's'}"
    return f"{seconds} seconds"
