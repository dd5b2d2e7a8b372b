"""The strong computer player: sample the hidden tiles, solve each sample, keep the move that most often
makes (or sets) the bid, with expected points as the tie-break.

Anytime: samples are drawn and solved until the time budget is spent (each solve has a node limit, so a
hard cap holds). Where the solver cannot help in time (the opening of an eleven-trick Big Game hand, say)
or anything goes wrong, the easy player's choice is used: the strong player never fails to answer legally.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from typing import Any

from engine import view_for
from engine.calls import POINTS, parse_call
from engine.contracts import NELLO, SEVENS, Contract, parse_contract
from engine.rules import Rules

from . import auction_sim, bidding, card_play, easy, learned_bid, sampler, widow
from .fastsolve import encode_lead
from .search_budget import MAX_SAMPLES, MIN_SAMPLES, node_limit
from .situation import Situation, count_bits, read
from .solver import Position, Problem, thread_problem

MAX_SOLVE_TILES = 30  # with a fixed number of samples (tests) play is searched from this many tiles left
# In play the solver is tried with up to this many tiles left (more: the Big Game's and Eighty-eight's first
# tricks, play easy). Measured (benchmarks/strength.py --variant big-game --deals 600 --seed 2
# [--solve-tiles 30]): at 300 ms only a third of Big Game decisions with 32-35 tiles left solve 4 samples,
# and searching from 35 tiles gave strong +7.1 ± 3.8 points per deal pair over easy against +9.3 ± 3.9
# from 30: no gain, so 300 ms stays at 30. At 1 s over half of those decisions solve (Eighty-eight: all
# already at 300 ms), so longer budgets search from 35; the rest fall back to easy inside the budget.
PLAY_SOLVE_TILES = 30  # at budgets under LONG_BUDGET_S
PLAY_SOLVE_TILES_LONG = 35
LONG_BUDGET_S = 0.6
# Tables whose positions search slower or faster than double-six at four, by (seats, top pip, copies): tiles
# left added to the depth above. Make-or-set tests of random positions (python benchmarks/solve_depth.py,
# 12 per depth, load 8-10 on 2 cores) took at 30 tiles a median 9 ms / p90 21 ms in standard 42, but
# Seventy-two (two sets, a last trick of 3) 65 / 490 ms at 32 and 11 / 250 ms at 28, so it searches from 26
# (8 / 41 ms at 24); eight-seat Eighty-four (a trick is eight tiles) took 0.2 / 69 ms at 36.
DEPTH_BY_SHAPE = {(4, 6, 2): -4, (8, 6, 2): 6}
# how point bids are weighed: "learned" (shipped: the table, with its calls in the default game decided by a
# fit of what such calls earned in rollouts, ``learned_bid``; bidding alone on held-out seed 701, 2,000 deal
# pairs: +0.077 ± 0.028 marks per hand over easy's rules, docs/computer-players.md), "table" (the bidding
# table alone), "sim" (solved samples, where ``auction_sim`` applies) or "mix" (both: ``SIM_SHARE``). sim
# and mix measured no better than the table and cost more ("Tried and taken out"): kept for A/B tests
# (benchmarks/strength.py --bid-by)
BID_BY = "learned"
BID_SAMPLES = 16  # at most, in the time budget
# "mix": this share of the simulation's chance, the rest the table's. The simulation alone rates a hand with
# nothing but its partner's strength too well: perfect information plays the partner's tiles perfectly
SIM_SHARE = 0.75
# how a point bid's contract is chosen where ``auction_sim`` applies: "sampled" (the contract that makes in
# the most solved samples, ``_makes``), "graded" (by how far each sample's solved points clear the bid,
# ``auction_sim.MADE``, on deals that fit the auction) or "easy" (the evaluation's best contract); the
# others measured no better (--declare-by)
DECLARE_BY = "sampled"
# Under this budget no contract of a whole four-seat deal gets MIN_SAMPLES solved deals (a round of four
# contracts at 28 tiles takes about 6 ms of CPU): the declaring is easy's, at once instead of at the deadline
DECLARE_MIN_BUDGET_S = 0.01


class StrongPlayer:
    """Sampling + perfect-information search (see the module docstring).

    Light: a seed, a budget and a clock. The search's memory is the deciding thread's (``solver``).
    ``clock`` measures the budget: wall time by default; the bot passes ``time.thread_time`` so a decision
    gets its CPU time however busy the machine is.
    """

    def __init__(
        self,
        seed: int | None = None,
        budget_s: float = 0.3,
        samples: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ):
        self.rng = random.Random(seed)
        # ``samples`` fixes the work per decision instead of the time: reproducible play for tests
        self.samples = samples
        self.budget = 3600.0 if samples else budget_s
        self.clock = clock
        self.easy = easy.EasyPlayer(seed)
        self.last_value: float | None = None  # the chance of making/setting behind the last decision
        self.last_figures: dict[str, card_play.Figures] = {}  # the last play's search, per tile
        self.raise_errors = False  # tests: a position the search cannot read is an error, not easy's move

    def choose(self, view: Mapping[str, Any]) -> str:
        """One of ``view["legal"]``, within the time budget."""
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        deadline = self.clock() + self.budget
        action: str | None
        try:
            sit = read(view)
            phase = view.get("phase")
            if phase == "play":
                action = self.play(sit, deadline)
            elif phase == "contract":
                action = self.declare(sit, deadline)
            elif phase == "auction":
                action = self.bid(sit, deadline)
            elif phase == "exchange" and sit.contract is not None:
                action = self.discard(sit, deadline)  # the widow after the contract (Moon)
            else:
                action = None
        except Exception:  # a position the search cannot read: the rules of thumb still can
            if self.raise_errors:
                raise
            action = None
        if action is None or action not in legal:
            return self.easy.choose(view)
        return action

    # --- shared ---------------------------------------------------------------------------------------

    def problem(
        self, sit: Situation, contract: Contract, bidder: int, out: tuple[int, ...], every: bool
    ) -> Problem:
        """A solver problem, built once per (rules, contract, seats) in this thread and kept for later."""
        return thread_problem(sit.rules, contract, bidder, out, every)

    # --- play -----------------------------------------------------------------------------------------

    def solve_tiles(self, rules: Rules) -> int:
        """The most tiles left (in the hands of seats that play) at which play is searched: more with a
        longer budget, fewer where the table's positions search slower (``DEPTH_BY_SHAPE``)."""
        lay = rules.layout
        shape = DEPTH_BY_SHAPE.get((lay.players, lay.tiles.top, lay.tiles.copies), 0)
        if self.samples:
            return MAX_SOLVE_TILES + min(0, shape)  # fixed-work tests keep to the fast region
        return (PLAY_SOLVE_TILES_LONG if self.budget >= LONG_BUDGET_S else PLAY_SOLVE_TILES) + shape

    def whole_deals(self, sit: Situation) -> bool:
        """Whether whole deals of this table solve fast enough to weigh contracts and discards on them."""
        lay = sit.rules.layout
        return lay.hand_size * lay.players <= self.solve_tiles(sit.rules)

    def play(self, sit: Situation, deadline: float) -> str | None:
        """The tile that makes (or sets) the contract in the most samples (``card_play``); None to defer
        to easy."""
        return card_play.play(self, sit, deadline)

    # --- auction --------------------------------------------------------------------------------------

    def bid(self, sit: Situation, deadline: float) -> str:
        """The call ``BID_BY`` asks for: the learned rule's (``learned_bid``: the table's, with its calls
        in the default game decided by the fit), or the table's with point bids weighed on solved samples
        where this table allows (``auction_sim``); the table alone where it does not, or time is short."""
        if BID_BY == "learned":
            return learned_bid.bid(sit)
        if BID_BY == "table" or not (auction_sim.applies(sit) and bidding.applies(sit)):
            return bidding.bid(sit)
        values = auction_sim.solved_points(
            sit, self.rng, self.samples or BID_SAMPLES, self.clock, deadline, node_limit
        )
        if values is None:
            return bidding.bid(sit)
        share = 1.0 if BID_BY == "sim" else SIM_SHARE

        def point_chance(level: int) -> float:
            table = bidding.make_chance(sit, parse_call(str(level), sit.rules), False) if share < 1 else 0.0
            return share * auction_sim.chance(values, level) + (1 - share) * table

        return bidding.bid(sit, point_chance=point_chance)

    # --- contract -------------------------------------------------------------------------------------

    def declare(self, sit: Situation, deadline: float) -> str | None:
        """The contract made most often over sampled deals (each solved for this seat leading)."""
        legal = sit.view["legal"]
        if not self.whole_deals(sit):
            # deeper deals (the Big Game, Seventy-two, Geezer, Eighty-eight and Eighty-four) take the table's
            # best contract (None where no table applies: easy declares)
            return bidding.declare(sit)
        contracts = [parse_contract(text, sit.rules) for text in legal]
        bid_call = parse_call(sit.view["bid"], sit.rules)
        candidates = _shortlist(sit, contracts, bid_call)
        if len(candidates) == 1:
            return legal[contracts.index(candidates[0])]
        wins = {c: 0.0 for c in candidates}
        tries = {c: 0 for c in candidates}
        started = self.clock()
        by = DECLARE_BY if auction_sim.applies(sit) and bid_call.kind == POINTS else "sampled"
        if by == "easy":
            return easy.declare(sit)
        graded = by == "graded"
        if not self.samples and self.budget < DECLARE_MIN_BUDGET_S:
            return None  # no contract gets MIN_SAMPLES solved deals in this budget: easy declares at once
        round_no = 0
        while self.clock() < deadline and round_no < (self.samples or MAX_SAMPLES):
            if (
                not self.samples
                and round_no
                and (deadline - self.clock()) * round_no < (MIN_SAMPLES - round_no) * (self.clock() - started)
            ):
                return None  # the rounds still needed would not fit: easy declares now, not at the deadline
            held = sampler.deal(sit, self.rng, respect_auction=graded)
            if held is None:
                break
            widow_tiles = sit.unseen() & ~_union(held, sit.seat)  # Moon: the widow, taken after the contract
            for c in candidates:
                left = deadline - self.clock()
                if left <= card_play.MARGIN * self.budget:
                    break
                deal = _with_widow(sit, c, held, widow_tiles)
                if graded and c.kind not in (NELLO, SEVENS):
                    ok = self._made_chance(sit, c, bid_call.level, deal, left)
                else:
                    ok = self._makes(sit, c, bid_call, deal, left)
                if ok is None:
                    continue
                tries[c] += 1
                wins[c] += ok
            round_no += 1
        rated = [c for c in candidates if tries[c] >= MIN_SAMPLES]
        if not rated:
            return None
        top = max(wins[c] / tries[c] for c in rated)
        tied = [c for c in rated if wins[c] / tries[c] >= top - 1e-9]
        # among equals (often "never" for every contract) trust the hand evaluation that led to the bid
        fallback = parse_contract(easy.declare(sit), sit.rules)
        best = fallback if fallback in tied else tied[0]
        self.last_value = top
        return legal[contracts.index(best)]

    def _makes(
        self, sit: Situation, contract: Contract, bid_call, held: list[int], left: float
    ) -> bool | None:
        """Whether the declarer's side makes ``contract`` on one full deal (None: out of time)."""
        bidder = sit.view["bidder"]
        every = bid_call.kind != POINTS or contract.kind == SEVENS
        out = tuple(sorted(contract.rule.sitting_out(sit.rules.layout.seating, bidder)))
        prob = self.problem(sit, contract, bidder, out, every)
        need = 1 if contract.kind == NELLO else (sit.rules.layout.hand_size if every else bid_call.level)
        pos = Position(held, [], -1, sit.seat)
        moves = _lead_moves(sit, contract, held[sit.seat])
        values = prob.move_values(pos, moves, need - 1, need, node_limit=node_limit(left))
        if values is None:
            return None
        if prob.max_side[sit.seat]:
            return max(values) >= need
        return min(values) < need

    def _made_chance(
        self, sit: Situation, contract: Contract, level: int, held: list[int], left: float
    ) -> float | None:
        """The made rate of a point bid of ``level`` whose deal solves as ``held`` does under ``contract``
        (this seat declaring): how far the solved points clear the bid, read by ``auction_sim.MADE``;
        None when out of time."""
        prob = self.problem(sit, contract, sit.view["bidder"], (), False)
        v = prob.value(
            Position(held, [], -1, sit.seat),
            node_limit=node_limit(left),
            alpha=auction_sim.WINDOW_LOW,
            beta=sit.rules.layout.total + 1,
        )
        return None if v is None else auction_sim.made_rate(v, level)

    # --- the widow after the contract ----------------------------------------------------------------

    def discard(self, sit: Situation, deadline: float) -> str | None:
        """Moon's discard: the legal discard whose hand makes the contract in the most sampled deals (each
        solved whole, the declarer leading); None to defer to easy where deals are too deep (Seventy-two)."""
        legal = sit.view["legal"]
        if not legal[0].startswith("discard") or not self.whole_deals(sit):
            return None
        bid_call = parse_call(sit.view["bid"], sit.rules)
        options = {sit.ts.id_of(text.split()[1], sit.mine): text for text in legal}
        wins = dict.fromkeys(options, 0)
        tries = 0
        while self.clock() < deadline and tries < (self.samples or MAX_SAMPLES):
            held = sampler.deal(sit, self.rng, respect_auction=False)
            if held is None:
                break
            results = {}
            for t in options:
                left = deadline - self.clock()
                ok = (
                    None
                    if left <= 0
                    else self._makes(sit, sit.named, bid_call, _without(held, sit.seat, t), left)
                )
                if ok is None:
                    break
                results[t] = ok
            if len(results) < len(options):
                break
            tries += 1
            for t, ok in results.items():
                wins[t] += ok
        if tries < MIN_SAMPLES:
            return None
        top = max(wins.values())
        fallback = easy.exchange(sit)  # among equals, the tile the evaluation misses least
        tied = [t for t in options if wins[t] == top]
        self.last_value = top / tries
        return fallback if fallback in (options[t] for t in tied) else options[tied[0]]


def _union(held: list[int], skip: int) -> int:
    out = 0
    for s, mask in enumerate(held):
        if s != skip:
            out |= mask
    return out


def _without(held: list[int], seat: int, tile: int) -> list[int]:
    out = list(held)
    out[seat] &= ~(1 << tile)
    return out


def _with_widow(sit: Situation, contract: Contract, held: list[int], widow_tiles: int) -> list[int]:
    """A sampled deal as the declarer would play it: where the contract comes first, the widow joins his
    hand and he lays as many tiles away by the evaluation (``widow.quick_discards``)."""
    if not sit.rules.layout.contract_first or not widow_tiles or sit.view.get("widow") is not None:
        return held
    out = list(held)
    mine = held[sit.seat] | widow_tiles
    out[sit.seat] = mine & ~widow.quick_discards(sit.rules, contract, mine, count_bits(widow_tiles))
    return out


def _lead_moves(sit: Situation, contract: Contract, mine: int) -> list[int]:
    """The declarer's possible opening leads, with the declared ones the rules allow."""
    from engine.suits import suit_table

    table = suit_table(sit.ts, contract)
    moves = list(easy.bits(table.legal_mask(mine, -1)))
    if contract.kind == SEVENS:
        return moves
    lay = sit.rules.layout
    for t in list(moves):
        hi, lo = sit.ts.hi[t], sit.ts.lo[t]
        if hi == lo or table.lead_suit[t] == table.trump:
            continue
        if sit.rules.options.first_suit_declared or (hi, lo) in lay.declarable:
            moves.append(encode_lead(t, lo))
    return moves


def _shortlist(sit: Situation, contracts: list[Contract], bid_call) -> list[Contract]:
    """The contracts worth solving: the easy evaluation's best few, plus Nello and Sevens when allowed."""
    from . import evaluate

    plain = [c for c in contracts if c.kind not in (NELLO, SEVENS)]
    plain.sort(key=lambda c: -evaluate.tricks(sit.rules, c, sit.mine))
    special = [c for c in contracts if c.kind in (NELLO, SEVENS)]
    return plain[:4] + special


def warm_up() -> float:
    """Load the compiled solver and the bidding table and run one small solve; the seconds it took."""
    start = time.perf_counter()
    from engine import DEFAULT_PRESET, Hand, Rules

    bidding.table()
    learned_bid.model()
    rules = Rules.from_preset(DEFAULT_PRESET)  # the default game: its "30" and "sixes" below
    hand = Hand.new(rules, 3, random.Random(0)).apply("30")
    while hand.phase == "auction":
        hand = hand.apply("pass")
    hand = hand.apply("sixes")
    player = StrongPlayer(0, 0.05)
    player.choose(view_for(hand, hand.to_act))
    return time.perf_counter() - start
