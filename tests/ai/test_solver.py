"""The compiled solver agrees with the pure-Python reference on random positions of every contract kind."""

import random

import pytest

from engine import Hand, Rules, write_record
from engine.ai.solver import Position, Problem
from engine.tiles import bits

from .reference import move_values as reference_values

CASES = [
    ("standard", {}, "30", ["fives", "sixes", "blanks", "doubles", "follow-me"]),
    ("standard", {"follow_me_doubles": "suit"}, "1 mark", ["follow-me doubles-suit", "threes"]),
    ("standard", {}, "1 mark", ["nello doubles-high", "nello doubles-low", "nello doubles-suit"]),
    ("standard", {"sevens": True}, "1 mark", ["sevens"]),
    ("three-hand", {}, "30", ["fours", "doubles"]),
    ("three-hand", {}, "1 mark", ["nello doubles-low", "fives"]),
    ("eighty-eight", {}, "60 fives", ["fives"]),
    ("big-game", {}, "42", ["8", "doubles"]),
]


def position(preset, options, bid, contract, rng, left):
    """A random hand of ``preset`` bid by the first seat, played at random until ``left`` tiles remain."""
    rules = Rules.from_preset(preset, {**options, "play_out": True} if rules_marks(preset) else options)
    hand = Hand.new(rules, rules.players - 1, rng)
    if preset == "eighty-eight":  # the bid must name a suit the bidder holds
        suit = next(s for s in range(7) if any(s in (hand.ts.hi[t], hand.ts.lo[t]) for t in bits(hand.held[0])))
        bid = f"60 {rules.suit_name(suit)}"
        contract = rules.suit_name(suit)
    hand = hand.apply(bid)
    while hand.phase == "auction":
        hand = hand.apply("pass")
    while hand.phase == "exchange":
        hand = hand.apply(hand.legal_actions()[-1] if "keep" not in hand.legal_actions() else "keep")
    hand = hand.apply(contract)
    while sum(bin(hand.held[s]).count("1") for s in range(hand.players) if s != hand.out) > left:
        hand = hand.play(rng.choice(list(bits(hand.legal_plays()))))
    return hand


def rules_marks(preset):
    return preset not in ("big-game", "eighty-eight")


@pytest.mark.parametrize("case", range(len(CASES)))
def test_fast_solver_matches_reference(case):
    preset, options, bid, contracts = CASES[case]
    rng = random.Random(1000 + case)  # str hashes vary between runs: seed by position
    checked = 0
    for i in range(12):
        contract = contracts[i % len(contracts)]
        left = rng.randrange(6, 13)
        hand = position(preset, options, bid, contract, rng, left)
        if hand.complete:
            continue
        every = hand.every_trick() or hand.contract.kind == "nello"
        problem = Problem(hand.rules, hand.contract, hand.bidder, hand.out, hand.every_trick())
        team = hand.rules.team_of
        if hand.contract.kind == "nello":
            score, maxi = {hand.bidder}, {s for s in range(hand.players) if s != hand.bidder}
        else:
            score = maxi = {s for s in range(hand.players) if team(s) == team(hand.bidder)}
        pos = Position(list(hand.held), list(zip(hand.trick_seats, hand.trick, strict=True)), hand.lead, hand.turn)
        moves = list(bits(hand.legal_plays()))
        fast = problem.move_values(pos, moves)
        slow = reference_values(hand, moves, score, maxi, every)
        assert fast == slow, (preset, hand.contract, write_record(hand))
        # a null window around any value answers "at least that?" the same way
        need = slow[0]
        bounds = problem.move_values(pos, moves, need - 1, need)
        assert [b >= need for b in bounds] == [v >= need for v in slow]
        checked += 1
    assert checked >= 8
