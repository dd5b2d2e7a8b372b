"""How the game score should bend bidding: when the opponents can win the game with the next hand they
win or set, passing hands them the bid; a bid that makes stops them, one that fails loses no more than
passing would. So a bidder under that threat accepts a smaller chance of making."""

from __future__ import annotations

from .situation import Situation

URGENT = 1.0


def pressure(sit: Situation) -> float:
    """1.0 when some opponent is within one hand of the target, else 0.0 (no score in the view: 0.0)."""
    score = sit.view.get("score") or {}
    if not score:
        return 0.0
    unit, scores = next(iter(score.items()))
    target = sit.rules.target
    one_hand = 1 if unit == "marks" else sit.rules.layout.total  # the most one hand usually brings
    mine = sit.team(sit.seat)
    for team, points in enumerate(scores):
        if team != mine and target - points <= one_hand:
            return URGENT
    return 0.0
