"""The custom-id scheme of every button the bot sends.

`t42:<table id>:<kind>:<token>:<arg>` — the table id lets the button work after a restart (one
persistent `DynamicItem` matches them all); the token names the game state the button was made for, so a
click on a control left over from an earlier turn is recognised and refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIX = "t42"
TEMPLATE = r"t42:(?P<table>[0-9]{1,18}):(?P<rest>.*)"
_REST = re.compile(r"(?P<kind>[a-z]+):(?P<token>[^:]*):(?P<arg>.*)", re.DOTALL)
MAX_LENGTH = 100

# Kinds: table-message buttons, then private-control buttons.
SIT, ADD, LEAVE, START, HAND, REMATCH, BACK = "sit", "add", "leave", "start", "hand", "rematch", "back"
ACT, MENU = "act", "menu"
# Kinds of a watcher's buttons: `Watch` on the table message, `Stop watching` on a watch panel.
WATCH, UNWATCH = "watch", "unwatch"


@dataclass(frozen=True)
class ParsedId:
    """A custom id taken apart."""

    table_id: int
    kind: str
    token: str
    arg: str


def make(table_id: int, kind: str, token: str = "", arg: str = "") -> str:
    """Build a custom id; raises ValueError if it would exceed Discord's 100 characters."""
    custom_id = f"{PREFIX}:{table_id}:{kind}:{token}:{arg}"
    if len(custom_id) > MAX_LENGTH:
        raise ValueError(f"custom id too long: {custom_id!r}")
    return custom_id


def parse_whole(custom_id: str) -> ParsedId | None:
    """Parse a whole custom id; None if it is not one of ours."""
    match = re.fullmatch(TEMPLATE, custom_id)
    return parse(int(match["table"]), match["rest"]) if match else None


def parse(table_id: int, rest: str) -> ParsedId | None:
    """Parse the part after the table id; None if it is not one of ours."""
    match = _REST.fullmatch(rest)
    if match is None:
        return None
    return ParsedId(table_id, match["kind"], match["token"], match["arg"])
