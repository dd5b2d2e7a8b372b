"""What a marginal call earns: pass against the cheapest point bid, each finished and played out.

    python benchmarks/bidding_rollouts.py --seeds 901 902 [--deals 500] [--first-deal 0] [--samples 12]
                                          [--low 0.15] [--high 0.97] --out FILE.jsonl

The auction of ``strength.py --pairing strong-strong-play``: on each seeded deal one team bids with strong's
table and declares as strong, the other bids and declares with easy's rules, all play as strong with a fixed
number of solved samples per decision (``--samples``, reseeded per decision, so the same position always gets
the same move). Each deal is run twice, either team as strong. At every call of the strong team where the
table's chance for the cheapest legal point bid lies in [``--low``, ``--high``], the call is branched: pass,
the cheapest point bid, and where that is under 34 the jump to 34 (``learned_bid.JUMP_LEVEL``). Each branch's auction is finished by the same players, the hand declared and
played out; one JSON line per branched call records the features of the decision and Δ, the calling team's
net marks with the bid minus with the pass, and ``delta_jump`` the same for the jump (``fit_bidding.py`` reads the lines). The main line follows the
table, and a finished auction is played out once however many branches reach it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import strength  # noqa: E402

from engine import Hand, view_for  # noqa: E402
from engine.ai import easy, warm_up  # noqa: E402
from engine.ai.arena import play_hand  # noqa: E402
from engine.ai.learned_bid import decision_features  # noqa: E402
from engine.ai.situation import read  # noqa: E402
from engine.contracts import contract_text  # noqa: E402


def finish(hand: Hand, players: list, played: dict) -> dict:
    """The hand from ``hand`` (mid-auction) to its end; the outcome per team, played out once per auction
    (``played``, keyed by the finished calls)."""
    while hand.phase == "auction":
        hand = hand.apply(players[hand.turn].choose(view_for(hand, hand.turn)))
    key = tuple(c.text() for c in hand.calls)
    if key not in played:
        if hand.high is None:
            played[key] = {"award": [0, 0], "bidder": None, "made": None, "calls": list(key)}
        else:
            done = play_hand(hand, players)
            award = done.award() or [0, 0]
            played[key] = {
                "award": list(award),
                "bidder": done.bidder,
                "made": bool(done.made),
                "calls": list(key),
                "contract": contract_text(done.contract, hand.rules),
            }
    return played[key]


def deal_rollouts(args: tuple) -> list[dict]:
    """Every branched call of one deal, either team as strong."""
    seed, low, high = args
    rules = strength.rules_for("standard", True)
    base = Hand.new(rules, seed % rules.players, random.Random(seed))
    rows = []
    for a_team in (0, 1):
        players, _ = strength.players_for("strong", "strong-play", a_team, seed, 0, rules)
        played: dict = {}
        hand = base
        while hand.phase == "auction":
            seat = hand.turn
            view = view_for(hand, seat)
            action = players[seat].choose(view)
            if rules.team_of(seat) == a_team:
                sit = read(view)
                feats = decision_features(sit)
                if feats is not None and low <= feats["p"] <= high:
                    team = rules.team_of(seat)
                    outcome = {
                        call: finish(hand.apply(call), players, played)
                        for call in ("pass", feats["cheapest"], feats["jump"])
                        if call
                    }
                    net = {call: o["award"][team] - o["award"][1 - team] for call, o in outcome.items()}
                    jump = feats["jump"]
                    rows.append(
                        {
                            "seed": seed,
                            "a_team": a_team,
                            "seat": seat,
                            **feats,
                            "table": action,
                            "easy": easy.bid(sit),
                            "delta": net[feats["cheapest"]] - net["pass"],
                            "delta_jump": net[jump] - net["pass"] if jump else None,
                            "bid": outcome[feats["cheapest"]],
                            "pass": outcome["pass"],
                            "jumped": outcome.get(jump),
                        }
                    )
            hand = hand.apply(action)
    return rows


def main(argv: list[str] | None = None) -> int:
    """Write the branched calls of the seeds' deals as JSON lines."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--seeds", type=int, nargs="+", required=True, help="deal seeds S*100000+i, as strength.py"
    )
    parser.add_argument("--deals", type=int, default=500, help="deals per seed")
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--samples", type=int, default=12, help="solved samples per strong decision")
    parser.add_argument("--low", type=float, default=0.15, help="branch calls whose chance is at least this")
    parser.add_argument("--high", type=float, default=0.97, help="... and at most this")
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    strength.SAMPLES = args.samples
    warm_up()
    start, n = time.perf_counter(), 0
    with open(args.out, "a") as f:
        for s in args.seeds:
            for i in range(args.first_deal, args.first_deal + args.deals):
                for row in deal_rollouts((s * 100_000 + i, args.low, args.high)):
                    f.write(json.dumps(row) + "\n")
                    n += 1
                f.flush()
                if i % 20 == 0:
                    print(f"seed {s} deal {i}: {n} calls, {time.perf_counter() - start:.0f} s", flush=True)
    print(f"{n} branched calls in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
