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
    ("big-game", {"sevens_trump": True}, "42", ["sevens-trump"]),  # the suit numbered top + 2 = 10
    # the games of RULES.md §8.4-§8.7: three seats alone with no count, a last trick worth 3, a double-seven
    # set with count trump and a number low, eight and six seats with every partner of Pistol sitting out
    ("moon", {"nello": "on"}, "5", ["sixes", "follow-me"]),
    ("moon", {"nello": "on"}, "7", ["nello doubles-low"]),
    ("seventy-two", {}, "40", ["fives", "doubles", "follow-me"]),
    ("seventy-two", {}, "1 mark", ["threes"]),
    ("geezer", {}, "51", ["count", "7", "nello threes-low"]),
    ("geezer", {"sevens_trump": True}, "41", ["sevens-trump"]),
    ("eighty-four", {}, "60", ["fives", "follow-me"]),
    ("eighty-four", {}, "1 mark", ["nello doubles-low"]),
    ("eighty-four", {"players": 6}, "1 mark", ["nello doubles-high", "doubles"]),
]


def position(preset, options, bid, contract, rng, left):
    """A random hand of ``preset`` bid by the first seat, played at random until ``left`` tiles remain."""
    rules = Rules.from_preset(preset, {**options, "play_out": True} if rules_marks(preset) else options)
    hand = Hand.new(rules, rules.players - 1, rng)
    if preset == "eighty-eight":  # the bid must name a suit the bidder holds
        suit = next(
            s for s in range(7) if any(s in (hand.ts.hi[t], hand.ts.lo[t]) for t in bits(hand.held[0]))
        )
        bid = f"60 {rules.suit_name(suit)}"
        contract = rules.suit_name(suit)
    hand = hand.apply(bid)
    while hand.phase in ("auction", "exchange", "contract"):  # the contract before or after the exchange
        legal = hand.legal_actions()
        if hand.phase == "contract":
            hand = hand.apply(contract)
        else:
            hand = hand.apply("pass" if "pass" in legal else "keep" if "keep" in legal else legal[-1])
    while sum(bin(hand.held[s]).count("1") for s in range(hand.players) if s not in hand.seats_out) > left:
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
        problem = Problem(hand.rules, hand.contract, hand.bidder, hand.seats_out, hand.every_trick())
        team = hand.rules.team_of
        if hand.contract.kind == "nello":
            score, maxi = {hand.bidder}, {s for s in range(hand.players) if s != hand.bidder}
        else:
            score = maxi = {s for s in range(hand.players) if team(s) == team(hand.bidder)}
        pos = Position(
            list(hand.held), list(zip(hand.trick_seats, hand.trick, strict=True)), hand.lead, hand.turn
        )
        moves = list(bits(hand.legal_plays()))
        fast = problem.move_values(pos, moves)
        slow = reference_values(hand, moves, score, maxi, every)
        assert fast == slow, (preset, hand.contract, write_record(hand))
        # a null window around any value answers "at least that?" the same way
        need = slow[0]
        bounds = problem.move_values(pos, moves, need - 1, need)
        assert bounds is not None, "the node limit was hit"
        assert [b >= need for b in bounds] == [v >= need for v in slow]
        checked += 1
    assert checked >= 8
