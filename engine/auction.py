"""The auction (RULES.md §3): whose call it is, which calls are legal, and what a call does."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from .calls import MARKS, PASS, PLUNGE, POINTS, SPLASH, Call
from .errors import IllegalAction

if TYPE_CHECKING:
    from .hand import Hand

SPECIAL_DOUBLES = {PLUNGE: 4, SPLASH: 3}


def doubles_held(hand: Hand, seat: int) -> int:
    """How many doubles a seat holds (Plunge needs four, Splash three)."""
    return bin(hand.held[seat] & hand.ts.doubles_mask).count("1")


def _forced(hand: Hand) -> bool:
    """The dealer, last to call with every other seat passed, must bid under ``forced_bid``."""
    return (hand.rules.forced_bid and not hand.lay.open_auction and hand.turn == hand.dealer
            and hand.high is None)


def _suits_held(hand: Hand, seat: int) -> list[int]:
    """Eighty-eight: the suits a bid may name, those the bidder holds a tile of."""
    held = hand.held[seat]
    return [s for s, mask in enumerate(hand.ts.suit_masks) if held & mask]


def special_value(hand: Hand, kind: str) -> int:
    """What Plunge or Splash is worth now: its marks, or one more than a mark bid that high."""
    current = hand.high.marks if hand.high else 0
    return max(hand.rules.get(f"{kind}_marks"), current + 1)


@cache
def _bid(kind: str, level: int, marks: int, trump: int | None) -> Call:
    # Calls are values: build each once, not once per legal-move listing.
    return Call(kind, level, marks, trump)


def legal_calls(hand: Hand) -> list[Call]:
    """Every call the seat to act may make."""
    rules, lay, seat = hand.rules, hand.lay, hand.turn
    high = hand.high
    current = high.level if high else 0
    current_marks = high.marks if high else 0
    out = [] if _forced(hand) else [_bid(PASS, 0, 0, None)]
    suits = _suits_held(hand, seat) if lay.bids_name_trump else [None]
    for value in range(lay.min_bid, lay.max_point_bid + 1, lay.bid_step):
        if value > current:
            out.extend(_bid(POINTS, value, 0, s) for s in suits)
    if lay.mark_bids:
        options = range(lay.min_marks, rules.max_opening_marks + 1) if current_marks == 0 else [current_marks + 1]
        for marks in options:
            if (lay.max_marks is None or marks <= lay.max_marks) and marks * rules.mark_points > current:
                out.extend(_bid(MARKS, marks * rules.mark_points, marks, s) for s in suits)
    if lay.partners and not lay.bids_name_trump:
        held = doubles_held(hand, seat)
        for kind, need in SPECIAL_DOUBLES.items():
            if rules.get(kind) and held >= need:
                value = special_value(hand, kind)
                out.append(Call(kind, value * rules.mark_points, value, plunge_base=rules.get(f"{kind}_marks")))
    return out


def apply_call(hand: Hand, call: Call) -> None:
    """Make ``call`` for the seat to act (mutates ``hand``, a fresh clone); IllegalAction if not legal."""
    legal = legal_calls(hand)
    if call.kind in (PLUNGE, SPLASH):
        match = [c for c in legal if c.kind == call.kind and (call.marks == 0 or c.marks == call.marks)]
        if not match:
            raise IllegalAction(_why_not(hand, call))
        call = match[0]
    elif call not in legal:
        raise IllegalAction(_why_not(hand, call))
    seat = hand.turn
    hand.calls.append(call)
    if call.is_bid:
        hand.high, hand.high_seat = call, seat
    else:
        hand.passed |= 1 << seat
    n = hand.players
    if hand.lay.open_auction:
        passed = bin(hand.passed).count("1")
        if passed == n or (passed == n - 1 and hand.high is not None):
            _close(hand)
        else:
            nxt = (seat + 1) % n
            while hand.passed >> nxt & 1:
                nxt = (nxt + 1) % n
            hand.turn = nxt
    elif len(hand.calls) == n:
        _close(hand)
    else:
        hand.turn = (seat + 1) % n


def _close(hand: Hand) -> None:
    from .hand import CONTRACT, DONE, EXCHANGE

    if hand.high is None:  # all passed: the hand is thrown in
        hand.phase, hand.turn, hand.complete = DONE, None, True
        return
    bidder = hand.high_seat
    hand.bidder = bidder
    hand.declarer = (bidder + hand.players // 2) % hand.players if hand.high.special else bidder
    hand.forced = (hand.rules.forced_bid and bidder == hand.dealer
                   and all(not c.is_bid for c in hand.calls[:-1]))
    if hand.lay.widow_size:
        hand.phase, hand.turn = EXCHANGE, bidder
    else:
        hand.phase, hand.turn = CONTRACT, hand.declarer


def _why_not(hand: Hand, call: Call) -> str:
    rules, lay = hand.rules, hand.lay
    high = hand.high
    if call.kind == PASS:
        return "the dealer must bid when everyone else has passed (forced bid)"
    if call.kind in (PLUNGE, SPLASH):
        name = call.kind.capitalize()
        if not rules.get(call.kind) or not lay.partners or lay.bids_name_trump:
            return f"{name} is not played at this table"
        need, held = SPECIAL_DOUBLES[call.kind], doubles_held(hand, hand.turn)
        if held < need:
            return f"you need {need} doubles to bid {name}: you hold {held}"
        return f"{name} is worth {special_value(hand, call.kind)} marks now: bid \"{call.kind}\""
    if lay.bids_name_trump and call.trump not in _suits_held(hand, hand.turn):
        return f"you hold no {rules.suit_name(call.trump)}: a bid may name only a suit you hold"
    if high and call.level <= high.level:
        return f"you must bid more than {high.text()}"
    if call.kind == MARKS:
        current = high.marks if high else 0
        if lay.max_marks is not None and call.marks > lay.max_marks:
            return f"the highest bid is {lay.max_marks} marks"
        if current == 0:
            return f"the first mark bid may be at most {max(rules.max_opening_marks, lay.min_marks)} marks"
        return f"after {current} marks you may bid only {current + 1} marks"
    return f"{call.text()} is not a legal call now"
