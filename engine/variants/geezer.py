"""Geezer (RULES.md §8.6): a double-seven set; "1 mark" is the bid 45; dip, dive and plunge; a forced dealer
who may call "partner"; Nello with a number low; count as trump on a bid of 51. Marks only."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..auction import doubles_bids, forced, mark_bids, standard_calls
from ..calls import Call, CallKind
from ..options import GameOptions, Options
from ..seats import Seating
from ..tiles import TileSet
from .base import DoublesBid, Layout, Preset, Variant

if TYPE_CHECKING:
    from ..hand import Hand
    from ..rules import Rules

FORCED_BID = 39  # what a forced dealer bids, for 2 marks
DIP = DoublesBid(CallKind.DIP, 3, "dip", marks=2)
DIVE = DoublesBid(CallKind.DIVE, 4, "dive", marks=3)
PLUNGE = DoublesBid(CallKind.PLUNGE, 5, "plunge", marks_option="plunge_marks")


class Geezer(Variant):
    """36 tiles, 9 each; counts 5-0, 4-1, 3-2, 6-4, 5-5 and 7-3 (45) and nine tricks: 54."""

    title = "Geezer"
    game = GameOptions(
        "Geezer",
        own=frozenset({"dip", "dive", "count_trump"}),
        ruled_out={"splash": (True,), "nello": ("forced-only",), "scoring": ("points",)},
        why={
            "splash": "Geezer has no Splash",
            "nello": "there is no forced Nello in Geezer",
            "scoring": "Geezer scores marks only",
        },
    )
    _layout = Layout(
        Seating(4),
        TileSet(7),
        9,
        (1,) * 9,
        FORCED_BID,
        54,
        min_marks=2,
        named_bids={"1 mark": 45},
        doubles_bids={CallKind.DIP: DIP, CallKind.DIVE: DIVE, CallKind.PLUNGE: PLUNGE},
        forced_partner=True,
        count_trump_bid=True,
        one_mark_level=45,
    )

    def layout(self, options: Options) -> Layout:
        return self._layout

    def presets(self) -> list[Preset]:
        return [Preset("geezer", "Geezer", self, {"forced_bid": True, "nello_low": True, "splash": False})]

    def legal_calls(self, hand: Hand) -> list[Call]:
        """The standard ladder; a forced dealer bids 39 for 2 marks, calls partner, or bids 2 marks or more."""
        if not forced(hand):
            return standard_calls(hand)
        seat: int = hand.turn  # type: ignore[assignment]
        return [
            Call(CallKind.POINTS, FORCED_BID, 2),
            Call(CallKind.PARTNER, FORCED_BID, 2),
            *mark_bids(hand, seat),
            *doubles_bids(hand, seat),
        ]

    def extra_lines(self, rules: Rules) -> list[str]:
        return ["A forced 39 and partner score 2 marks, made or set; Nello and Sevens need 45 or more."]
