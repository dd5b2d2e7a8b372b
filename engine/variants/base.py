"""What every rule system is made of: a ``Layout`` of figures the engine reads, and a ``Variant`` whose
hooks have the standard game as their default (the way python-chess's ``chess/variant.py`` overrides a
few methods of the board and nothing else).

The figures are data where the hot paths run (tile tables, per-trick values, seats); the hooks are
methods only at the hand's edges: which calls are legal, the award, the winner of a game, the rules in
words. A new game is one module in this package with a ``Variant`` subclass and its presets.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import auction, scoring
from ..calls import Call, CallKind
from ..exchange import ExchangeRule
from ..options import GameOptions, Options
from ..seats import Seating
from ..tiles import TileSet

if TYPE_CHECKING:
    from ..hand import Hand
    from ..rules import Rules


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

    def worth(self, rules: Rules) -> int:
        """Its usual worth in marks at this table."""
        return int(rules.options.get(self.marks_option)) if self.marks_option else self.marks

    def enabled(self, rules: Rules) -> bool:
        """Whether the table plays it."""
        return bool(rules.options.get(self.option))


@dataclass(frozen=True, eq=False)
class Layout:
    """The figures of one table: seats, tiles, the deal, trick values, the bid ladder and the exchange."""

    seating: Seating
    tiles: TileSet
    hand_size: int
    trick_values: tuple[int, ...]  # what each trick is worth, in the order they are played
    min_bid: int
    max_point_bid: int
    widow_size: int = 0
    bid_step: int = 1
    min_marks: int = 1  # the lowest mark bid (Eighty-eight's 88 is a point bid, so 2 marks)
    max_marks: int | None = None
    mark_bids: bool = True
    open_auction: bool = False
    bids_name_trump: bool = False
    mark_aliases: bool = False  # "42", "84", ... accepted for 1, 2, ... marks
    declarable: tuple[tuple[int, int], ...] = ()  # tiles whose lead may be declared as the lower end
    contract_first: bool = False  # the contract is named before the exchange (Moon, Seventy-two)
    exchange: ExchangeRule | None = None
    doubles_bids: Mapping[CallKind, DoublesBid] = field(default_factory=dict)
    named_bids: Mapping[str, int] = field(default_factory=dict)  # a point bid's name: Geezer's "1 mark" = 45
    moon_bids: tuple[CallKind, ...] = ()  # Moon's 21 and 42
    forced_partner: bool = False  # Geezer: a forced dealer may bid 39 for 2 marks or call "partner"
    count_trump_bid: bool = False  # Geezer: a winning 51 may name count as trump
    one_mark_level: int = 0  # the lowest level that counts as "1 mark or more"; 0: the hand's total
    nello_name: str = "nello"  # Eighty-four calls it "pistol"
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

    @property
    def one_mark_words(self) -> str:
        """ "a bid of 1 mark or more" in this game's terms: "of 45 or more" (Geezer), "of 7, 21 or 42" (Moon)."""
        if self.moon_bids:
            return f"a bid of {self.one_mark}, 21 or 42"
        return f"a bid of {self.one_mark_level} or more" if self.one_mark_level else "a bid of 1 mark or more"


@dataclass(frozen=True)
class Preset:
    """A name a table is created from: a variant plus the option defaults it sets (RULES.md §9–§10)."""

    name: str
    title: str
    variant: Variant
    defaults: Mapping[str, Any] = field(default_factory=dict)


class Variant:
    """A rule system. Subclasses set the class attributes, build the layout, and override hooks."""

    title = "Standard 42"
    game = GameOptions("Standard 42")

    def layout(self, options: Options) -> Layout:
        """The table's figures under ``options``."""
        raise NotImplementedError

    def presets(self) -> list[Preset]:
        """The presets built on this variant."""
        raise NotImplementedError

    # --- hooks, with the standard game as default -------------------------------------------------------

    def legal_calls(self, hand: Hand) -> list[Call]:
        """Every call the seat to act may make."""
        return auction.standard_calls(hand)

    def award(self, hand: Hand) -> list[int]:
        """Marks or points per team for a complete hand that was bid."""
        return scoring.team_award(hand)

    def winner(self, rules: Rules, before: tuple[int, ...], after: tuple[int, ...], hand: Hand) -> int | None:
        """The team that has won the game after ``hand`` (scores ``before`` and ``after`` it), or None."""
        return scoring.team_winner(rules, before, after, hand)

    def counted_marks(self, bid: Call, layout: Layout) -> int:
        """The marks a winning bid counts as, for stacking (RULES.md §11): 0 for a point bid under 1 mark."""
        return max(bid.marks, 1 if bid.level >= layout.one_mark else 0)

    def describe(self, rules: Rules) -> list[str]:
        """The effective rules in plain words, one line each, for the table to read."""
        return describe_standard(rules)

    def extra_lines(self, rules: Rules) -> list[str]:
        """Lines a variant adds to the standard description, before the scoring line."""
        return []


_NUMBERS = {3: "three", 4: "four", 6: "six", 8: "eight"}


def players_text(seating: Seating) -> str:
    """ "four players in two partnerships", "three players, each alone", "six players in two teams of three"."""
    n = seating.players
    if not seating.partnerships:
        return f"{_NUMBERS[n]} players, each alone"
    if n == 4:
        return "four players in two partnerships"
    return f"{_NUMBERS[n]} players in two teams of {_NUMBERS[n // 2]}"


def describe_standard(rules: Rules) -> list[str]:
    """The standard description, built from the layout and options."""
    o, lay = rules.options, rules.layout
    players_line = players_text(lay.seating)
    widow = ""
    if lay.widow_size:
        widow = (
            f" and a {'widow' if lay.widow_size == 1 or lay.contract_first else 'kitty'} of {lay.widow_size}"
        )
    lines = [f"{rules.title}: {players_line}, {lay.tiles.describe()}, {lay.hand_size} tiles each{widow}."]
    if lay.moon_bids:
        bids = f"Bids {lay.min_bid} to {lay.max_point_bid} tricks, then 21 (shoot the moon: every trick)"
        if o.shoot_over:
            bids += ", and 42 over a 21 (shoot it over)"
    else:
        bids = f"Bids {lay.min_bid} to {lay.max_point_bid}" + (
            f" in steps of {lay.bid_step}" if lay.bid_step > 1 else ""
        )
        for name, level in lay.named_bids.items():
            bids += f" ({level} is called {name})"
    if lay.mark_bids:
        raise_words = (
            "each later one raises by one" if o.mark_raise == "one" else "each later one up to doubles it"
        )
        bids += (
            f", then marks (the first mark bid up to {max(o.max_opening_marks, lay.min_marks)} "
            f"marks, {raise_words})"
        )
    if lay.bids_name_trump:
        bids += "; every bid names its trump"
    lines.append(
        bids
        + (
            "; the auction goes round until all but one pass."
            if lay.open_auction
            else "; one round, starting left of the dealer."
        )
    )
    if lay.forced_partner and o.forced_bid:
        lines.append(
            'If everyone passes the dealer must bid: 39 for 2 marks, "partner" (the same, his partner '
            "naming trumps), or 2 marks or more."
        )
    else:
        lines.append(
            "If everyone passes the dealer must bid."
            if o.forced_bid
            else "If everyone passes the hand is thrown in and the deal passes."
        )
    lines.append("Contracts: " + ", ".join(_contract_words(rules)) + ".")
    specials = [
        f"{b.kind.value.capitalize()} with {b.need} doubles ({b.worth(rules)} marks)"
        for b in lay.doubles_bids.values()
        if b.enabled(rules)
    ]
    if specials:
        lines.append(", ".join(specials) + ": partner names trump and leads.")
    if o.first_suit_declared:
        lines.append("First suit declared: the first lead may be called as its lower end.")
    if lay.declarable:
        tiles = " or ".join(f"{a}-{b}" for a, b in lay.declarable)
        lines.append(f"A {tiles} lead may be called as its lower end.")
    if lay.exchange is not None:
        lines.append(lay.exchange.describe)
    lines.extend(rules.variant.extra_lines(rules))
    if o.stacking != "off":
        lines.append(
            f"Stacking: on a bid of {'1' if o.stacking == 'marks' else '2'} marks or more, finished "
            "tricks are turned face down."
        )
    lines.append(
        "Every trick is played."
        if o.play_out or o.scoring == "points"
        else "A hand stops as soon as its result is certain."
    )
    unit = "marks" if o.scoring == "marks" else "points"
    score = f"Scoring: {unit}, first to {o.target}"
    if o.win_by > 1:
        score += f", win by {o.win_by}"
    if o.scoring == "points":
        score += "; a made bid scores " + ("the points taken" if o.made_scores == "taken" else "the bid")
    lines.append(score + ".")
    return lines


def _contract_words(rules: Rules) -> list[str]:
    o, lay = rules.options, rules.layout
    if lay.bids_name_trump:
        return ["the trump the bid named"]
    contracts = ["a trump suit"]
    if o.doubles_trump:
        contracts.append("doubles")
    if o.follow_me:
        contracts.append(
            "follow me (doubles " + ("their own suit)" if o.follow_me_doubles == "suit" else "high)")
        )
    if o.sevens_trump:
        contracts.append("sevens trump (tiles totalling seven)")
    if lay.count_trump_bid and o.count_trump:
        contracts.append("count as trump (on a bid of 51)")
    name = lay.nello_name.capitalize()
    needs = lay.one_mark_words
    if o.nello == "on" or (o.nello == "forced-only" and o.forced_bid):
        who = "by a forced dealer, " if o.nello == "forced-only" else ""
        doubles = "doubles " + " / ".join(o.nello_doubles) + (" or a number low" if o.nello_low else "")
        contracts.append(f"{name} ({who}{needs}; {doubles})")
    if o.sevens:
        contracts.append(f"Sevens (closest to {o.sevens_target}, {needs})")
    return contracts
