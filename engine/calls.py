"""Auction calls: what a call is and how it is spelled (RULES.md §3, HAND-RECORD.md ``calls``).

How a game reads its calls is its variant's ``parse_call`` (the standard spellings: ``auction.read_call``);
which calls are legal is the auction's business (``auction.py``); what a call is worth at the end of the
hand is scoring's (``scoring.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

SUIT_NAMES = ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes")


def suit_word(suit: int) -> str:
    """``"fives"`` for 5; a digit from 7 up (the Big Game's and Geezer's 7s and 8s have no word)."""
    return SUIT_NAMES[suit] if suit < len(SUIT_NAMES) else str(suit)


def parse_suit(word: str, top: int) -> int | None:
    """``"fives"`` or ``"5"`` -> 5; None if it is no suit of a double-``top`` set."""
    if word in SUIT_NAMES and SUIT_NAMES.index(word) <= top:
        return SUIT_NAMES.index(word)
    if len(word) == 1 and word.isdigit() and int(word) <= top:
        return int(word)
    return None


class CallKind(StrEnum):
    """What a call is. Doubles bids (Plunge and its kin) need that many doubles in hand."""

    PASS = "pass"
    POINTS = "points"  # a bid of points (or, in Moon, of tricks)
    MARKS = "marks"  # a bid of marks: every trick
    PLUNGE = "plunge"
    SPLASH = "splash"
    DIP = "dip"  # Geezer
    DIVE = "dive"  # Geezer
    PARTNER = "partner"  # Geezer's forced dealer: 39 for 2 marks, partner names the contract
    MOON = "shoot the moon"  # Moon's 21: every trick
    SHOOT_OVER = "shoot over"  # Moon's 42, over a 21: every trick


PASS, POINTS, MARKS, PLUNGE, SPLASH = (
    CallKind.PASS,
    CallKind.POINTS,
    CallKind.MARKS,
    CallKind.PLUNGE,
    CallKind.SPLASH,
)
DOUBLES_BIDS = frozenset({CallKind.PLUNGE, CallKind.SPLASH, CallKind.DIP, CallKind.DIVE})
# Calls that bind the bidders to take every trick, whatever their level.
EVERY_TRICK = frozenset({CallKind.MARKS, *DOUBLES_BIDS, CallKind.MOON, CallKind.SHOOT_OVER})
# Calls after which the bidder's partner names the contract and leads.
PARTNER_DECLARES = frozenset({*DOUBLES_BIDS, CallKind.PARTNER})
MOON_WORDS = {CallKind.MOON: ("21", "shoot the moon"), CallKind.SHOOT_OVER: ("42", "shoot over")}


@dataclass(frozen=True)
class Call:
    """One call. ``level`` orders bids (a mark is worth a hand's total); ``marks`` is what the bid is
    worth in marks where that is not one (mark bids, doubles bids, Geezer's forced 39), else 0."""

    kind: CallKind
    level: int = 0
    marks: int = 0
    trump: int | None = None  # Eighty-eight: the suit the bid names
    plunge_base: int = 0  # a doubles bid's usual worth, to spell "plunge" (at it) or "plunge 5" (above it)
    # A name the bid goes by instead of its number (Geezer's "1 mark" for 45); not part of its identity.
    name: str = field(default="", compare=False)

    @property
    def is_bid(self) -> bool:
        """Anything but a pass."""
        return self.kind != CallKind.PASS

    @property
    def special(self) -> bool:
        """The partner names the contract and leads (Plunge, Splash, dip, dive, Geezer's ``partner``)."""
        return self.kind in PARTNER_DECLARES

    @property
    def every_trick(self) -> bool:
        """The bidders must take every trick (mark bids, doubles bids, Moon's 21 and 42)."""
        return self.kind in EVERY_TRICK

    @property
    def marks_at_stake(self) -> int:
        """Marks the hand is worth under marks scoring: a point bid 1, others their marks."""
        return self.marks or 1

    def text(self) -> str:
        """The hand-record spelling."""
        kind = self.kind
        if kind == CallKind.PASS or kind == CallKind.PARTNER:
            return kind.value
        if kind in DOUBLES_BIDS:
            return kind.value if self.marks == self.plunge_base else f"{kind.value} {self.marks}"
        if kind in MOON_WORDS:
            return MOON_WORDS[kind][0]
        if self.trump is not None:
            return f"{self.level} {SUIT_NAMES[self.trump]}"
        if self.name:
            return self.name
        if kind == CallKind.MARKS:
            return "1 mark" if self.marks == 1 else f"{self.marks} marks"
        return str(self.level)

    def title(self) -> str:
        """A short name for people: "Pass", "31", "2 marks", "Plunge (4 marks)", "Shoot the moon"."""
        if self.kind in DOUBLES_BIDS:
            return f"{self.kind.value.capitalize()} ({self.marks} marks)"
        if self.kind in MOON_WORDS:
            return MOON_WORDS[self.kind][1].capitalize()
        if self.kind == CallKind.PARTNER:
            return "Partner (39 for 2 marks)"
        return self.text().capitalize() if self.kind == CallKind.PASS else self.text()


class ReadsCalls(Protocol):
    """What reads a call as a game spells it: a table's rules (``Rules.parse_call``)."""

    def parse_call(self, text: str) -> Call:
        """The call ``text`` spells at this table; IllegalAction if it spells none."""
        ...


def parse_call(text: str, rules: ReadsCalls) -> Call:
    """Read a call in hand-record notation as the table's game spells it (its variant's ``parse_call``);
    IllegalAction if it is no call of this game. Legality now (is it high enough, does the bidder hold the
    doubles) is the auction's to check."""
    return rules.parse_call(text)
