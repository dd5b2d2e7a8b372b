"""The easy computer player: sound rules of thumb, microseconds per decision.

Bid what the hand evaluation says the side can take; declare the contract that evaluates best; in play
pull trump when bidding, lead doubles and bosses, feed count to a partner who is surely winning, never
trump a partner's sure trick, win cheaply when it matters, and otherwise hold for offs (source 002's
scale: keep the tiles that can still catch a suit) by throwing the tile least likely to win anything.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.calls import DOUBLES_BIDS, MARKS, PASS, POINTS, CallKind, parse_call
from engine.contracts import NELLO, SEVENS, SUIT, Contract, legal_contracts, parse_contract

from . import evaluate, opening
from .beats import beat_masks
from .situation import Situation, bits, count_bits, read, table_name

BID_MARGIN = 1.0  # points of safety under the evaluation: the easy player bids a little under its estimate
# The forced Geezer dealer plays 39 himself with a hand worth this much, else calls partner: a passed partner
# holds about an average hand, which the evaluation puts near 30 points of 54 (tests/engine/ai/test_games.py)
FORCED_OWN_HAND = 30.0


class EasyPlayer:
    """Rules-of-thumb player for every phase and variant (see the module docstring)."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any]) -> str:
        """One of ``view["legal"]``."""
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        sit = read(view)
        phase = view.get("phase")
        if phase == "auction":
            action = bid(sit)
        elif phase == "exchange":
            action = exchange(sit)
        elif phase == "contract":
            action = declare(sit)
        else:
            action = play(sit)
        return action if action in legal else legal[0]


# --- auction ---------------------------------------------------------------------------------------


def hand_value(
    sit: Situation, trump: int | None = None, contract: Contract | None = None
) -> tuple[float, float]:
    """(expected points with the best trump-style contract, expected tricks of the best such contract);
    with ``contract`` (named before the widow, in Moon and Seventy-two) that contract's."""
    rules = sit.rules
    contracts = (
        [contract]
        if contract is not None
        else [Contract(SUIT, trump)]
        if trump is not None
        else [c for c in legal_contracts(rules, _one_mark(sit), False) if c.kind not in (NELLO, SEVENS)]
    )
    best_p, best_t = 0.0, 0.0
    for c in contracts:
        best_p = max(best_p, evaluate.expected_points(rules, c, sit.mine))
        best_t = max(best_t, evaluate.tricks(rules, c, sit.mine))
    return best_p, best_t


def _one_mark(sit: Situation):
    return (
        parse_call("1 mark", sit.rules)
        if sit.rules.layout.mark_bids and not sit.rules.layout.bids_name_trump
        else parse_call(str(sit.rules.layout.min_bid) + _suffix(sit, 0), sit.rules)
    )


def _suffix(sit: Situation, trump: int) -> str:
    return f" {sit.rules.suit_name(trump)}" if sit.rules.layout.bids_name_trump else ""


def bid(sit: Situation, value_of=None, opening: bool = True) -> str:
    """The call: the cheapest legal bid up to what the hand is worth, else pass; while nobody has bid, the
    lowest bid with a hand that clears the game's opening bar (``opening``; ``opening=False``: never).

    ``value_of(call)`` may replace the rules-of-thumb worth (points the side expects, and whether it
    expects every trick): the strong player passes its calibrated table here.
    """
    legal = sit.view["legal"]
    calls = [(text, parse_call(text, sit.rules)) for text in legal]
    lay = sit.rules.layout
    partner_high = (
        sit.bidder is not None and sit.bidder != sit.seat and sit.team(sit.bidder) == sit.team(sit.seat)
    )
    best = None
    values: dict = {}
    for text, call in calls:
        if call.kind == PASS:
            continue
        if value_of is not None:
            ok = value_of(call)
        else:
            ok = _worth(sit, call, values)
        if ok and (best is None or call.level < best[1].level):
            best = (text, call)
    if best is None:
        if opening and value_of is None:
            text = open_bid(sit, calls)
            if text is not None:
                return text
        if "pass" in legal:
            return "pass"
        if "partner" in legal:  # Geezer's forced dealer: 39 on his own hand, or his partner's
            return "39" if hand_value(sit)[0] >= FORCED_OWN_HAND else "partner"
        return min(calls, key=lambda tc: tc[1].level)[0]  # a forced dealer bids the least he may
    text, call = best
    moon = [t for t, c in calls if c.every_trick and c.kind not in DOUBLES_BIDS and c.kind != MARKS]
    if moon and _worth(sit, parse_call(moon[0], sit.rules), values):
        return moon[0]  # Moon: a hand that takes every trick shoots the moon (21) rather than bidding 7
    if partner_high and "pass" in legal and call.kind != MARKS and call.level < lay.min_bid + 4:
        return "pass"  # do not take a modest bid away from partner
    return text


def open_bid(sit: Situation, calls: list) -> str | None:
    """The lowest bid (with its best trump, where bids name one) when nobody has bid and the hand's
    expected points clear this game's opening bar (``opening``); else None."""
    bar = opening.bar(table_name(sit.rules), "easy")
    if bar is None or not opening.nobody_has_bid(sit.view):
        return None
    lowest = [
        (text, call) for text, call in calls if call.kind == POINTS and call.level == sit.rules.layout.min_bid
    ]
    scored = [(hand_value(sit, call.trump)[0], text) for text, call in lowest]
    if not scored:
        return None
    points, text = max(scored)
    return text if points >= bar else None


def _worth(sit: Situation, call, values: dict) -> bool:
    """Whether the easy evaluation says the side can make ``call`` (``values`` caches per trump)."""
    lay = sit.rules.layout
    if call.trump not in values:
        values[call.trump] = hand_value(sit, call.trump)
    points, tricks = values[call.trump]
    if call.kind in DOUBLES_BIDS:  # Plunge, Splash, dip, dive: partner names trump, every trick
        return tricks >= lay.hand_size - 0.2
    if call.every_trick:  # mark bids (a raise too, the cheapest first), Moon's 21 and 42
        return tricks >= lay.hand_size - 0.3
    if call.kind == CallKind.PARTNER:
        return False
    # a point of margin in a hand of 42; in Moon, whose hand is 7 tricks, a sixth of a trick
    return points - BID_MARGIN * min(1.0, lay.total / 42) >= call.level


# --- exchange --------------------------------------------------------------------------------------


def exchange(sit: Situation) -> str:
    """Take widow tiles that help (count must be taken anyway); discard the tile the hand misses least,
    under the contract when it is named first (Moon, Seventy-two)."""
    legal = sit.view["legal"]
    trump = _named_trump(sit)
    if legal[0].startswith("discard"):
        rule = sit.rules.exchange
        # a discarded count tile is kept out of play, or in Seventy-two scores for the defenders at once
        lost = 1.0 if rule is not None and rule.scores_discards else 0.01

        def after(text: str) -> float:
            """The hand's worth once ``text`` is discarded (its count, where the defenders score it)."""
            tid = sit.ts.id_of(text.split()[1], sit.mine)
            sub = _with_mine(sit, sit.mine & ~(1 << tid))
            return hand_value(sub, trump, sit.contract)[0] - lost * sit.ts.points[tid]

        return max(legal, key=after)
    takes = [a for a in legal if a.startswith("take")]
    if "keep" not in legal:
        return takes[0]
    widow = sit.view.get("widow") or []
    base = hand_value(sit, trump)[0]
    for text in takes:
        name = widow[0] if text == "take" else text.split()[1]
        tid = sit.ts.id_of(name)
        bigger = _with_mine(sit, sit.mine | (1 << _free_copy(sit, tid)))
        if hand_value(bigger, trump)[0] > base + 0.5:  # worth it even after giving a tile back
            return text
    return "keep"


def _free_copy(sit: Situation, tid: int) -> int:
    for c in range(sit.ts.copies):
        cand = tid + c * sit.ts.set_size
        if not sit.mine >> cand & 1:
            return cand
    return tid


def _with_mine(sit: Situation, mask: int) -> Situation:
    return Situation(sit.view, sit.rules, sit.ts, sit.seat, sit.players, mask)


def _named_trump(sit: Situation) -> int | None:
    bid_text = sit.view.get("bid")
    if sit.rules.layout.bids_name_trump and bid_text:
        return parse_call(bid_text, sit.rules).trump
    return None


# --- contract --------------------------------------------------------------------------------------


def declare(sit: Situation) -> str:
    """The legal contract that evaluates best for this hand."""
    legal = sit.view["legal"]
    contracts = [parse_contract(text, sit.rules) for text in legal]
    bid_call = parse_call(sit.view["bid"], sit.rules) if sit.view.get("bid") else None
    every = bid_call is not None and bid_call.kind != "points"
    best, _ = evaluate.best_contract(sit.rules, contracts, sit.mine, every)
    return legal[contracts.index(best)]


# --- play ------------------------------------------------------------------------------------------


def legal_ids(sit: Situation) -> dict[int, str]:
    """Legal plays as tile id -> action text (plain, undeclared leads)."""
    out = {}
    for text in sit.view["legal"]:
        if "/" in text:
            continue
        out[sit.ts.id_of(text, sit.mine)] = text
    return out


def play(sit: Situation) -> str:
    """A tile for the trick, by the contract's rules of thumb."""
    options = legal_ids(sit)
    if sit.named.kind == NELLO:
        tid = nello_play(sit, options)
    elif sit.named.kind == SEVENS:
        tid = sevens_play(sit, options)
    else:
        tid = trick_play(sit, options)
        if not sit.trick:
            return declared_lead(sit, tid) or options[tid]
    return options[tid]


def declared_lead(sit: Situation, chosen: int) -> str | None:
    """A declared lead ("7-3/3") when it is a sure winner as its lower end but not as its own suit.

    The chosen lead is declared when that makes it a boss; otherwise a declared boss is led instead of a
    tile that is not sure, unless the bidding side still pulls trump.
    """
    bosses = {}
    for text in sit.view["legal"]:
        name, _, suit = text.partition("/")
        if not suit:
            continue
        t = sit.ts.id_of(name, sit.mine)
        own = sit.suits.lead_suit[t]
        if sure(sit, t, int(suit), sit.active()) and not sure(sit, t, own, sit.active()):
            bosses[t] = text
    if not bosses:
        return None
    if chosen in bosses:
        return bosses[chosen]
    table = sit.suits
    if _is_trump(sit, chosen) or sure(sit, chosen, table.lead_suit[chosen], sit.active()):
        return None  # pulling trump or cashing a boss of its own suit comes first
    return bosses[max(bosses, key=lambda t: sit.ts.points[t])]


def winning(sit: Situation) -> tuple[int, int]:
    """(seat, tile) currently winning the trick in progress."""
    tiles = [t for _, t in sit.trick]
    i = sit.suits.winner_index(tiles, sit.lead)
    return sit.trick[i]


def beats(sit: Situation, tile: int, best: int, lead: int) -> bool:
    """Whether ``tile`` played after ``best`` takes the trick from it."""
    return sit.suits.winner_index([best, tile], lead) == 1


def sure(sit: Situation, tile: int, lead: int, later: list[int]) -> bool:
    """Whether no seat still to play can beat ``tile`` with a tile it may hold."""
    if sit.suits.distance is None:  # the beaters as one mask (``beats``), read once per contract
        beaters = beat_masks(sit.ts, sit.named)[lead][tile] & sit.unseen()
        return not any(beaters & ~sit.cannot[seat] for seat in later if seat != sit.seat)
    for seat in later:
        if seat == sit.seat:
            continue
        for u in bits(sit.unseen() & ~sit.cannot[seat]):
            if beats(sit, u, tile, lead):
                return False
    return True


def cost(sit: Situation, t: int) -> float:
    """How much we lose by throwing ``t`` away: count, trumps, doubles and suit leaders are kept."""
    table = sit.suits
    c = sit.ts.points[t] * 2.0
    if table.trump >= 0 and table.members[table.trump] >> t & 1:
        c += 30 + table.rank[table.trump][t] * 0.1
    s = table.lead_suit[t]
    if sure(sit, t, s, sit.active()):
        c += 12  # a boss: it can catch a trick later (hold for offs)
    c += table.rank[s][t] * 0.05
    return c


def trick_play(sit: Situation, options: dict[int, str]) -> int:
    """Trump, doubles and follow-me play."""
    ids = list(options)
    table = sit.suits
    me = sit.seat
    side = sit.bidding_side(me)
    if not sit.trick:
        return lead(sit, ids, side)
    later = sit.to_play_after()
    w_seat, w_tile = winning(sit)
    partner_wins = sit.team(w_seat) == sit.team(me)
    trick_pts = sum(sit.ts.points[t] for _, t in sit.trick)
    if partner_wins and sure(sit, w_tile, sit.lead, later):
        # feed count; never trump the sure trick
        return max(ids, key=lambda t: (sit.ts.points[t] * 3 - cost(sit, t) + sit.ts.points[t] * 2, -t))
    winners = [t for t in ids if beats(sit, t, w_tile, sit.lead)]
    safe = [t for t in winners if sure(sit, t, sit.lead, later)]
    if safe:
        # win with the cheapest sure tile, counting the count we add as a gain
        return min(safe, key=lambda t: cost(sit, t) - 4 * sit.ts.points[t])
    if winners and not partner_wins and (trick_pts or side or not later):
        return max(winners, key=lambda t: table.rank[table.lead_suit[t]][t] + 100 * _is_trump(sit, t))
    return min(ids, key=lambda t: cost(sit, t))


def _is_trump(sit: Situation, t: int) -> int:
    table = sit.suits
    return int(table.trump >= 0 and bool(table.members[table.trump] >> t & 1))


def lead(sit: Situation, ids: list[int], side: bool) -> int:
    """Leading: pull trump when bidding, then bosses (doubles first), else a small tile."""
    table = sit.suits
    trump_mask = table.members[table.trump] if table.trump >= 0 else 0
    outstanding = sit.unseen() & trump_mask
    mine_trumps = [t for t in ids if trump_mask >> t & 1]
    if side and mine_trumps and outstanding:
        return max(mine_trumps, key=lambda t: table.rank[table.trump][t])
    bosses = [t for t in ids if sure(sit, t, table.lead_suit[t], sit.active()) and not (trump_mask >> t & 1)]
    if bosses:
        return max(bosses, key=lambda t: (sit.ts.hi[t] == sit.ts.lo[t], sit.ts.points[t]))
    if mine_trumps and side:
        return max(mine_trumps, key=lambda t: table.rank[table.trump][t])
    plain = [t for t in ids if not trump_mask >> t & 1] or ids
    doubles = [t for t in plain if sit.ts.hi[t] == sit.ts.lo[t]]
    if doubles and not side:
        return max(doubles, key=lambda t: sit.ts.hi[t])
    # a small tile of a suit rich in count draws it out; never lead count into the unknown
    return min(plain, key=lambda t: (sit.ts.points[t], -sit.ts.hi[t] if not side else 0, cost(sit, t)))


def nello_play(sit: Situation, options: dict[int, str]) -> int:
    """Nello: the bidder ducks every trick; the defenders try to make him win one."""
    ids = list(options)
    table = sit.suits
    bidder = sit.bidder
    assert bidder is not None  # a contract was named, so someone won the bid
    if sit.seat == bidder:
        if not sit.trick:
            # lead the tile most tiles can beat
            return max(ids, key=lambda t: _beaters(sit, t))
        _, w_tile = winning(sit)
        losers = [t for t in ids if not beats(sit, t, w_tile, sit.lead)]
        if losers:
            return max(
                losers, key=lambda t: (table.lead_suit[t] == sit.lead, table.rank[table.lead_suit[t]][t])
            )
        return max(ids, key=lambda t: table.rank[sit.lead][t])
    # a defender
    if not sit.trick:
        open_suits = [t for t in ids if not (sit.cannot[bidder] >> t & 1)]
        return min(open_suits or ids, key=lambda t: table.rank[table.lead_suit[t]][t])
    w_seat, w_tile = winning(sit)
    played = [s for s, _ in sit.trick]
    if bidder in played and w_seat == bidder:
        losers = [t for t in ids if not beats(sit, t, w_tile, sit.lead)]
        if losers:
            return max(losers, key=lambda t: table.rank[table.lead_suit[t]][t])
    return min(ids, key=lambda t: table.rank[table.lead_suit[t]][t] if table.lead_suit[t] == sit.lead else -1)


def _beaters(sit: Situation, t: int) -> int:
    lead_suit = sit.suits.lead_suit[t]
    return sum(1 for u in bits(sit.unseen()) if beats(sit, u, t, lead_suit))


def sevens_play(sit: Situation, options: dict[int, str]) -> int:
    """Sevens: every legal tile is equally close; give count only to a trick our side holds."""
    ids = list(options)
    if sit.trick:
        w_seat, _ = winning(sit)
        if sit.team(w_seat) == sit.team(sit.seat):
            return max(ids, key=lambda t: sit.ts.points[t])
    return min(ids, key=lambda t: sit.ts.points[t])


__all__ = ["EasyPlayer", "bid", "declare", "exchange", "play", "count_bits"]
