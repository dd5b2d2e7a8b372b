"""The data of one hand (``HandState``) and its copy: what was dealt, called, exchanged, declared and played.

The rules that act on it take a ``HandState`` and change a fresh copy in place: the auction
(``auction.py``), the exchange (``exchange.py``), trick play (``tricks.py``), settling and scoring
(``scoring.py``) and the variants' hooks. ``engine.hand.Hand`` is the state with those rules tied on: the
legal actions, ``apply`` and ``play``. Tiles are ids and hands bitmasks (see ``tiles.py``).
"""

from __future__ import annotations

from typing import NamedTuple, Self

from .calls import Call
from .contracts import Contract, Goal, contract_text
from .errors import IllegalAction
from .layout import Layout, TableRules
from .phases import Phase
from .suits import SuitTable
from .tiles import TileSet, bits


class Trick(NamedTuple):
    """A completed trick: who led, who played what (in order), who won it, what it was worth."""

    leader: int
    seats: tuple[int, ...]
    tiles: tuple[int, ...]
    declared: int  # the suit the lead was declared as (a lower end), or -1
    winner: int
    points: int


class HandState:
    """Everything one hand holds. Treat it as immutable outside the rules: they change a ``_clone``."""

    __slots__ = (
        "rules",
        "lay",
        "ts",
        "team",
        "dealer",
        "deal",
        "widow",
        "held",
        "calls",
        "high",
        "high_seat",
        "passed",
        "bidder",
        "declarer",
        "forced",
        "taken",
        "discarded",
        "widow_left",
        "contract",
        "table",
        "goal",
        "sitting_out",
        "next_seat",
        "trick_size",
        "plays",
        "trick",
        "trick_seats",
        "lead",
        "declared",
        "tricks",
        "points",
        "turn",
        "phase",
        "made",
        "complete",
    )
    rules: TableRules
    lay: Layout
    ts: TileSet
    team: tuple[int, ...]  # seat -> team
    dealer: int
    deal: tuple[tuple[int, ...], ...]  # tile ids dealt to each seat, in deal order
    widow: tuple[int, ...]
    held: list[int]  # each seat's tiles now, as a mask
    calls: list[Call]
    high: Call | None  # the high bid so far
    high_seat: int | None
    passed: int  # mask of seats that passed (the open auction skips them)
    bidder: int | None
    declarer: int | None  # names the contract and leads: the bidder, or his partner after Plunge and its kin
    forced: bool  # the dealer was made to bid
    taken: list[int]
    discarded: list[int]
    widow_left: int
    contract: Contract | None
    table: SuitTable | None
    goal: Goal  # what settles the hand, once the contract is named
    sitting_out: int  # mask of the seats whose tiles lie face down (Nello partners)
    next_seat: tuple[int, ...]  # seat -> the next seat to play, skipping those sitting out
    trick_size: int  # tiles in a trick: the seats that play
    plays: list[tuple[int, int, int]]  # (seat, tile id, declared suit or -1)
    trick: list[int]
    trick_seats: list[int]
    lead: int  # the suit led to the trick in progress, or -1
    declared: int
    tricks: list[Trick]
    points: list[int]  # per team
    turn: int | None
    phase: Phase
    made: bool | None
    complete: bool

    def _clone(self) -> Self:
        # Spelled out (not a loop over __slots__): this runs once per action in every search.
        h = object.__new__(self.__class__)
        h.rules, h.lay, h.ts, h.team, h.dealer, h.deal = (
            self.rules,
            self.lay,
            self.ts,
            self.team,
            self.dealer,
            self.deal,
        )
        h.widow, h.held, h.calls, h.high = self.widow, list(self.held), list(self.calls), self.high
        h.high_seat, h.passed, h.bidder, h.declarer, h.forced = (
            self.high_seat,
            self.passed,
            self.bidder,
            self.declarer,
            self.forced,
        )
        h.taken, h.discarded, h.widow_left = list(self.taken), list(self.discarded), self.widow_left
        h.contract, h.table, h.goal = self.contract, self.table, self.goal
        h.sitting_out, h.next_seat, h.trick_size = self.sitting_out, self.next_seat, self.trick_size
        h.plays, h.trick, h.trick_seats = list(self.plays), list(self.trick), list(self.trick_seats)
        h.lead, h.declared, h.tricks, h.points = (
            self.lead,
            self.declared,
            list(self.tricks),
            list(self.points),
        )
        h.turn, h.phase, h.made, h.complete = self.turn, self.phase, self.made, self.complete
        return h

    # --- reading the state ------------------------------------------------------------------------

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.lay.players

    @property
    def to_act(self) -> int:
        """The seat to act; IllegalAction once the hand is over (where ``turn`` is None)."""
        if self.turn is None:
            raise IllegalAction("the hand is over: no seat is to act")
        return self.turn

    @property
    def exchanger(self) -> int:
        """The seat that exchanges with the widow or kitty: the bid winner (after Plunge too)."""
        assert self.bidder is not None
        return self.bidder

    @property
    def seats_out(self) -> tuple[int, ...]:
        """The seats sitting out, in seat order (Nello's partners)."""
        return tuple(bits(self.sitting_out))

    @property
    def out(self) -> int | None:
        """The one seat sitting out (Nello's partner at four), or None: none does, or several do (Pistol's
        partners: see ``seats_out``)."""
        out = self.seats_out
        return out[0] if len(out) == 1 else None

    def tiles_of(self, seat: int) -> list[str]:
        """A seat's tiles now, high end first, highest first."""
        names = self.ts.names
        return sorted((names[t] for t in bits(self.held[seat])), key=lambda s: (-int(s[0]), -int(s[2])))

    def contract_text(self) -> str | None:
        """The contract in the record's canonical spelling, or None before it is named."""
        return contract_text(self.contract, self.rules) if self.contract else None

    def every_trick(self) -> bool:
        """Whether the bidders must take every trick (mark bids, Plunge and its kin, Sevens)."""
        return self.high is not None and (
            self.high.every_trick or (self.contract is not None and self.contract.every_trick)
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandState):
            return NotImplemented
        return all(
            getattr(self, s) == getattr(other, s)
            for s in HandState.__slots__
            if s not in ("lay", "ts", "table")
        )

    __hash__ = None  # type: ignore[assignment]
