"""A finished hand reviewed for one seat: each of that seat's decisions, judged twice.

- **With everything known** (the solver): every tile in every hand is known, so the value of each legal
  move under best play by all is exact. A decision's *cost* is how much less than the best move it left
  the player's side (in points, or in tricks where only tricks count: mark bids, Plunge, Sevens, Nello),
  and whether it turned a made bid into a set or the other way round. A point bid or a pass is judged by
  whether the seat's side, the seat declaring, could make that bid (a pass: the lowest bid) with any contract.
- **With only what the player saw** (the strong player): what it would have chosen from the player's own
  view, and its estimate (its chance of making, or setting, the bid).

The review reads only a hand record (HAND-RECORD.md) and refuses one still in progress. It works within a
time budget: the solver first (cheap), then the strong player, each decision getting a share of what is
left; whatever the budget does not reach is marked so. The result is plain data, the same for the same
record, seat, seed and sample count, so callers can cache it.
"""

from __future__ import annotations

import time
from typing import Any

from engine import Hand, read_record, view_for
from engine.phases import Phase

from .reasons import BidReason, PlayReason, explain_bid, explain_play
from .review_solve import NOT_IN_TIME, judge_bids, solve
from .review_verdicts import BidVerdict, Decision, HandReview, ReviewError, SolverVerdict, Step, StrongVerdict
from .situation import read
from .solver import Workspace

DEFAULT_BUDGET_S = 1.5
STRONG_SHARE_CAP_S = 0.3  # the live strong player's own default budget
MIN_STRONG_S = 0.02


def decision_key(hand: Hand) -> str:
    """The key of the decision the seat to act faces now (as a review names it)."""
    if hand.phase == Phase.AUCTION:
        return f"call:{len(hand.calls)}"
    if hand.phase == Phase.PLAY:
        return f"play:{len(hand.plays)}"
    return str(hand.phase)


def review_hand(
    record: dict[str, Any],
    seat: int,
    *,
    budget_s: float = DEFAULT_BUDGET_S,
    seed: int = 0,
    strong_samples: int | None = None,
    hinted: frozenset[str] = frozenset(),
    clock: Any = time.perf_counter,
) -> HandReview:
    """Review finished hand ``record`` for ``seat`` within ``budget_s`` seconds.

    ``strong_samples`` fixes the strong player's work per decision (reproducible, for tests) instead of a
    share of the time left. ``hinted`` lists the keys of decisions where the player was shown a hint.
    """
    start = clock()
    deadline = start + budget_s
    try:
        final = read_record(record)
    except ValueError as error:
        raise ReviewError(f"this hand's record cannot be read: {error}") from None
    if not final.complete:
        raise ReviewError("this hand is still being played: it can be reviewed once it is over")
    if not 0 <= seat < final.players:
        raise ReviewError(f"there is no seat {seat} at this table")
    steps = _steps(record, final, seat)
    workspace = Workspace()
    for step in steps:
        if step.key == "exchange" or (
            len(step.hand.legal_actions()) < 2 and step.hand.phase != Phase.CONTRACT
        ):
            continue
        if step.hand.phase == Phase.AUCTION:
            continue  # judged after the plays (below): the costlier solves come last in the budget
        if clock() >= deadline:
            step.note = NOT_IN_TIME
            continue
        step.solver, why = solve(step, workspace, deadline - clock())
        step.note = why or step.note
    judge_bids(steps, record, final, seat, workspace, deadline, clock)
    _ask_strong(steps, seat, seed, strong_samples, deadline, clock)
    decisions = tuple(_decision(step, hinted) for step in steps)
    complete = all(d.note != NOT_IN_TIME for d in decisions)
    return HandReview(seat, decisions, complete, clock() - start)


def _steps(record: dict[str, Any], final: Hand, seat: int) -> list[Step]:
    """The seat's decisions, each with the hand as it stood just before it (rebuilt from a shortened
    record, so every position is one the rules reached)."""
    steps: list[Step] = []
    calls = list(record.get("calls") or [])
    plays = list(record.get("plays") or [])
    bare = {**record, "exchange": {}, "contract": None, "plays": []}
    for i, call in enumerate(calls):
        hand = read_record({**bare, "calls": calls[:i]})
        if hand.turn == seat:
            steps.append(Step(f"call:{i}", hand, call))
    if final.contract is not None and final.declarer == seat:
        lay = final.rules.layout
        before = {**record, "contract": None, "plays": []}
        if lay.contract_first:
            before["exchange"] = {}
        elif final.rules.exchange is not None:  # the exchange was over before the contract, a kept widow too
            before["exchange"] = {**(record.get("exchange") or {}), "done": True}
        hand = read_record(before)
        if hand.phase == Phase.CONTRACT:
            steps.append(Step("contract", hand, final.contract_text() or ""))
    if final.bidder == seat and (final.taken or final.discarded):  # listed, not judged
        names = final.ts.names
        took = ", ".join(names[t] for t in final.taken) or "nothing"
        laid = ", ".join(names[t] for t in final.discarded) or "nothing"
        steps.append(
            Step("exchange", final, f"took {took}, discarded {laid}", note="the exchange is not analysed")
        )
    for k, play in enumerate(plays):
        hand = read_record({**record, "plays": plays[:k]})
        if hand.turn == seat:
            steps.append(Step(f"play:{k}", hand, play))
    return steps


def _ask_strong(
    steps: list[Step], seat: int, seed: int, samples: int | None, deadline: float, clock: Any
) -> None:
    """The strong player's choice at each decision with a choice, from the seat's own view."""
    open_steps = [s for s in steps if s.key != "exchange" and len(s.hand.legal_actions()) > 1]
    for i, step in enumerate(open_steps):
        left = deadline - clock()
        share = left / (len(open_steps) - i)
        if samples is None and share < MIN_STRONG_S:
            step.note = step.note or NOT_IN_TIME
            continue
        step.strong = advise(
            view_for(step.hand, seat),
            seed=seed + i,
            budget_s=min(share, STRONG_SHARE_CAP_S),
            samples=samples,
            compare=step.action,
        )


def advise(
    view: Any,
    *,
    seed: int = 0,
    budget_s: float = STRONG_SHARE_CAP_S,
    samples: int | None = None,
    compare: str | None = None,
) -> StrongVerdict:
    """A hint: the strong player's choice from ``view`` (one seat's own view), its estimate and why
    (``reasons``); ``compare``: the action the player took, to set against the choice in a review."""
    from . import bidding
    from .strong import StrongPlayer

    player = StrongPlayer(seed, samples=samples) if samples is not None else StrongPlayer(seed, budget_s)
    action = player.choose(view)
    estimate = player.last_value
    reason: PlayReason | BidReason | None = None
    phase = view.get("phase")
    if phase == Phase.AUCTION:
        estimate = _bid_chance(bidding, read(view), action)
        reason = explain_bid(view, action)
    elif phase == Phase.PLAY and view.get("contract"):
        reason = explain_play(view, action, player.last_figures, compare)
    return StrongVerdict(action, estimate, reason)


def _bid_chance(bidding: Any, sit: Any, action: str) -> float | None:
    """The bidding table's chance of making a point bid with the best trump (None: pass, or no table)."""
    if not action.isdigit() or not bidding.applies(sit):
        return None
    return bidding.best_chance(sit, int(action))


def _decision(step: Step, hinted: frozenset[str]) -> Decision:
    hand = step.hand
    legal = tuple(hand.legal_actions())
    note = step.note
    if len(legal) == 1 and not note:
        note = "only move"
    trick = len(hand.tricks) if hand.phase == Phase.PLAY else None
    return Decision(
        step.key,
        str(hand.phase),
        trick,
        step.action,
        legal,
        step.solver,
        step.strong,
        note,
        step.key in hinted,
        step.bid,
    )


# the review's public face: its verdicts are defined in ``review_verdicts``
__all__ = [
    "DEFAULT_BUDGET_S",
    "NOT_IN_TIME",
    "BidVerdict",
    "Decision",
    "HandReview",
    "ReviewError",
    "SolverVerdict",
    "StrongVerdict",
    "advise",
    "decision_key",
    "review_hand",
]
