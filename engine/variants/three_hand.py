"""Three-hand 42 (RULES.md §8.1): three players alone, 27 tiles, nine tricks, 44 points."""

from __future__ import annotations

from ..layout import Layout
from ..options import GameOptions, Options
from ..seats import Seating
from ..tiles import TileSet
from .base import Preset, Variant


class ThreeHand(Variant):
    """The double-six set without 1-0, nine tiles each; no Plunge or Splash (no partner)."""

    title = "Three-hand 42"
    game = GameOptions(
        "Three-hand 42",
        ruled_out={"plunge": (True,), "splash": (True,)},
        why={"plunge": "no partner", "splash": "no partner"},
    )
    _layout = Layout(Seating(3, partnerships=False), TileSet(6, removed=((1, 0),)), 9, (1,) * 9, 30, 43)

    def layout(self, options: Options) -> Layout:
        return self._layout

    def presets(self) -> list[Preset]:
        return [Preset("three-hand", "Three-hand 42", self, {"plunge": False, "splash": False})]
