"""One hand of 42 as a state machine: deal -> auction -> contract and exchange (in the variant's order) ->
tricks -> result.

``legal_actions()`` lists exactly what the seat to act may do, in hand-record notation; ``apply(action)``
returns a new Hand or raises IllegalAction with a sentence a player understands. Tiles are ids and hands
bitmasks inside (see tiles.py); ``play(tile_id)`` and ``legal_plays()`` are the fast path for search.
Records and views are functions of a hand (``record.py``, ``view.py``); the hand knows nothing of them.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from . import auction, scoring
from .calls import Call, CallKind, parse_call
from .contracts import COUNT, NELLO, SEVENS, Contract, Goal, contract_text, legal_contracts, parse_contract
from .errors import IllegalAction, TileError
from .phases import AUCTION, CONTRACT, DONE, EXCHANGE, PLAY, Phase
from .rules import Rules
from .suits import SuitTable, suit_table
from .tiles import TileSet, bits, parse_tile
from .variants import Layout


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
    rules: Rules
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

    # --- construction -------------------------------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules, dealer: int, rng: random.Random) -> Hand:
        """Shuffle with ``rng`` and deal a fresh hand."""
        lay = rules.layout
        ids = list(lay.tiles.ids)
        rng.shuffle(ids)
        if lay.tiles.copies > 1:  # identical tiles: number the copies in deal order, as a record reads them
            size_set, seen = lay.tiles.set_size, dict[int, int]()
            for i, t in enumerate(ids):
                base = t % size_set
                ids[i] = base + seen.get(base, 0) * size_set
                seen[base] = seen.get(base, 0) + 1
        n, size = lay.players, lay.hand_size
        deal = [ids[i * size : (i + 1) * size] for i in range(n)]
        return cls.from_deal(rules, dealer, deal, ids[n * size :])

    @classmethod
    def from_deal(cls, rules: Rules, dealer: int, deal: list[list[int]], widow: list[int]) -> Hand:
        """A hand about to be bid, from tile ids per seat (seat 0 first) and the widow's ids."""
        h = object.__new__(cls)
        h.rules, h.lay, h.ts = rules, rules.layout, rules.layout.tiles
        h.team = h.lay.seating.team
        h.dealer = dealer
        h.deal = tuple(tuple(seat) for seat in deal)
        h.widow = tuple(widow)
        h.held = [h.ts.mask_of(seat) for seat in deal]
        h.calls, h.high, h.high_seat, h.passed = [], None, None, 0
        h.bidder = h.declarer = None
        h.forced = False
        h.taken, h.discarded, h.widow_left = [], [], h.ts.mask_of(widow)
        h.contract, h.table, h.goal = None, None, Goal.POINTS
        h.sitting_out, h.next_seat, h.trick_size = 0, h.lay.seating.next_seats(0), h.lay.players
        h.plays, h.trick, h.trick_seats, h.lead, h.declared = [], [], [], -1, -1
        h.tricks, h.points = [], [0] * rules.teams
        h.turn, h.phase, h.made, h.complete = (dealer + 1) % h.lay.players, AUCTION, None, False
        return h

    def _clone(self) -> Hand:
        # Spelled out (not a loop over __slots__): this runs once per action in every search.
        h = object.__new__(Hand)
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

    def counted_marks(self) -> int:
        """The marks the winning bid counts as (0 for a point bid under 1 mark): for stacking."""
        return 0 if self.high is None else self.rules.variant.counted_marks(self.high, self.lay)

    # --- legal actions ------------------------------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """Every legal action for the seat to act, in hand-record notation ([] once complete)."""
        phase = self.phase
        if phase == AUCTION:
            return list(auction.ladder(self).texts)
        if phase == EXCHANGE:
            assert self.lay.exchange is not None
            return self.lay.exchange.legal(self)
        if phase == CONTRACT:
            return [contract_text(c, self.rules) for c in self._contracts()]
        if phase == PLAY:
            return self._legal_play_texts()
        return []

    def _contracts(self) -> list[Contract]:
        assert self.high is not None
        return legal_contracts(self.rules, self.high, self.forced)

    def legal_plays(self) -> int:
        """Mask of the tiles the seat to play may play (0 outside play)."""
        if self.phase != PLAY:
            return 0
        # In play the table and turn are set; no asserts on the hot path (they cost ~10%).
        return self.table.legal_mask(self.held[self.turn], self.lead)  # type: ignore[union-attr, index]

    def declarable(self, tid: int) -> int:
        """The lower end a lead of ``tid`` may be declared as now, or -1."""
        contract, table = self.contract, self.table
        if self.trick or contract is None or table is None or not contract.rule.declares_leads:
            return -1
        hi, lo = self.ts.hi[tid], self.ts.lo[tid]
        if hi == lo or table.lead_suit[tid] == table.trump:
            return -1
        first_lead = not self.plays and self.rules.options.first_suit_declared
        if first_lead or (hi, lo) in self.lay.declarable:
            return lo
        return -1

    def _legal_play_texts(self) -> list[str]:
        names = self.ts.names
        out, seen = [], set()
        for t in bits(self.legal_plays()):
            name = names[t]
            if name in seen:  # two identical tiles are one choice
                continue
            seen.add(name)
            out.append(name)
            low = self.declarable(t)
            if low >= 0:
                out.append(f"{name}/{low}")
        return sorted(out, key=lambda s: (-int(s[0]), -int(s[2]), len(s)))

    # --- applying actions ---------------------------------------------------------------------------

    def apply(self, action: str) -> Hand:
        """The hand after ``action``; IllegalAction (with a reason a player understands) if not allowed."""
        if not isinstance(action, str):
            raise IllegalAction(f'an action is text like "pass" or "6-4", not {action!r}')
        if self.phase == DONE:
            raise IllegalAction("the hand is over: no more calls or plays")
        h = self._clone()
        if self.phase == AUCTION:
            auction.apply_call(h, parse_call(action, self.rules))
        elif self.phase == EXCHANGE:
            assert self.lay.exchange is not None
            self.lay.exchange.apply(h, action.strip())
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

    # --- phase changes (called by the auction and the exchange on a fresh clone) --------------------

    def end_auction(self) -> None:
        """Close the auction: thrown in if all passed, else on to the exchange or the contract."""
        if self.high is None:
            self.phase, self.turn, self.complete = DONE, None, True
            return
        bidder = self.high_seat
        assert bidder is not None
        self.bidder = bidder
        self.declarer = self.lay.seating.partner(bidder) if self.high.special else bidder
        self.forced = (
            self.rules.options.forced_bid
            and bidder == self.dealer
            and all(not c.is_bid for c in self.calls[:-1])
        )
        if self.lay.exchange is not None and not self.lay.contract_first:
            self.phase, self.turn = EXCHANGE, bidder
        else:
            self.phase, self.turn = CONTRACT, self.declarer

    def end_exchange(self) -> None:
        """Close the exchange: on to the contract, or (contract first) to the first lead."""
        if self.contract is None:
            self.phase, self.turn = CONTRACT, self.declarer
            return
        self.phase, self.turn = PLAY, self.declarer
        scoring.settle(self, None)  # Seventy-two: discarded count may decide the hand before the first lead
        self._stop_if_decided()

    def score_discard(self, tid: int) -> None:
        """A discarded count tile scores for the defenders at once (Seventy-two)."""
        assert self.bidder is not None
        bidders = self.team[self.bidder]
        defenders = next(t for t in range(self.rules.teams) if t != bidders)
        self.points[defenders] += self.ts.points[tid]

    def _declare(self, contract: Contract) -> None:
        legal = self._contracts()
        if contract not in legal:
            raise IllegalAction(self._why_not_contract(contract, legal))
        assert self.bidder is not None and self.high is not None
        rule = contract.rule
        self.contract = contract
        self.table = suit_table(self.ts, contract)
        self.goal = rule.goal(self.high)
        out = self.lay.seating.mask(rule.sitting_out(self.lay.seating, self.bidder))
        if out:
            self.sitting_out, self.next_seat = out, self.lay.seating.next_seats(out)
            self.trick_size = self.players - bin(out).count("1")
        if self.lay.exchange is not None and self.lay.contract_first:
            self.phase, self.turn = EXCHANGE, self.bidder
        else:
            self.phase, self.turn = PLAY, self.declarer

    def _why_not_contract(self, contract: Contract, legal: list[Contract]) -> str:
        assert self.high is not None
        name = contract.title()
        o = self.rules.options
        special = contract.kind in (NELLO, SEVENS)
        if self.lay.bids_name_trump and self.high.trump is not None:
            return f"the bid named {self.rules.suit_name(self.high.trump)} as trump: the contract must be that suit"
        if special and self.high.special:
            return f"after {self.high.title()} the partner names trumps, doubles or follow-me, not {name}"
        if (
            special
            and self.high.level < self.lay.one_mark
            and any(c.kind == contract.kind for c in _contracts_at_one_mark(self))
        ):
            return f"{name} needs {self.lay.one_mark_words}"
        if contract.kind == NELLO and o.nello != "off" and any(c.kind == NELLO for c in legal):
            choices = [*o.nello_doubles, *(["a number low"] if o.nello_low else [])]
            return f"this table does not allow {name}: doubles may be " + ", ".join(choices)
        if contract.kind == COUNT and self.rules.layout.count_trump_bid and o.count_trump:
            return "count may be named only on a winning bid of 51"
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
                raise IllegalAction(
                    f"{text!r}: a declared lead is written with its lower end, like {hi}-{lo}/{lo}"
                )
            if int(suffix) != lo or hi == lo:
                raise IllegalAction(f"{text!r}: a lead may be declared only as its lower end, {hi}-{lo}/{lo}")
            declared = lo
        assert self.turn is not None
        held = self.held[self.turn]
        try:
            tid = self.ts.id_of(tile_text, held)
        except TileError as e:
            raise IllegalAction(str(e)) from None
        if not held >> tid & 1:
            raise IllegalAction(f"you do not hold {self.ts.names[tid]}")
        legal = self.legal_plays()
        if not legal >> tid & 1:
            raise IllegalAction(self._why_not_play(legal))
        if declared >= 0 and self.declarable(tid) != declared:
            if self.trick:
                raise IllegalAction("only a lead can be declared as its lower end")
            raise IllegalAction(
                f"{self.ts.names[tid]} may not be declared as {self.rules.suit_name(declared)} here"
            )
        self._play(tid, declared)

    def _why_not_play(self, legal: int) -> str:
        assert self.table is not None and self.contract is not None
        held_names = sorted({self.ts.names[t] for t in bits(legal)}, reverse=True)
        listed = " and ".join(
            [", ".join(held_names[:-1]), held_names[-1]] if len(held_names) > 1 else held_names
        )
        if self.table.distance is not None:
            return f"in Sevens you must play the tile closest to {self.contract.sevens_target}: you hold {listed}"
        return f"you must follow {self.table.suit_name(self.lead)}: you hold {listed}"

    def _play(self, tid: int, declared: int) -> None:
        seat: int = self.turn  # type: ignore[assignment]  # set in play (no assert on the hot path)
        self.held[seat] &= ~(1 << tid)
        self.plays.append((seat, tid, declared))
        if not self.trick:
            self.lead = declared if declared >= 0 else self.table.lead_suit[tid]  # type: ignore[union-attr]
            self.declared = declared
        self.trick.append(tid)
        self.trick_seats.append(seat)
        if len(self.trick) < self.trick_size:
            self.turn = self.next_seat[seat]
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        tiles = self.trick
        winner = self.trick_seats[self.table.winner_index(tiles, self.lead)]  # type: ignore[union-attr]
        points = self.ts.points
        pts = self.lay.trick_values[len(self.tricks)] + sum(points[t] for t in tiles)
        self.tricks.append(
            Trick(self.trick_seats[0], tuple(self.trick_seats), tuple(tiles), self.declared, winner, pts)
        )
        self.points[self.team[winner]] += pts
        self.trick, self.trick_seats, self.lead, self.declared = [], [], -1, -1
        scoring.settle(self, winner)
        if len(self.tricks) == self.lay.hand_size:
            if self.made is None:  # every trick played and never decided: only the trick goals reach here
                self.made = True
            self.phase, self.turn, self.complete = DONE, None, True
        elif not self._stop_if_decided():
            self.turn = winner

    def _stop_if_decided(self) -> bool:
        """End the hand once its result is certain, where the table stops then (marks, no ``play_out``)."""
        if (
            self.made is not None
            and self.rules.options.scoring == "marks"
            and not self.rules.options.play_out
        ):
            self.phase, self.turn, self.complete = DONE, None, True
            return True
        return False

    # --- results ------------------------------------------------------------------------------------

    def award(self) -> list[int] | None:
        """Marks or points per team for a complete hand; None while open or when thrown in."""
        if not self.complete or self.bidder is None:
            return None
        return self.rules.variant.award(self)

    def summary(self) -> dict[str, Any]:
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
            "award": None if award is None else {self.rules.options.scoring: award},
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return all(
            getattr(self, s) == getattr(other, s) for s in Hand.__slots__ if s not in ("lay", "ts", "table")
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Hand {self.rules.preset} dealer={self.dealer} phase={self.phase} turn={self.turn}>"


def _contracts_at_one_mark(hand: Hand) -> list[Contract]:
    """The contracts this table would allow after a 1-mark bid: to explain why one is refused."""
    return legal_contracts(hand.rules, Call(CallKind.MARKS, hand.lay.one_mark, 1), True)
