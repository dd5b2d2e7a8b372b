"""Geezer (RULES.md §8.6): a double-seven set; "1 mark" is the bid 45; dip, dive and plunge; a forced dealer
who may call "partner"; Nello with a number low; count as trump on a bid of 51. Marks only."""

from __future__ import annotations

from ..auction import doubles_bids, forced, mark_bids, read_call, refusal, standard_calls
from ..calls import DOUBLES_BIDS, Call, CallKind
from ..layout import DoublesBid, Layout, TableRules
from ..options import GameOptions, Options
from ..seats import Seating
from ..state import HandState
from ..tiles import TileSet
from .base import Preset, Variant

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
        partner_call=True,
        count_trump_at=51,
        one_mark_level=45,
    )

    def layout(self, options: Options) -> Layout:
        return self._layout

    def presets(self) -> list[Preset]:
        return [Preset("geezer", "Geezer", self, {"forced_bid": True, "nello_low": True, "splash": False})]

    def parse_call(self, text: str, rules: TableRules) -> Call:
        """The standard spellings, "1 mark" for the bid 45 (the layout's named bid), and ``partner``."""
        if isinstance(text, str) and text.split() == ["partner"]:
            return Call(CallKind.PARTNER, FORCED_BID, 2)
        return read_call(text, rules)

    def legal_calls(self, hand: HandState) -> list[Call]:
        """The standard ladder; a forced dealer bids 39 for 2 marks, calls partner, or bids 2 marks or more."""
        if not forced(hand) or not hand.lay.partner_call:
            return standard_calls(hand)
        seat: int = hand.turn  # type: ignore[assignment]
        return [
            Call(CallKind.POINTS, FORCED_BID, 2),
            Call(CallKind.PARTNER, FORCED_BID, 2),
            *mark_bids(hand, seat),
            *doubles_bids(hand, seat),
        ]

    def why_not_call(self, hand: HandState, call: Call) -> str:
        """Partner is the forced dealer's call only; the forced dealer has three kinds of call."""
        if call.kind == CallKind.PASS or call.kind in DOUBLES_BIDS:
            return refusal(hand, call)
        if call.kind == CallKind.PARTNER:
            return "only a dealer forced to bid may call partner"
        if forced(hand):
            return "a forced dealer bids 39 (for 2 marks), calls partner, or bids 2 marks or more"
        return refusal(hand, call)

    # --- the rules in words ---------------------------------------------------------------------------

    def forced_line(self, rules: TableRules) -> str:
        if not rules.options.forced_bid:
            return super().forced_line(rules)
        return (
            'If everyone passes the dealer must bid: 39 for 2 marks, "partner" (the same, his partner '
            "naming trumps), or 2 marks or more."
        )

    def extra_lines(self, rules: TableRules) -> list[str]:
        return ["A forced 39 and partner score 2 marks, made or set; Nello and Sevens need 45 or more."]
