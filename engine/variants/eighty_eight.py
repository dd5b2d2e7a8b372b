"""Eighty-eight (RULES.md §8.3): six players, two double-six sets, a kitty, bids that name their trump."""

from __future__ import annotations

from ..exchange import Kitty
from ..layout import Layout
from ..options import GameOptions, Options
from ..seats import Seating
from ..tiles import TileSet
from .base import Preset, Variant

_TRUMP = "the bid names the trump"


class EightyEight(Variant):
    """Teams alternate round six seats; 9 tiles each and a kitty of 2; tricks worth 2; bids 60 to 88."""

    title = "Eighty-eight"
    game = GameOptions(
        "Eighty-eight",
        ruled_out={
            "nello": ("on", "forced-only"),
            "sevens": (True,),
            "plunge": (True,),
            "splash": (True,),
            "forced_bid": (True,),
            "doubles_trump": (True,),
            "follow_me": (True,),
            "sevens_trump": (True,),
        },
        why={
            "nello": "no Nello",
            "sevens": _TRUMP,
            "plunge": "no Plunge",
            "splash": "no Splash",
            "forced_bid": "no forced bid",
            "doubles_trump": _TRUMP,
            "follow_me": _TRUMP,
            "sevens_trump": _TRUMP,
        },
        points_target=500,
    )
    exchange = Kitty()
    _layout = Layout(
        Seating(6),
        TileSet(6, copies=2),
        9,
        (2,) * 9,
        60,
        88,
        widow_size=2,
        bid_step=2,
        min_marks=2,
        max_marks=4,
        bids_name_trump=True,
    )

    def layout(self, options: Options) -> Layout:
        return self._layout

    def presets(self) -> list[Preset]:
        return [
            Preset(
                "eighty-eight",
                "Eighty-eight",
                self,
                {
                    "scoring": "points",
                    "nello": "off",
                    "plunge": False,
                    "splash": False,
                    "doubles_trump": False,
                    "follow_me": False,
                },
            )
        ]
