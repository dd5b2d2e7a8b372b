"""How strong are the computer players? Duplicate matches with full auctions, and the solver's speed.

    python benchmarks/strength.py [--deals 40] [--games 4] [--budget-ms 300 | --samples N] [--pairing strong-easy]
                                  [--seed 1] [--jobs 1] [--solver 20] [--variant standard]
                                  [--table-bidding VARIANT N] [--opponent-cmd 'CMD ...']
                                  [--tables N [--presets P ...] [--levels L ...]]

Each seeded deal is played twice with the partnerships swapped, so luck of the deal cancels. For each
pairing A vs B it prints, with 95% confidence intervals: A's net marks per hand (score, under points
scoring), A's net points per deal pair (hands are played out so every point is counted), make rates of
each side's bids, the rate at which each side sets the other, and A's game win rate over whole games
(each seed played twice, seats swapped).
``--variant`` plays another preset, optionally with options as JSON after a colon (hands played out). Where
each plays alone (Moon, three-hand) a deal is played once per seat, A at that seat and B at the others, and
A's figures are his minus the others' mean; games likewise, one per seat (a third is par).
Then each level's decision times (median / p95 / max) and, with ``--solver N``, the solver's nodes/s.
``--samples N`` gives strong a fixed work per decision (N solved samples, reseeded per decision) instead of a
clock: where both tables of a deal have the same calls and contract they then play alike, so a bidding
comparison (``strong-strong-play``) is not blurred by the play's luck on those deals.
``--opponent-cmd 'CMD'`` seats an outside program that speaks PLAYER-PROTOCOL.md (views written exactly as the
protocol writes them) as level ``ext`` (it bids, declares and plays) or ``ext-play`` (easy's auction and contract,
its card play): pairings ``strong-ext`` and ``strong-play-ext``. One copy of the program runs per worker process.
``--tables N`` instead plays N deals of each game (``--presets``) at tables of four (three) computers of one level
(``--levels``) and prints how many were thrown in, how often the bids made and were set, and the strong bidders'
own estimate of their chance beside the made rate.
``--table-bidding VARIANT N`` instead compares the calibrated bidding table with easy's evaluation: in
two-team variants one team bids and declares with the table, the other with easy's rules, on duplicate
deals (all exchange and play as easy, for speed); in three-hand each seat in turn bids with the table.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import shlex
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Hand, Rules, view_for  # noqa: E402
from engine.ai import make_player, warm_up  # noqa: E402
from engine.ai.arena import Timings, play_game, play_hand  # noqa: E402
from engine.contracts import contract_text  # noqa: E402
from engine.tiles import bits  # noqa: E402

Z = 1.96
# --clock cpu: budgets in the deciding thread's CPU time, as the bot gives them (None: wall time); set
# before the worker processes fork, so they inherit it
BUDGET_CLOCK = None
# --samples N: strong decides from N solved samples (no clock), its sampling reseeded at every decision from
# its seat and the decision's place in the hand. The two tables of a deal then play alike wherever their
# auctions and contracts are alike, so a bidding comparison measures the bidding, not the play's luck
SAMPLES: int | None = None
# --budget-ms A,B,...: each strong decision's budget is drawn from these (seeded), e.g. the ten values the bot
# logs as it stops (`computers: budgets over the run`); set before the worker processes fork, as above
BUDGET_MIX: list[float] = []
FIRST_DEAL = 0  # --first-deal N: deals N, N+1, ... of the seed (a run continued where another stopped)
LOG: str | None = None  # --log FILE: one JSON line per deal pair (the deal, each table's calls and result)


def set_card_play(settings: list[str]) -> None:
    """``--card-play NAME=VALUE``: set constants of engine/ai/card_play.py for an A/B test, each read as the
    constant's own type (a switch as on/off: ``bool("false")`` would be true)."""
    from engine.ai import card_play

    for setting in settings:
        name, _, value = setting.partition("=")
        if not hasattr(card_play, name):
            raise SystemExit(f"engine/ai/card_play.py has no {name}")
        kind = type(getattr(card_play, name))
        setattr(card_play, name, value.lower() in ("1", "true", "on") if kind is bool else kind(value))


def mean_ci(xs: list[float]) -> str:
    """Mean ± 95% half-width (normal approximation)."""
    if not xs:
        return "n/a"
    m = statistics.mean(xs)
    half = Z * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return f"{m:+.3f} ± {half:.3f}  (n={len(xs)})"


def rate_ci(hits: int, n: int) -> str:
    """A proportion with its Wilson 95% interval."""
    if not n:
        return "n/a"
    p = hits / n
    d = 1 + Z * Z / n
    centre = (p + Z * Z / (2 * n)) / d
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / d
    return f"{p:.3f}  [{centre - half:.3f}, {centre + half:.3f}]  ({hits}/{n})"


def rules_for(variant: str, play_out: bool) -> Rules:
    """The preset under test (``variant`` may carry overrides as JSON after a colon, e.g.
    ``big-game:{"forced_bid": true}``), with ``play_out`` so every point of a hand is counted."""
    name, _, extra = variant.partition(":")
    options = json.loads(extra) if extra else {}
    if play_out:
        options["play_out"] = True
    return Rules.from_preset(name, options)


class StrongPlayOnly:
    """Benchmark level ``strong-play``: easy's bidding, declaring and exchange, strong's card play. Against
    easy both tables of a deal then have the same auction and contract, so only card play differs."""

    def __init__(self, seed: int, budget_ms: float):
        self.strong = strong_player(seed, budget_ms)

    def choose(self, view: dict) -> str:
        if view.get("phase") == "play":
            return self.strong.choose(view)
        return self.strong.easy.choose(view)


class PolicyPlayOnly:
    """Benchmark level ``policy-play``: easy's bidding, declaring and exchange, the fast policy's card play
    alone (``engine.ai.policy``: no search; easy's tile where the policy does not apply)."""

    def __init__(self, seed: int):
        from engine.ai.easy import EasyPlayer

        self.easy = EasyPlayer(seed)

    def choose(self, view: dict) -> str:
        from engine.ai import policy
        from engine.ai.situation import read

        if view.get("phase") == "play" and len(view["legal"]) > 1:
            action = policy.choose(read(view))
            if action is not None:
                return action
        return self.easy.choose(view)


class Reseeded:
    """A strong player whose sampling is reseeded before every decision from its seed and the decision's
    place in the hand (``--samples``): the same view always gets the same answer, whatever came before."""

    def __init__(self, player, seed: int):
        self.player, self.seed = player, seed
        self.easy = player.easy

    def choose(self, view: dict) -> str:
        place = len(view.get("calls") or []) * 100 + len(view.get("plays") or [])
        self.player.rng = random.Random(self.seed * 10_000 + place)
        return self.player.choose(view)


def strong_player(seed: int, budget_ms: float):
    """The strong player of the benchmark: ``budget_ms`` of ``BUDGET_CLOCK``, or ``SAMPLES`` solved samples."""
    from engine.ai.strong import StrongPlayer

    if SAMPLES:
        return Reseeded(StrongPlayer(seed, samples=SAMPLES), seed)
    return StrongPlayer(seed, budget_ms / 1000, clock=BUDGET_CLOCK or time.perf_counter)


class TableCalls:
    """The bidding table's calls (``engine.ai.bidding``; its contracts too with ``declare``), everything else by
    ``rest``. Benchmark levels ``table-bid`` (calls and contracts by the table, all else easy: against plain easy
    players only bidding and declaring differ) and ``strong-table`` (calls by the table alone, all else strong:
    against ``strong`` only the calls differ)."""

    def __init__(self, rest, declare: bool):
        self.rest, self.declare = rest, declare

    def choose(self, view: dict) -> str:
        from engine.ai import bidding
        from engine.ai.situation import read

        legal, phase = view["legal"], view.get("phase")
        if len(legal) > 1 and (phase == "auction" or (self.declare and phase == "contract")):
            sit = read(view)
            action = bidding.bid(sit) if phase == "auction" else bidding.declare(sit)
            if action in legal:
                return action
        return self.rest.choose(view)


class ExternalPlayer:
    """Benchmark levels ``ext`` and ``ext-play``: an outside program speaking PLAYER-PROTOCOL.md, sent views with
    the protocol's fields only. ``play_only``: easy bids and declares, the program only plays tiles (so against
    ``strong-play`` both tables of a deal have the same contract). A reply that is an error or not legal is
    counted in ``FAULTS`` and replaced by easy's choice."""

    COMMAND: str | None = None  # set from --opponent-cmd (inherited by forked workers)
    FAULTS: list[str] = []
    _process: subprocess.Popen | None = None  # one copy per worker process; every line stands alone

    def __init__(self, seed: int, play_only: bool):
        from engine.ai.easy import EasyPlayer

        self.easy = EasyPlayer(seed)
        self.play_only = play_only

    @classmethod
    def process(cls) -> subprocess.Popen:
        """The running program (started on first use)."""
        if cls._process is None or cls._process.poll() is not None:
            if not cls.COMMAND:
                raise SystemExit("--opponent-cmd is needed for the ext pairings")
            cls._process = subprocess.Popen(
                shlex.split(cls.COMMAND), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
            )
        return cls._process

    def choose(self, view: dict) -> str:
        """The program's action (easy's where it is not asked or answers wrongly)."""
        from engine.ai.public_state import PROTOCOL_FIELDS

        if self.play_only and view.get("phase") != "play":
            return self.easy.choose(view)
        proc = self.process()
        proc.stdin.write(json.dumps({name: view.get(name) for name in PROTOCOL_FIELDS}) + "\n")
        proc.stdin.flush()
        line = proc.stdout.readline()
        try:
            action = json.loads(line).get("action")
        except (json.JSONDecodeError, AttributeError):
            action = None
        if action not in view["legal"]:
            self.FAULTS.append(line.strip() or "(no reply)")
            return self.easy.choose(view)
        return action


class MixedBudget:
    """A strong player whose every decision gets a budget drawn from ``BUDGET_MIX`` (seeded): strong as a
    loaded bot runs it, at the spread of budgets its governor gave."""

    def __init__(self, player, strong, seed: int):
        self.player, self.strong = player, strong  # ``strong``: the StrongPlayer inside ``player``
        self.rng = random.Random(seed)

    def choose(self, view: dict) -> str:
        self.strong.budget = self.rng.choice(BUDGET_MIX) / 1000
        return self.player.choose(view)


def bench_player(level: str, seed: int, budget_ms: float):
    """A player of ``level``: the shipped levels, or the benchmark-only ``strong-play``, ``table-bid``,
    ``strong-table``, ``ext`` and ``ext-play``."""
    if BUDGET_MIX and level in ("strong", "strong-play"):
        player = _bench_player(level, seed, budget_ms)
        return MixedBudget(player, player.strong if level == "strong-play" else player, seed)
    return _bench_player(level, seed, budget_ms)


def _bench_player(level: str, seed: int, budget_ms: float):
    """A player of ``level`` at one budget."""
    if level == "strong-play":
        return StrongPlayOnly(seed, budget_ms)
    if level == "policy-play":
        return PolicyPlayOnly(seed)
    if level == "table-bid":
        from engine.ai.easy import EasyPlayer

        return TableCalls(EasyPlayer(seed), declare=True)
    if level == "strong-table":
        return TableCalls(strong_player(seed, budget_ms), declare=False)
    if level in ("ext", "ext-play"):
        return ExternalPlayer(seed, level == "ext-play")
    if level == "strong" and SAMPLES:
        return strong_player(seed, budget_ms)
    return make_player(level, seed=seed, budget_ms=budget_ms, clock=BUDGET_CLOCK)


def players_for(
    a: str, b: str, a_team: int, seed: int, budget_ms: float, rules: Rules
) -> tuple[list, list[str]]:
    """A player per seat, level ``a`` on team ``a_team``."""
    levels = [a if rules.team_of(s) == a_team else b for s in range(rules.players)]
    return [bench_player(lv, seed * 10 + s, budget_ms) for s, lv in enumerate(levels)], levels


def rotation_players(
    a: str, b: str, a_seat: int, seed: int, budget_ms: float, rules: Rules
) -> tuple[list, list[str]]:
    """Where each plays alone (Moon, three-hand): level ``a`` at ``a_seat``, ``b`` at every other seat."""
    levels = [a if s == a_seat else b for s in range(rules.players)]
    return [bench_player(lv, seed * 10 + s, budget_ms) for s, lv in enumerate(levels)], levels


def deal_rotation(args: tuple) -> dict:
    """Where each plays alone: one seeded deal played once per seat, A at that seat against B everywhere
    else (a fair rotation: every seat's cards and turn to speak go to A once). A's award minus the mean of
    the others', and points (tricks in Moon) the same way, summed over the rotation."""
    a, b, seed, budget_ms, variant = args
    rules = rules_for(variant, True)
    base = Hand.new(rules, seed % rules.players, random.Random(seed))
    timings = Timings()
    n = rules.players
    out = {"marks": 0.0, "points": 0.0, "a_bids": 0, "a_made": 0, "b_bids": 0, "b_made": 0}
    for a_seat in range(n):
        players, labels = rotation_players(a, b, a_seat, seed, budget_ms, rules)
        hand = play_hand(base, players, labels, timings=timings)
        award = hand.award()
        if award is not None:
            out["marks"] += award[a_seat] - (sum(award) - award[a_seat]) / (n - 1)
        out["points"] += hand.points[a_seat] - (sum(hand.points) - hand.points[a_seat]) / (n - 1)
        if hand.bidder is not None:
            side = "a" if hand.bidder == a_seat else "b"
            out[f"{side}_bids"] += 1
            out[f"{side}_made"] += bool(hand.made)
    out["marks"] *= 2 / n  # reported per hand like a pair's (which run_pairing halves)
    out["times"] = timings.times
    out["faults"] = []
    out["alike"] = False
    out["void"] = not out["a_bids"] and not out["b_bids"]
    return out


def game_rotation(args: tuple) -> dict:
    """Where each plays alone: one seeded game per seat, A at that seat; how many A won (a third is par in
    Moon)."""
    a, b, seed, budget_ms, variant = args
    rules = rules_for(variant, False)
    timings = Timings()
    wins = 0
    for a_seat in range(rules.players):
        players, labels = rotation_players(a, b, a_seat, seed, budget_ms, rules)
        game = play_game(rules, players, random.Random(seed), labels, timings)
        wins += game.winner == a_seat
    return {"wins": wins, "times": timings.times, "faults": []}


def deal_pair(args: tuple) -> dict:
    """Play one seeded deal twice, seats swapped; A's results and every decision's time (where each plays
    alone, once per seat: ``deal_rotation``)."""
    a, b, seed, budget_ms, variant = args
    rules = rules_for(variant, True)
    if not rules.layout.partners:
        return deal_rotation(args)
    base = Hand.new(rules, seed % rules.players, random.Random(seed))
    timings = Timings()
    out = {"marks": 0, "points": 0, "a_bids": 0, "a_made": 0, "b_bids": 0, "b_made": 0}
    contracts, auctions, tables = [], [], []
    for a_team in (0, 1):
        players, labels = players_for(a, b, a_team, seed, budget_ms, rules)
        hand = play_hand(base, players, labels, timings=timings, stop="play")
        contracts.append((hand.bidder, str(hand.high), str(hand.contract)))
        auctions.append((list(hand.calls), hand.contract, hand.held))
        tables.append((hand, players, labels))
    finished: list[Hand] = []
    for hand, players, labels in tables:
        if SAMPLES and finished and auctions[0] == auctions[1]:
            # reseeded players see the same views from the same calls, contract and hands: they play alike,
            # tile for tile, so the first table's hand stands for the second
            finished.append(finished[0])
        else:
            finished.append(play_hand(hand, players, labels, timings=timings))
    for a_team, hand in enumerate(finished):
        award = hand.award()
        if award is not None:
            out["marks"] += award[a_team] - award[1 - a_team]
        out["points"] += hand.points[a_team] - hand.points[1 - a_team]
        if hand.bidder is not None:
            side = "a" if rules.team_of(hand.bidder) == a_team else "b"
            out[f"{side}_bids"] += 1
            out[f"{side}_made"] += bool(hand.made)
    out["times"] = timings.times
    out["faults"] = list(ExternalPlayer.FAULTS)
    ExternalPlayer.FAULTS.clear()
    out["alike"] = contracts[0] == contracts[1]  # the same bidder, bid and contract at both tables
    out["void"] = not out["a_bids"] and not out["b_bids"]  # passed out both times (open auctions)
    # --log: the deal and, per table (A's team), the calls, contract and result
    out["log"] = {
        "seed": seed,
        "dealer": base.dealer,
        "held": [" ".join(base.ts.name(t) for t in bits(m)) for m in base.held],
        "tables": [
            {
                "a_team": t,
                "calls": [c.text() for c in h.calls],
                "bidder": h.bidder,
                "contract": None if h.contract is None else contract_text(h.contract, rules),
                "made": h.made,
                "points": list(h.points),
                "award": h.award(),
            }
            for t, h in enumerate(finished)
        ],
    }
    return out


def game_pair(args: tuple) -> dict:
    """Play one seeded game twice, seats swapped; how many A won and the decision times."""
    a, b, seed, budget_ms, variant = args
    rules = rules_for(variant, False)
    if not rules.layout.partners:
        return game_rotation(args)
    timings = Timings()
    wins = 0
    for a_team in (0, 1):
        players, labels = players_for(a, b, a_team, seed, budget_ms, rules)
        game = play_game(rules, players, random.Random(seed), labels, timings)
        wins += game.winner == a_team
    faults = list(ExternalPlayer.FAULTS)
    ExternalPlayer.FAULTS.clear()
    return {"wins": wins, "times": timings.times, "faults": faults}


def _init_worker() -> None:
    warm_up()


def run_pairing(
    a: str, b: str, deals: int, games: int, seed: int, budget_ms: float, jobs: int, variant: str = "standard"
) -> Timings:
    """Play and report one pairing; returns every decision's time."""
    start = time.perf_counter()
    jobs_deals = [
        (a, b, seed * 100_000 + i, budget_ms, variant) for i in range(FIRST_DEAL, FIRST_DEAL + deals)
    ]
    jobs_games = [(a, b, seed * 100_000 + 50_000 + i, budget_ms, variant) for i in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs, initializer=_init_worker) as pool:
            pairs = list(pool.map(deal_pair, jobs_deals))
            game_results = list(pool.map(game_pair, jobs_games))
    else:
        pairs = [deal_pair(j) for j in jobs_deals]
        game_results = [game_pair(j) for j in jobs_games]
    timings = Timings()
    for r in pairs + game_results:
        for label, ts in r["times"].items():
            timings.times.setdefault(label, []).extend(ts)
    if LOG:
        with open(LOG, "w") as f:
            for r in pairs:
                f.write(json.dumps(r.get("log")) + "\n")
    void = sum(r["void"] for r in pairs)
    pairs = [r for r in pairs if not r["void"]]  # deals nobody bid say nothing about either side
    marks = [r["marks"] / 2 for r in pairs]
    points = [r["points"] for r in pairs]
    a_bids = sum(r["a_bids"] for r in pairs)
    a_made = sum(r["a_made"] for r in pairs)
    b_bids = sum(r["b_bids"] for r in pairs)
    b_made = sum(r["b_made"] for r in pairs)
    wins = sum(r["wins"] for r in game_results)
    rules = rules_for(variant, True)
    # two teams: each deal twice, seats swapped; each alone: once per seat (A at one seat, B at the others)
    plays = 2 if rules.layout.partners else rules.players
    what = "deal pairs" if plays == 2 else f"deals x {plays} seats (A at one, {b} at the others)"
    work = (
        f"strong: {SAMPLES} samples a decision"
        if SAMPLES
        else f"budget {budget_ms:g} ms ({'CPU' if BUDGET_CLOCK else 'wall'} time)"
    )
    print(
        f"\n== {variant}: {a} vs {b}: {deals} {what}, {plays * games} games, {work} "
        f"({time.perf_counter() - start:.0f} s; {void} passed out every time and left out) =="
    )
    unit = "score" if rules.scoring == "points" else "marks"  # what a hand's award counts
    per = "deal pair" if plays == 2 else "rotation (A minus the others' mean)"
    print(f"  {a} net {unit} per hand        {mean_ci(marks)}")
    print(f"  {a} net points per {per}  {mean_ci(points)}")
    print(f"  {a} make rate (own bids)      {rate_ci(a_made, a_bids)}")
    print(f"  {b} make rate (own bids)      {rate_ci(b_made, b_bids)}")
    print(f"  {a} set rate (sets {b})        {rate_ci(b_bids - b_made, b_bids)}")
    print(f"  {b} set rate (sets {a})        {rate_ci(a_bids - a_made, a_bids)}")
    print(
        f"  {a} game win rate             {rate_ci(wins, plays * games)}"
        + ("" if plays == 2 else f"  (par {1 / plays:.3f})")
    )
    if plays == 2:
        print(f"  same contract at both tables  {sum(r['alike'] for r in pairs)}/{len(pairs)} deal pairs")
    faults = [f for r in pairs + game_results for f in r["faults"]]
    if faults:
        print(
            f"  outside program's faults      {len(faults)} (replaced by easy's choice), first: {faults[0][:200]}"
        )
    return timings


def print_times(timings: Timings) -> None:
    """Median / p95 / max decision time per level."""
    print("\n== decision times ==")
    for label, ts in sorted(timings.times.items()):
        ts = sorted(ts)
        p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
        print(
            f"  {label:11s} median {1000 * statistics.median(ts):8.3f} ms   mean {1000 * statistics.mean(ts):8.3f} ms   "
            f"p95 {1000 * p95:8.3f} ms   max {1000 * ts[-1]:8.3f} ms   ({len(ts)} decisions)"
        )


def solver_speed(n: int, seed: int) -> None:
    """Nodes per second of the compiled solver on opening positions (exact values of every lead, and the
    cheaper "do we make 30?" null-window test)."""
    from engine.ai.easy import EasyPlayer
    from engine.ai.solver import Position, Problem
    from engine.tiles import bits

    rules = Rules.from_preset("standard")
    rng = random.Random(seed)
    exact_t, exact_n, null_t, null_n, full_t = [], [], [], [], []
    for i in range(n):
        hand = Hand.new(rules, 3, rng).apply("30")
        while hand.phase == "auction":
            hand = hand.apply("pass")
        hand = hand.apply(EasyPlayer(i).choose(view_for(hand, hand.turn)))
        prob = Problem(rules, hand.contract, hand.bidder, None, False)
        pos = Position(list(hand.held), [], -1, hand.turn)
        moves = list(bits(hand.legal_plays()))
        t = time.perf_counter()
        prob.value(pos)
        full_t.append(time.perf_counter() - t)
        t = time.perf_counter()
        prob.move_values(pos, moves)
        exact_t.append(time.perf_counter() - t)
        exact_n.append(prob.nodes)
        t = time.perf_counter()
        prob.move_values(pos, moves, 29, 30)
        null_t.append(time.perf_counter() - t)
        null_n.append(prob.nodes)
    print(f"\n== solver: {n} opening positions ==")
    print(f"  solve the hand (best lead)         median {1000 * statistics.median(full_t):7.2f} ms")
    print(
        f"  exact value of every lead          median {1000 * statistics.median(exact_t):7.2f} ms, "
        f"{sum(exact_n) / sum(exact_t) / 1e6:.1f} M nodes/s"
    )
    print(
        f"  make-30 test of every lead         median {1000 * statistics.median(null_t):7.2f} ms, "
        f"{sum(null_n) / sum(null_t) / 1e6:.1f} M nodes/s"
    )


def table_bidding_pair(args: tuple) -> list[float]:
    """Three-hand, one seeded deal played three times: each seat in turn bids with the calibrated table,
    the other two with easy's evaluation (all play as strong). The table seat's marks minus the mean of
    the others', per rotation."""
    from engine.ai.easy import bid as easy_bid
    from engine.ai.situation import read
    from engine.ai.strong import StrongPlayer

    class EasyBidding(StrongPlayer):
        def choose(self, view: dict) -> str:
            if view.get("phase") == "auction":
                return easy_bid(read(view))
            return super().choose(view)

    seed, budget_ms = args
    rules = Rules.from_preset("three-hand", {"play_out": True})
    base = Hand.new(rules, seed % 3, random.Random(seed))
    out = []
    for k in range(3):
        players = [
            StrongPlayer(seed * 10 + s, budget_ms / 1000, clock=BUDGET_CLOCK or time.perf_counter)
            if s == k
            else EasyBidding(seed * 10 + s, budget_ms / 1000)
            for s in range(3)
        ]
        award = play_hand(base, players).award() or [0, 0, 0]
        out.append(award[k] - (sum(award) - award[k]) / 2)
    return out


def run_three_hand_bidding(deals: int, seed: int, budget_ms: float, jobs: int) -> None:
    """Report the three-hand table-bidding comparison (``--table-bidding three-hand N``)."""
    args = [(seed * 100_000 + i, budget_ms) for i in range(deals)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs, initializer=_init_worker) as pool:
            rows = list(pool.map(table_bidding_pair, args))
    else:
        rows = [table_bidding_pair(a) for a in args]
    per_deal = [sum(r) / 3 for r in rows]
    print(f"\n== three-hand: table bidding vs easy bidding (all play strong), {deals} deals x 3 seats ==")
    print(f"  table bidder's marks minus the others' mean, per hand  {mean_ci(per_deal)}")


TABLE_PRESETS = ("standard", "tournament", "three-hand", "big-game", "eighty-eight")


def table_hand(args: tuple) -> dict:
    """One seeded deal at a table where every seat is ``level``: thrown in or not; the winning bid, made or
    not, and (strong) the chance its bidder gave it when he bid."""
    from engine.ai import bidding
    from engine.ai.situation import read
    from engine.calls import parse_call

    preset, level, seed, budget_ms = args
    rules = rules_for(preset, False)  # a preset, or one with options ('eighty-four:{"players": 6}')
    hand = Hand.new(rules, seed % rules.players, random.Random(seed))
    players = [make_player(level, seed=seed * 10 + s, budget_ms=budget_ms) for s in range(rules.players)]
    estimate = {}
    while hand.phase == "auction":
        view = view_for(hand, hand.turn)
        action = players[hand.turn].choose(view)
        if action != "pass" and level == "strong":
            sit = read(view)
            call = parse_call(action, rules)
            estimate[hand.turn] = bidding.make_chance(sit, call, bidding.nello_hand(sit))
        hand = hand.apply(action)
    if hand.high is None:
        return {"thrown": True}
    bidder = hand.high_seat
    done = play_hand(hand, players)
    return {
        "thrown": False,
        "bid": hand.high.text(),
        "made": bool(done.made),
        "estimate": estimate.get(bidder),
    }


def run_tables(
    deals: int, presets: list[str], levels: list[str], seed: int, budget_ms: float, jobs: int
) -> None:
    """Report, per game and level, a table of computers: deals thrown in, make and set rates of the bids,
    and (strong) the bidders' own mean estimate of their chance beside the made rate."""
    for preset in presets:
        for level in levels:
            args = [(preset, level, seed * 100_000 + i, budget_ms) for i in range(deals)]
            start = time.perf_counter()
            if jobs > 1:
                with ProcessPoolExecutor(jobs, initializer=_init_worker) as pool:
                    rows = list(pool.map(table_hand, args))
            else:
                rows = [table_hand(a) for a in args]
            played = [r for r in rows if not r["thrown"]]
            made = sum(r["made"] for r in played)
            estimates = [r["estimate"] for r in played if r.get("estimate") is not None]
            print(
                f"\n== {preset}: a table of {level} players, {deals} deals, budget {budget_ms} ms "
                f"({time.perf_counter() - start:.0f} s) =="
            )
            print(f"  thrown in (all passed)  {rate_ci(deals - len(played), deals)}")
            print(f"  bids made               {rate_ci(made, len(played))}")
            print(f"  bids set                {rate_ci(len(played) - made, len(played))}")
            if estimates:
                print(f"  bidders' own estimate   {statistics.mean(estimates):.3f} mean chance of making")
            top = commonest(r["bid"] for r in played)
            print(f"  winning bids            {top}")


def commonest(items) -> str:
    """The commonest values with their counts, as text."""
    from collections import Counter

    return ", ".join(f"{k} x{n}" for k, n in Counter(items).most_common(6))


def main(argv: list[str] | None = None) -> int:
    """Run the pairings asked for and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=40, help="deal pairs per pairing")
    parser.add_argument("--games", type=int, default=4, help="game pairs per pairing (each played twice)")
    parser.add_argument(
        "--budget-ms",
        default="300",
        help="strong's budget per decision; A,B,...: each decision draws one of these (seeded)",
    )
    parser.add_argument(
        "--clock",
        choices=["wall", "cpu"],
        default="wall",
        help="what the budget measures: wall time, or the deciding thread's CPU time (the bot's)",
    )
    parser.add_argument(
        "--pairing",
        choices=[
            "strong-easy",
            "easy-random",
            "both",
            "strong-play-easy",
            "policy-play-easy",
            "strong-strong-play",
            "strong-strong-table",
            "strong-ext",
            "strong-play-ext",
        ],
        default="both",
        help="strong-play-easy: card play alone (both sides bid as easy); policy-play-easy: the fast "
        "policy's card play alone, no search; strong-strong-play: "
        "bidding and declaring alone (both sides play as strong); strong-strong-table: "
        "strong's calls against the bidding table's alone (all else strong); strong-ext / "
        "strong-play-ext: against --opponent-cmd, whole hands / card play alone",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--samples",
        type=int,
        default=0,
        help="strong decides from this many solved samples, reseeded per decision, instead of "
        "a time budget: both tables of a deal play alike where their contracts are alike",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (timings are per process)")
    parser.add_argument(
        "--variant",
        default="standard",
        help='preset with two teams, optionally with overrides: big-game:{"forced_bid": true}',
    )
    parser.add_argument(
        "--table-bidding",
        nargs=2,
        metavar=("VARIANT", "N"),
        help="N deals of table bidding against easy's evaluation (then nothing else runs; "
        "three-hand: each seat in turn, all play strong; else duplicate, all play easy)",
    )
    parser.add_argument(
        "--solve-tiles",
        type=int,
        default=0,
        help="override the most tiles left at which strong searches play (A/B tests)",
    )
    parser.add_argument("--solver", type=int, default=20, help="opening positions for the solver speed test")
    parser.add_argument(
        "--tables",
        type=int,
        metavar="N",
        help="N deals per game at tables of computers of one level (then nothing else runs): "
        "thrown-in, make and set rates per game",
    )
    parser.add_argument("--presets", nargs="+", default=list(TABLE_PRESETS), help="with --tables: the games")
    parser.add_argument("--levels", nargs="+", default=["strong", "easy"], help="with --tables: the levels")
    parser.add_argument(
        "--bid-by",
        choices=["table", "sim", "mix", "learned"],
        help="A/B tests: how strong weighs point bids (learned: engine/ai/learned_bid.py)",
    )
    parser.add_argument(
        "--declare-by",
        choices=["sampled", "graded", "easy"],
        help="A/B tests: how strong chooses a point bid's contract",
    )
    parser.add_argument(
        "--first-deal",
        type=int,
        default=0,
        help="start at this deal of the seed (to continue a run: --deals 500 --first-deal 500)",
    )
    parser.add_argument(
        "--log", help="write one JSON line per deal pair: the deal, each table's calls and result"
    )
    parser.add_argument(
        "--opponent-cmd", help="an outside player speaking PLAYER-PROTOCOL.md (the ext pairings)"
    )
    parser.add_argument(
        "--card-play",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="A/B tests: set a constant of engine/ai/card_play.py (PRIOR_DEALS=4, PRUNE_TO=2, ...)",
    )
    parser.add_argument(
        "--policy",
        choices=["on", "off"],
        default="on",
        help="A/B tests: off plays strong's cards by the search alone (easy's rules where it cannot), "
        "as before the fast policy",
    )
    args = parser.parse_args(argv)
    global BUDGET_CLOCK, SAMPLES, LOG, FIRST_DEAL
    LOG, FIRST_DEAL = args.log, args.first_deal
    BUDGET_CLOCK = time.thread_time if args.clock == "cpu" else None
    budgets = [float(b) for b in args.budget_ms.split(",")]
    args.budget_ms = max(budgets)
    if len(budgets) > 1:
        BUDGET_MIX[:] = budgets
        print(f"strong's budget per decision drawn from {', '.join(f'{b:g}' for b in budgets)} ms")
    ExternalPlayer.COMMAND = args.opponent_cmd
    SAMPLES = args.samples or None
    if args.bid_by or args.declare_by:  # as --solve-tiles below: set before the workers fork
        from engine.ai import strong

        strong.BID_BY = args.bid_by or strong.BID_BY
        strong.DECLARE_BY = args.declare_by or strong.DECLARE_BY
    if args.policy == "off":  # as --solve-tiles below: set before the workers fork
        from engine.ai import card_play

        card_play.USE_POLICY = False
    set_card_play(args.card_play)  # as --policy above
    if args.solve_tiles:  # worker processes are forked after this, so they inherit it
        from engine.ai import strong

        strong.PLAY_SOLVE_TILES = strong.PLAY_SOLVE_TILES_LONG = args.solve_tiles
    print(f"warm-up (load or compile the solver): {warm_up():.2f} s")
    if args.tables:
        run_tables(args.tables, args.presets, args.levels, args.seed, args.budget_ms, args.jobs)
        return 0
    if args.table_bidding:
        variant, n = args.table_bidding
        if variant.partition(":")[0] == "three-hand":
            run_three_hand_bidding(int(n), args.seed, args.budget_ms, args.jobs)
        else:  # duplicate deals, like a pairing: the table's bidder against easy's
            run_pairing("table-bid", "easy", int(n), 0, args.seed, args.budget_ms, args.jobs, variant)
        return 0
    timings = Timings()
    pairings = {
        "strong-easy": [("strong", "easy")],
        "easy-random": [("easy", "random")],
        "both": [("strong", "easy"), ("easy", "random")],
        "strong-play-easy": [("strong-play", "easy")],
        "policy-play-easy": [("policy-play", "easy")],
        "strong-strong-play": [("strong", "strong-play")],
        "strong-strong-table": [("strong", "strong-table")],
        "strong-ext": [("strong", "ext")],
        "strong-play-ext": [("strong-play", "ext-play")],
    }[args.pairing]
    for a, b in pairings:
        t = run_pairing(a, b, args.deals, args.games, args.seed, args.budget_ms, args.jobs, args.variant)
        for label, ts in t.times.items():
            timings.times.setdefault(label, []).extend(ts)
    print_times(timings)
    if args.solver:
        solver_speed(args.solver, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
