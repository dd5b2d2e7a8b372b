"""Strong bidding: the chance each contract makes each bid, read from a small table built offline.

``engine/ai/data/bidding.json`` is written by ``python -m engine.ai.calibrate``: random deals, each solved
with perfect information for the bidder's few best contracts, bucketed by simple hand features, then
shifted down by the points the bidding side actually lost to hidden information in self-play (solver
values flatter the bidder). Where the table does not apply (three-hand, the Big Game, Eighty-eight) the
easy player's evaluation bids.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from engine.calls import MARKS, PASS, PLUNGE, POINTS, SPLASH, Call, parse_call
from engine.suits import DOUBLES, NELLO, SUIT, Contract, suit_table

from . import easy, evaluate
from .situation import Situation, bits, count_bits

DATA = Path(__file__).with_name("data") / "bidding.json"
MIN_BUCKET = 25  # fewer samples than this in a bucket: use the coarser key
EDGE = 0.04  # bid only when the chance of making beats an even chance by this much


def features(rules, contract: Contract, mask: int) -> tuple[str, str]:
    """(fine key, coarse key) of a hand under a trump contract: trumps held, top trumps in a row, off
    doubles."""
    ts = rules.layout.tiles
    table_ = suit_table(ts, contract)
    trumps = count_bits(mask & table_.members[table_.trump])
    walk = min(3, evaluate.walkers(ts, contract, table_.trump, mask))
    off_doubles = sum(1 for t in bits(mask & ~table_.members[table_.trump]) if ts.hi[t] == ts.lo[t])
    kind = "D" if contract.kind == DOUBLES else "S"
    return f"{kind}{trumps}w{walk}d{min(3, off_doubles)}", f"{kind}{trumps}w{walk}"


@cache
def table() -> dict:
    """The shipped table (empty when the file is missing: the easy evaluation then bids)."""
    if not DATA.exists():
        return {}
    return json.loads(DATA.read_text())


def chance(rules, contract: Contract, mask: int, level: int) -> float | None:
    """Chance the side makes a point bid of ``level`` (42: every trick) under ``contract``; None if unknown.

    A bucket with too few samples (strong hands are rare in random deals) borrows the best chance of the
    well-sampled buckets it dominates: as many trumps, top trumps and off doubles or more is never worse.
    """
    data = table()
    if not data:
        return None
    fine, _ = features(rules, contract, mask)
    row = data["buckets"].get(fine)
    if row and row["n"] >= MIN_BUCKET:
        return row["make"].get(str(level))
    kind, t, w, d = _parse(fine)
    best = None
    for (k2, t2, w2, d2), row in _populated():
        if k2 == kind and t2 <= t and w2 <= w and d2 <= d and str(level) in row["make"]:
            p = row["make"][str(level)]
            best = p if best is None or p > best else best
    return best


_KEY = re.compile(r"([SD])(\d+)w(\d+)d(\d+)$")


def _parse(key: str) -> tuple[str, int, int, int]:
    m = _KEY.match(key)
    return m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4))


@cache
def _populated() -> list:
    """Fine buckets with enough samples, parsed."""
    return [(_parse(k), row) for k, row in table()["buckets"].items() if _KEY.match(k) and row["n"] >= MIN_BUCKET]


def applies(sit: Situation) -> bool:
    """The table was built for four-player double-six games."""
    return sit.rules.variant in ("standard", "tournament") and bool(table())


def best_chance(sit: Situation, level: int) -> float:
    """The best chance over the trump contracts this hand could declare."""
    top = sit.ts.top
    contracts = [Contract(SUIT, k) for k in range(top + 1)]
    if sit.rules.doubles_trump:
        contracts.append(Contract(DOUBLES))
    best = 0.0
    for c in contracts:
        p = chance(sit.rules, c, sit.mine, level)
        if p is not None and p > best:
            best = p
    return best


def bid(sit: Situation) -> str:
    """The call with the best expected marks, from the table (or the easy evaluation where it does not
    apply)."""
    if not applies(sit):
        return easy.bid(sit)
    legal = sit.view["legal"]
    calls = [(text, parse_call(text, sit.rules)) for text in legal]
    partner_high = sit.bidder is not None and sit.bidder != sit.seat and sit.team(sit.bidder) == sit.team(sit.seat)
    nello_ok = nello_hand(sit)
    best_text, best_ev = None, 0.0
    for text, call in calls:
        if call.kind == PASS:
            continue
        p = _make_chance(sit, call, nello_ok)
        marks = call.marks if call.kind != POINTS else 1
        if marks >= 2 and p < 0.75:
            continue  # doubling the stakes needs a near-certain hand: the table's tails are thin
        ev = marks * (2 * p - 1 - 2 * EDGE)
        if partner_high:
            ev -= marks * 0.5  # partner has already bid: take over only with much more
        if ev > best_ev or (best_text is None and "pass" not in legal):
            best_text, best_ev = text, ev
    if best_text is None:
        return "pass" if "pass" in legal else min(calls, key=lambda tc: tc[1].level)[0]
    return best_text


def _make_chance(sit: Situation, call: Call, nello_ok: bool) -> float:
    """Chance of making ``call``: the table's figure mapped onto what self-play bids really made."""
    a, b = table().get("made_line", [0.0, 1.0])
    return min(1.0, max(0.0, a + b * raw_chance(sit, call, nello_ok)))


def raw_chance(sit: Situation, call: Call, nello_ok: bool) -> float:
    """Chance of making ``call`` from the table (every-trick bids from the 42-point column)."""
    if call.kind in (PLUNGE, SPLASH):
        return best_chance(sit, 42) * 0.8  # partner declares and leads: a little less control
    if call.kind == MARKS:
        p = best_chance(sit, 42)
        return max(p, 0.62 if nello_ok and call.marks == 1 else 0.0)
    return best_chance(sit, call.level)


def nello_hand(sit: Situation) -> bool:
    """Whether Nello is open to this table at 1 mark and the hand is low enough to duck every trick."""
    if sit.rules.nello != "on":
        return False
    lay = sit.rules.layout
    best = max(evaluate.nello_safety(sit.ts, Contract(NELLO, doubles=d), sit.mine) for d in sit.rules.nello_doubles)
    return best >= lay.hand_size - 0.6
