"""Sample hints and review lines with their reasons, from seeded hands (for docs/learning.md).

    python benchmarks/reasons.py [--hands 10] [--seed 1] [--samples 24]

Hands of straight 42 (forced bid) are dealt from a seeded shuffle. North and South are played by easy
(the beginner's side: its rules of thumb), East and West by strong, each deciding from a fixed number of
solved deals so the hands are the same on any machine. Once a hand, at a decision of North's or South's
picked by the seed, the hint that player would be shown is printed; after the hand, one line of that
player's review (a tile where the strong player would have played another, else the first tile with a
reason; the first hand's call too). The words are the bot's own (``bot/show/review.py``,
``bot/show/reasons.py``), as a player reads them in Discord, markdown included.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.show.reasons import seat_words  # noqa: E402
from bot.show.review import decision_line, hint_text  # noqa: E402
from engine import Hand, Rules, view_for, write_record  # noqa: E402
from engine.ai import warm_up  # noqa: E402
from engine.ai.easy import EasyPlayer  # noqa: E402
from engine.ai.review import Decision, advise, review_hand  # noqa: E402
from engine.ai.strong import StrongPlayer  # noqa: E402

NAMES = ("North", "East", "South", "West")
HINT_CHANCE = 0.15  # at each of North's and South's decisions with a choice, until one hint a hand


def review_pick(decisions: tuple[Decision, ...]) -> list[Decision]:
    """The review lines to show: a tile the strong player would have changed, else the first tile it
    explains."""
    tiles = [d for d in decisions if d.phase == "play" and d.strong is not None and d.strong.reason]
    changed = [d for d in tiles if d.strong is not None and d.strong.action != d.action]
    return (changed or tiles)[:1]


def main() -> None:
    """Play seeded hands; print hints and review lines with their reasons."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=24, help="solved deals a decision (strong)")
    args = parser.parse_args()
    warm_up()
    rules = Rules.from_preset("standard", {"forced_bid": True})
    teams = [rules.team_of(s) for s in range(rules.players)]
    rng = random.Random(args.seed)
    hints, lines = [], []
    for i in range(args.hands):
        hand = Hand.new(rules, i % 4, rng)
        players = [
            EasyPlayer(args.seed * 100 + i * 4 + s)
            if s % 2 == 0
            else StrongPlayer(args.seed * 100 + i * 4 + s, samples=args.samples)
            for s in range(4)
        ]
        hinted = None
        while not hand.complete:
            seat = hand.to_act
            view = view_for(hand, seat)
            if hinted is None and seat % 2 == 0 and len(view["legal"]) > 1 and rng.random() < HINT_CHANCE:
                verdict = advise(view, seed=i, samples=args.samples)
                text = hint_text(
                    str(hand.phase),
                    verdict.action,
                    verdict.estimate,
                    verdict.reason,
                    seat_words(NAMES, teams, seat),
                )
                hints.append(f"hand {i + 1}, {NAMES[seat]}: {text}")
                hinted = seat
            hand = hand.apply(players[seat].choose(view))
        if hand.bidder is None:
            continue
        seat = hinted if hinted is not None else 0
        review = review_hand(write_record(hand), seat, budget_s=120, seed=i, strong_samples=args.samples)
        shown = review_pick(review.decisions)
        if i == 0:
            shown = [d for d in review.decisions if d.phase == "auction" and d.strong][:1] + shown
        for d in shown:
            lines.append(f"hand {i + 1}, {NAMES[seat]}: {decision_line(d, seat_words(NAMES, teams, seat))}")
    print(f"Hints ({len(hints)}):")
    for text in hints:
        print(f"- {text}")
    print(f"\nReview lines ({len(lines)}):")
    for text in lines:
        print(f"- {text}")


if __name__ == "__main__":
    main()
