"""Strong bidding: the chance each contract makes each bid, from a small model built offline.

``engine/ai/data/bidding.json`` is written by ``python -m engine.ai.calibrate``: random deals, each solved
with perfect information for the bidder's few best contracts; per bid, a logistic model from hand features
to "the solved points reach the bid plus an offset". The offset is the points the bidding side really lost
to hidden information in self-play (solver values flatter the bidder); a last line maps the model's chances
onto the made rate of self-play bids. Three-hand has its own section (``variants``), built the same way
from solved deals and corrected on three-hand self-play. The Big Game and Eighty-eight, whose deals are
too deep to solve whole, have sections fitted on hands played out by easy players ("took at least the
bid": calibrated on self-play by construction). Where no table applies the easy player's evaluation bids.

The games of RULES.md §8.4-§8.7 have sections too: Moon's from solved deals (three seats of seven tiles
solve whole) with its tricks bids and 21 and 42 from the every-trick column, Seventy-two, Geezer and both
Eighty-fours from hands played out. A section is keyed by its preset, and by its seats where an option
changes them (``section_key``: six-hand Eighty-four is ``eighty-four/6``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from functools import cache
from pathlib import Path

from engine.calls import DOUBLES_BIDS, MARKS, PASS, POINTS, Call, parse_call
from engine.contracts import DOUBLES, NELLO, SUIT, Contract, parse_contract
from engine.rules import DEFAULT_PRESET, PRESETS, Rules
from engine.suits import suit_table

from . import easy, evaluate, opening
from .situation import Situation, bits, count_bits, table_name

DATA = Path(__file__).with_name("data") / "bidding.json"
EDGE = 0.04  # bid only when the chance of making beats an even chance by this much
# Under points scoring a set costs about twice what a made bid gains: made, the side nets 2 x taken - total
# (Big Game at 42: about +34); set, it nets taken - total - bid (about -72). Against a thrown-in hand that
# breaks even near a 68% chance, but passing often hands the bid to the opponents, so less is needed: point
# bids want 0.5 + POINTS_EDGE. Measured (benchmarks/strength.py --table-bidding VARIANT N --seed 1, net
# score per deal pair, twice the per-hand figure printed, against easy's bidding): Eighty-eight
# +9.0/+10.5/+10.5/+2.3 at 0.08/0.12/0.18/0.25 (1500 pairs, ± 5-7), the Big Game +1.7/+2.5/+2.5 at
# 0.10/0.12/0.15 (1200 pairs, ± 4) and -8 at 0.04.
POINTS_EDGE = 0.12
MOON_SURE = 0.9  # a Moon hand the evaluation gives every trick: ``moon_sure``
NELLO_CHANCE = 0.62  # a hand low enough to duck every trick (``nello_hand``) makes Nello about this often
FEATURES = [
    "one",
    "trumps",
    "top trumps",
    "trump double",
    "off doubles",
    "off leaders",
    "count held / 5",
    "void suits",
    "trumps x top trumps",
]


def features(rules, contract: Contract, mask: int) -> list[float]:
    """What the table's model reads of a hand under a trump contract (names in ``FEATURES``)."""
    ts = rules.layout.tiles
    table_ = suit_table(ts, contract)
    trump_mask = table_.members[table_.trump]
    trumps = count_bits(mask & trump_mask)
    walk = evaluate.walkers(ts, contract, table_.trump, mask)
    double = 0
    for t in bits(mask & trump_mask):
        if table_.rank[table_.trump][t] == max(table_.rank[table_.trump]):
            double = 1
    off_doubles = sum(1 for t in bits(mask & ~trump_mask) if ts.hi[t] == ts.lo[t])
    off_leaders, voids = 0, 0
    for suit in range(len(table_.members)):
        if suit == table_.trump or not table_.members[suit]:
            continue
        off_leaders += evaluate.walkers(ts, contract, suit, mask & ~trump_mask)
        voids += not (mask & table_.members[suit] & ~trump_mask)
    count = sum(ts.points[t] for t in bits(mask)) / 5
    return [1.0, trumps, walk, double, off_doubles, off_leaders, count, voids, trumps * walk]


@cache
def table() -> dict:
    """The shipped model (empty when the file is missing: the easy evaluation then bids)."""
    if not DATA.exists():
        return {}
    return json.loads(DATA.read_text())


def section_key(rules: Rules) -> str | None:
    """The table section these rules read: None for the default game's rule system (the top level of the
    file), else the table's name (``situation.table_name``: ``"eighty-four/6"`` for six-hand Eighty-four)."""
    if rules.variant is PRESETS[DEFAULT_PRESET].variant:
        return None
    return table_name(rules)


def model_for(rules) -> dict | None:
    """The table section for these rules (the top level for the default game's rule system), or None."""
    data = table()
    if not data:
        return None
    key = section_key(rules)
    if key is None:
        return data
    return data.get("variants", {}).get(key)


def chance(rules, contract: Contract, mask: int, level: int) -> float | None:
    """Chance the side makes a point bid of ``level`` (the hand's total: every trick) under ``contract``;
    None if unknown.

    Per bid, a logistic model of "the side takes the bid" over hand features (solved tables: "perfect play
    takes the bid plus the self-play offset"); a higher bid is never given a better chance than a lower one.
    """
    data = model_for(rules) or {}
    model = data.get("model", {}).get("D" if contract.kind == DOUBLES else "S")
    if not model or str(level) not in model["levels"]:
        return None
    x = features(rules, contract, mask)
    best = 1.0
    for lv in range(rules.layout.min_bid, level + 1):
        weights = model["levels"].get(str(lv))  # Eighty-eight bids go up by two
        if weights is None:
            continue
        z = sum(w * xi for w, xi in zip(weights, x, strict=True))
        best = min(best, 1 / (1 + math.exp(-max(-30.0, min(30.0, z)))))
    return best * (data["every_trick_discount"] if level >= rules.layout.total else 1.0)


def applies(sit: Situation) -> bool:
    """A table was built for this variant."""
    return model_for(sit.rules) is not None


def best_chance(sit: Situation, level: int) -> float:
    """The best chance over the trump contracts this hand could declare."""
    return best_contract(sit, level)[1]


def best_contract(sit: Situation, level: int) -> tuple[Contract | None, float]:
    """The trump contract the table rates best for a bid of ``level`` with this hand, and its chance
    (None and 0 where no contract is rated)."""
    best, best_p = None, 0.0
    for c in _trump_contracts(sit):
        p = chance(sit.rules, c, sit.mine, level)
        if p is not None and (p > best_p or best is None):
            best, best_p = c, p
    return best, best_p


def bid(sit: Situation, opening_rule: bool = True, point_chance: Callable[[int], float] | None = None) -> str:
    """The call with the best expected marks, from the table (or the easy evaluation where it does not
    apply).

    A point bid counts as one mark whatever its level, and a higher bid never has a better chance, so this
    is the cheapest legal bid whose chance clears the bar: in the Big Game's open auction the side raises
    one at a time while the chance stays good. Under points scoring the bar is higher (``POINTS_EDGE``).
    While nobody has bid, a hand that clears the game's opening bar (``engine.ai.opening``) opens at the
    lowest bid all the same (``opening_rule=False``: never). ``point_chance(level)``, where given, replaces
    the table's chance of making a point bid (the strong player's simulation, ``auction_sim``).
    """
    if not applies(sit):
        return easy.bid(sit)
    legal = sit.view["legal"]
    calls = [(text, parse_call(text, sit.rules)) for text in legal]
    partner_high = (
        sit.bidder is not None and sit.bidder != sit.seat and sit.team(sit.bidder) == sit.team(sit.seat)
    )
    nello_ok = nello_hand(sit)
    # The game score is not read: bidding bolder or warier with the opponents one hand from winning lost
    # games in self-play (docs/computer-players.md)
    edge = POINTS_EDGE if sit.rules.scoring == "points" else EDGE
    if "partner" in legal:  # Geezer's forced dealer
        return forced_call(sit, calls, nello_ok)
    best_text, best_ev = None, 0.0
    for text, call in calls:
        if call.kind == PASS:
            continue
        if point_chance is not None and call.kind == POINTS:
            p = point_chance(call.level)
        else:
            p = make_chance(sit, call, nello_ok)
        marks = stake(call)
        if marks >= 2 and p < 0.75:
            continue  # doubling the stakes needs a near-certain hand: the table's tails are thin
        ev = marks * (2 * p - 1 - 2 * edge)
        if sit.rules.layout.shoot_bids:
            ev = moon_value(sit, call, p)
        if partner_high:
            ev -= marks * 0.5  # partner has already bid: take over only with much more
        if ev > best_ev or (best_text is None and "pass" not in legal):
            best_text, best_ev = text, ev
    if best_text is None and opening_rule:
        best_text = open_bid(sit, calls, nello_ok)
    if best_text is None:
        return "pass" if "pass" in legal else min(calls, key=lambda tc: tc[1].level)[0]
    return best_text


def stake(call: Call) -> int:
    """Marks a call puts at stake: a bare ``plunge`` or ``dip`` is written without them (the auction fills
    them in) and is worth at least its usual marks; a point bid 1."""
    return call.marks or call.plunge_base or 1


def moon_value(sit: Situation, call: Call, p: float) -> float:
    """Moon's worth of a bid against passing, in points: made, the bidder scores the tricks he took (about
    half a trick over a bid under 7; his bid under ``made_scores = "bid"``), 21 or 42; set, he loses the bid
    (RULES.md §8.4). The others score their tricks either way."""
    level = call.level
    gain = level + (
        0.5
        if call.kind == POINTS
        and level < sit.rules.layout.hand_size
        and sit.rules.options.made_scores == "taken"
        else 0.0
    )
    return p * gain - (1 - p) * level


def forced_call(sit: Situation, calls: list[tuple[str, Call]], nello_ok: bool) -> str:
    """Geezer's forced dealer: 39 for 2 marks on his own hand, or ``partner`` (the same on his partner's,
    whose chance the table's section measured on hands where every other seat passed); a mark bid or a dip
    only with a near-certain hand."""
    own = make_chance(sit, parse_call("39", sit.rules), nello_ok)
    partner = float((model_for(sit.rules) or {}).get("partner_made", 0.0))
    best, best_p = ("39", own) if own >= partner else ("partner", partner)
    for text, call in calls:
        if call.every_trick:  # 2 marks and up, dip, dive, plunge: worth more only when sure
            p = make_chance(sit, call, nello_ok)
            if p >= 0.75 and stake(call) * (2 * p - 1) > 2 * (2 * best_p - 1):
                best, best_p = text, p
    return best


def open_bid(sit: Situation, calls: list[tuple[str, Call]], nello_ok: bool) -> str | None:
    """The lowest bid (with its best trump, where bids name one) when nobody has bid and the table's chance
    clears this game's opening bar; else None."""
    bar = opening.bar(table_name(sit.rules), "strong")
    if bar is None or not opening.nobody_has_bid(sit.view):
        return None
    lowest = [
        (raw_chance(sit, call, nello_ok), text)
        for text, call in calls
        if call.kind == POINTS and call.level == sit.rules.layout.min_bid
    ]
    if not lowest:
        return None
    p, text = max(lowest)
    return text if p >= bar else None


def declare(sit: Situation) -> str | None:
    """The legal trump contract with the best table chance of making the bid; None where no table applies
    (the strong player uses this where whole deals are too deep to solve)."""
    if not applies(sit) or not sit.view.get("bid"):
        return None
    call = parse_call(sit.view["bid"], sit.rules)
    total = sit.rules.layout.total
    # every trick for mark bids and their kin; the bid's points otherwise (Geezer's ``partner`` is 39)
    level = total if call.every_trick else min(call.level, total)
    best, best_p = None, -1.0
    nello = []
    for text in sit.view["legal"]:
        c = parse_contract(text, sit.rules)
        if c.kind == NELLO:
            nello.append((evaluate.nello_safety(sit.ts, c, sit.mine), text))
        p = chance(sit.rules, c, sit.mine, level) if c.kind in evaluate.TRUMP_KINDS else None
        if p is not None and p > best_p:
            best, best_p = text, p
    if nello and nello_hand(sit) and best_p < NELLO_CHANCE:  # the hand was bid for Nello (Pistol)
        return max(nello)[1]
    return best


def make_chance(sit: Situation, call: Call, nello_ok: bool) -> float:
    """Chance of making ``call``: the table's figure mapped onto what self-play bids really made."""
    a, b = (model_for(sit.rules) or {}).get("made_line", [0.0, 1.0])
    return min(1.0, max(0.0, a + b * raw_chance(sit, call, nello_ok)))


def raw_chance(sit: Situation, call: Call, nello_ok: bool) -> float:
    """Chance of making ``call`` from the table (every-trick bids from the all-points column)."""
    every = sit.rules.layout.total
    if call.trump is not None:  # Eighty-eight: the bid names its trump (a mark bid takes every trick)
        p = chance(
            sit.rules, Contract(SUIT, call.trump), sit.mine, every if call.kind == MARKS else call.level
        )
        return p or 0.0
    if call.kind in DOUBLES_BIDS:  # Plunge, Splash, dip, dive
        return best_chance(sit, every) * 0.8  # partner declares and leads: a little less control
    nello_level = sit.rules.layout.one_mark
    if call.kind == MARKS or call.every_trick:  # marks, Moon's 21 and 42: every trick
        p = max(best_chance(sit, every), moon_sure(sit))
        return max(p, NELLO_CHANCE if nello_ok and call.level == nello_level else 0.0)
    p = best_chance(sit, min(call.level, every))
    if call.level >= every:  # Moon's 7
        p = max(p, moon_sure(sit))
    return max(p, NELLO_CHANCE if nello_ok and call.level == nello_level else 0.0)


def moon_sure(sit: Situation) -> float:
    """Moon: ``MOON_SURE`` for a hand the evaluation gives every trick (as easy's rule), else 0. Such hands
    are rare (23 in 30,000 seeded deals) and sit beyond the table's logistic fit, which rated every six and
    the 5-5 at 0.17; all 23 took every trick when solved with the widow laid away."""
    if not sit.rules.layout.shoot_bids:
        return 0.0
    lay = sit.rules.layout
    best = max(evaluate.tricks(sit.rules, c, sit.mine) for c in _trump_contracts(sit))
    return MOON_SURE if best >= lay.hand_size - 0.3 else 0.0


def _trump_contracts(sit: Situation) -> list[Contract]:
    ts = sit.ts
    out = [Contract(SUIT, k) for k in range(ts.top + 1) if ts.suit_masks[k]]  # Seventy-two has no blanks
    return out + [Contract(DOUBLES)] if sit.rules.options.doubles_trump else out


def nello_hand(sit: Situation) -> bool:
    """Whether Nello is open to this table at 1 mark and the hand is low enough to duck every trick."""
    if sit.rules.options.nello != "on":
        return False
    lay = sit.rules.layout
    best = max(
        evaluate.nello_safety(sit.ts, Contract(NELLO, doubles=d), sit.mine)
        for d in sit.rules.options.nello_doubles
    )
    return best >= lay.hand_size - 0.6
