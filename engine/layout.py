"""The figures of a table (``Layout``) and what the rule modules read of a table's rules (``TableRules``).

A ``Layout`` is data the hot paths read: seats, tiles, the deal, what each trick is worth, the bid ladder,
and a few switches, each named for the mechanic it turns on (an open auction, bids that name their trump,
the contract named before the exchange), never for the game that has it. What a game does differently
beyond its figures (its own calls, its refusals, its words, its scoring) its variant's hooks say
(``engine/variants/``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from .calls import CallKind
from .options import Options
from .seats import Seating
from .tiles import TileSet


class TableRules(Protocol):
    """A table's rules as the rule modules read them: the game's title, its options and its figures.

    ``engine.rules.Rules`` is the one implementation. The modules below it (calls, contracts, the hand's
    state, the auction, scoring, the variants' hooks) name this instead, so that the rules may name the
    variants and the variants these modules without a circle of imports.
    """

    @property
    def title(self) -> str:
        """The preset's name for people: "Standard 42", "The Big Game"."""
        ...

    @property
    def options(self) -> Options:
        """The effective options."""
        ...

    @property
    def layout(self) -> Layout:
        """The table's figures."""
        ...


@dataclass(frozen=True)
class DoublesBid:
    """A bid that needs doubles in hand and hands the contract to the partner (Plunge, Splash, dip, dive).

    Its worth is an option (``plunge_marks``) or fixed; over a mark bid that high it is one mark more.
    """

    kind: CallKind
    need: int  # doubles the bidder must hold
    option: str  # the option that switches it on
    marks: int = 0  # its fixed worth in marks, where no option sets it
    marks_option: str = ""  # the option holding its worth

    def worth(self, rules: TableRules) -> int:
        """Its usual worth in marks at this table."""
        return int(rules.options.get(self.marks_option)) if self.marks_option else self.marks

    def enabled(self, rules: TableRules) -> bool:
        """Whether the table plays it."""
        return bool(rules.options.get(self.option))


@dataclass(frozen=True, eq=False)
class Layout:
    """The figures of one table: seats, tiles, the deal, trick values and the bid ladder."""

    seating: Seating
    tiles: TileSet
    hand_size: int
    trick_values: tuple[int, ...]  # what each trick is worth, in the order they are played
    min_bid: int
    max_point_bid: int
    widow_size: int = 0  # a widow or kitty the bid winner exchanges with (the variant's ``exchange_rule``)
    bid_step: int = 1
    min_marks: int = 1  # the lowest mark bid (Eighty-eight's 88 is a point bid, so 2 marks)
    max_marks: int | None = None
    mark_bids: bool = True
    open_auction: bool = False  # bidding goes round until all but one have passed
    bids_name_trump: bool = False  # a bid names its trump, and the contract is that suit
    mark_aliases: bool = False  # "42", "84", ... accepted for 1, 2, ... marks
    declarable: tuple[tuple[int, int], ...] = ()  # tiles whose lead may be declared as the lower end
    contract_first: bool = False  # the contract is named before the exchange, which takes the widow whole
    doubles_bids: Mapping[CallKind, DoublesBid] = field(default_factory=dict)
    named_bids: Mapping[str, int] = field(default_factory=dict)  # a point bid's name: "1 mark" for 45
    shoot_bids: tuple[int, ...] = ()  # bids of every trick above the ladder, worth a number of their own
    partner_call: bool = False  # a forced dealer may call partner: his bid, his partner declaring
    count_trump_at: int = 0  # a winning point bid of exactly this level may name count as trump; 0: never
    one_mark_level: int = 0  # the lowest level that counts as "1 mark or more"; 0: the hand's total
    total: int = field(init=False)  # points in a hand: every trick plus every count tile

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", sum(self.trick_values) + self.tiles.count_total)

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.seating.players

    @property
    def partners(self) -> bool:
        """Whether players play in teams."""
        return self.seating.partnerships

    @property
    def trick_value(self) -> int:
        """What an ordinary trick is worth (the first)."""
        return self.trick_values[0]

    @property
    def one_mark(self) -> int:
        """The level of "a bid of 1 mark or more" (RULES.md §10): Nello, Sevens, stacking."""
        return self.one_mark_level or self.total
