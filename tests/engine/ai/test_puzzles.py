"""Puzzles: cut from seeded deals, one tile clearly best with all four hands shown, every tile's outcome
consistent with the solver one move further on, and the same seed giving the same puzzle."""

from __future__ import annotations

import hashlib

from engine import Rules
from engine.ai.puzzles import MARGIN, Choice, Puzzle, clear_best, find, generate, on_bidders_side, outcomes

RULES = Rules.from_preset("standard")


def seeds(n: int) -> list[bytes]:
    return [hashlib.sha256(f"puzzle test {k}".encode()).digest() for k in range(n)]


def some_puzzles(n: int = 4) -> list[Puzzle]:
    found = [p for p in (generate(s, RULES) for s in seeds(40)) if p is not None]
    assert len(found) >= n
    return found[:n]


def test_the_same_seed_gives_the_same_puzzle_and_json_reads_back():
    seed = seeds(1)[0]
    first = find(seed, RULES)
    assert first is not None and first == find(seed, RULES)
    assert Puzzle.from_json(first.to_json()) == first


def test_one_tile_is_clearly_best():
    for puzzle in some_puzzles():
        hand = puzzle.hand()
        assert hand.phase == "play" and len(hand.tricks) >= 1
        assert sorted(c.action for c in puzzle.choices) == sorted(hand.legal_actions())
        ours = on_bidders_side(hand)
        best = puzzle.choice(puzzle.best)
        for other in puzzle.choices:
            if other.action == puzzle.best:
                continue
            own = (lambda c: c.bidders) if ours else (lambda c: c.others)
            assert other.made != best.made or own(best) - own(other) >= MARGIN
            if other.made != best.made:
                assert best.made == ours  # the best tile is the one that reaches the seat's goal
        assert all(c.bidders + c.others == hand.rules.layout.total for c in puzzle.choices)


def test_each_tiles_outcome_is_what_best_play_gives_one_move_on():
    for puzzle in some_puzzles(3):
        hand = puzzle.hand()
        for choice in puzzle.choices:
            after = hand.apply(choice.action)
            if after.complete:  # decided at once: the engine stops the hand
                continue
            nxt = outcomes(after)
            assert nxt is not None
            mover_ours = on_bidders_side(after)
            best_next = (max if mover_ours else min)(c.bidders for c in nxt)
            assert best_next == choice.bidders, (choice, nxt)


def test_no_clear_best_between_equal_or_close_tiles_and_a_turned_contract_is_clear():
    hand = some_puzzles(1)[0].hand()
    ours = on_bidders_side(hand)
    assert clear_best(hand, [Choice("6-4", 35, 7, True), Choice("5-5", 35, 7, True)]) is None
    assert clear_best(hand, [Choice("6-4", 35, 7, True), Choice("5-5", 31, 11, True)]) is None  # 4 apart
    far = clear_best(hand, [Choice("6-4", 40, 2, True), Choice("5-5", 30, 12, True)])
    assert far is not None and far.action == ("6-4" if ours else "5-5")
    turned = clear_best(hand, [Choice("6-4", 31, 11, True), Choice("5-5", 29, 13, False)])
    assert turned is not None and turned.action == ("6-4" if ours else "5-5")
