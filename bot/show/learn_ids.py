"""The custom ids of the learning buttons: `t42l:<kind>:<arg>`.

Apart from the table buttons' scheme (`bot.custom_ids`) because these buttons outlive their table or have
none: help pages belong to nobody, and a finished hand is reviewed long after its table closed. Every
argument is checked again when clicked: an id is a request, never a permission.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIX = "t42l"
TEMPLATE = r"t42l:(?P<kind>[a-z]+):(?P<arg>[0-9:]*)"
HELP, REVIEW, RECORD, HINT = "help", "review", "record", "hint"
MAX_LENGTH = 100


@dataclass(frozen=True)
class LearnId:
    """A learning button's id taken apart: its kind and its numbers (a page; a table, hand and seat)."""

    kind: str
    numbers: tuple[int | None, ...]


def make(kind: str, *numbers: int | None) -> str:
    """`t42l:review:12:3:` (an empty number: none given)."""
    custom_id = f"{PREFIX}:{kind}:" + ":".join("" if n is None else str(n) for n in numbers)
    if len(custom_id) > MAX_LENGTH:
        raise ValueError(f"custom id too long: {custom_id!r}")
    return custom_id


def parse(custom_id: str) -> LearnId | None:
    """A learning id taken apart; None if it is not one (or its numbers are absurd)."""
    match = re.fullmatch(TEMPLATE, custom_id)
    if match is None or match["kind"] not in (HELP, REVIEW, RECORD, HINT):
        return None
    numbers = tuple(int(n) if n else None for n in match["arg"].split(":"))
    if any(n is not None and (len(str(n)) > 19) for n in numbers):
        return None
    return LearnId(match["kind"], numbers)


def is_learning(custom_id: str) -> bool:
    """True for an id the learning button class answers (it refuses the ones it cannot read itself)."""
    return re.fullmatch(TEMPLATE, custom_id) is not None
