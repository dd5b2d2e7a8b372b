"""Seventy-two (RULES.md §8.5): two double-six sets without blanks, a widow of 2 taken after the contract,
and a last trick worth 3."""

from __future__ import annotations

from ..calls import CallKind
from ..exchange import WholeWidow
from ..layout import Layout, TableRules
from ..options import GameOptions, Options
from ..seats import Seating
from ..tiles import TileSet
from .base import Preset, Variant
from .standard import PLUNGE, SPLASH


class SeventyTwo(Variant):
    """42 tiles, 10 each and a widow of 2; ten tricks, the last worth 3: 10 + 2 + 60 count = 72."""

    title = "Seventy-two"
    game = GameOptions("Seventy-two", points_target=400)
    exchange = WholeWidow(guard_trumps=True)
    _layout = Layout(
        Seating(4),
        TileSet(6, copies=2, removed=tuple((n, 0) for n in range(7))),
        10,
        (1,) * 9 + (3,),
        40,
        71,
        widow_size=2,
        contract_first=True,
        doubles_bids={CallKind.PLUNGE: PLUNGE, CallKind.SPLASH: SPLASH},
    )

    def layout(self, options: Options) -> Layout:
        return self._layout

    def presets(self) -> list[Preset]:
        return [
            Preset("seventy-two", "Seventy-two", self, {"nello": "off", "plunge": False, "splash": False})
        ]

    def extra_lines(self, rules: TableRules) -> list[str]:
        return ["Each trick is worth 1 point and the last 3; identical tiles: the first played wins."]
