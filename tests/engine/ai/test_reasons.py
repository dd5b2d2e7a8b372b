"""Why the computer chose: reasons built on positions made so that the reason is known."""

from __future__ import annotations

from engine import read_record, view_for
from engine.ai import reasons
from engine.ai.card_play import Figures
from engine.ai.review import advise

# Seat 0 bids 30 and names sixes; seat 0 leads. Seat 1 holds no six; seat 2 (seat 0's partner) holds the
# 5-5 and no six either.
DEAL = [
    ["6-6", "6-5", "6-4", "4-4", "3-1", "2-0", "1-0"],
    ["5-0", "4-1", "3-3", "2-2", "1-1", "0-0", "2-1"],
    ["5-5", "5-4", "4-3", "3-2", "5-1", "4-0", "3-0"],
    ["6-3", "6-2", "6-1", "6-0", "5-3", "5-2", "4-2"],
]


def _hand(plays: list[str], calls: list[str] | None = None, contract: str | None = "sixes"):
    record = {
        "variant": "standard",
        "rules": {},
        "dealer": 3,
        "deal": DEAL,
        "widow": [],
        "calls": calls if calls is not None else ["30", "pass", "pass", "pass"],
        "exchange": {"take": [], "discard": []},
        "contract": contract,
        "plays": plays,
    }
    return read_record(record)


def test_leading_the_top_trump_draws_trump_and_is_sure():
    hand = _hand([])
    view = view_for(hand, 0)
    why = reasons.explain_play(view, "6-6")
    assert why.role == reasons.DRAW_TRUMP
    assert why.sure
    assert why.trumps_out == 4  # seven sixes, three in hand
    assert why.goal == "make" and why.bid == 30
    assert why.voids == ()  # nobody has shown out of anything yet


def test_a_partner_sure_to_win_is_fed_count_and_a_show_out_is_a_void():
    hand = _hand(["6-6", "5-0"])  # seat 1 shows out of trump
    view = view_for(hand, 2)
    why = reasons.explain_play(view, "5-5")
    assert why.role == reasons.FEED
    assert why.trick_count == 15  # the 5-0's five and the 5-5's ten
    assert (1, "sixes") in why.voids
    assert why.goal == "make"


def test_a_defender_out_of_the_suit_trumps_in_or_throws_off():
    hand = _hand(["1-0", "1-1", "5-1"])  # a one led; seat 3, last to play, holds no one
    view = view_for(hand, 3)
    ruff = reasons.explain_play(view, "6-1")  # a six: trump, not a one
    assert ruff.goal == "set"
    assert ruff.role == reasons.TRUMP_IN and ruff.sure
    assert ruff.trick_count == 0  # nothing in this trick counts
    throw = reasons.explain_play(view, "5-2")
    assert throw.role == reasons.THROW_OFF and not throw.sure


def test_a_defender_who_can_beat_the_lead_tries_for_the_trick():
    hand = _hand(["3-1"])  # a three led: seat 1's 3-3 beats it, seat 2 and seat 3 still to play
    why = reasons.explain_play(view_for(hand, 1), "3-3")
    assert why.goal == "set"
    assert why.role in (reasons.TAKE, reasons.TRY)


def test_the_search_figures_compare_the_choice_with_another_tile():
    hand = _hand([])
    view = view_for(hand, 0)
    figures = {"6-6": Figures(20, 24, 31.5), "6-5": Figures(20, 24, 28.0), "1-0": Figures(9, 24)}
    why = reasons.explain_play(view, "6-6", figures)
    assert (why.made, why.deals, why.other, why.other_made) == (20, 24, "6-5", 20)
    assert why.points_edge == 3.5
    against = reasons.explain_play(view, "6-6", figures, compare="1-0")
    assert (against.other, against.other_made, against.points_edge) == ("1-0", 9, None)
    assert against.source == "search"


def test_a_bid_names_its_trump_and_its_chance_in_deals_of_ten():
    hand = _hand([], calls=[], contract=None)
    why = reasons.explain_bid(view_for(hand, 0), "30")
    assert why.trump == "Sixes"
    assert set(why.trumps) == {"6-6", "6-5", "6-4"}
    assert set(why.doubles) == {"6-6", "4-4"}
    assert set(why.count) == {"6-4"}
    assert why.chance is not None and 0 < why.chance <= 1
    assert why.in_ten == round(10 * why.chance)
    assert reasons.explain_bid(view_for(hand, 0), "pass").chance is None


def test_a_hint_carries_the_search_reason():
    hand = _hand([])
    verdict = advise(view_for(hand, 0), samples=8)
    assert isinstance(verdict.reason, reasons.PlayReason)
    assert verdict.reason.tile == verdict.action
    assert verdict.reason.source == "search" and verdict.reason.deals == 8
    call = advise(view_for(_hand([], calls=[], contract=None), 0), samples=4)
    assert isinstance(call.reason, reasons.BidReason)
