"""The Big Game (RULES.md §8.2): a double-eight set, eleven tricks, a widow tile and an open auction."""

from __future__ import annotations

from ..exchange import PeekWidow
from ..layout import Layout
from ..options import GameOptions, Options
from ..seats import Seating
from ..tiles import TileSet
from .base import Preset, Variant

_NO = "no special contracts"


class BigGame(Variant):
    """Bids 42 to 66 round and round; the winner may take the widow; 7-3 and 8-2 may lead their lower end."""

    title = "The Big Game"
    game = GameOptions(
        "The Big Game",
        ruled_out={
            "nello": ("on", "forced-only"),
            "sevens": (True,),
            "plunge": (True,),
            "splash": (True,),
            "forced_bid": (True,),
        },
        why={
            "nello": _NO,
            "sevens": _NO,
            "plunge": _NO,
            "splash": _NO,
            "forced_bid": "the auction goes round",
        },
        points_target=400,
    )
    exchange = PeekWidow()
    _layout = Layout(
        Seating(4),
        TileSet(8),
        11,
        (1,) * 11,
        42,
        66,
        widow_size=1,
        mark_bids=False,
        open_auction=True,
        declarable=((7, 3), (8, 2)),
    )

    def layout(self, options: Options) -> Layout:
        return self._layout

    def presets(self) -> list[Preset]:
        return [
            Preset(
                "big-game",
                "The Big Game",
                self,
                {"scoring": "points", "nello": "off", "plunge": False, "splash": False},
            )
        ]
