"""The custom ids of the puzzles' buttons: `t42p:<puzzle>:<tile>` (a tile's index among the puzzle's legal
tiles) and `t42p:new:` (another puzzle). Each is checked again when clicked: the puzzle must be of the
server clicked in, the tile one of its tiles."""

from __future__ import annotations

import re
from dataclasses import dataclass

TEMPLATE = r"t42p:(?P<puzzle>[0-9]{1,18}|new):(?P<tile>[0-9]{0,2})"
ANOTHER_ID = "t42p:new:"


@dataclass(frozen=True)
class PuzzleId:
    """A puzzle button's id taken apart: which puzzle and tile (None and None: another puzzle)."""

    puzzle_id: int | None
    tile: int | None


def make(puzzle_id: int, tile: int) -> str:
    """`t42p:12:3`."""
    return f"t42p:{puzzle_id}:{tile}"


def parse(custom_id: str) -> PuzzleId | None:
    """A puzzle id taken apart; None if it is not one."""
    match = re.fullmatch(TEMPLATE, custom_id)
    if match is None:
        return None
    if match["puzzle"] == "new":
        return PuzzleId(None, None)
    if not match["tile"]:
        return None
    return PuzzleId(int(match["puzzle"]), int(match["tile"]))


def is_puzzle(custom_id: str) -> bool:
    """True for an id the puzzle button class answers."""
    return re.fullmatch(TEMPLATE, custom_id) is not None
