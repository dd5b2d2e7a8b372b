"""Declared leads ("7-3/3"): the solver searches them right, and both computer players use them."""

import random

from engine import Hand, Rules, view_for, write_record
from engine.ai import sampler
from engine.ai.easy import EasyPlayer
from engine.ai.fastsolve import encode_lead
from engine.ai.solver import Position, Problem
from engine.ai.strong import StrongPlayer
from engine.tiles import bits

from .reference import move_values as reference_values


def big_game_lead(rng, left):
    """A Big Game hand in follow-me or a trump, played at random to a trick boundary with ``left`` tiles
    where the leader holds 7-3 or 8-2 (so a declared lead is legal); None if this deal never gets there."""
    rules = Rules.from_preset("big-game")
    hand = Hand.new(rules, 3, rng).apply("42")
    while hand.phase == "auction":
        hand = hand.apply("pass")
    while hand.phase == "exchange":
        acts = hand.legal_actions()
        hand = hand.apply("keep" if "keep" in acts else acts[-1])
    hand = hand.apply(rng.choice(["follow-me", "blanks", "1", "6"]))
    while not hand.complete:
        n = sum(bin(h).count("1") for h in hand.held)
        if n <= left and not hand.trick and any("/" in a for a in hand.legal_actions()):
            return hand
        if n <= left - 4:
            return None
        hand = hand.play(rng.choice(list(bits(hand.legal_plays()))))
    return None


def test_declared_leads_match_the_reference():
    rng = random.Random(7)
    checked = 0
    while checked < 10:
        hand = big_game_lead(rng, rng.choice([8, 12]))
        if hand is None:
            continue
        seats = {s for s in range(4) if hand.rules.team_of(s) == hand.rules.team_of(hand.bidder)}
        problem = Problem(hand.rules, hand.contract, hand.bidder, None, False)
        pos = Position(list(hand.held), [], -1, hand.turn)
        ref_moves: list[int | tuple[int, int]] = []
        fast_moves: list[int] = []
        for t in bits(hand.legal_plays()):
            ref_moves.append(t)
            fast_moves.append(t)
            hi, lo = hand.ts.hi[t], hand.ts.lo[t]
            if (hi, lo) in ((7, 3), (8, 2)) and hand.table.lead_suit[t] != hand.table.trump:
                ref_moves.append((t, lo))
                fast_moves.append(encode_lead(t, lo))
        assert any(isinstance(m, tuple) for m in ref_moves)
        slow = reference_values(hand, ref_moves, seats, seats, False)
        assert problem.move_values(pos, fast_moves) == slow, write_record(hand)
        checked += 1


def test_strong_declares_when_only_that_wins(monkeypatch):
    rng = random.Random(3)
    found = 0
    for _ in range(400):
        hand = big_game_lead(rng, 8)
        if hand is None:
            continue
        # positions where declaring is the only winning lead: the solver says so on the true deal
        seats = {s for s in range(4) if hand.rules.team_of(s) == hand.rules.team_of(hand.turn)}
        moves = list(bits(hand.legal_plays()))
        best_plain = max(reference_values(hand, moves, seats, seats, False))
        texts = [a for a in hand.legal_actions() if "/" in a]
        decl = [(hand.ts.id_of(a.split("/")[0], hand.held[hand.to_act]), int(a.split("/")[1])) for a in texts]
        best_decl = max(reference_values(hand, decl, seats, seats, False))
        if best_decl < best_plain + 10:
            continue
        # the sampler deals the true hands: the strong player must then find the declared lead
        monkeypatch.setattr(sampler, "deal", lambda sit, rng, held=list(hand.held), **kw: held)
        view = view_for(hand, hand.to_act)
        assert "/" in StrongPlayer(1, samples=4).choose(view), (write_record(hand), best_plain, best_decl)
        found += 1
        if found == 3:
            break
    assert found == 3


def test_easy_declares_only_sure_winners():
    """Whenever easy declares a lead, that lead takes the trick however the others play; and it does
    declare in a fair share of the positions that allow it."""
    rng = random.Random(11)
    declared = 0
    for _ in range(600):
        hand = big_game_lead(rng, rng.choice([8, 12, 16, 20, 24, 28]))
        if hand is None:
            continue
        leader = hand.turn
        action = EasyPlayer(0).choose(view_for(hand, leader))
        if "/" not in action:
            continue
        declared += 1
        hand = hand.apply(action)
        while hand.trick:
            hand = hand.play(rng.choice(list(bits(hand.legal_plays()))))
        assert hand.rules.team_of(hand.tricks[-1].winner) == hand.rules.team_of(leader)
    assert declared >= 3


def test_declaring_a_contract_weighs_declared_first_leads():
    from engine.ai.situation import read
    from engine.ai.strong import _lead_moves
    from engine.contracts import SUIT, Contract

    rules = Rules.from_preset("standard", {"first_suit_declared": True})
    hand = Hand.new(rules, 3, random.Random(2))
    sit = read(view_for(hand, 0))
    moves = _lead_moves(sit, Contract(SUIT, 6), sit.mine)
    plain = [m for m in moves if m < 64]
    declared = [m for m in moves if m >= 64]
    # every non-double, non-six tile may also be led as its lower end
    want = [t for t in plain if hand.ts.hi[t] != hand.ts.lo[t] and 6 not in (hand.ts.hi[t], hand.ts.lo[t])]
    assert sorted(declared) == sorted(encode_lead(t, hand.ts.lo[t]) for t in want) and want
