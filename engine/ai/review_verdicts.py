"""What a hand review says of each decision: the verdicts, as plain data (``review`` builds them)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import Hand

from .reasons import BidReason, PlayReason


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
    """The strong player's choice from the decider's own view, its estimate (a chance, 0..1, or None) and
    why (``reasons``: for a tile, compared with the tile played where they differ; for a call, the hand's
    best trump and the table's chance)."""

    action: str
    estimate: float | None
    reason: PlayReason | BidReason | None = None


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
class Step:
    """A decision of the reviewed seat while its verdicts are being filled in."""

    key: str
    hand: Hand
    action: str
    solver: SolverVerdict | None = None
    strong: StrongVerdict | None = None
    note: str = ""
    bid: BidVerdict | None = None
