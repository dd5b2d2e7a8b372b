"""Standard 42 (RULES.md §1–§7) and its Tournament preset (§9)."""

from __future__ import annotations

from ..calls import CallKind
from ..layout import DoublesBid, Layout
from ..options import GameOptions, Options
from ..seats import Seating
from ..tiles import TileSet
from .base import Preset, Variant

PLUNGE = DoublesBid(CallKind.PLUNGE, 4, "plunge", marks_option="plunge_marks")
SPLASH = DoublesBid(CallKind.SPLASH, 3, "splash", marks_option="splash_marks")


class Standard(Variant):
    """Four players in two partnerships, a double-six set, one round of bids from 30."""

    title = "Standard 42"
    game = GameOptions("Standard 42")
    _layout = Layout(
        Seating(4),
        TileSet(6),
        7,
        (1,) * 7,
        30,
        41,
        mark_aliases=True,
        doubles_bids={CallKind.PLUNGE: PLUNGE, CallKind.SPLASH: SPLASH},
    )

    def layout(self, options: Options) -> Layout:
        return self._layout

    def presets(self) -> list[Preset]:
        return [
            Preset("standard", "Standard 42", self),
            Preset(
                "tournament",
                "Tournament 42",
                self,
                {"nello": "off", "plunge": False, "splash": False, "sevens": False, "win_by": 2},
            ),
        ]
