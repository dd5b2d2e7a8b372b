"""Strong's call where the table is unsure, learned from the marks such calls earned in its own self-play.

At a call where the bidding table's chance for the cheapest legal point bid is middling (``WINDOW``), the
shipped rule (bid iff ``2p - 1 - 2 EDGE > 0``, passing worth nothing) is replaced by a small linear model of
Δ, the marks the calling team nets by bidding rather than passing, fitted on counterfactual rollouts of
strong's own auctions (``benchmarks/bidding_rollouts.py`` plays both calls out, ``benchmarks/fit_bidding.py``
fits and writes ``data/learned_bid.json``). Bid the cheapest point bid iff predicted Δ > 0, or the jump to 34
where its own fit predicts more. Everywhere else
(special contracts, mark bids, other games, chances outside the window) the table decides as before.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path

from engine.calls import PASS, POINTS, parse_call
from engine.rules import DEFAULT_PRESET, PRESETS

from . import bidding, easy
from .situation import Situation

DATA = Path(__file__).with_name("data") / "learned_bid.json"
# The jump bid weighed beside the cheapest: the table rates 31 to 34 about alike (a point more needs a trick
# more, not another count tile), and a higher bid leaves the rule-of-thumb bidders after it fewer overcalls
JUMP_LEVEL = 34


@cache
def model() -> dict:
    """The shipped fit (empty when the file is missing: the table then decides)."""
    if not DATA.exists():
        return {}
    return json.loads(DATA.read_text())


def decision_features(sit: Situation) -> dict | None:
    """What the fit reads of a call: None where the learned rule does not apply (another rule system than
    the default game's, or no point bid is legal). Keys: ``cheapest`` (that bid's text), ``level``, ``p``
    (the table's chance of making it), ``easy_points`` and ``easy_tricks`` (easy's evaluation of the hand),
    ``before`` (calls made before this one), ``after`` (seats still to call), ``high`` ("none", "partner"
    or "opponent": who holds the high bid), ``high_level`` (0 when nobody bid), ``dealer`` (0/1)."""
    if sit.rules.variant is not PRESETS[DEFAULT_PRESET].variant or not bidding.applies(sit):
        return None
    parsed = [(parse_call(text, sit.rules), text) for text in sit.view["legal"]]
    points = [(call.level, text, call) for call, text in parsed if call.kind == POINTS]
    if not points:
        return None
    level, text, call = min(points, key=lambda x: x[0])
    before = len(sit.view.get("calls") or [])
    bidder = sit.bidder
    high = "none" if bidder is None else "partner" if sit.team(bidder) == sit.team(sit.seat) else "opponent"
    high_call = parse_call(sit.view["bid"], sit.rules) if sit.view.get("bid") else None
    e_points, e_tricks = easy.hand_value(sit)
    nello = bidding.nello_hand(sit)
    jump = [(lv, t, c) for lv, t, c in points if lv == JUMP_LEVEL and lv > level]
    return {
        "cheapest": text,
        "level": level,
        "p": bidding.make_chance(sit, call, nello),
        "jump": jump[0][1] if jump else None,
        "p_jump": bidding.make_chance(sit, jump[0][2], nello) if jump else None,
        "easy_points": e_points,
        "easy_tricks": e_tricks,
        "before": before,
        "after": sit.players - 1 - before,
        "high": high,
        "high_level": 0 if high_call is None or high_call.kind == PASS else high_call.level,
        "dealer": int(sit.seat == sit.view.get("dealer")),
    }


# The inputs a fit may use, by name (the data file lists the ones its weights go with): "p" is the table's
# chance, "opp"/"partner" who holds the high bid (0/1), "last" whether this call ends the auction, "x*y" a
# product
TERMS: dict[str, Callable[[dict], float]] = {
    "one": lambda f: 1.0,
    "p": lambda f: f["p"],
    "opp": lambda f: float(f["high"] == "opponent"),
    "partner": lambda f: float(f["high"] == "partner"),
    "opp*p": lambda f: float(f["high"] == "opponent") * f["p"],
    "partner*p": lambda f: float(f["high"] == "partner") * f["p"],
    "dealer": lambda f: float(f["dealer"]),
    "dealer*p": lambda f: f["dealer"] * f["p"],
    "after": lambda f: float(f["after"]),
    "last": lambda f: float(f["after"] == 0),  # the auction ends with this call
    "opp*last": lambda f: float(f["high"] == "opponent" and f["after"] == 0),
    "opp*last*p": lambda f: float(f["high"] == "opponent" and f["after"] == 0) * f["p"],
    "easy points": lambda f: f["easy_points"] / 42,
    "easy tricks": lambda f: f["easy_tricks"] / 7,
    "level": lambda f: (f["level"] - 30) / 12,
}


def terms(feats: dict, names: list[str]) -> list[float]:
    """The model's inputs named ``names`` (keys of ``TERMS``) from ``decision_features``."""
    return [TERMS[name](feats) for name in names]


def predicted_gain(feats: dict, which: str = "bid") -> float | None:
    """Predicted Δ (marks netted by bidding rather than passing) of the cheapest point bid (``which="bid"``)
    or of the jump to ``JUMP_LEVEL`` (``"jump"``); None outside the fit's window or where no fit is shipped."""
    m = model()
    fit = m.get(which)
    if not fit:
        return None
    low, high = m["window"]
    if not low <= feats["p"] <= high:
        return None
    return sum(w * x for w, x in zip(fit["weights"], terms(feats, fit["terms"]), strict=True))


def best_or_pass(gains: dict[str, float]) -> str:
    """Of some calls and their predicted gains over passing, the best (the first of equals) if it gains,
    else "pass": the learned rule's choice, shared with the fit's cross-validation."""
    best = max(gains, key=lambda call: gains[call])
    return best if gains[best] > 0 else "pass"


def bid(sit: Situation) -> str:
    """The table's call (``bidding.bid``), except where the fit applies and the table chose between pass
    and the cheapest point bid: then of pass, that bid and the jump, the call with the best predicted gain
    over passing (pass when none is positive). A mark bid or special contract the table chose stands."""
    table_call = bidding.bid(sit)
    feats = decision_features(sit)
    if feats is None or "pass" not in sit.view["legal"]:
        return table_call
    if table_call not in ("pass", feats["cheapest"]):
        return (
            table_call  # a mark bid, a special contract or a higher bid: the rollouts weighed none of these
        )
    gain = predicted_gain(feats)
    if gain is None:
        return table_call
    options = {feats["cheapest"]: gain}
    jump = predicted_gain(feats, "jump") if feats["jump"] else None
    if jump is not None:
        options[feats["jump"]] = jump
    return best_or_pass(options)
