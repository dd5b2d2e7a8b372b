"""Sample hints and review lines with their reasons, from seeded hands (for docs/learning.md).

    python benchmarks/reasons.py [--hands 10] [--seed 1] [--samples 24]

Hands of straight 42 are dealt from a seeded shuffle and played by strong computers (easy's for the
auction where ``--easy-auction``); at one decision per hand the hint a player would be shown is printed,
and each hand's review for the bidder prints its tile lines. The reasons are the data of
``engine/ai/reasons.py``; ``sentence`` below is the wording proposed for ``bot/show`` (the presentation
package owns the words players read: this copy only renders the samples until it moves there).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import Hand, Rules, view_for, write_record  # noqa: E402
from engine.ai import reasons, warm_up  # noqa: E402
from engine.ai.review import advise, review_hand  # noqa: E402
from engine.ai.strong import StrongPlayer  # noqa: E402

PHRASES = {
    reasons.DRAW_TRUMP: "draws trump",
    reasons.CASH: "is a sure winner: nothing still out beats it",
    reasons.LEAD: "leads",
    reasons.TAKE: "takes the trick",
    reasons.TRY: "goes for the trick, though a later seat may still beat it",
    reasons.FEED: "gives count to your partner's sure trick",
    reasons.TRUMP_IN: "trumps in",
    reasons.THROW_OFF: "throws off",
    reasons.FOLLOW: "follows suit",
}


def _count(n: int) -> str:
    return f" and its {n} count" if n else ""


def sentence(why: reasons.PlayReason | reasons.BidReason, names: dict[int, str]) -> str:
    """One sentence a beginner can follow (the proposed wording for bot/show)."""
    if isinstance(why, reasons.BidReason):
        return _bid_sentence(why)
    what = PHRASES[why.role]
    if why.role in (reasons.TAKE, reasons.TRUMP_IN) and why.trick_count:
        what += _count(why.trick_count)
    elif why.role == reasons.FEED:
        what = f"gives your partner's sure trick its {why.trick_count} count"
    elif why.role == reasons.DRAW_TRUMP:
        what += f" ({why.trumps_out} still out)"
    elif why.role == reasons.LEAD:
        what += f" {why.suit}"
    out = f"{why.tile} {what}"
    by_suit: dict[str, list[str]] = {}
    for s, suit in why.voids:
        by_suit.setdefault(suit, []).append(names.get(s, f"seat {s}"))
    voids = [
        f"{' and '.join(who)} {'is' if len(who) == 1 else 'are'} out of {suit}"
        for suit, who in by_suit.items()
    ]
    if voids:
        out += "; " + "; ".join(voids)
    if why.made is not None and why.deals:
        goal = "makes" if why.goal == "make" else "sets"
        out += f": it {goal} the bid in {why.made} of {why.deals} deals like this one"
        if why.other is not None and why.other_made is not None:
            if why.other_made != why.made:
                out += f", {why.other} in {why.other_made}"
            elif why.points_edge:
                more = "more" if why.points_edge > 0 else "fewer"
                out += f", as {why.other} does, with {abs(why.points_edge):.0f} {more} points on average"
    elif why.source == "policy":
        out += " (a quick judgement: no deals were tried)"
    return out + "."


def _bid_sentence(why: reasons.BidReason) -> str:
    held = []
    if why.trump and why.trumps:
        held.append(f"{', '.join(why.trumps)} in {why.trump.lower()}")
    if why.doubles:
        held.append(f"{len(why.doubles)} double{'s' if len(why.doubles) > 1 else ''}")
    if why.count:
        held.append(f"{len(why.count)} count tile{'s' if len(why.count) > 1 else ''}")
    hand = "with " + ", ".join(held) if held else "with this hand"
    if why.call == "pass":
        return f"pass: {hand} no trump is strong enough to bid on."
    if why.in_ten is None:
        return f"bid {why.call} {hand}."
    return f"bid {why.call} {hand}: a bid like it makes in about {why.in_ten} of 10 deals like this one."


def main() -> None:
    """Play seeded hands; print hints and review lines with their reasons."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--samples", type=int, default=24, help="the strong player's solved samples a decision"
    )
    args = parser.parse_args()
    warm_up()
    rules = Rules.from_preset("standard", {"forced_bid": True})
    rng = random.Random(args.seed)
    names = {0: "North", 1: "East", 2: "South", 3: "West"}
    for i in range(args.hands):
        hand = Hand.new(rules, i % 4, rng)
        players = [StrongPlayer(args.seed * 100 + i * 4 + s, samples=args.samples) for s in range(4)]
        hint_at = rng.randrange(4, 20)
        printed = False
        while not hand.complete:
            seat = hand.to_act
            view = view_for(hand, seat)
            if not printed and hand.phase == "play" and len(hand.plays) >= hint_at and len(view["legal"]) > 1:
                verdict = advise(view, seed=i, samples=args.samples)
                if verdict.reason is not None:
                    print(f"hint, hand {i}, {names[seat]}: {sentence(verdict.reason, names)}")
                    printed = True
            hand = hand.apply(players[seat].choose(view))
        seat = hand.bidder if hand.bidder is not None else 0
        review = review_hand(write_record(hand), seat, budget_s=60, seed=i, strong_samples=args.samples)
        for d in review.decisions:
            if d.phase != "play" or d.strong is None or d.strong.reason is None:
                continue
            cost = (
                ""
                if d.solver is None or not d.solver.cost
                else f" (perfect play: {d.solver.best}, {d.solver.cost} {d.solver.unit} better)"
            )
            print(
                f"review, hand {i}, {names[seat]} played {d.action}{cost}; the strong player: "
                f"{sentence(d.strong.reason, names)}"
            )
        calls = [d for d in review.decisions if d.phase == "auction" and d.strong and d.strong.reason]
        for d in calls[:1]:
            print(f"review, hand {i}, {names[seat]} called {d.action}: {sentence(d.strong.reason, names)}")


if __name__ == "__main__":
    main()
