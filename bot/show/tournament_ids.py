"""The custom ids of a tournament's buttons and its partner menu: `t42t:<tournament id>:<kind>:<arg>`.

Apart from the tables' scheme (`custom_ids`): a tournament's buttons belong to no table, and work after a
restart by naming their tournament. Every id is a request, never a permission: the service checks it again
(an `Accept` names whose invitation it answers; the clicker must be the one invited).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIX = "t42t"
TEMPLATE = r"t42t:(?P<tid>[0-9]{1,18}):(?P<kind>[a-z]+):(?P<arg>[0-9]{0,20})"
BUTTON_TEMPLATE = r"t42t:(?P<tid>[0-9]{1,18}):(?P<kind>(?!pick:)[a-z]+):(?P<arg>[0-9]{0,20})"
MENU_TEMPLATE = r"t42t:(?P<tid>[0-9]{1,18}):pick:"  # the partner menu (a user select)
PAIR, ALONE, LEAVE, COMPUTER, START = "pair", "alone", "leave", "computer", "start"  # the tournament message
PICK, ACCEPT = "pick", "accept"  # the partner menu (private), the partner's Accept (a DM)
KINDS = (PAIR, ALONE, LEAVE, COMPUTER, START, PICK, ACCEPT)
MAX_LENGTH = 100


@dataclass(frozen=True)
class TournamentId:
    """A tournament button's id taken apart: its tournament, kind and argument (a user id, for Accept)."""

    tournament_id: int
    kind: str
    arg: int | None


def make(tournament_id: int, kind: str, arg: int | None = None) -> str:
    """`t42t:12:accept:345` (no argument: `t42t:12:start:`)."""
    custom_id = f"{PREFIX}:{tournament_id}:{kind}:{'' if arg is None else arg}"
    if len(custom_id) > MAX_LENGTH:
        raise ValueError(f"custom id too long: {custom_id!r}")
    return custom_id


def parse(custom_id: str) -> TournamentId | None:
    """A tournament id taken apart; None if it is not one of ours (or not a kind we make)."""
    match = re.fullmatch(TEMPLATE, custom_id)
    if match is None or match["kind"] not in KINDS:
        return None
    return TournamentId(int(match["tid"]), match["kind"], int(match["arg"]) if match["arg"] else None)


def budget_key(tournament_id: int) -> int:
    """The key a tournament's Discord requests wait under in the rate plan's round robin (its id negated:
    no table has it)."""
    return -tournament_id


def is_tournament(custom_id: str) -> bool:
    """True for an id a tournament button or the partner menu answers (they refuse what they cannot read)."""
    return (
        re.fullmatch(BUTTON_TEMPLATE, custom_id) is not None
        or re.fullmatch(MENU_TEMPLATE, custom_id) is not None
    )
