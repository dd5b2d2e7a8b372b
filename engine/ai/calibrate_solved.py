"""The bidding table from solved deals (the default game, three-hand, Moon): simulate contracts with every
hand known, then correct the model on the strong players' own self-play (``calibrate``'s commands)."""

from __future__ import annotations

import json
import random
import statistics
import sys
import time

from engine import DEFAULT_PRESET, Hand, view_for
from engine.calls import parse_call
from engine.contracts import DOUBLES, SUIT

from . import bidding, evaluate, widow
from .arena import play_hand
from .calibrate_table import build, fit, quoted, table_rules, trump_contracts, write_section
from .solver import Position, Problem


def simulate(deals: int, seed: int, preset: str = DEFAULT_PRESET) -> list[tuple[str, list[float], int]]:
    """(contract kind "S"/"D", hand features, solved points) for the best few contracts of random hands.

    Where the contract comes before the widow (Moon) the bidder takes it and lays as many tiles away by the
    evaluation (``widow.quick_discards``) before the deal is solved; the features are the hand he bid on.
    """
    rules = table_rules(preset)
    rng = random.Random(seed)
    contracts = trump_contracts(rules)
    problems = {c: Problem(rules, c, 0, None, False) for c in contracts}
    out = []
    for _ in range(deals):
        hand = Hand.new(rules, rules.players - 1, rng)
        mine = hand.held[0]
        best = sorted(contracts, key=lambda c: -evaluate.tricks(rules, c, mine))[:3]
        for c in best:
            held = list(hand.held)
            if rules.layout.contract_first and hand.widow:
                full = mine | hand.ts.mask_of(hand.widow)
                held[0] = full & ~widow.quick_discards(rules, c, full, len(hand.widow))
            v = problems[c].value(Position(held, [], -1, 0))
            assert v is not None  # the default node limit is far above a whole four-player hand
            kind = "D" if c.kind == DOUBLES else "S"
            out.append((kind, bidding.features(rules, c, mine), v))
    return out


def selfplay(hands: int, seed: int, budget_ms: int, preset: str = DEFAULT_PRESET) -> dict:
    """Strong-vs-strong hands of ``preset`` played out to the end. Returns the mean points by which the solver
    over-predicts the bidding side (``offset``), the share of predicted every-trick hands that took every
    trick (``discount``), ``bids``: (the table's chance for the winning bid, made?) pairs, and ``calls``:
    (situation, winning call, made?) to rate those bids again with another table."""
    from . import make_player
    from .situation import read

    rules = table_rules(preset, play_out=True)
    rng = random.Random(seed)
    players = [make_player("strong", seed=seed + s, budget_ms=budget_ms) for s in range(rules.players)]
    gaps, all_pred, all_made, bids, calls = [], 0, 0, [], []
    for i in range(hands):
        hand = Hand.new(rules, i % rules.players, rng)
        said = {}
        # bid, declare and (Moon) lay away the widow, then measure before the first lead
        while hand.phase in ("auction", "contract", "exchange"):
            seat = hand.to_act
            view = view_for(hand, seat)
            action = players[seat].choose(view)
            if hand.phase == "auction" and action != "pass":
                sit = read(view)
                said[seat] = (sit, parse_call(action, rules))
            hand = hand.apply(action)
        if hand.phase != "play":
            continue
        assert hand.contract is not None and hand.high is not None and hand.bidder is not None
        done = play_hand(hand, players)
        sit, call = said[hand.bidder]
        bids.append((bidding.raw_chance(sit, call, bidding.nello_hand(sit)), bool(done.made)))
        calls.append((sit, call, bool(done.made)))
        if hand.contract.kind not in (SUIT, DOUBLES) or hand.high.kind != "points":
            continue
        prob = Problem(rules, hand.contract, hand.bidder, None, False)
        predicted = prob.value(Position(list(hand.held), [], -1, hand.to_act))
        assert predicted is not None
        taken = done.points[rules.team_of(hand.bidder)]
        gaps.append(predicted - taken)
        if predicted == rules.layout.total:
            all_pred += 1
            all_made += taken == rules.layout.total
    return {
        "offset": statistics.mean(gaps) if gaps else 5.0,
        "discount": all_made / all_pred if all_pred >= 5 else 0.8,
        "hands": len(gaps),
        "bids": bids,
        "calls": calls,
    }


def build_variant(preset: str, deals: int, seed: int, hands: int = 0, budget_ms: int = 100) -> int:
    """Simulate ``preset`` (a table spec, see ``table_rules``) from solved deals and write its section of the
    table, calibrated on ``hands`` hands of its own strong self-play (0: the four-player offset, discount and
    made line)."""
    start = time.perf_counter()
    data = json.loads(bidding.DATA.read_text())
    samples = simulate(deals, seed, preset)
    lay = table_rules(preset).layout
    total, first, step = lay.total, lay.min_bid, lay.bid_step
    offset, discount, line = data["offset"], data["every_trick_discount"], data["made_line"]
    offset *= min(1.0, total / 42)  # the four-player offset is in points of 42: Moon's hand is 7
    print(
        f"simulated {deals} deals ({len(samples)} contracts) in {time.perf_counter() - start:.0f} s",
        file=sys.stderr,
    )
    built = {"deals": deals, "seed": seed, "from": "four-player offset, discount and made line"}
    if hands:
        # a first section with the four-player calibration lets the self-play players bid sensibly
        write_section(
            data, preset, {**build(samples, offset, discount, total, first, step), "made_line": line}
        )
        result = selfplay(hands, seed + 1, budget_ms, preset)
        offset, discount = result["offset"], result["discount"]
        # the made line maps the final table's chances, so the self-play bids are rated again with it
        write_section(data, preset, build(samples, offset, discount, total, first, step))
        line = fit(
            [
                (bidding.raw_chance(sit, call, bidding.nello_hand(sit)), made)
                for sit, call, made in result["calls"]
            ]
        )
        made = sum(m for _, m in result["bids"])
        print(
            f"self-play: {result['hands']} hands, solver over-predicts the bidder by {offset:.2f} points; "
            f"every-trick discount {discount:.2f}; bids made {made}/{len(result['bids'])}; "
            f"made rate = {line[0]} + {line[1]} x table chance",
            file=sys.stderr,
        )
        built = {
            "deals": deals,
            "seed": seed,
            "selfplay_hands": hands,
            "budget_ms": budget_ms,
            "command": f"python -m engine.ai.calibrate --variant {quoted(preset)} --deals {deals} "
            f"--seed {seed} --selfplay {hands} --budget-ms {budget_ms}",
        }
    section = build(samples, offset, discount, total, first, step)
    section["made_line"] = line
    section["built"] = built
    write_section(data, preset, section)
    print(
        f"wrote {preset} ({len(samples)} contracts) to {bidding.DATA} in {time.perf_counter() - start:.0f} s",
        file=sys.stderr,
    )
    return 0
