"""A reviewed decision judged with every tile known: the solver's value of each legal action, and whether
the seat's side could have made a point bid it made or passed (``review`` calls these within its budget).
"""

from __future__ import annotations

import time
from typing import Any

from engine import Hand, read_record
from engine.contracts import Goal
from engine.phases import Phase

from .fastsolve import encode_lead
from .review_verdicts import BidVerdict, SolverVerdict, Step
from .solver import Position, Problem, Workspace

MAX_SOLVE_TILES = 30  # as the strong player: deeper positions (the Big Game's first tricks) are not solved
NODES_PER_SECOND = 4_000_000  # under the solver's measured speed on a shared machine
NOT_IN_TIME = "not analysed in time"


def _moves(hand: Hand) -> dict[str, int]:
    """Legal plays as action text -> solver move (a declared lead encoded as such)."""
    out: dict[str, int] = {}
    held = hand.held[hand.turn] if hand.turn is not None else 0
    for text in hand.legal_actions():
        name, _, suit = text.partition("/")
        tid = hand.ts.id_of(name, held)
        out[text] = encode_lead(tid, int(suit)) if suit else tid
    return out


def _tiles_left(hand: Hand) -> int:
    return sum(bin(hand.held[s]).count("1") for s in range(hand.players) if not hand.sitting_out >> s & 1)


def _solvable(hand: Hand) -> str:
    """Why the solver cannot judge this position ("" if it can)."""
    if len(hand.seats_out) > 1:
        return "several seats sit out: not solved"
    if _tiles_left(hand) > MAX_SOLVE_TILES:
        return "too early in a long hand to solve"
    return ""


def _problem(hand: Hand, workspace: Workspace) -> Problem:
    assert hand.contract is not None and hand.bidder is not None
    return Problem(hand.rules, hand.contract, hand.bidder, hand.out, hand.goal != Goal.POINTS, workspace)


def need(hand: Hand) -> int:
    """What the scoring side's value from here must reach for the bid to be made (Nello: must stay under)."""
    assert hand.high is not None and hand.bidder is not None
    if hand.goal == Goal.NO_TRICK:
        return 1
    if hand.goal == Goal.EVERY_TRICK:
        return hand.lay.hand_size - len(hand.tricks)
    return hand.high.level - hand.points[hand.team[hand.bidder]]


def _made(hand: Hand, value: int) -> bool:
    return value < 1 if hand.goal == Goal.NO_TRICK else value >= need(hand)


def _limit(seconds: float) -> int:
    return max(20_000, int(min(seconds, 1.0) * NODES_PER_SECOND))


def solve(step: Step, workspace: Workspace, left: float) -> tuple[SolverVerdict | None, str]:
    hand = step.hand
    if hand.phase == Phase.PLAY:
        return _solve_play(hand, step.action, workspace, left)
    if hand.phase == Phase.CONTRACT:
        return _solve_contract(hand, step.action, workspace, left)
    return None, ""


def _solve_play(
    hand: Hand, chosen: str, workspace: Workspace, left: float
) -> tuple[SolverVerdict | None, str]:
    why = _solvable(hand)
    if why:
        return None, why
    assert hand.turn is not None
    prob = _problem(hand, workspace)
    moves = _moves(hand)
    pos = Position(
        list(hand.held), list(zip(hand.trick_seats, hand.trick, strict=True)), hand.lead, hand.turn
    )
    values = prob.move_values(pos, list(moves.values()), node_limit=_limit(left))
    if values is None:
        return None, NOT_IN_TIME
    by_action = dict(zip(moves, values, strict=True))
    unit = "points" if hand.goal == Goal.POINTS else "tricks"
    return _verdict(hand, unit, by_action, chosen, bool(prob.max_side[hand.turn]), _made), ""


def _solve_contract(
    hand: Hand, chosen: str, workspace: Workspace, left: float
) -> tuple[SolverVerdict | None, str]:
    """Each legal contract made or set against best defence, every hand known (the declarer leading)."""
    results: dict[str, int] = {}
    deadline = time.perf_counter() + left
    for text in hand.legal_actions():
        after = hand.apply(text)
        if after.phase != Phase.PLAY:
            return None, "the widow comes after the contract: not solved"
        why = _solvable(after)
        if why:
            return None, why
        made = _makes(after, workspace, deadline - time.perf_counter())
        if made is None:
            return None, NOT_IN_TIME
        results[text] = int(made)
    return _verdict(hand, "result", results, chosen, True, lambda _h, v: bool(v)), ""


def judge_bids(
    steps: list[Step],
    record: dict[str, Any],
    final: Hand,
    seat: int,
    workspace: Workspace,
    deadline: float,
    clock: Any,
) -> None:
    """Each point bid or pass of the seat judged with every tile known: could the seat's side, the seat
    declaring, make that bid (a pass: the lowest bid)? One search per level and contract, kept for the
    hand; the contract's own judgement is reused where the seat won the bid at that level."""
    known: dict[int, tuple[str, ...]] = {}
    judged = next((s.solver for s in steps if s.key == "contract" and s.solver is not None), None)
    won = final.high.text() if final.high is not None else ""
    if judged is not None and won.isdigit():
        known[int(won)] = tuple(a for a, v in judged.values.items() if v)
    for step in steps:
        if step.hand.phase != Phase.AUCTION or not (step.action.isdigit() or step.action == "pass"):
            continue
        level = int(step.action) if step.action.isdigit() else step.hand.lay.min_bid
        if level not in known:
            if clock() >= deadline:
                step.note = step.note or NOT_IN_TIME
                continue
            found, why = _makes_at(record, seat, level, workspace, deadline - clock())
            if found is None:
                step.note = step.note or why
                continue
            known[level] = found
        reused = judged is not None and won == str(level)
        step.bid = BidVerdict(level, known[level], reused)


def _makes_at(
    record: dict[str, Any], seat: int, level: int, workspace: Workspace, left: float
) -> tuple[tuple[str, ...] | None, str]:
    """The first contract (in the order the rules offer them) with which ``seat``, bidding ``level`` alone in an auction
    otherwise of passes, makes against best defence, every hand known; () if none does."""
    start = time.perf_counter()
    order = [(record["dealer"] + 1 + i) % len(record["deal"]) for i in range(len(record["deal"]))]
    calls = [str(level) if s == seat else "pass" for s in order[: order.index(seat) + 1]]
    calls += ["pass"] * (len(order) - len(calls))
    try:
        hand = read_record({**record, "calls": calls, "exchange": {}, "contract": None, "plays": []})
    except ValueError:
        return None, "this bid cannot be judged here"
    if hand.phase != Phase.CONTRACT or hand.declarer != seat:
        return None, "this bid cannot be judged here"
    for text in hand.legal_actions():
        after = hand.apply(text)
        if after.phase != Phase.PLAY or _solvable(after) or after.goal != Goal.POINTS:
            continue
        made = _makes(after, workspace, left - (time.perf_counter() - start))
        if made is None:
            return None, NOT_IN_TIME
        if made:
            return (text,), ""
    return (), ""


def _makes(after: Hand, workspace: Workspace, left: float) -> bool | None:
    """Whether the contract just named makes against best defence, every hand known (a null-window search
    at the bid: cheaper than the full value); None if not searched in ``left`` seconds."""
    prob = _problem(after, workspace)
    goal = need(after)
    assert after.turn is not None
    pos = Position(list(after.held), [], -1, after.turn)
    values = prob.move_values(pos, list(_moves(after).values()), goal - 1, goal, node_limit=_limit(left))
    if values is None:
        return None
    return _made(after, max(values) if prob.max_side[after.turn] else min(values))


def _verdict(
    hand: Hand, unit: str, values: dict[str, int], chosen: str, maximise: bool, made: Any
) -> SolverVerdict:
    """The best action for the decider (the chosen one when it is among the best) and the cost."""
    pick = max if maximise else min
    top = pick(values.values())
    best = chosen if values[chosen] == top else next(a for a, v in values.items() if v == top)
    cost = abs(top - values[chosen])
    return SolverVerdict(unit, values, chosen, best, cost, made(hand, values[chosen]), made(hand, top))
