"""Rebuild ``engine/ai/data/bidding.json``: ``python -m engine.ai.calibrate [--deals N] [--selfplay N]``.

``--variant three-hand`` rebuilds that variant's section only, steps 1-3 on three-hand deals and its own
strong self-play (``--selfplay 0``: the four-player offset, discount and made line instead). Built with
``python -m engine.ai.calibrate --variant three-hand --deals 600 --seed 43 --selfplay 3000 --budget-ms 60``
(211 s; strong players bid on about 2% of three-hand deals, so 3000 hands give some 60 bids).

``--variant big-game`` and ``--variant eighty-eight`` build those sections from hands played out by easy
players instead (``playouts``: their deals are too deep to solve whole), so their chances are calibrated
on self-play by construction. Built with ``python -m engine.ai.calibrate --variant big-game --deals 5000
--seed 42`` (15,000 hands, 228 s) and ``--variant eighty-eight --deals 6000 --seed 42`` (17,986, 183 s).

1. Simulate: deal at random; for the bidder's three best-looking trump contracts, solve the deal with
   perfect information (the bidder leading) and record the hand's features and the points his side takes;
   per contract kind and bid, fit a logistic model of "the solved points reach the bid plus the offset".
2. Calibrate on self-play: strong players bid and play real hands (seeing only their views); on each the
   solver's prediction for the true deal is compared with what the bidding side actually took. The mean
   shortfall is the offset by which the solved values flatter the bidder, and the share of predicted
   every-trick hands that really took every trick discounts the mark-bid column.
3. Write the model, the offset, the discount and a line from the model's chance of making a bid to the
   made rate of self-play bids.
Seeded throughout, so a rebuild with the same arguments gives the same file, except that strong self-play
is timed (``--budget-ms``), so its offset and line vary a little from run to run.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

import numpy as np

from engine import DEFAULT_PRESET, Hand, Rules, view_for
from engine.calls import parse_call
from engine.contracts import DOUBLES, SUIT, Contract, contract_text

from . import bidding, easy, evaluate, widow
from .arena import play_hand
from .easy import EasyPlayer
from .solver import Position, Problem
from .strong import MAX_SOLVE_TILES


def table_rules(spec: str, play_out: bool = False) -> Rules:
    """The rules of a table written ``preset`` or ``preset:{options as JSON}`` (``eighty-four:{"players": 6}``),
    with ``play_out`` where asked (every point of a hand counted)."""
    name, _, extra = spec.partition(":")
    options = json.loads(extra) if extra else {}
    if play_out:
        options["play_out"] = True
    return Rules.from_preset(name, options)


def too_deep(rules: Rules) -> bool:
    """Whether a whole deal is too deep to solve for every calibration hand (the Big Game, Seventy-two,
    Geezer, Eighty-eight, Eighty-four): its table comes from hands played out instead."""
    return rules.layout.hand_size * rules.players > MAX_SOLVE_TILES


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


LEVELS = list(range(30, 43))


def logistic(xs: np.ndarray, ys: np.ndarray, ridge: float = 1e-2, iters: int = 30) -> np.ndarray:
    """Logistic-regression weights by Newton's method (a little ridge keeps separable data finite)."""
    w = np.zeros(xs.shape[1])
    for _ in range(iters):
        p = 1 / (1 + np.exp(-np.clip(xs @ w, -30, 30)))
        hess = xs.T @ (xs * (p * (1 - p))[:, None]) + ridge * np.eye(len(w))
        step = np.linalg.solve(hess, xs.T @ (ys - p) - ridge * w)
        w += step
        if np.abs(step).max() < 1e-6:
            break
    return w


def build(
    samples: list,
    offset: float,
    every_discount: float,
    total: int = 42,
    first: int = LEVELS[0],
    step: int = 1,
) -> dict:
    """The model: per contract kind and bid (``first`` to ``total`` by ``step``; ``total``: every point),
    logistic weights from hand features to "the points reach the bid plus the offset", with the every-trick
    discount."""
    model = {}
    for kind in ("S", "D"):
        rows = [(x, v) for k, x, v in samples if k == kind]
        if len(rows) < 10 * len(bidding.FEATURES):
            continue
        xs = np.array([x for x, _ in rows], float)
        values = np.array([v for _, v in rows], float)
        levels = {}
        for level in range(first, total + 1, step):
            need = total if level == total else min(float(total), level + offset)
            levels[str(level)] = [round(float(w), 4) for w in logistic(xs, (values >= need).astype(float))]
        model[kind] = {"levels": levels, "n": len(rows)}
    return {
        "offset": round(offset, 2),
        "every_trick_discount": round(every_discount, 3),
        "model": model,
        "features": bidding.FEATURES,
    }


def dump(data: dict) -> str:
    """The table as small, diff-friendly JSON."""
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


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


def fit(bids: list[tuple[float, bool]]) -> list[float]:
    """Least-squares line from the table's chance to the made rate seen in self-play: [a, b]."""
    if len(bids) < 20:
        return [0.0, 1.0]
    xs = [p for p, _ in bids]
    ys = [float(m) for _, m in bids]
    mx, my = statistics.mean(xs), statistics.mean(ys)
    var = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / var if var > 1e-9 else 0.0
    b = min(1.5, max(0.2, b))  # keep the line sane with few bids
    return [round(my - b * mx, 4), round(b, 4)]


def main(argv: list[str] | None = None) -> int:
    """Simulate, calibrate on self-play, write the table."""
    parser = argparse.ArgumentParser(prog="python -m engine.ai.calibrate")
    parser.add_argument("--deals", type=int, default=1500)
    parser.add_argument(
        "--selfplay", type=int, default=80, help="self-play hands for the offset (0: use --offset)"
    )
    parser.add_argument("--offset", type=float, default=5.0)
    parser.add_argument("--budget-ms", type=int, default=100)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--cache", help="file keeping the simulated deals between runs (skips step 1)")
    parser.add_argument(
        "--variant",
        default=DEFAULT_PRESET,
        help="the default game's table, or one other game's section only: a preset, with options "
        'that change its seats as JSON after a colon (eighty-four:{"players": 6})',
    )
    parser.add_argument(
        "--opening",
        action="store_true",
        help="write data/opening.json only: every game's opening bars (see engine.ai.opening)",
    )
    parser.add_argument(
        "--target", type=float, default=0.25, help="with --opening: the share of deals thrown in"
    )
    parser.add_argument("--presets", nargs="+", help="with --opening: these tables only (specs as --variant)")
    parser.add_argument(
        "--made-line",
        type=int,
        metavar="HANDS",
        help="refit the four-player made line only, on HANDS opened hands played by strong players",
    )
    args = parser.parse_args(argv)
    if args.made_line:
        return build_made_line(args.made_line, args.seed, args.budget_ms, args.variant)
    if args.opening:
        return build_opening(args.deals, args.seed, args.target, args.presets)
    start = time.perf_counter()
    rules = table_rules(args.variant)
    if too_deep(rules):
        return build_playouts(args.variant, args.deals, args.seed)
    if bidding.section_key(rules) is not None:
        return build_variant(args.variant, args.deals, args.seed, args.selfplay, args.budget_ms)
    if args.cache and Path(args.cache).exists():
        samples = [
            tuple(x) for x in json.loads(Path(args.cache).read_text())
        ]  # simulated with these features
    else:
        samples = simulate(args.deals, args.seed)
        if args.cache:
            Path(args.cache).write_text(json.dumps(samples))
    print(
        f"simulated {args.deals} deals ({len(samples)} contracts) in {time.perf_counter() - start:.0f} s",
        file=sys.stderr,
    )
    offset, discount = args.offset, 0.8
    # a first table with the given offset lets the self-play players bid sensibly
    bidding.DATA.parent.mkdir(exist_ok=True)
    bidding.DATA.write_text(dump(build(samples, offset, discount)))
    bidding.table.cache_clear()
    line = [0.0, 1.0]
    if args.selfplay:
        result = selfplay(args.selfplay, args.seed + 1, args.budget_ms)
        offset, discount = result["offset"], result["discount"]
        made = sum(m for _, m in result["bids"])
        print(
            f"self-play: {result['hands']} hands, solver over-predicts the bidding side by {offset:.2f} points; "
            f"every-trick discount {discount:.2f}; bids made {made}/{len(result['bids'])}",
            file=sys.stderr,
        )
        # the table's chances (pass --offset near the measured one), mapped onto what bids really made
        line = fit(result["bids"])
        print(f"made rate = {line[0]} + {line[1]} x table chance", file=sys.stderr)
    data = build(samples, offset, discount)
    data["made_line"] = line
    data["built"] = {
        "deals": args.deals,
        "selfplay_hands": args.selfplay,
        "seed": args.seed,
        "budget_ms": args.budget_ms,
    }
    bidding.DATA.write_text(dump(data))
    bidding.table.cache_clear()
    print(f"wrote {bidding.DATA} in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return 0


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
        _write_section(
            data, preset, {**build(samples, offset, discount, total, first, step), "made_line": line}
        )
        result = selfplay(hands, seed + 1, budget_ms, preset)
        offset, discount = result["offset"], result["discount"]
        # the made line maps the final table's chances, so the self-play bids are rated again with it
        _write_section(data, preset, build(samples, offset, discount, total, first, step))
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
            "command": f"python -m engine.ai.calibrate --variant {_quoted(preset)} --deals {deals} "
            f"--seed {seed} --selfplay {hands} --budget-ms {budget_ms}",
        }
    section = build(samples, offset, discount, total, first, step)
    section["made_line"] = line
    section["built"] = built
    _write_section(data, preset, section)
    print(
        f"wrote {preset} ({len(samples)} contracts) to {bidding.DATA} in {time.perf_counter() - start:.0f} s",
        file=sys.stderr,
    )
    return 0


def _quoted(spec: str) -> str:
    """A table spec as a shell word (its options are JSON)."""
    return f"'{spec}'" if ":" in spec else spec


def _write_section(data: dict, spec: str, section: dict) -> None:
    """Write one game's section (in ``data`` and in the file as it is now: calibrations of other games may
    have written theirs meanwhile)."""
    key = bidding.section_key(table_rules(spec))
    data.setdefault("variants", {})[key] = section
    now = json.loads(bidding.DATA.read_text())
    now.setdefault("variants", {})[key] = section
    bidding.DATA.write_text(dump(now))
    bidding.table.cache_clear()


def playouts(deals: int, seed: int, preset: str) -> list[tuple[str, list[float], int]]:
    """(contract kind "S"/"D", hand features, points taken) for the bidder's three best-looking trump
    contracts of random deals, each hand played out by easy players.

    The first seat wins the auction with the lowest bid (naming the contract's trump where bids do), does
    the widow or kitty exchange by easy's rules, declares the contract (before the widow in Seventy-two),
    and all four (six, eight) play it out. The features are the hand as seen when bidding.
    """
    rules = table_rules(preset, play_out=True)
    lay = rules.layout
    rng = random.Random(seed)
    players = [EasyPlayer(seed + s) for s in range(rules.players)]
    out = []
    for _ in range(deals):
        hand = Hand.new(rules, rules.players - 1, rng)  # seat 0 speaks first
        mine = hand.held[0]
        best = sorted(trump_contracts(rules), key=lambda c: -evaluate.tricks(rules, c, mine))[:3]
        for c in best:
            named = lay.bids_name_trump and c.trump is not None
            opening = f"{lay.min_bid} {rules.suit_name(c.trump or 0)}" if named else str(lay.min_bid)
            if opening not in hand.legal_actions():
                continue  # Eighty-eight: the bidder must hold a tile of the suit he names
            h = hand.apply(opening)
            while h.phase != "contract":
                h = h.apply(
                    "pass" if h.phase == "auction" else players[h.to_act].choose(view_for(h, h.to_act))
                )
            h = play_hand(h.apply(contract_text(c, rules)), players)
            kind = "D" if c.kind == DOUBLES else "S"
            out.append((kind, bidding.features(rules, c, mine), h.points[rules.team_of(0)]))
    return out


def trump_contracts(rules: Rules) -> list[Contract]:
    """The suit contracts (the numbers some tile shows: Seventy-two has no blanks), and doubles where the
    table plays them."""
    ts = rules.layout.tiles
    out = [Contract(SUIT, k) for k in range(ts.top + 1) if ts.suit_masks[k]]
    return out + [Contract(DOUBLES)] if rules.options.doubles_trump else out


def build_playouts(preset: str, deals: int, seed: int) -> int:
    """Write ``preset``'s section from ``playouts``: per bid, a logistic model of "the side took at least
    the bid". Easy players bid, exchange and play these hands, so the chances are calibrated on self-play by
    construction: no offset, no every-trick discount and an identity made line."""
    start = time.perf_counter()
    data = json.loads(bidding.DATA.read_text())
    samples = playouts(deals, seed, preset)
    rules = table_rules(preset)
    lay = rules.layout
    section = build(samples, 0.0, 1.0, lay.total, lay.min_bid, lay.bid_step)
    section["made_line"] = [0.0, 1.0]
    section["built"] = {
        "deals": deals,
        "seed": seed,
        "from": "easy self-play playouts",
        "command": f"python -m engine.ai.calibrate --variant {_quoted(preset)} --deals {deals} --seed {seed}",
    }
    _write_section(data, preset, section)
    if lay.partner_call and rules.options.forced_bid:  # Geezer: what a forced dealer's partner makes
        section["partner_made"], section["built"]["forced_deals"] = forced_partner_rate(
            deals // 3, seed, preset
        )
        _write_section(data, preset, section)
    print(
        f"wrote {preset} ({len(samples)} hands played out) to {bidding.DATA} in "
        f"{time.perf_counter() - start:.0f} s",
        file=sys.stderr,
    )
    return 0


def forced_partner_rate(deals: int, seed: int, preset: str) -> tuple[float, int]:
    """Geezer: how often a forced dealer's 39 makes when he calls ``partner`` (his partner names the contract
    and leads), on deals where the table would have every other seat pass; and how many such deals there
    were. Easy players declare and play, as in ``playouts``; the dealer compares it with his own hand's
    chance (``bidding.forced_call``)."""
    from .situation import read

    rules = table_rules(preset, play_out=True)
    rng = random.Random(seed)
    players = [EasyPlayer(seed + s) for s in range(rules.players)]
    made, seen = 0, 0
    for _ in range(deals):
        hand = Hand.new(rules, rules.players - 1, rng)  # seat 0 speaks first, the dealer last
        while hand.phase == "auction" and hand.turn != hand.dealer:
            view = view_for(hand, hand.to_act)
            if bidding.bid(read(view), opening_rule=False) != "pass":
                break
            hand = hand.apply("pass")
        if hand.phase != "auction" or hand.turn != hand.dealer:
            continue
        done = play_hand(hand.apply("partner"), players)
        seen += 1
        made += bool(done.made)
    return (round(made / seen, 4) if seen else 0.0), seen


def opening_bids(
    hands: int, seed: int, budget_ms: int, preset: str = DEFAULT_PRESET
) -> list[tuple[float, bool]]:
    """(the table's chance, made?) of the lowest bid on hands that strong players declare and play out after
    the first seat opens it whatever his hand (so the whole range of chances is seen, not only the hands the
    table already bids). Only the lowest bid: a line pooled over every level, fitted to those hands'
    points, rated three-hand's real bids at 0.54 where they made 0.38."""
    from . import make_player
    from .situation import read

    rules = Rules.from_preset(preset, {"play_out": True})
    lay = rules.layout
    rng = random.Random(seed)
    players = [make_player("strong", seed=seed + s, budget_ms=budget_ms) for s in range(rules.players)]
    out = []
    for _ in range(hands):
        hand = Hand.new(rules, rules.players - 1, rng).apply(str(lay.min_bid))  # seat 0 opens
        sit = read({**view_for(hand, 0), "legal": []})
        while hand.phase == "auction":
            hand = hand.apply("pass")
        done = play_hand(hand, players)
        call = parse_call(str(lay.min_bid), rules)
        out.append((bidding.raw_chance(sit, call, False), done.points[rules.team_of(0)] >= lay.min_bid))
    return out


def build_made_line(hands: int, seed: int, budget_ms: int, preset: str = DEFAULT_PRESET) -> int:
    """Refit ``preset``'s made line on ``opening_bids`` played at ``budget_ms`` (the bot's budget: the line
    says what the strong player's own bids make)."""
    start = time.perf_counter()
    bids = opening_bids(hands, seed, budget_ms, preset)
    line = fit(bids)
    data = json.loads(bidding.DATA.read_text())
    key = bidding.section_key(table_rules(preset))
    section = data if key is None else data["variants"][key]
    old = section["made_line"]
    section["made_line"] = line
    flag = "" if key is None else f" --variant {_quoted(preset)}"
    section["built"]["made_line"] = {
        "command": f"python -m engine.ai.calibrate --made-line {hands}{flag} "
        f"--seed {seed} --budget-ms {budget_ms}",
        "hands": hands,
    }
    bidding.DATA.write_text(dump(data))
    bidding.table.cache_clear()
    print(
        f"made rate = {line[0]} + {line[1]} x table chance (was {old[0]} + {old[1]} x); {len(bids)} bids "
        f"made {sum(m for _, m in bids)} in {time.perf_counter() - start:.0f} s",
        file=sys.stderr,
    )
    return 0


def opening_strengths(preset: str, deals: int, seed: int) -> dict[str, list[float]]:
    """Per level ("strong", "easy"), per deal: what the best seat's hand offers as an opening bid (the
    table's chance; easy's expected points), or infinity where some seat bids by the usual rules anyway.

    While nobody has bid every seat faces the same auction, so a deal is thrown in exactly when no seat
    bids by the usual rules and every seat's hand is under the opening bar.
    """
    from .easy import bid as easy_bid
    from .situation import read

    rules = table_rules(preset)
    rng = random.Random(seed)
    out: dict[str, list[float]] = {"strong": [], "easy": []}
    for i in range(deals):
        hand = Hand.new(rules, i % rules.players, rng)
        first = view_for(hand, hand.to_act)
        best = {"strong": -1.0, "easy": -1.0}
        for seat in range(rules.players):
            sit = read({**first, "seat": seat, "hand": hand.tiles_of(seat)})
            calls = [(text, parse_call(text, rules)) for text in first["legal"]]
            lowest = [c for _, c in calls if c.kind == "points" and c.level == rules.layout.min_bid]
            if bidding.bid(sit, opening_rule=False) != "pass":
                best["strong"] = float("inf")
            else:
                chance = max(bidding.raw_chance(sit, c, bidding.nello_hand(sit)) for c in lowest)
                best["strong"] = max(best["strong"], chance)
            if easy_bid(sit, opening=False) != "pass":
                best["easy"] = float("inf")
            else:
                best["easy"] = max(best["easy"], max(easy.hand_value(sit, c.trump)[0] for c in lowest))
        for level in out:
            out[level].append(best[level])
    return out


def build_opening(deals: int, seed: int, target: float, specs: list[str] | None = None) -> int:
    """Write ``data/opening.json``: per game and level the opening bar that leaves ``target`` of deals thrown
    in at a table of that level (no bar where the usual rules already throw in fewer). ``specs`` (table specs,
    see ``table_rules``) rebuilds those tables' bars only, each noting the command that built it."""
    from . import opening
    from .situation import table_name

    start = time.perf_counter()
    presets: dict[str, dict[str, float | str | None]] = {}
    from engine.variants import PRESETS

    command = f"python -m engine.ai.calibrate --opening --deals {deals} --seed {seed} --target {target}"
    built = {"command": command, "deals": deals, "seed": seed, "target": target}
    if specs:
        old = json.loads(opening.DATA.read_text())
        presets, built = old["presets"], old["built"]
        command += " --presets " + " ".join(_quoted(spec) for spec in specs)
    for spec in specs or PRESETS:  # every game the engine knows
        rules = table_rules(spec)
        name = table_name(rules)
        presets[name] = {"built": command} if specs else {}
        if rules.options.forced_bid:  # a forced dealer bids where all the others pass (Geezer): no bar
            presets[name].update({"strong": None, "easy": None})
            continue
        strengths = opening_strengths(spec, deals, seed)
        for level, values in strengths.items():
            values = sorted(values)
            natural = sum(v < float("inf") for v in values) / len(values)
            cut = values[int(target * len(values))]
            presets[name][level] = None if natural <= target or cut == float("inf") else round(cut, 4)
            print(
                f"{name:13s} {level:6s} thrown in by the usual rules {natural:.2f}; bar "
                f"{presets[name][level]}",
                file=sys.stderr,
            )
    opening.DATA.write_text(dump({"built": built, "presets": presets}))
    opening.bars.cache_clear()
    print(f"wrote {opening.DATA} in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
