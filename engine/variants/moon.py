"""Moon, or Shoot the Moon (RULES.md §8.4): three players alone, no count, bids of tricks, 21 to win.

Everything Moon changes is here: the bids (4 to 7 tricks, 21 to shoot the moon, 42 to shoot it over), the
contract named before the widow, per-player scores that may go below zero, and the game's end.
"""

from __future__ import annotations

from ..auction import PASS_CALL, forced, point_bids, read_call, refusal
from ..calls import MOON_WORDS, Call, CallKind
from ..contracts import NELLO
from ..exchange import WholeWidow
from ..layout import Layout, TableRules
from ..options import GameOptions, Options
from ..seats import Seating
from ..state import HandState
from ..tiles import TileSet
from .base import Preset, Variant

MOON_BID, SHOOT_OVER_BID = Call(CallKind.MOON, 21), Call(CallKind.SHOOT_OVER, 42)
_NONE = "001: no special contracts"


class Moon(Variant):
    """The double-six set without the six blanks but 0-0: 22 tiles, 7 each and a widow of 1."""

    title = "Moon"
    game = GameOptions(
        "Moon",
        own=frozenset({"shoot_over"}),
        ruled_out={
            "plunge": (True,),
            "splash": (True,),
            "sevens": (True,),
            "nello": ("forced-only",),
            "scoring": ("marks",),
        },
        why={
            "plunge": _NONE,
            "splash": _NONE,
            "sevens": _NONE,
            "nello": "there is no forced Nello in Moon",
            "scoring": "Moon scores points only",
        },
        points_target=21,
    )
    exchange = WholeWidow(guard_trumps=False)
    _layout = Layout(
        Seating(3, partnerships=False),
        TileSet(6, removed=tuple((n, 0) for n in range(1, 7)), count=False),
        7,
        (1,) * 7,
        4,
        7,
        widow_size=1,
        mark_bids=False,
        contract_first=True,
        shoot_bids=(MOON_BID.level, SHOOT_OVER_BID.level),
        one_mark_level=7,
    )

    def layout(self, options: Options) -> Layout:
        return self._layout

    def presets(self) -> list[Preset]:
        return [
            Preset(
                "moon",
                "Moon",
                self,
                {
                    "scoring": "points",
                    "nello": "off",
                    "doubles_trump": False,
                    "plunge": False,
                    "splash": False,
                },
            )
        ]

    def parse_call(self, text: str, rules: TableRules) -> Call:
        """4 to 7 as point bids; "21" or "shoot the moon", "42" or "shoot over"."""
        if isinstance(text, str):
            words = " ".join(text.split())
            for kind, spellings in MOON_WORDS.items():
                if words in spellings:
                    return Call(kind, int(spellings[0]))
        return read_call(text, rules)

    def legal_calls(self, hand: HandState) -> list[Call]:
        """4 to 7 tricks; 21 over any of them; 42 only over a 21 (``shoot_over``); after 42 only pass."""
        seat: int = hand.turn  # type: ignore[assignment]
        out = [] if forced(hand) else [PASS_CALL]
        out.extend(point_bids(hand, seat))
        high = hand.high
        if high is None or high.level < MOON_BID.level:
            out.append(MOON_BID)
        elif high.kind == CallKind.MOON and hand.rules.options.shoot_over:
            out.append(SHOOT_OVER_BID)
        return out

    def why_not_call(self, hand: HandState, call: Call) -> str:
        """Shooting it over needs a 21 to shoot over (and the option); after 21 only pass or shoot it over."""
        shoot_over = hand.rules.options.shoot_over
        if call.kind == CallKind.SHOOT_OVER:
            if not shoot_over:
                return "this table does not shoot it over: nothing beats 21"
            return "you may shoot it over (42) only over a 21"
        high = hand.high
        if call.is_bid and high is not None and high.kind == CallKind.MOON and call.level <= high.level:
            return "after 21 you may only pass" + (" or shoot it over (42)" if shoot_over else "")
        return refusal(hand, call)

    def counted_marks(self, bid: Call, layout: Layout) -> int:
        """RULES.md §10: 7, 21 and 42 are "1 mark or more"; 21 and 42 "2 marks or more"."""
        return 2 if bid.level >= MOON_BID.level else 1 if bid.level >= layout.one_mark else 0

    def award(self, hand: HandState) -> list[int]:
        """Each other player scores the tricks he took; the bidder the tricks he took (or his bid) if he made
        it, 21 or 42 for the moon, his bid for Nello, and loses his bid if he was set (RULES.md §8.4)."""
        assert hand.bidder is not None and hand.high is not None and hand.contract is not None
        out = list(hand.points)
        level = hand.high.level
        if not hand.made:
            out[hand.bidder] = -level
        elif hand.high.kind in (CallKind.MOON, CallKind.SHOOT_OVER) or hand.contract.kind == NELLO:
            out[hand.bidder] = level
        elif hand.rules.options.made_scores == "bid":
            out[hand.bidder] = level
        return out

    def winner(
        self, rules: TableRules, before: tuple[int, ...], after: tuple[int, ...], hand: HandState
    ) -> int | None:
        """The first player at the target; of two or more there, the bidder, else the higher score; a tie
        plays another hand (RULES.md §8.4)."""
        over = [p for p, s in enumerate(after) if s >= rules.options.target]
        if len(over) == 1:
            return over[0]
        if not over:
            return None
        if hand.bidder in over:
            return hand.bidder
        top = max(after[p] for p in over)
        leaders = [p for p in over if after[p] == top]
        return leaders[0] if len(leaders) == 1 else None

    # --- the rules in words ---------------------------------------------------------------------------

    def bids_line(self, rules: TableRules) -> str:
        lay = rules.layout
        bids = f"Bids {lay.min_bid} to {lay.max_point_bid} tricks, then 21 (shoot the moon: every trick)"
        if rules.options.shoot_over:
            bids += ", and 42 over a 21 (shoot it over)"
        return bids + "; one round, starting left of the dealer."

    def one_mark_words(self, layout: Layout) -> str:
        return f"a bid of {layout.one_mark}, 21 or 42"

    def bid_phrase(self, rules: TableRules) -> str:
        return "bid how many tricks they will take; the high bidder names trumps and leads"

    def call_lines(self, rules: TableRules) -> list[str]:
        return [
            "Shooting the moon (21) is a bid to take every trick"
            + (", and shooting it over (42) outbids it." if rules.options.shoot_over else "."),
            *super().call_lines(rules),
        ]

    def extra_lines(self, rules: TableRules) -> list[str]:
        return [
            "No count: each trick is worth 1 point, 7 in all.",
            "Scores are per player: the others score their tricks; a set bid is taken off the bidder's "
            "score, which may go below zero. Two at the target: the bidder wins, else the higher score; "
            "a tie plays on.",
        ]
