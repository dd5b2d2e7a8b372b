"""One hand of 42 as a state machine: deal -> auction -> (exchange) -> contract -> tricks -> result.

``legal_actions()`` lists exactly what the seat to act may do, in hand-record notation; ``apply(action)``
returns a new Hand or raises IllegalAction with a sentence a player understands. Tiles are ids and hands
bitmasks inside (see tiles.py); ``play(tile_id)`` and ``legal_plays()`` are the fast path for search.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from . import auction, exchange
from .calls import MARKS, POINTS, Call, parse_call
from .contracts import contract_text, legal_contracts, parse_contract
from .errors import IllegalAction, TileError
from .rules import Layout, Rules
from .suits import NELLO, Contract, SuitTable, suit_table
from .tiles import TileSet, bits, parse_tile

AUCTION, EXCHANGE, CONTRACT, PLAY, DONE = "auction", "exchange", "contract", "play", "done"


class Trick(NamedTuple):
    """A completed trick: who led, who played what (in order), who won it, what it was worth."""

    leader: int
    seats: tuple[int, ...]
    tiles: tuple[int, ...]
    declared: int  # the suit the lead was declared as (a lower end), or -1
    winner: int
    points: int


class Hand:
    """The state of one hand. Treat it as immutable: ``apply`` and ``play`` return new hands."""

    __slots__ = (
        "rules", "lay", "ts", "dealer", "deal", "widow", "held", "calls", "high", "high_seat", "passed",
        "bidder", "declarer", "forced", "taken", "discarded", "widow_left", "contract", "table", "out",
        "plays", "trick", "trick_seats", "lead", "declared", "tricks", "points", "turn", "phase", "made",
        "complete",
    )
    rules: Rules
    lay: Layout
    ts: TileSet
    dealer: int
    deal: tuple[tuple[int, ...], ...]  # tile ids dealt to each seat, in deal order
    widow: tuple[int, ...]
    held: list[int]  # each seat's tiles now, as a mask
    calls: list[Call]
    high: Call | None  # the high bid so far
    high_seat: int | None
    passed: int  # mask of seats that passed (the open auction skips them)
    bidder: int | None
    declarer: int | None  # names the contract and leads: the bidder, or his partner after Plunge/Splash
    forced: bool  # the dealer was made to bid
    taken: list[int]
    discarded: list[int]
    widow_left: int
    contract: Contract | None
    table: SuitTable | None
    out: int | None  # the seat sitting out (Nello partner)
    plays: list[tuple[int, int, int]]  # (seat, tile id, declared suit or -1)
    trick: list[int]
    trick_seats: list[int]
    lead: int  # the suit led to the trick in progress, or -1
    declared: int
    tricks: list[Trick]
    points: list[int]  # per team
    turn: int | None
    phase: str
    made: bool | None
    complete: bool

    # --- construction -------------------------------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules, dealer: int, rng: random.Random) -> Hand:
        """Shuffle with ``rng`` and deal a fresh hand."""
        lay = rules.layout
        ids = list(lay.tiles.ids)
        rng.shuffle(ids)
        if lay.tiles.copies > 1:  # identical tiles: number the copies in deal order, as a record reads them
            size_set, seen = lay.tiles.set_size, {}
            for i, t in enumerate(ids):
                base = t % size_set
                ids[i] = base + seen.get(base, 0) * size_set
                seen[base] = seen.get(base, 0) + 1
        n, size = lay.players, lay.hand_size
        deal = [ids[i * size:(i + 1) * size] for i in range(n)]
        return cls.from_deal(rules, dealer, deal, ids[n * size:])

    @classmethod
    def from_deal(cls, rules: Rules, dealer: int, deal: list[list[int]], widow: list[int]) -> Hand:
        """A hand about to be bid, from tile ids per seat (seat 0 first) and the widow's ids."""
        h = object.__new__(cls)
        h.rules, h.lay, h.ts = rules, rules.layout, rules.layout.tiles
        h.dealer = dealer
        h.deal = tuple(tuple(seat) for seat in deal)
        h.widow = tuple(widow)
        h.held = [h.ts.mask_of(seat) for seat in deal]
        h.calls, h.high, h.high_seat, h.passed = [], None, None, 0
        h.bidder = h.declarer = None
        h.forced = False
        h.taken, h.discarded, h.widow_left = [], [], h.ts.mask_of(widow)
        h.contract, h.table, h.out = None, None, None
        h.plays, h.trick, h.trick_seats, h.lead, h.declared = [], [], [], -1, -1
        h.tricks, h.points = [], [0] * rules.teams
        h.turn, h.phase, h.made, h.complete = (dealer + 1) % h.lay.players, AUCTION, None, False
        return h

    def _clone(self) -> Hand:
        # Spelled out (not a loop over __slots__): this runs once per action in every search.
        h = object.__new__(Hand)
        h.rules, h.lay, h.ts, h.dealer, h.deal, h.widow = self.rules, self.lay, self.ts, self.dealer, self.deal, self.widow
        h.held, h.calls, h.high, h.high_seat, h.passed = list(self.held), list(self.calls), self.high, self.high_seat, self.passed
        h.bidder, h.declarer, h.forced = self.bidder, self.declarer, self.forced
        h.taken, h.discarded, h.widow_left = list(self.taken), list(self.discarded), self.widow_left
        h.contract, h.table, h.out = self.contract, self.table, self.out
        h.plays, h.trick, h.trick_seats = list(self.plays), list(self.trick), list(self.trick_seats)
        h.lead, h.declared, h.tricks, h.points = self.lead, self.declared, list(self.tricks), list(self.points)
        h.turn, h.phase, h.made, h.complete = self.turn, self.phase, self.made, self.complete
        return h

    # --- reading the state ------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.lay.players

    def tiles_of(self, seat: int) -> list[str]:
        """A seat's tiles now, high end first, highest first."""
        names = self.ts.names
        return sorted((names[t] for t in bits(self.held[seat])), key=lambda s: (-int(s[0]), -int(s[2])))

    def contract_text(self) -> str | None:
        return contract_text(self.contract, self.rules) if self.contract else None

    def every_trick(self) -> bool:
        """Whether the bidders must take every trick (mark bids, Plunge, Splash, Sevens)."""
        return self.high is not None and (self.high.kind != POINTS or self.contract.every_trick)

    # --- legal actions ------------------------------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """Every legal action for the seat to act, in hand-record notation ([] once complete)."""
        if self.phase == AUCTION:
            return [c.text() for c in auction.legal_calls(self)]
        if self.phase == EXCHANGE:
            return exchange.legal(self)
        if self.phase == CONTRACT:
            return [contract_text(c, self.rules) for c in legal_contracts(self.rules, self.high, self.forced)]
        if self.phase == PLAY:
            return self._legal_play_texts()
        return []

    def legal_plays(self) -> int:
        """Mask of the tiles the seat to play may play (0 outside play)."""
        if self.phase != PLAY:
            return 0
        return self.table.legal_mask(self.held[self.turn], self.lead)

    def _declarable(self, tid: int) -> int:
        """The lower end a lead of ``tid`` may be declared as, or -1."""
        if self.trick or self.contract.kind == "sevens":
            return -1
        hi, lo = self.ts.hi[tid], self.ts.lo[tid]
        if hi == lo or self.table.lead_suit[tid] == self.table.trump:
            return -1
        first_lead = not self.plays and self.rules.first_suit_declared
        if first_lead or (hi, lo) in self.lay.declarable:
            return lo
        return -1

    def _legal_play_texts(self) -> list[str]:
        names = self.ts.names
        out, seen = [], set()
        for t in bits(self.legal_plays()):
            name = names[t]
            if name in seen:  # Eighty-eight: two identical tiles are one choice
                continue
            seen.add(name)
            out.append(name)
            low = self._declarable(t)
            if low >= 0:
                out.append(f"{name}/{low}")
        return sorted(out, key=lambda s: (-int(s[0]), -int(s[2]), len(s)))

    # --- applying actions ---------------------------------------------------------------------------

    def apply(self, action: str) -> Hand:
        """The hand after ``action``; IllegalAction (with a reason a player understands) if not allowed."""
        if not isinstance(action, str):
            raise IllegalAction(f"an action is text like \"pass\" or \"6-4\", not {action!r}")
        if self.phase == DONE:
            raise IllegalAction("the hand is over: no more calls or plays")
        h = self._clone()
        if self.phase == AUCTION:
            auction.apply_call(h, parse_call(action, self.rules))
        elif self.phase == EXCHANGE:
            exchange.apply(h, action.strip())
        elif self.phase == CONTRACT:
            h._declare(parse_contract(action, self.rules))
        else:
            h._play_text(action.strip())
        return h

    def play(self, tid: int, declared: int = -1) -> Hand:
        """Fast path: the hand after the seat to play plays tile id ``tid`` (must be legal)."""
        h = self._clone()
        h._play(tid, declared)
        return h

    def _declare(self, contract: Contract) -> None:
        legal = legal_contracts(self.rules, self.high, self.forced)
        if contract not in legal:
            raise IllegalAction(self._why_not_contract(contract, legal))
        self.contract = contract
        self.table = suit_table(self.ts, contract)
        if contract.kind == NELLO and self.lay.partners:
            self.out = (self.bidder + self.players // 2) % self.players
        self.phase, self.turn = PLAY, self.declarer

    def _why_not_contract(self, contract: Contract, legal: list[Contract]) -> str:
        name = contract.title()
        if self.lay.bids_name_trump:
            return f"the bid named {self.rules.suit_name(self.high.trump)} as trump: the contract must be that suit"
        if contract.kind in (NELLO, "sevens") and self.high.special:
            return f"after {self.high.kind.capitalize()} the partner names trumps, doubles or follow-me, not {name}"
        if contract.kind in (NELLO, "sevens") and self.high.marks < 1 and any(c.kind == contract.kind for c in
                                                                            legal_contracts_all(self)):
            return f"{name} needs a bid of 1 mark or more"
        if contract.kind == NELLO and self.rules.nello != "off" and any(c.kind == NELLO for c in legal):
            return f"this table does not allow {name}: doubles may be " + ", ".join(self.rules.nello_doubles)
        return f"{name} is not played at this table"

    def _play_text(self, text: str) -> None:
        declared = -1
        tile_text = text
        if "/" in text:
            tile_text, _, suffix = text.partition("/")
            try:
                hi, lo = parse_tile(tile_text)
            except TileError as e:
                raise IllegalAction(str(e)) from None
            if not suffix.isdigit() or int(suffix) not in (hi, lo):
                raise IllegalAction(f"{text!r}: a declared lead is written with its lower end, like {hi}-{lo}/{lo}")
            if int(suffix) != lo or hi == lo:
                raise IllegalAction(f"{text!r}: a lead may be declared only as its lower end, {hi}-{lo}/{lo}")
            declared = lo
        try:
            tid = self.ts.id_of(tile_text, self.held[self.turn])
        except TileError as e:
            raise IllegalAction(str(e)) from None
        held = self.held[self.turn]
        if not held >> tid & 1:
            raise IllegalAction(f"you do not hold {self.ts.names[tid]}")
        legal = self.legal_plays()
        if not legal >> tid & 1:
            raise IllegalAction(self._why_not_play(tid, legal))
        if declared >= 0 and self._declarable(tid) != declared:
            if self.trick:
                raise IllegalAction("only a lead can be declared as its lower end")
            raise IllegalAction(f"{self.ts.names[tid]} may not be declared as {self.rules.suit_name(declared)} here")
        self._play(tid, declared)

    def _why_not_play(self, tid: int, legal: int) -> str:
        held_names = sorted({self.ts.names[t] for t in bits(legal)}, reverse=True)
        listed = " and ".join([", ".join(held_names[:-1]), held_names[-1]] if len(held_names) > 1 else held_names)
        if self.table.distance is not None:
            return f"in Sevens you must play the tile closest to {self.contract.sevens_target}: you hold {listed}"
        return f"you must follow {self.table.suit_name(self.lead)}: you hold {listed}"

    def _play(self, tid: int, declared: int) -> None:
        seat = self.turn
        self.held[seat] &= ~(1 << tid)
        self.plays.append((seat, tid, declared))
        if not self.trick:
            self.lead = declared if declared >= 0 else self.table.lead_suit[tid]
            self.declared = declared
        self.trick.append(tid)
        self.trick_seats.append(seat)
        active = self.players - (self.out is not None)
        if len(self.trick) < active:
            self.turn = self._next_seat(seat)
            return
        self._finish_trick()

    def _next_seat(self, seat: int) -> int:
        seat = (seat + 1) % self.players
        return (seat + 1) % self.players if seat == self.out else seat

    def _finish_trick(self) -> None:
        tiles = self.trick
        win_i = self.table.winner_index(tiles, self.lead)
        winner = self.trick_seats[win_i]
        pts = self.lay.trick_value + sum(self.ts.points[t] for t in tiles)
        self.tricks.append(Trick(self.trick_seats[0], tuple(self.trick_seats), tuple(tiles), self.declared,
                                 winner, pts))
        self.points[self.rules.team_of(winner)] += pts
        self.trick, self.trick_seats, self.lead, self.declared = [], [], -1, -1
        self._settle(winner)
        last = len(self.tricks) == self.lay.hand_size
        stop = self.made is not None and self.rules.scoring == "marks" and not self.rules.play_out
        if last or stop:
            if self.made is None:  # every trick played and never decided: only nello/every-trick reach here
                self.made = True
            self.phase, self.turn, self.complete = DONE, None, True
        else:
            self.turn = winner

    def _settle(self, winner: int) -> None:
        """Decide ``made`` as soon as the result is certain (RULES.md §5)."""
        if self.made is not None:
            return
        team = self.rules.team_of
        bidders = team(self.bidder)
        last = len(self.tricks) == self.lay.hand_size
        if self.contract.kind == NELLO:
            if winner == self.bidder:
                self.made = False
            elif last:
                self.made = True
        elif self.every_trick():
            if team(winner) != bidders:
                self.made = False
            elif last:
                self.made = True
        else:
            taken = self.points[bidders]
            others = sum(self.points) - taken
            if taken >= self.high.level:
                self.made = True
            elif others > self.lay.total - self.high.level:
                self.made = False

    # --- results ------------------------------------------------------------------------------------

    def award(self) -> list[int] | None:
        """Marks or points per team for a complete hand; None while open or when thrown in."""
        if not self.complete or self.bidder is None:
            return None
        teams = self.rules.teams
        bidders = self.rules.team_of(self.bidder)
        out = [0] * teams
        if self.rules.scoring == "marks":
            value = 1 if self.high.kind == POINTS else self.high.marks
            for t in range(teams):
                if (t == bidders) == self.made:
                    out[t] = value
            return out
        if self.high.kind == POINTS and self.contract.kind != NELLO and not self.contract.every_trick:
            bid = self.high.level
            for t in range(teams):
                if t == bidders:
                    out[t] = (self.points[t] if self.rules.made_scores == "taken" else bid) if self.made else 0
                else:
                    out[t] = self.points[t] + (0 if self.made else bid)
            return out
        value = self.high.marks * self.rules.mark_points
        for t in range(teams):
            if (t == bidders) == self.made:
                out[t] = value
        return out

    def summary(self) -> dict:
        """The outcome so far, exactly as ``python -m engine replay`` prints it."""
        names = self.ts.names
        tricks = []
        for tr in self.tricks:
            tiles = [names[t] for t in tr.tiles]
            if tr.declared >= 0:
                tiles[0] += f"/{tr.declared}"
            tricks.append({"leader": tr.leader, "tiles": tiles, "winner": tr.winner, "points": tr.points})
        award = self.award()
        return {
            "ok": True,
            "complete": self.complete,
            "bidder": self.high_seat,
            "bid": self.high.text() if self.high else None,
            "contract": self.contract_text(),
            "tricks": tricks,
            "points": list(self.points),
            "made": self.made,
            "award": None if award is None else {self.rules.scoring: award},
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return all(getattr(self, s) == getattr(other, s) for s in Hand.__slots__ if s not in ("lay", "ts", "table"))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Hand {self.rules.variant} dealer={self.dealer} phase={self.phase} turn={self.turn}>"

    # Records and views live in their own modules; these are their doors.
    def to_record(self) -> dict:
        """The hand record (HAND-RECORD.md) of this hand so far."""
        from .record import to_record

        return to_record(self)

    @classmethod
    def from_record(cls, record: dict) -> Hand:
        """Rebuild a hand exactly from its record; RecordError (with ``at``) if it is malformed or illegal."""
        from .record import from_record

        return from_record(record)

    def view_for(self, seat: int, score: list[int] | None = None) -> dict:
        """Everything ``seat`` may know, and nothing else (the player protocol's view)."""
        from .view import view_for

        return view_for(self, seat, score)


def legal_contracts_all(hand: Hand) -> list[Contract]:
    """The contracts this table would allow after a 1-mark bid: to explain why one is refused."""
    return legal_contracts(hand.rules, Call(MARKS, hand.rules.mark_points, 1), True)
