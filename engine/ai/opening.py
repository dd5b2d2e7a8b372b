"""Opening bids: what a computer needs to open the auction of each game when nobody has bid yet.

A bid that only just pays (the bidding table's even-chance rule, easy's "the hand is worth the bid")
leaves most deals of three-hand 42, the Big Game and Eighty-eight thrown in at a table of computers: a
human there would mostly watch deals go by. So while nobody has bid, a seat opens at the lowest bid with a
hand that clears its game's *opening bar*, set per game and level so that about a quarter of deals are
thrown in at a table of that level (``python -m engine.ai.calibrate --opening``, which writes
``data/opening.json`` with the command that built it). Once someone has bid, the usual rules decide.

The strong player's bar is in units of the bidding table's chance (``bidding.raw_chance``), the easy
player's in the points its evaluation expects (``easy.hand_value``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).with_name("data") / "opening.json"


@cache
def bars() -> dict:
    """Every game's bars, by preset (empty when the file is missing: no opening rule)."""
    if not DATA.exists():
        return {}
    return json.loads(DATA.read_text()).get("presets", {})


def bar(table: str, level: str) -> float | None:
    """The opening bar of ``level`` ("strong" or "easy") at ``table`` (a preset, or ``situation.table_name``'s
    "eighty-four/6"); None: no opening rule there."""
    return bars().get(table, {}).get(level)


def nobody_has_bid(view: Mapping[str, Any]) -> bool:
    """Whether the auction is still open with no bid in it (every call so far a pass) and passing is allowed."""
    return view.get("bidder") is None and "pass" in view.get("legal", ())
