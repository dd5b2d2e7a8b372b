"""Laying tiles away after the contract is named (Moon and Seventy-two take the widow then): by the hand
evaluation, for a whole hand of discards at once.

The strong player weighs contracts over sampled deals before it has seen the widow; each sample's widow
joins its hand and ``quick_discards`` lays the same number away, as a bidder would, so the deal it solves
is the one it would play. Where the table guards trumps and count (Seventy-two) only tiles that are
neither go while there are enough of them, as the rule says.
"""

from __future__ import annotations

from engine.contracts import Contract
from engine.rules import Rules
from engine.suits import suit_table

from . import evaluate
from .situation import bits, count_bits


def quick_discards(rules: Rules, contract: Contract, mask: int, k: int) -> int:
    """The ``k`` tiles of ``mask`` whose loss the evaluation under ``contract`` feels least, as a mask."""
    ts = rules.layout.tiles
    rule = rules.exchange
    table = suit_table(ts, contract)
    guarded = table.members[table.trump] if table.trump >= 0 else 0
    for t in bits(mask):
        if ts.points[t]:
            guarded |= 1 << t
    out = 0
    for _ in range(k):
        left = mask & ~out
        plain = left & ~guarded
        choices = (
            plain
            if rule is not None and rule.scores_discards and count_bits(plain) >= k - count_bits(out)
            else left
        )
        # keep the hand's strength; among equals lay away the cheapest (no count to give up)
        best = max(
            bits(choices),
            key=lambda t: (evaluate.tricks(rules, contract, left & ~(1 << t)), -ts.points[t], -t),
        )
        out |= 1 << best
    return out
