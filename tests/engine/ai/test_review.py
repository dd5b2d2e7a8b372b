"""The hand review: every decision of the seat, solver values checked against a slow minimax over the
rules, costs that add up, the budget kept, and hands in progress refused."""

from __future__ import annotations

import random

import pytest

from engine import Hand, Rules, read_record, write_record
from engine.ai.arena import play_hand
from engine.ai.easy import EasyPlayer
from engine.ai.review import NOT_IN_TIME, ReviewError, decision_key, review_hand
from engine.contracts import Goal


def _hands(count: int, seed: int, options: dict | None = None) -> list[Hand]:
    rules = Rules.from_preset("standard", {"forced_bid": True, **(options or {})})
    rng = random.Random(seed)
    return [
        play_hand(Hand.new(rules, i % 4, rng), [EasyPlayer(s + i) for s in range(4)]) for i in range(count)
    ]


def _seat(seat: int | None) -> int:
    """A seat the hand has by now (its bidder or declarer once the auction is won): the test fails on None."""
    assert seat is not None, "nobody holds that role in this hand"
    return seat


def _minimax(hand: Hand, maximisers: set[int], scorers: set[int], counts: bool) -> int:
    """The scoring side's value from here under best play: a slow reference through ``Hand.apply``, played
    to the last trick (tricks count 1, count tiles their points unless only tricks count)."""
    if hand.phase != "play" or not hand.legal_actions():
        return 0
    values = []
    for action in hand.legal_actions():
        after = hand.apply(action)
        gain = 0
        if len(after.tricks) > len(hand.tricks):
            trick = after.tricks[-1]
            if trick.winner in scorers:
                gain = 1 + (sum(hand.ts.points[t] for t in trick.tiles) if counts else 0)
        if after.complete and len(after.tricks) < hand.lay.hand_size:
            after = _continue(after)  # the table stopped a decided hand: the reference plays it out
        values.append(gain + _minimax(after, maximisers, scorers, counts))
    return max(values) if hand.turn in maximisers else min(values)


def _continue(hand: Hand) -> Hand:
    rules = Rules.from_preset("standard", {**hand.rules.overrides(), "play_out": True})
    return read_record({**write_record(hand), "rules": rules.overrides()})


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1])
def test_solver_values_match_a_slow_minimax_near_the_end(seed):
    checked = 0
    for hand in _hands(8, seed, {"play_out": True}):
        if hand.contract is None or hand.goal != Goal.POINTS:
            continue
        record = write_record(hand)
        for seat in range(4):
            review = review_hand(record, seat, budget_s=30, strong_samples=2)
            for decision in review.decisions:
                number = int(decision.key.split(":")[1]) if decision.key.startswith("play:") else -1
                if number < 20 or decision.solver is None:  # the last two tricks: small enough for minimax
                    continue
                before = read_record({**record, "plays": record["plays"][:number]})
                team = hand.rules.team_of(_seat(hand.bidder))
                scorers = {s for s in range(4) if hand.rules.team_of(s) == team}
                for action, value in decision.solver.values.items():
                    after = before.apply(action)
                    gain = 0
                    if len(after.tricks) > len(before.tricks) and after.tricks[-1].winner in scorers:
                        gain = after.tricks[-1].points
                    assert value == gain + _minimax(after, scorers, scorers, True)
                    checked += 1
    assert checked > 10


@pytest.mark.slow
def test_every_decision_of_the_seat_is_listed_with_costs_that_add_up():
    for hand in _hands(6, 5):
        record = write_record(hand)
        for seat in range(4):
            review = review_hand(record, seat, budget_s=30, strong_samples=2)
            plays = [d for d in review.decisions if d.phase == "play"]
            mine = [
                k
                for k, _ in enumerate(record["plays"])
                if read_record({**record, "plays": record["plays"][:k]}).turn == seat
            ]
            assert [d.key for d in plays] == [f"play:{k}" for k in mine]
            assert [d.action for d in plays] == [record["plays"][k] for k in mine]
            calls = [d for d in review.decisions if d.phase == "auction"]
            assert len(calls) == sum(
                1 for i in range(len(record["calls"])) if (hand.dealer + 1 + i) % 4 == seat
            )
            for d in review.decisions:
                assert d.action in d.legal or d.phase == "exchange"
                if d.solver is not None:
                    v = d.solver.values
                    assert set(v) == set(d.legal)
                    assert d.solver.cost == abs(v[d.solver.best] - v[d.action])
                    assert (d.solver.cost == 0) == (d.solver.best == d.action)
                if d.strong is not None:
                    assert d.strong.action in d.legal
            assert review.complete


def test_a_blunder_is_priced_and_the_best_tile_named():
    # replace one play of the bidder with the worst legal tile the solver sees, and review that hand
    for hand in _hands(10, 9, {"play_out": True}):
        if hand.contract is None or hand.goal != Goal.POINTS:
            continue
        record = write_record(hand)
        first = review_hand(record, _seat(hand.bidder), budget_s=30, strong_samples=2)
        spread = [
            d
            for d in first.decisions
            if d.solver and len(set(d.solver.values.values())) > 1 and d.phase == "play"
        ]
        if not spread:
            continue
        d = spread[0]
        assert d.solver is not None
        values = d.solver.values
        worst = min(values, key=lambda action: values[action])
        number = int(d.key.split(":")[1])
        before = read_record({**record, "plays": record["plays"][:number]})
        after = before.apply(worst)
        while not after.complete:  # play the rest with the first legal tile
            after = after.apply(after.legal_actions()[0])
        blunder = review_hand(write_record(after), _seat(hand.bidder), budget_s=30, strong_samples=2)
        judged = next(x for x in blunder.decisions if x.key == d.key)
        assert judged.action == worst and judged.solver is not None
        assert judged.solver.cost == max(values.values()) - values[worst] > 0
        assert judged.solver.values[judged.solver.best] == max(values.values())
        return
    pytest.fail("no hand with a costly choice")


def test_the_contract_is_judged_made_or_set_with_every_hand_known():
    for hand in _hands(6, 3):
        if hand.contract is None:
            continue
        review = review_hand(write_record(hand), _seat(hand.declarer), budget_s=30, strong_samples=2)
        contract = next(d for d in review.decisions if d.key == "contract")
        assert contract.solver is not None and contract.solver.unit == "result"
        assert set(contract.solver.values.values()) <= {0, 1}
        assert contract.action == hand.contract_text()
        return
    pytest.fail("no hand with a contract")


def test_a_hand_in_progress_cannot_be_reviewed():
    hand = _hands(1, 4)[0]
    record = write_record(hand)
    with pytest.raises(ReviewError, match="still being played"):
        review_hand({**record, "plays": record["plays"][:3]}, 0)
    with pytest.raises(ReviewError):
        review_hand({"variant": "standard"}, 0)


def test_the_budget_is_kept_and_what_it_missed_is_marked():
    hand = next(h for h in _hands(6, 6) if h.contract is not None)
    ticks = iter(range(0, 10_000, 10))  # a clock that moves 10 s a look: the budget is gone at once
    review = review_hand(write_record(hand), _seat(hand.bidder), budget_s=1, clock=lambda: next(ticks))
    assert not review.complete
    assert any(d.note == NOT_IN_TIME for d in review.decisions)
    assert all(d.solver is None and d.strong is None for d in review.decisions)


def test_hinted_decisions_are_noted():
    hand = next(h for h in _hands(6, 7) if h.contract is not None)
    record = write_record(hand)
    first_play = next(
        k
        for k in range(len(record["plays"]))
        if read_record({**record, "plays": record["plays"][:k]}).turn == hand.declarer
    )
    key = decision_key(read_record({**record, "plays": record["plays"][:first_play]}))
    review = review_hand(record, _seat(hand.declarer), budget_s=30, strong_samples=2, hinted=frozenset({key}))
    assert [d.key for d in review.decisions if d.hinted] == [key]


def test_decision_keys_name_the_moment():
    hand = Hand.new(Rules.from_preset("standard"), 0, random.Random(1))
    assert decision_key(hand) == "call:0"
    hand = hand.apply("30").apply("pass").apply("pass").apply("pass")
    assert decision_key(hand) == "contract"


def test_every_game_can_be_reviewed_and_says_what_it_could_not_judge(preset):
    rules = Rules.from_preset(preset, {"forced_bid": True} if "forced_bid" in _forced_ok(preset) else {})
    rng = random.Random(2)
    for i in range(8):
        hand = play_hand(
            Hand.new(rules, i % rules.players, rng), [EasyPlayer(s) for s in range(rules.players)]
        )
        if hand.bidder is not None:
            break
    review = review_hand(write_record(hand), _seat(hand.declarer), budget_s=0.3, strong_samples=1)
    assert any(d.key == "contract" for d in review.decisions)
    for d in review.decisions:
        assert d.solver is not None or d.note or d.phase in ("auction", "exchange"), d


def _forced_ok(preset: str) -> set[str]:
    """Presets where a forced bid may be asked for (it keeps hands from being thrown in)."""
    return {"forced_bid"} if preset in ("three-hand", "moon", "seventy-two", "eighty-four") else set()


def _best_points(record: dict, seat: int, level: int) -> dict[str, int]:
    """Every plain-points contract's value for ``seat``'s side, ``seat`` declaring ``level`` and leading: a
    full search (no window), independent of the review's null-window tests."""
    from engine.ai.solver import Position, Problem

    order = [(record["dealer"] + 1 + i) % 4 for i in range(4)]
    calls = ["pass"] * 4
    calls[order.index(seat)] = str(level)
    hand = read_record({**record, "calls": calls, "exchange": {}, "contract": None, "plays": []})
    values: dict[str, int] = {}
    for text in hand.legal_actions():
        after = hand.apply(text)
        if after.goal != Goal.POINTS:
            continue
        assert after.contract is not None
        problem = Problem(after.rules, after.contract, _seat(after.bidder), after.out, False)
        value = problem.value(Position(list(after.held), [], -1, after.to_act))
        assert value is not None, "the full search hit its node limit"
        values[text] = value
    return values


@pytest.mark.slow
def test_a_bid_and_a_pass_are_judged_against_a_direct_solve():
    hand = _hands(1, 5)[0]  # seat 2 bids 30, the others pass
    record = write_record(hand)
    judged = 0
    for seat in range(4):
        review = review_hand(record, seat, budget_s=30, strong_samples=2)
        for d in (d for d in review.decisions if d.phase == "auction"):
            level = int(d.action) if d.action.isdigit() else 30
            values = _best_points(record, seat, level)
            assert d.bid is not None and d.bid.level == level
            assert bool(d.bid.makes) == (max(values.values()) >= level)
            assert all(values[c] >= level for c in d.bid.makes)
            if d.bid.reused:  # the contract's own judgement: every contract tried
                assert set(d.bid.makes) == {c for c, v in values.items() if v >= level}
            judged += 1
    assert judged == 4 and {"pass", "30"} <= {r for r in record["calls"]}
