"""Settling a hand and scoring it (RULES.md §5, §7): when the result is certain, what each side is awarded,
and who has won the game. Variants with other scoring (Moon) override ``Variant.award``/``winner`` and may
use the pieces here.
"""

from __future__ import annotations

from .contracts import Goal
from .layout import TableRules
from .phases import DONE
from .state import HandState

NO_TRICK, EVERY_TRICK, POINTS = Goal.NO_TRICK, Goal.EVERY_TRICK, Goal.POINTS


def settle(hand: HandState, winner: int | None) -> None:
    """Decide ``hand.made`` as soon as the result is certain (RULES.md §5). ``winner`` is the seat that won
    the trick just finished, or None after points scored outside a trick (Seventy-two's discards)."""
    if hand.made is not None:
        return
    goal = hand.goal
    last = len(hand.tricks) == hand.lay.hand_size
    if goal == NO_TRICK:
        if winner == hand.bidder:
            hand.made = False
        elif last:
            hand.made = True
    elif goal == EVERY_TRICK:
        if winner is not None and hand.team[winner] != hand.team[hand.bidder]:  # type: ignore[index]
            hand.made = False
        elif last:
            hand.made = True
    else:
        taken = hand.points[hand.team[hand.bidder]]  # type: ignore[index]  # a hand in play has a bidder
        level = hand.high.level  # type: ignore[union-attr]
        if taken >= level:
            hand.made = True
        elif sum(hand.points) - taken > hand.lay.total - level:
            hand.made = False


def stop_if_decided(hand: HandState) -> bool:
    """End the hand once its result is certain, where the table stops then (marks, no ``play_out``)."""
    if hand.made is None:
        return False
    options = hand.rules.options
    if options.scoring == "marks" and not options.play_out:
        hand.phase, hand.turn, hand.complete = DONE, None, True
        return True
    return False


def team_award(hand: HandState) -> list[int]:
    """Marks or points per team (per player where each plays alone) for a complete hand that was bid.

    Marks: a point bid 1 mark, others their marks, to the bidders if made, else to each defending side.
    Points: a point bid made scores the points taken (or the bid); the defenders score what they took, plus
    the bid if they set it. Every-trick and Nello contracts score marks x the hand's total to the winners.
    """
    assert hand.high is not None and hand.bidder is not None and hand.contract is not None
    rules = hand.rules
    teams = rules.layout.seating.teams
    bidders = hand.team[hand.bidder]
    out = [0] * teams
    if rules.options.scoring == "marks":
        value = hand.high.marks_at_stake
        for t in range(teams):
            if (t == bidders) == hand.made:
                out[t] = value
        return out
    if hand.goal == POINTS:
        bid = hand.high.level
        for t in range(teams):
            if t == bidders:
                out[t] = (hand.points[t] if rules.options.made_scores == "taken" else bid) if hand.made else 0
            else:
                out[t] = hand.points[t] + (0 if hand.made else bid)
        return out
    value = hand.high.marks_at_stake * rules.layout.total
    for t in range(teams):
        if (t == bidders) == hand.made:
            out[t] = value
    return out


def team_winner(
    rules: TableRules, before: tuple[int, ...], after: tuple[int, ...], hand: HandState
) -> int | None:
    """The team that has won: at the target and ``win_by`` ahead of every other. When two or more cross the
    target on the same hand the bidders win if they made their bid (RULES.md §7, 002)."""
    target, win_by = rules.options.target, rules.options.win_by
    over = [t for t, s in enumerate(after) if s >= target]
    if not over:
        return None
    assert hand.bidder is not None
    bidders = hand.team[hand.bidder]
    crossed = [t for t in over if before[t] < target]
    if len(over) > 1 and len(crossed) > 1 and hand.made and bidders in crossed:
        return bidders
    best = max(range(len(after)), key=lambda t: after[t])
    if after[best] >= target and all(after[best] - s >= win_by for t, s in enumerate(after) if t != best):
        return best
    return None
