"""The auction (RULES.md §3, §8): whose call it is, how the standard calls are spelled, which are legal, what
a call does, and why one is refused.

``standard_calls`` is the standard ladder (points, marks, doubles bids) every variant starts from,
``read_call`` the standard spellings and ``refusal`` the standard reasons; a variant with other calls
(Moon's 21 and 42, Geezer's forced dealer) overrides ``Variant.legal_calls``, ``parse_call`` and
``why_not_call`` and may use the pieces here. Every function takes the hand's state; ``make_call``
changes it (a fresh copy).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from .calls import DOUBLES_BIDS, Call, CallKind, parse_suit, suit_word
from .errors import IllegalAction
from .layout import TableRules
from .phases import CONTRACT, DONE, EXCHANGE
from .state import HandState

PASS_CALL = Call(CallKind.PASS)


def doubles_held(hand: HandState, seat: int) -> int:
    """How many doubles a seat holds (Plunge needs four, Splash three)."""
    return bin(hand.held[seat] & hand.ts.doubles_mask).count("1")


def forced(hand: HandState) -> bool:
    """The dealer, last to call with every other seat passed, must bid under ``forced_bid``."""
    return (
        hand.rules.options.forced_bid
        and not hand.lay.open_auction
        and hand.turn == hand.dealer
        and hand.high is None
    )


def suits_held(hand: HandState, seat: int) -> list[int]:
    """Eighty-eight: the suits a bid may name, those the bidder holds a tile of."""
    held = hand.held[seat]
    return [s for s, mask in enumerate(hand.ts.suit_masks) if held & mask]


def doubles_bid_worth(rules: TableRules, high: Call | None, kind: CallKind) -> int:
    """What a doubles bid of ``kind`` is worth over ``high``: its marks, or one more than a mark bid that high."""
    current = high.marks if high else 0
    return max(rules.layout.doubles_bids[kind].worth(rules), current + 1)


def doubles_bid_value(hand: HandState, kind: CallKind) -> int:
    """What a doubles bid is worth now (``doubles_bid_worth`` over the hand's high bid)."""
    return doubles_bid_worth(hand.rules, hand.high, kind)


@cache
def _bid(kind: CallKind, level: int, marks: int, trump: int | None, name: str = "") -> Call:
    # Calls are values: build each once, not once per legal-move listing.
    return Call(kind, level, marks, trump, name=name)


def point_bids(hand: HandState, seat: int) -> list[Call]:
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


def mark_bids(hand: HandState, seat: int) -> list[Call]:
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
        if (lay.max_marks is None or marks <= lay.max_marks) and marks * lay.total > current:
            out.extend(_bid(CallKind.MARKS, marks * lay.total, marks, s) for s in suits)
    return out


def doubles_bids(hand: HandState, seat: int) -> list[Call]:
    """Plunge and its kin, for a bidder holding the doubles they need."""
    rules, lay = hand.rules, hand.lay
    if not lay.doubles_bids or not lay.partners or lay.bids_name_trump:
        return []
    held = doubles_held(hand, seat)
    out = []
    for kind, bid in lay.doubles_bids.items():
        if bid.enabled(rules) and held >= bid.need:
            value = doubles_bid_value(hand, kind)
            out.append(Call(kind, value * lay.total, value, plunge_base=bid.worth(rules)))
    return out


def standard_calls(hand: HandState) -> list[Call]:
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


def ladder_key(hand: HandState) -> tuple[object, ...]:
    """What a variant's calls depend on: the high bid, whether the dealer is forced, and the doubles and suits
    the seat to act holds. Random hands and searches ask for the same few ladders again and again, so the
    hand keeps each ``Ladder`` with its rules under this key."""
    lay = hand.lay
    seat: int = hand.turn  # type: ignore[assignment]  # the auction always has a seat to act
    return (
        hand.high,
        forced(hand),
        doubles_held(hand, seat) if lay.doubles_bids else 0,
        tuple(suits_held(hand, seat)) if lay.bids_name_trump else None,
    )


def match(call: Call, legal: Ladder) -> Call | None:
    """The legal call ``call`` stands for: by spelling (so aliases and Geezer's forced 39 match), or for
    a doubles bid named without its marks, the one of that kind."""
    if call.kind in DOUBLES_BIDS:
        return next(
            (c for c in legal.calls if c.kind == call.kind and (call.marks == 0 or c.marks == call.marks)),
            None,
        )
    return legal.by_text.get(call.text())


def make_call(hand: HandState, chosen: Call) -> None:
    """Make the legal call ``chosen`` for the seat to act, and close the auction when it is over."""
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


def _close(hand: HandState) -> None:
    """Thrown in if all passed, else on to the exchange or the contract (the layout says which first)."""
    if hand.high is None:
        hand.phase, hand.turn, hand.complete = DONE, None, True
        return
    bidder = hand.high_seat
    assert bidder is not None
    hand.bidder = bidder
    hand.declarer = hand.lay.seating.partner(bidder) if hand.high.special else bidder
    hand.forced = (
        hand.rules.options.forced_bid and bidder == hand.dealer and all(not c.is_bid for c in hand.calls[:-1])
    )
    if hand.lay.widow_size and not hand.lay.contract_first:
        hand.phase, hand.turn = EXCHANGE, bidder
    else:
        hand.phase, hand.turn = CONTRACT, hand.declarer


def refusal(hand: HandState, call: Call) -> str:
    """Why the standard ladder refuses ``call`` now, in a sentence a player understands."""
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
    if lay.bids_name_trump and call.trump not in suits_held(hand, seat):
        return f"you hold no {suit_word(call.trump or 0)}: a bid may name only a suit you hold"
    if high and call.level <= high.level:
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


def read_call(text: str, rules: TableRules) -> Call:
    """Read a call in the standard spellings: pass, a point bid, "N marks" (or a mark alias), a doubles bid
    (``"plunge"``, ``"plunge 5"``) and, where bids name their trump, ``"64 fives"``. IllegalAction if it is none.
    The variants' ``parse_call`` starts here."""
    if not isinstance(text, str):
        raise IllegalAction(f'a call is written like "pass" or "31", not {text!r}')
    lay = rules.layout
    mark_points = lay.total
    words = text.strip().split()
    if words == ["pass"]:
        return Call(CallKind.PASS)
    if words and words[0] in lay.doubles_bids:
        kind = CallKind(words[0])
        base = lay.doubles_bids[kind].worth(rules)
        if len(words) == 1:
            return Call(kind, 0, 0, plunge_base=base)  # its worth now is filled in by the auction
        if len(words) == 2 and words[1].isdigit() and int(words[1]) > 0:
            return Call(kind, int(words[1]) * mark_points, int(words[1]), plunge_base=base)
        raise IllegalAction(f'{text!r} is not a call: write {kind.value} or "{kind.value} 5"')
    trump = None
    if lay.bids_name_trump:
        if len(words) != 2 or parse_suit(words[1], lay.tiles.top) is None:
            raise IllegalAction(
                f"{text!r} is not a call: in {rules.title} a bid names its trump, like "
                f'"{lay.min_bid + 4} fives"'
            )
        trump = parse_suit(words[1], lay.tiles.top)
        words = words[:1]
    if len(words) == 2 and words[0].isdigit() and words[1] in ("mark", "marks") and not lay.bids_name_trump:
        marks = int(words[0])
        if marks < 1 or (words[1] == "mark") != (marks == 1):
            raise IllegalAction(f'{text!r} is not a call: write "1 mark", "2 marks" and so on')
        named = lay.named_bids.get(text.strip())
        if named is not None:
            return Call(CallKind.POINTS, named, name=text.strip())
        if lay.mark_bids:
            return Call(CallKind.MARKS, marks * mark_points, marks)
    if len(words) == 1 and words[0].isdigit():
        value = int(words[0])
        if lay.min_bid <= value <= lay.max_point_bid:
            if (value - lay.min_bid) % lay.bid_step:
                raise IllegalAction(f"bids go in steps of {lay.bid_step}: {value} is not a bid")
            names = {v: k for k, v in lay.named_bids.items()}
            return Call(CallKind.POINTS, value, 0, trump, name=names.get(value, ""))
        if (
            lay.mark_bids
            and value > lay.max_point_bid
            and value % mark_points == 0
            and (lay.mark_aliases or lay.bids_name_trump)
        ):
            return Call(CallKind.MARKS, value, value // mark_points, trump)
        raise IllegalAction(
            f"{value} is not a bid here: point bids run from {lay.min_bid} to {lay.max_point_bid}"
        )
    raise IllegalAction(
        f"{text!r} is not a call: say pass, a bid like {lay.min_bid}"
        + (', or marks like "1 mark"' if lay.mark_bids and not lay.bids_name_trump else "")
    )
