"""Auction calls: parsing, spelling and ordering (RULES.md §3, HAND-RECORD.md ``calls``)."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import IllegalAction
from .rules import SUIT_NAMES, Rules

PASS, POINTS, MARKS, PLUNGE, SPLASH = "pass", "points", "marks", "plunge", "splash"


@dataclass(frozen=True)
class Call:
    """One call. ``level`` orders bids (a mark is worth a hand's total); ``marks`` is 0 for point bids."""

    kind: str
    level: int = 0
    marks: int = 0
    trump: int | None = None  # Eighty-eight: the suit the bid names
    plunge_base: int = 0  # the table's plunge/splash marks, to spell "plunge" vs "plunge 5"

    @property
    def is_bid(self) -> bool:
        return self.kind != PASS

    @property
    def special(self) -> bool:
        """Plunge and Splash: the partner declares and leads."""
        return self.kind in (PLUNGE, SPLASH)

    def text(self) -> str:
        """The hand-record spelling."""
        if self.kind == PASS:
            return "pass"
        if self.kind in (PLUNGE, SPLASH):
            return self.kind if self.marks == self.plunge_base else f"{self.kind} {self.marks}"
        if self.trump is not None:
            return f"{self.level} {SUIT_NAMES[self.trump]}"
        if self.kind == MARKS:
            return "1 mark" if self.marks == 1 else f"{self.marks} marks"
        return str(self.level)

    def title(self) -> str:
        """A short name for people: "Pass", "31", "2 marks", "Plunge (4 marks)"."""
        if self.kind in (PLUNGE, SPLASH):
            return f"{self.kind.capitalize()} ({self.marks} marks)"
        return self.text().capitalize() if self.kind == PASS else self.text()


def parse_suit(word: str, top: int) -> int | None:
    """``"fives"`` or ``"5"`` -> 5; None if it is no suit of this set."""
    if word in SUIT_NAMES and SUIT_NAMES.index(word) <= top:
        return SUIT_NAMES.index(word)
    if len(word) == 1 and word.isdigit() and int(word) <= top:
        return int(word)
    return None


def parse_call(text: str, rules: Rules) -> Call:
    """Read a call in hand-record notation; IllegalAction if it is no call of this game."""
    if not isinstance(text, str):
        raise IllegalAction(f"a call is written like \"pass\" or \"31\", not {text!r}")
    lay = rules.layout
    words = text.strip().split()
    if words == ["pass"]:
        return Call(PASS)
    if words and words[0] in (PLUNGE, SPLASH):
        kind = words[0]
        base = rules.get(f"{kind}_marks")
        if len(words) == 1:
            return Call(kind, 0, 0, plunge_base=base)  # marks filled in by the auction (its value now)
        if len(words) == 2 and words[1].isdigit() and int(words[1]) > 0:
            return Call(kind, int(words[1]) * rules.mark_points, int(words[1]), plunge_base=base)
        raise IllegalAction(f"{text!r} is not a call: write {kind} or \"{kind} 5\"")
    trump = None
    if lay.bids_name_trump:
        if len(words) != 2 or parse_suit(words[1], lay.tiles.top) is None:
            raise IllegalAction(f"{text!r} is not a call: in Eighty-eight a bid names its trump, like \"64 fives\"")
        trump = parse_suit(words[1], lay.tiles.top)
        words = words[:1]
    if len(words) == 2 and words[0].isdigit() and words[1] in ("mark", "marks") and lay.mark_bids \
            and not lay.bids_name_trump:
        marks = int(words[0])
        if marks < 1 or (words[1] == "mark") != (marks == 1):
            raise IllegalAction(f"{text!r} is not a call: write \"1 mark\", \"2 marks\" and so on")
        return Call(MARKS, marks * rules.mark_points, marks)
    if len(words) == 1 and words[0].isdigit():
        value = int(words[0])
        if lay.min_bid <= value <= lay.max_point_bid:
            if (value - lay.min_bid) % lay.bid_step:
                raise IllegalAction(f"bids go in steps of {lay.bid_step}: {value} is not a bid")
            return Call(POINTS, value, 0, trump)
        if lay.mark_bids and value > lay.max_point_bid and value % rules.mark_points == 0 and \
                (lay.mark_aliases or lay.bids_name_trump):
            return Call(MARKS, value, value // rules.mark_points, trump)
        raise IllegalAction(f"{value} is not a bid here: point bids run from {lay.min_bid} to {lay.max_point_bid}")
    raise IllegalAction(f"{text!r} is not a call: say pass, a bid like {lay.min_bid}"
                        + (", or marks like \"1 mark\"" if lay.mark_bids and not lay.bids_name_trump else ""))
