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
from dataclasses import dataclass, field
from typing import Any

from engine import Hand, read_record, view_for
from engine.contracts import Goal
from engine.phases import Phase

from .fastsolve import encode_lead
from .solver import Position, Problem, Workspace

DEFAULT_BUDGET_S = 1.5
MAX_SOLVE_TILES = 30  # as the strong player: deeper positions (the Big Game's first tricks) are not solved
STRONG_SHARE_CAP_S = 0.3  # the live strong player's own default budget
MIN_STRONG_S = 0.02
NODES_PER_SECOND = 4_000_000  # under the solver's measured speed on a shared machine


class ReviewError(ValueError):
    """The record cannot be reviewed (in progress, unreadable, or the seat did not play)."""


@dataclass(frozen=True)
class SolverVerdict:
    """What perfect play says of one decision, every tile known.

    ``values`` maps each legal action to the value for the scoring side under best play from there:
    ``unit`` points or tricks (the bidders' side; Nello: the bidder's tricks), or, for the contract, 1 if
    the contract makes against best defence and 0 if not (``unit`` "result"). ``cost`` is what the chosen
    action gave away against ``best`` (0: it was as good as any), seen from the decider's side.
    ``made_after`` / ``made_best``: whether the bid is made under best play after the chosen / best action.
    """

    unit: str
    values: dict[str, int]
    chosen: str
    best: str
    cost: int
    made_after: bool | None
    made_best: bool | None


@dataclass(frozen=True)
class BidVerdict:
    """What perfect play says of a point bid or a pass, every tile known: whether the decider's side,
    bidding ``level`` with the decider declaring and leading, could make it, and with which contracts.

    A pass is judged at the lowest bid. ``makes`` lists the contracts found to make (the first found when
    ``reused`` is False: the search stops there); empty if none makes. ``reused``: read from the
    contract's own judgement (the decider won the bid at this level), so every contract was tried.
    """

    level: int
    makes: tuple[str, ...]
    reused: bool = False


@dataclass(frozen=True)
class StrongVerdict:
    """The strong player's choice from the decider's own view, and its estimate (a chance, 0..1, or None)."""

    action: str
    estimate: float | None


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: its ``key`` ("call:3", "contract", "exchange", "play:12"), the
    phase, the trick it belongs to (plays), what was done and what was legal, and the two verdicts.

    ``note`` says why a verdict is missing ("only move", "not analysed in time", ...).
    """

    key: str
    phase: str
    trick: int | None
    action: str
    legal: tuple[str, ...]
    solver: SolverVerdict | None = None
    strong: StrongVerdict | None = None
    note: str = ""
    hinted: bool = False
    bid: BidVerdict | None = None


@dataclass(frozen=True)
class HandReview:
    """The review of one finished hand for ``seat``."""

    seat: int
    decisions: tuple[Decision, ...]
    complete: bool  # every decision was analysed within the budget
    seconds: float = field(default=0.0, compare=False)


@dataclass
class _Step:
    key: str
    hand: Hand
    action: str
    solver: SolverVerdict | None = None
    strong: StrongVerdict | None = None
    note: str = ""
    bid: BidVerdict | None = None


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
        step.solver, why = _solve(step, workspace, deadline - clock())
        step.note = why or step.note
    _judge_bids(steps, record, final, seat, workspace, deadline, clock)
    _ask_strong(steps, seat, seed, strong_samples, deadline, clock)
    decisions = tuple(_decision(step, hinted) for step in steps)
    complete = all(d.note != NOT_IN_TIME for d in decisions)
    return HandReview(seat, decisions, complete, clock() - start)


NOT_IN_TIME = "not analysed in time"


def _steps(record: dict[str, Any], final: Hand, seat: int) -> list[_Step]:
    """The seat's decisions, each with the hand as it stood just before it (rebuilt from a shortened
    record, so every position is one the rules reached)."""
    steps: list[_Step] = []
    calls = list(record.get("calls") or [])
    plays = list(record.get("plays") or [])
    bare = {**record, "exchange": {}, "contract": None, "plays": []}
    for i, call in enumerate(calls):
        hand = read_record({**bare, "calls": calls[:i]})
        if hand.turn == seat:
            steps.append(_Step(f"call:{i}", hand, call))
    if final.contract is not None and final.declarer == seat:
        lay = final.rules.layout
        before = {**record, "contract": None, "plays": []}
        if lay.contract_first:
            before["exchange"] = {}
        elif final.rules.exchange is not None:  # the exchange was over before the contract, a kept widow too
            before["exchange"] = {**(record.get("exchange") or {}), "done": True}
        hand = read_record(before)
        if hand.phase == Phase.CONTRACT:
            steps.append(_Step("contract", hand, final.contract_text() or ""))
    if final.bidder == seat and (final.taken or final.discarded):  # listed, not judged
        names = final.ts.names
        took = ", ".join(names[t] for t in final.taken) or "nothing"
        laid = ", ".join(names[t] for t in final.discarded) or "nothing"
        steps.append(
            _Step("exchange", final, f"took {took}, discarded {laid}", note="the exchange is not analysed")
        )
    for k, play in enumerate(plays):
        hand = read_record({**record, "plays": plays[:k]})
        if hand.turn == seat:
            steps.append(_Step(f"play:{k}", hand, play))
    return steps


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


def _need(hand: Hand) -> int:
    """What the scoring side's value from here must reach for the bid to be made (Nello: must stay under)."""
    assert hand.high is not None and hand.bidder is not None
    if hand.goal == Goal.NO_TRICK:
        return 1
    if hand.goal == Goal.EVERY_TRICK:
        return hand.lay.hand_size - len(hand.tricks)
    return hand.high.level - hand.points[hand.team[hand.bidder]]


def _made(hand: Hand, value: int) -> bool:
    return value < 1 if hand.goal == Goal.NO_TRICK else value >= _need(hand)


def _limit(seconds: float) -> int:
    return max(20_000, int(min(seconds, 1.0) * NODES_PER_SECOND))


def _solve(step: _Step, workspace: Workspace, left: float) -> tuple[SolverVerdict | None, str]:
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


def _judge_bids(
    steps: list[_Step],
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
    need = _need(after)
    assert after.turn is not None
    pos = Position(list(after.held), [], -1, after.turn)
    values = prob.move_values(pos, list(_moves(after).values()), need - 1, need, node_limit=_limit(left))
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


def _ask_strong(
    steps: list[_Step], seat: int, seed: int, samples: int | None, deadline: float, clock: Any
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
            view_for(step.hand, seat), seed=seed + i, budget_s=min(share, STRONG_SHARE_CAP_S), samples=samples
        )


def advise(
    view: Any, *, seed: int = 0, budget_s: float = STRONG_SHARE_CAP_S, samples: int | None = None
) -> StrongVerdict:
    """A hint: the strong player's choice from ``view`` (one seat's own view) and its estimate."""
    from . import bidding
    from .situation import read
    from .strong import StrongPlayer

    player = StrongPlayer(seed, samples=samples) if samples is not None else StrongPlayer(seed, budget_s)
    action = player.choose(view)
    estimate = player.last_value
    if view.get("phase") == Phase.AUCTION:
        estimate = _bid_chance(bidding, read(view), action)
    return StrongVerdict(action, estimate)


def _bid_chance(bidding: Any, sit: Any, action: str) -> float | None:
    """The bidding table's chance of making a point bid with the best trump (None: pass, or no table)."""
    if not action.isdigit() or not bidding.applies(sit):
        return None
    return bidding.best_chance(sit, int(action))


def _decision(step: _Step, hinted: frozenset[str]) -> Decision:
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
