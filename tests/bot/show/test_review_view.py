"""A review explains every early end, in every game: hands played at random (so marks, Nello, Plunge,
Splash, Sevens and Geezer's dips all come up) either ran to the last trick or say in one line why they
stopped, and the line agrees with the hand."""

from __future__ import annotations

import random
import re

from bot.show.review import end_line
from engine import Hand, Rules, RulesError
from tests.engine.helpers import high


def _rules(preset: str) -> Rules:
    try:
        return Rules.from_preset(preset, {"sevens": True})
    except RulesError:  # a game without special contracts
        return Rules.from_preset(preset)


def _random_hand(rules: Rules, seed: int) -> Hand:
    rng = random.Random(seed)
    hand = Hand.new(rules, seed % rules.players, rng)
    while not hand.complete:
        hand = hand.apply(rng.choice(hand.legal_actions()))
    return hand


def test_every_early_end_is_explained_and_agrees_with_the_hand(preset):
    rules = _rules(preset)
    early = 0
    for seed in range(80):
        hand = _random_hand(rules, seed)
        line = end_line(hand)
        if hand.bidder is None:
            assert line == "Everyone passed: the hand was thrown in."
            continue
        if len(hand.tricks) == hand.lay.hand_size:
            assert line.startswith("Played to the last trick")
            continue
        early += 1
        assert line.startswith("Made" if hand.made else "Set"), line
        taken = hand.points[rules.team_of(hand.bidder)]
        if found := re.fullmatch(r"Set: needed (\d+), could reach at most (\d+)", line):
            need, reach = map(int, found.groups())
            assert need == high(hand).level and reach < need
            assert reach == taken + hand.lay.total - sum(hand.points)
        elif found := re.fullmatch(r"Made: (\d+) points, (\d+) needed", line):
            assert int(found[1]) == taken >= int(found[2]) == high(hand).level
        else:
            assert line in ("Set: the other side took a trick", "Set: the bidder took a trick"), line
            assert hand.made is False
    if preset not in ("moon", "big-game", "eighty-eight"):  # these play every hand out
        assert early, "no hand ended early: the test saw nothing"


def test_a_bid_and_a_pass_are_said_in_plain_words_with_the_solved_level():
    from bot.pictures.scenes import SeatInfo
    from bot.show.review import review_text
    from engine import write_record
    from engine.ai.review import review_hand

    rules = Rules.from_preset("standard", {"forced_bid": True})
    hand = next(
        h
        for h in (_random_hand(rules, s) for s in range(40))
        if h.high is not None and h.high.text().isdigit() and "pass" in write_record(h)["calls"]
    )
    record = write_record(hand)
    names = tuple(SeatInfo(f"P{s}", label=f"P{s}", team=s % 2) for s in range(4))
    passer = (hand.dealer + 1 + record["calls"].index("pass")) % 4
    assert hand.bidder is not None
    for seat, said in ((hand.bidder, high(hand).text()), (passer, "Pass")):
        review = review_hand(record, seat, budget_s=30, strong_samples=1)
        verdict = next(
            d.bid for d in review.decisions if d.action.lower() == said.lower() and d.bid is not None
        )
        line = next(
            x
            for x in review_text(hand, 0, names, seat, review).splitlines()
            if x.startswith(f"• Bid: **{said}**")
        )
        if said == "Pass":
            expected = (
                f"your side could have made {verdict.level} ("
                if verdict.makes
                else f"your side could not have made {verdict.level}"
            )
        else:
            expected = f"{verdict.level} would make (" if verdict.makes else f"{verdict.level} would be set"
        assert f"with every tile known {expected}" in line
