"""One hand of 42 as a state machine: deal -> auction -> contract and exchange (in the variant's order) ->
tricks -> result.

``legal_actions()`` lists exactly what the seat to act may do, in hand-record notation; ``apply(action)``
returns a new Hand or raises IllegalAction with a sentence a player understands. Tiles are ids and hands
bitmasks inside (see tiles.py); ``play(tile_id)`` and ``legal_plays()`` are the fast path for search.

A ``Hand`` is the hand's data (``state.HandState``) with its table's ``Rules``: it asks the variant for
the game's calls, contracts and refusals, and hands each action to the rule that acts on the state (the
auction, the exchange, trick play). Records and views are functions of a hand (``record.py``,
``view.py``); the hand knows nothing of them.
"""

from __future__ import annotations

import random
from typing import Any

from . import auction, tricks
from .contracts import Contract, Goal, contract_text, legal_contracts
from .errors import IllegalAction
from .phases import AUCTION, CONTRACT, DONE, EXCHANGE, PLAY
from .rules import Rules
from .state import HandState
from .suits import suit_table


class Hand(HandState):
    """The state of one hand under its rules. Treat it as immutable: ``apply`` and ``play`` return new hands."""

    __slots__ = ()
    rules: Rules

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

    # --- reading the state ------------------------------------------------------------------------

    def counted_marks(self) -> int:
        """The marks the winning bid counts as (0 for a point bid under 1 mark): for stacking."""
        return 0 if self.high is None else self.rules.variant.counted_marks(self.high, self.lay)

    # --- legal actions ------------------------------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """Every legal action for the seat to act, in hand-record notation ([] once complete)."""
        phase = self.phase
        if phase == AUCTION:
            return list(self._ladder().texts)
        if phase == EXCHANGE:
            assert self.rules.exchange is not None
            return self.rules.exchange.legal(self)
        if phase == CONTRACT:
            return [contract_text(c, self.rules) for c in self._contracts()]
        if phase == PLAY:
            return tricks.legal_play_texts(self)
        return []

    def _ladder(self) -> auction.Ladder:
        """The legal calls now, as the variant says; worked out once per situation and kept with the rules."""
        key = auction.ladder_key(self)
        memo = self.rules.memo
        found = memo.get(key)
        if found is None:
            found = memo[key] = auction.Ladder(tuple(self.rules.variant.legal_calls(self)))
        return found

    def _contracts(self) -> list[Contract]:
        assert self.high is not None
        return legal_contracts(self.rules, self.high, self.forced)

    # The fast path: a mask of the tiles the seat to play may play (0 outside play), for search.
    legal_plays = tricks.legal_plays

    def declarable(self, tid: int) -> int:
        """The lower end a lead of ``tid`` may be declared as now, or -1."""
        return tricks.declarable(self, tid)

    # --- applying actions ---------------------------------------------------------------------------

    def apply(self, action: str) -> Hand:
        """The hand after ``action``; IllegalAction (with a reason a player understands) if not allowed."""
        if not isinstance(action, str):
            raise IllegalAction(f'an action is text like "pass" or "6-4", not {action!r}')
        if self.phase == DONE:
            raise IllegalAction("the hand is over: no more calls or plays")
        variant = self.rules.variant
        if self.phase == AUCTION:
            call = variant.parse_call(action, self.rules)
            chosen = auction.match(call, self._ladder())
            if chosen is None:
                raise IllegalAction(variant.why_not_call(self, call))
            h = self._clone()
            auction.make_call(h, chosen)
            return h
        h = self._clone()
        if self.phase == EXCHANGE:
            assert self.rules.exchange is not None
            self.rules.exchange.apply(h, action.strip())
        elif self.phase == CONTRACT:
            h._declare(variant.parse_contract(action, self.rules))
        else:
            tricks.play_text(h, action.strip())
        return h

    def play(self, tid: int, declared: int = -1) -> Hand:
        """Fast path: the hand after the seat to play plays tile id ``tid`` (must be legal)."""
        h = self._clone()
        tricks.play(h, tid, declared)
        return h

    def _declare(self, contract: Contract) -> None:
        legal = self._contracts()
        if contract not in legal:
            raise IllegalAction(self.rules.variant.why_not_contract(self, contract, legal))
        assert self.bidder is not None and self.high is not None
        rule = contract.rule
        self.contract = contract
        self.table = suit_table(self.ts, contract)
        self.goal = rule.goal(self.high)
        out = self.lay.seating.mask(rule.sitting_out(self.lay.seating, self.bidder))
        if out:
            self.sitting_out, self.next_seat = out, self.lay.seating.next_seats(out)
            self.trick_size = self.players - bin(out).count("1")
        if self.lay.contract_first and self.rules.exchange is not None:
            self.phase, self.turn = EXCHANGE, self.bidder
        else:
            self.phase, self.turn = PLAY, self.declarer

    # --- results ------------------------------------------------------------------------------------

    def award(self) -> list[int] | None:
        """Marks or points per team for a complete hand; None while open or when thrown in."""
        if not self.complete or self.bidder is None:
            return None
        return self.rules.variant.award(self)

    def summary(self) -> dict[str, Any]:
        """The outcome so far, exactly as ``python -m engine replay`` prints it."""
        names = self.ts.names
        played = []
        for tr in self.tricks:
            tiles = [names[t] for t in tr.tiles]
            if tr.declared >= 0:
                tiles[0] += f"/{tr.declared}"
            played.append({"leader": tr.leader, "tiles": tiles, "winner": tr.winner, "points": tr.points})
        award = self.award()
        return {
            "ok": True,
            "complete": self.complete,
            "bidder": self.high_seat,
            "bid": self.high.text() if self.high else None,
            "contract": self.contract_text(),
            "tricks": played,
            "points": list(self.points),
            "made": self.made,
            "award": None if award is None else {self.rules.options.scoring: award},
        }

    def __repr__(self) -> str:
        return f"<Hand {self.rules.preset} dealer={self.dealer} phase={self.phase} turn={self.turn}>"
