"""What the seat to play is after, and its legal plays, in the search's terms (shared by the search and
the fast policy)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.calls import POINTS, parse_call
from engine.contracts import NELLO, SEVENS

from .fastsolve import encode_lead
from .situation import Situation


def play_moves(sit: Situation) -> dict[int, str]:
    """Legal plays as solver move -> action text, declared leads ("7-3/3") included."""
    out = {}
    for text in sit.view["legal"]:
        name, _, suit = text.partition("/")
        tid = sit.ts.id_of(name, sit.mine)
        out[encode_lead(tid, int(suit)) if suit else tid] = text
    return out


def every_trick(sit: Situation) -> bool:
    """Whether only tricks count: mark bids, Plunge, Splash, Sevens (Nello counts the bidder's tricks)."""
    bid_call = parse_call(sit.view["bid"], sit.rules)
    return bid_call.kind != POINTS or sit.named.kind == SEVENS


def need_of(sit: Situation, every: bool) -> int:
    """What the maximising side must still take from here for its goal (in the solver's units)."""
    if sit.named.kind == NELLO:
        return 1  # the defenders need the bidder to take one trick
    if every:
        return sit.rules.layout.hand_size - len(sit.view.get("tricks") or [])
    bid_call = parse_call(sit.view["bid"], sit.rules)
    assert sit.bidder is not None
    taken = sit.view["points"][sit.team(sit.bidder)]
    return bid_call.level - taken


@dataclass(frozen=True)
class MoverGoal:
    """The seat to play's goal: ``need`` is what the maximising side must still take; ``maximiser``
    whether this seat is on that side (Nello's defenders maximise); ``every_trick`` whether only tricks
    count."""

    need: int
    maximiser: bool
    every_trick: bool


def mover_goal(sit: Situation) -> MoverGoal:
    """The goal of the seat to play, as the strong player's search sees it."""
    every = every_trick(sit)
    bidder = sit.bidder
    assert bidder is not None
    if sit.named.kind == NELLO:
        maximiser = sit.seat != bidder
    else:
        maximiser = sit.team(sit.seat) == sit.team(bidder)
    return MoverGoal(need_of(sit, every), maximiser, every)
