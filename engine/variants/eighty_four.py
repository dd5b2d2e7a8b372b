"""Eighty-four (RULES.md §8.7): two double-six sets, eight players (or six with a kitty), tricks worth 2, and
Pistol: Nello with all the bidder's partners sitting out."""

from __future__ import annotations

from ..exchange import Kitty
from ..layout import Layout
from ..options import GameOptions, Options
from ..seats import Seating
from ..tiles import TileSet
from .base import Preset, Variant

_NO = "no single partner to name trump"


class EightyFour(Variant):
    """Teams alternate round the table; bids 60, 62, … and marks; any contract; no Plunge or Splash."""

    title = "Eighty-four"
    game = GameOptions(
        "Eighty-four",
        own=frozenset({"players"}),
        ruled_out={"plunge": (True,), "splash": (True,)},
        why={"plunge": _NO, "splash": _NO},
        points_target=500,
    )
    nello_word = "pistol"  # 001: Pistol is 84's name for Nello
    exchange = Kitty()  # six-hand only: eight players have no kitty
    _eight = Layout(Seating(8), TileSet(6, copies=2), 7, (2,) * 7, 60, 82, bid_step=2)
    _six = Layout(
        Seating(6),
        TileSet(6, copies=2),
        9,
        (2,) * 9,
        60,
        86,
        widow_size=2,
        bid_step=2,
    )

    def layout(self, options: Options) -> Layout:
        return self._six if options.players == 6 else self._eight

    def presets(self) -> list[Preset]:
        return [Preset("eighty-four", "Eighty-four", self, {"plunge": False, "splash": False})]
