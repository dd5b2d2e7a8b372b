"""A game: hands to the target (RULES.md §7), the deal passing clockwise, per-team totals, a winner."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .errors import RecordError
from .hand import Hand
from .rules import Rules


@dataclass(frozen=True)
class Game:
    """The score of a game and the records of its finished hands. Immutable: methods return new games."""

    rules: Rules
    first_dealer: int
    records: tuple[dict, ...] = ()
    scores: tuple[int, ...] = ()
    winner: int | None = None
    _last: Any = field(default=None, repr=False, compare=False)

    @classmethod
    def new(cls, rules: Rules, rng: random.Random) -> Game:
        """A new game; the first dealer ("shaker") is drawn with ``rng``."""
        return cls(rules, rng.randrange(rules.players), (), (0,) * rules.teams)

    @property
    def dealer(self) -> int:
        """The dealer of the next hand: the deal passes clockwise every hand, thrown-in hands included."""
        return (self.first_dealer + len(self.records)) % self.rules.players

    @property
    def over(self) -> bool:
        return self.winner is not None

    def deal(self, rng: random.Random) -> Hand:
        """Shuffle with ``rng`` and deal the next hand."""
        if self.over:
            raise ValueError("the game is over")
        return Hand.new(self.rules, self.dealer, rng)

    def record_hand(self, hand: Hand) -> Game:
        """The game after a complete hand: its award tallied, the deal passed, a winner if there is one."""
        if not hand.complete:
            raise ValueError("only a complete hand can be tallied")
        if self.over:
            raise ValueError("the game is over")
        if hand.dealer != self.dealer or hand.rules != self.rules:
            raise ValueError("that hand does not belong to this game (wrong dealer or rules)")
        award = hand.award()
        scores = tuple(s + (award[i] if award else 0) for i, s in enumerate(self.scores))
        winner = self._winner(scores, hand) if award else None
        return Game(self.rules, self.first_dealer, (*self.records, hand.to_record()), scores, winner)

    def _winner(self, scores: tuple[int, ...], hand: Hand) -> int | None:
        target, win_by = self.rules.target, self.rules.win_by
        over = [t for t, s in enumerate(scores) if s >= target]
        if not over:
            return None
        bidders = self.rules.team_of(hand.bidder)
        crossed = [t for t in over if self.scores[t] < target]
        # Both past the target on one hand: the bidders win if they made their bid (RULES.md §7).
        if len(over) > 1 and len(crossed) > 1 and hand.made and bidders in crossed:
            return bidders
        best = max(range(len(scores)), key=lambda t: scores[t])
        if scores[best] >= target and all(scores[best] - s >= win_by for t, s in enumerate(scores) if t != best):
            return best
        return None

    @classmethod
    def from_records(cls, rules: Rules, first_dealer: int, records: list[dict]) -> Game:
        """Rebuild a game from its finished hands' records (each replayed through the rules)."""
        game = cls(rules, first_dealer, (), (0,) * rules.teams)
        for i, record in enumerate(records):
            hand = Hand.from_record(record)
            if not hand.complete:
                raise RecordError(f"hand {i + 1} of the game is not finished", {"hand": i})
            try:
                game = game.record_hand(hand)
            except ValueError as e:
                raise RecordError(f"hand {i + 1}: {e}", {"hand": i}) from None
        return game

    def to_dict(self) -> dict:
        """Rules, first dealer and hand records: enough to rebuild the game."""
        return {"variant": self.rules.variant, "rules": self.rules.overrides(), "first_dealer": self.first_dealer,
                "hands": list(self.records)}

    @classmethod
    def from_dict(cls, data: dict) -> Game:
        rules = Rules.from_preset(data["variant"], data.get("rules") or {})
        return cls.from_records(rules, data["first_dealer"], data.get("hands") or [])
