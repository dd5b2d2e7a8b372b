"""A game: hands to the target (RULES.md §7), the deal passing clockwise, per-team totals, a winner."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from . import record
from .errors import RecordError
from .hand import Hand
from .rules import Rules


@dataclass(frozen=True)
class Game:
    """The score of a game and the records of its finished hands. Immutable: methods return new games."""

    rules: Rules
    first_dealer: int
    records: tuple[dict[str, Any], ...] = ()
    scores: tuple[int, ...] = ()
    winner: int | None = None

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
        winner = self.rules.variant.winner(self.rules, self.scores, scores, hand) if award else None
        return Game(self.rules, self.first_dealer, (*self.records, record.write(hand)), scores, winner)

    @classmethod
    def from_records(cls, rules: Rules, first_dealer: int, records: list[dict[str, Any]]) -> Game:
        """Rebuild a game from its finished hands' records (each replayed through the rules)."""
        game = cls(rules, first_dealer, (), (0,) * rules.teams)
        for i, data in enumerate(records):
            hand = record.read(data)
            if not hand.complete:
                raise RecordError(f"hand {i + 1} of the game is not finished", {"hand": i})
            try:
                game = game.record_hand(hand)
            except ValueError as e:
                raise RecordError(f"hand {i + 1}: {e}", {"hand": i}) from None
        return game

    def to_dict(self) -> dict[str, Any]:
        """Rules, first dealer and hand records: enough to rebuild the game."""
        return {
            "variant": self.rules.preset,
            "rules": self.rules.overrides(),
            "first_dealer": self.first_dealer,
            "hands": list(self.records),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """Rebuild a game from ``to_dict``'s data."""
        rules = Rules.from_preset(data["variant"], data.get("rules") or {})
        return cls.from_records(rules, data["first_dealer"], data.get("hands") or [])
