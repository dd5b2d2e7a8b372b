"""The auction (RULES.md §3, §8): whose call it is, which calls are legal, and what a call does.

``standard_calls`` is the standard ladder (points, marks, doubles bids) every variant starts from; a
variant with other calls (Moon's 21 and 42, Geezer's forced dealer) overrides ``Variant.legal_calls``
and may use the pieces here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from .calls import DOUBLES_BIDS, Call, CallKind
from .errors import IllegalAction

if TYPE_CHECKING:
    from .hand import Hand
    from .rules import Rules

PASS_CALL = Call(CallKind.PASS)


def doubles_held(hand: Hand, seat: int) -> int:
    """How many doubles a seat holds (Plunge needs four, Splash three)."""
    return bin(hand.held[seat] & hand.ts.doubles_mask).count("1")


def forced(hand: Hand) -> bool:
    """The dealer, last to call with every other seat passed, must bid under ``forced_bid``."""
    return (
        hand.rules.options.forced_bid
        and not hand.lay.open_auction
        and hand.turn == hand.dealer
        and hand.high is None
    )


def suits_held(hand: Hand, seat: int) -> list[int]:
    """Eighty-eight: the suits a bid may name, those the bidder holds a tile of."""
    held = hand.held[seat]
    return [s for s, mask in enumerate(hand.ts.suit_masks) if held & mask]


def doubles_bid_worth(rules: Rules, high: Call | None, kind: CallKind) -> int:
    """What a doubles bid of ``kind`` is worth over ``high``: its marks, or one more than a mark bid that high."""
    current = high.marks if high else 0
    return max(rules.layout.doubles_bids[kind].worth(rules), current + 1)


def doubles_bid_value(hand: Hand, kind: CallKind) -> int:
    """What a doubles bid is worth now (``doubles_bid_worth`` over the hand's high bid)."""
    return doubles_bid_worth(hand.rules, hand.high, kind)


@cache
def _bid(kind: CallKind, level: int, marks: int, trump: int | None, name: str = "") -> Call:
    # Calls are values: build each once, not once per legal-move listing.
    return Call(kind, level, marks, trump, name=name)


def point_bids(hand: Hand, seat: int) -> list[Call]:
    """The point bids above the high bid (each with every suit the bidder may name, in Eighty-eight)."""
    lay = hand.lay
    current = hand.high.level if hand.high else 0
    suits: list[int | None] = [*suits_held(hand, seat)] if lay.bids_name_trump else [None]
    names = {level: name for name, level in lay.named_bids.items()}
    out: list[Call] = []
    for value in range(lay.min_bid, lay.max_point_bid + 1, lay.bid_step):
        if value > current:
            out.extend(_bid(CallKind.POINTS, value, 0, s, names.get(value, "")) for s in suits)
    return out


def mark_bids(hand: Hand, seat: int) -> list[Call]:
    """The mark bids open now: the first up to ``max_opening_marks``, later ones raising by one (or up to
    doubling, under ``mark_raise = "double"``)."""
    rules, lay = hand.rules, hand.lay
    if not lay.mark_bids:
        return []
    high = hand.high
    current = high.level if high else 0
    current_marks = high.marks if high else 0
    if current_marks == 0:
        choices = range(lay.min_marks, rules.options.max_opening_marks + 1)
    elif rules.options.mark_raise == "double":
        choices = range(current_marks + 1, 2 * current_marks + 1)
    else:
        choices = range(current_marks + 1, current_marks + 2)
    suits: list[int | None] = [*suits_held(hand, seat)] if lay.bids_name_trump else [None]
    out: list[Call] = []
    for marks in choices:
        if (lay.max_marks is None or marks <= lay.max_marks) and marks * rules.mark_points > current:
            out.extend(_bid(CallKind.MARKS, marks * rules.mark_points, marks, s) for s in suits)
    return out


def doubles_bids(hand: Hand, seat: int) -> list[Call]:
    """Plunge and its kin, for a bidder holding the doubles they need."""
    rules, lay = hand.rules, hand.lay
    if not lay.doubles_bids or not lay.partners or lay.bids_name_trump:
        return []
    held = doubles_held(hand, seat)
    out = []
    for kind, bid in lay.doubles_bids.items():
        if bid.enabled(rules) and held >= bid.need:
            value = doubles_bid_value(hand, kind)
            out.append(Call(kind, value * rules.mark_points, value, plunge_base=bid.worth(rules)))
    return out


def standard_calls(hand: Hand) -> list[Call]:
    """Every call the seat to act may make in the standard ladder."""
    seat = hand.turn
    assert seat is not None
    out = [] if forced(hand) else [PASS_CALL]
    out.extend(point_bids(hand, seat))
    out.extend(mark_bids(hand, seat))
    out.extend(doubles_bids(hand, seat))
    return out


@dataclass(frozen=True)
class Ladder:
    """The legal calls at one moment of an auction, with their spellings."""

    calls: tuple[Call, ...]
    texts: tuple[str, ...] = field(init=False)
    by_text: dict[str, Call] = field(init=False)

    def __post_init__(self) -> None:
        texts = tuple(c.text() for c in self.calls)
        object.__setattr__(self, "texts", texts)
        object.__setattr__(self, "by_text", dict(zip(texts, self.calls, strict=True)))


def ladder(hand: Hand) -> Ladder:
    """The legal calls for the seat to act, as the variant says; worked out once per situation.

    A variant's calls depend only on the high bid, whether the dealer is forced, and the doubles and suits
    the seat holds, so those are the key of a memo kept with the rules (random hands and searches ask for
    the same few ladders again and again).
    """
    lay = hand.lay
    seat: int = hand.turn  # type: ignore[assignment]  # the auction always has a seat to act
    key = (
        hand.high,
        forced(hand),
        doubles_held(hand, seat) if lay.doubles_bids else 0,
        tuple(suits_held(hand, seat)) if lay.bids_name_trump else None,
    )
    memo = hand.rules.memo
    found = memo.get(key)
    if found is None:
        found = memo[key] = Ladder(tuple(hand.rules.variant.legal_calls(hand)))
    return found


def legal_calls(hand: Hand) -> list[Call]:
    """Every call the seat to act may make."""
    return list(ladder(hand).calls)


def _match(call: Call, legal: Ladder) -> Call | None:
    """The legal call ``call`` stands for: by spelling (so aliases and Geezer's forced 39 match), or for
    a doubles bid named without its marks, the one of that kind."""
    if call.kind in DOUBLES_BIDS:
        return next(
            (c for c in legal.calls if c.kind == call.kind and (call.marks == 0 or c.marks == call.marks)),
            None,
        )
    return legal.by_text.get(call.text())


def apply_call(hand: Hand, call: Call) -> None:
    """Make ``call`` for the seat to act (mutates ``hand``, a fresh clone); IllegalAction if not legal."""
    chosen = _match(call, ladder(hand))
    if chosen is None:
        raise IllegalAction(_why_not(hand, call))
    seat: int = hand.turn  # type: ignore[assignment]
    hand.calls.append(chosen)
    if chosen.is_bid:
        hand.high, hand.high_seat = chosen, seat
    else:
        hand.passed |= 1 << seat
    n = hand.players
    if hand.lay.open_auction:
        passed = bin(hand.passed).count("1")
        if passed == n or (passed == n - 1 and hand.high is not None):
            hand.end_auction()
        else:
            nxt = (seat + 1) % n
            while hand.passed >> nxt & 1:
                nxt = (nxt + 1) % n
            hand.turn = nxt
    elif len(hand.calls) == n:
        hand.end_auction()
    else:
        hand.turn = (seat + 1) % n


def _why_not(hand: Hand, call: Call) -> str:
    rules, lay = hand.rules, hand.lay
    high = hand.high
    seat = hand.turn
    assert seat is not None
    if call.kind == CallKind.PASS:
        return "the dealer must bid when everyone else has passed (forced bid)"
    if call.kind in DOUBLES_BIDS:
        name = call.kind.value.capitalize()
        bid = lay.doubles_bids.get(call.kind)
        if bid is None or not bid.enabled(rules) or not lay.partners or lay.bids_name_trump:
            return f"{name} is not played at this table"
        held = doubles_held(hand, seat)
        if held < bid.need:
            return f"you need {bid.need} doubles to bid {name}: you hold {held}"
        return f'{name} is worth {doubles_bid_value(hand, call.kind)} marks now: bid "{call.kind.value}"'
    if call.kind == CallKind.PARTNER:
        return "only a dealer forced to bid may call partner"
    if call.kind == CallKind.SHOOT_OVER:
        if not rules.options.shoot_over:
            return "this table does not shoot it over: nothing beats 21"
        return "you may shoot it over (42) only over a 21"
    if forced(hand) and lay.forced_partner:
        return "a forced dealer bids 39 (for 2 marks), calls partner, or bids 2 marks or more"
    if lay.bids_name_trump and call.trump not in suits_held(hand, seat):
        return f"you hold no {rules.suit_name(call.trump or 0)}: a bid may name only a suit you hold"
    if high and call.level <= high.level:
        if high.kind == CallKind.MOON:
            return "after 21 you may only pass" + (
                " or shoot it over (42)" if rules.options.shoot_over else ""
            )
        return f"you must bid more than {high.text()}"
    if call.kind == CallKind.MARKS:
        current = high.marks if high else 0
        if lay.max_marks is not None and call.marks > lay.max_marks:
            return f"the highest bid is {lay.max_marks} marks"
        if current == 0:
            return f"the first mark bid may be at most {max(rules.options.max_opening_marks, lay.min_marks)} marks"
        if rules.options.mark_raise == "double":
            return f"after {current} marks you may bid {current + 1} to {2 * current} marks"
        return f"after {current} marks you may bid only {current + 1} marks"
    return f"{call.text()} is not a legal call now"
