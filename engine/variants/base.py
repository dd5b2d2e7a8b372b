"""What every rule system is: a ``Variant`` whose hooks have the standard game as their default (the way
python-chess's ``chess/variant.py`` overrides a few methods of the board and nothing else).

A variant builds its table's figures (``layout``, data the hot paths read), names its presets and its way
of exchanging with a widow, and overrides hooks at the hand's edges only: how its calls and contracts are
spelled and read, which calls are legal and why one is refused, the award, the winner of a game, and the
rules in words (``Describer``). A new game is one module in this package with a ``Variant`` subclass and
its presets.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import auction, scoring
from ..calls import Call, CallKind, suit_word
from ..contracts import COUNT, NELLO, SEVENS, Contract, legal_contracts, read_contract
from ..describe import Describer
from ..exchange import ExchangeRule
from ..layout import Layout, TableRules
from ..options import GameOptions, Options
from ..state import HandState


@dataclass(frozen=True)
class Preset:
    """A name a table is created from: a variant plus the option defaults it sets (RULES.md §9–§10)."""

    name: str
    title: str
    variant: Variant
    defaults: Mapping[str, Any] = field(default_factory=dict)


class Variant(Describer):
    """A rule system. Subclasses set the class attributes, build the layout, and override hooks."""

    title = "Standard 42"
    game = GameOptions("Standard 42")
    exchange: ExchangeRule | None = None  # how the bid winner exchanges, where the layout deals a widow

    def layout(self, options: Options) -> Layout:
        """The table's figures under ``options``."""
        raise NotImplementedError

    def presets(self) -> list[Preset]:
        """The presets built on this variant."""
        raise NotImplementedError

    def exchange_rule(self, layout: Layout) -> ExchangeRule | None:
        """How the bid winner exchanges with the widow or kitty the layout deals; None without one."""
        return self.exchange if layout.widow_size else None

    # --- hooks, with the standard game as default -------------------------------------------------------

    def parse_call(self, text: str, rules: TableRules) -> Call:
        """Read a call as this game spells it; IllegalAction if it is none (HAND-RECORD.md ``calls``)."""
        return auction.read_call(text, rules)

    def legal_calls(self, hand: HandState) -> list[Call]:
        """Every call the seat to act may make."""
        return auction.standard_calls(hand)

    def why_not_call(self, hand: HandState, call: Call) -> str:
        """Why ``call`` is not legal now, in a sentence a player understands."""
        return auction.refusal(hand, call)

    def parse_contract(self, text: str, rules: TableRules) -> Contract:
        """Read a contract as this game spells it (its name for Nello too); IllegalAction if it is none."""
        return read_contract(text, rules, self.nello_word)

    def why_not_contract(self, hand: HandState, contract: Contract, legal: list[Contract]) -> str:
        """Why the declarer may not name ``contract`` (``legal`` are those he may)."""
        high = hand.high
        assert high is not None
        rules, lay = hand.rules, hand.lay
        name = contract.title()
        o = rules.options
        special = contract.kind in (NELLO, SEVENS)
        if lay.bids_name_trump and high.trump is not None:
            return f"the bid named {suit_word(high.trump)} as trump: the contract must be that suit"
        if special and high.special:
            return f"after {high.title()} the partner names trumps, doubles or follow-me, not {name}"
        one_mark = Call(CallKind.MARKS, lay.one_mark, 1)
        if (
            special
            and high.level < lay.one_mark
            and any(c.kind == contract.kind for c in legal_contracts(rules, one_mark, True))
        ):
            return f"{name} needs {self.one_mark_words(lay)}"
        if contract.kind == NELLO and o.nello != "off" and any(c.kind == NELLO for c in legal):
            choices = [*o.nello_doubles, *(["a number low"] if o.nello_low else [])]
            return f"this table does not allow {name}: doubles may be " + ", ".join(choices)
        if contract.kind == COUNT and lay.count_trump_at and o.count_trump:
            return f"count may be named only on a winning bid of {lay.count_trump_at}"
        return f"{name} is not played at this table"

    def counted_marks(self, bid: Call, layout: Layout) -> int:
        """The marks a winning bid counts as, for stacking (RULES.md §11): 0 for a point bid under 1 mark."""
        return max(bid.marks, 1 if bid.level >= layout.one_mark else 0)

    def award(self, hand: HandState) -> list[int]:
        """Marks or points per team for a complete hand that was bid."""
        return scoring.team_award(hand)

    def winner(
        self, rules: TableRules, before: tuple[int, ...], after: tuple[int, ...], hand: HandState
    ) -> int | None:
        """The team that has won the game after ``hand`` (scores ``before`` and ``after`` it), or None."""
        return scoring.team_winner(rules, before, after, hand)
