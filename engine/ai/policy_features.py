"""What the fast card-play policy reads: a row of facts per legal tile, from the seat's view alone.

Each row describes one legal play in the terms a player would use (is it trump, does it win the trick now,
how many unseen tiles could still beat it and can the seats after me hold one, what it adds to the trick,
how many of its suit I keep and how many are out, who is known to be void in it), followed by the facts of
the position every row shares (the trick's number and my place in it, whose contract, what each side
still needs, trumps in my hand and out). Everything comes from a ``Situation``, which is built from the
view: the features cannot see a hidden tile (``tests/engine/ai/test_policy.py`` changes the hidden hands and
checks they do not move).
"""

from __future__ import annotations

import numpy as np

from engine.calls import parse_call
from engine.contracts import DOUBLES, FOLLOW_ME, NELLO, SEVENS

from . import easy
from .beats import beat_masks, rank_masks
from .play_goal import mover_goal
from .situation import Situation, bits, count_bits

# the contracts the policy plays: a trump (or no trump) and every seat following suit; Nello and Sevens
# ask for something else and keep easy's rules
KINDS_EXCLUDED = (NELLO, SEVENS)


def applies(sit: Situation) -> bool:
    """Whether the policy plays this position: a contract of trumps or none, all hands dealt to seats
    (no widow, kitty or seats sitting out), four seats and a double-six set: the table it learned from."""
    lay = sit.rules.layout
    return (
        sit.contract is not None
        and sit.contract.kind not in KINDS_EXCLUDED
        and sit.players == 4
        and lay.tiles.top == 6
        and lay.tiles.copies == 1
        and not sit.out
        and lay.widow_size == 0
    )


MOVE_FEATURES = 27
POSITION_FEATURES = 17
N_FEATURES = MOVE_FEATURES + POSITION_FEATURES


def trick_key(sit: Situation, t: int, lead: int) -> int:
    """How strongly ``t`` bids for a trick led in ``lead`` (-1: it cannot win): as the search ranks it."""
    table = sit.suits
    if table.trump >= 0 and table.members[table.trump] >> t & 1:
        return 1000 + table.rank[table.trump][t]
    if table.members[lead] >> t & 1:
        return 100 + table.rank[lead][t]
    return -1


def features(sit: Situation, moves: list[int]) -> np.ndarray:
    """One row per move (a tile id, or ``encode_lead(tile, suit)`` for a declared lead), ``N_FEATURES``
    columns, for the seat to play in ``sit``."""
    table = sit.suits
    ts = sit.ts
    me = sit.seat
    unseen = sit.unseen()
    trump_mask = table.members[table.trump] if table.trump >= 0 else 0
    active = sit.active()
    later = sit.to_play_after()
    team = sit.team
    opps_later = [s for s in later if team(s) != team(me)]
    partners_later = [s for s in later if team(s) == team(me)]
    opponents = [s for s in active if team(s) != team(me)]
    partners = [s for s in active if s != me and team(s) == team(me)]
    leading = not sit.trick
    trick_pts = sum(ts.points[t] for _, t in sit.trick)
    best_key, partner_winning = -2, False
    if not leading:
        tiles = [t for _, t in sit.trick]
        w = table.winner_index(tiles, sit.lead)
        best_key = trick_key(sit, tiles[w], sit.lead)
        partner_winning = team(sit.trick[w][0]) == team(me)
    easy_pick = (
        easy.trick_play(sit, {m & 63: "" for m in moves}) if sit.named.kind not in KINDS_EXCLUDED else -1
    )
    goal = mover_goal(sit)
    bidder = sit.bidder
    assert bidder is not None
    bid_call = parse_call(sit.view["bid"], sit.rules)
    total = sit.rules.layout.total
    points = sit.view["points"]
    my_pts, their_pts = points[team(me)], points[1 - team(me)] if len(points) > 1 else 0
    if goal.every_trick:
        my_need = their_need = 0.0
    elif team(me) == team(bidder):
        my_need, their_need = bid_call.level - my_pts, total - bid_call.level + 1 - their_pts
    else:
        my_need, their_need = total - bid_call.level + 1 - my_pts, bid_call.level - their_pts
    tricks_done = len(sit.view.get("tricks") or [])
    place = len(sit.trick)
    position = [
        tricks_done / 7,
        place == 0,
        place == 1,
        place == 2,
        place == 3,
        team(me) == team(bidder),
        me == bidder,
        max(-10, min(42, my_need)) / 42,
        max(-10, min(42, their_need)) / 42,
        goal.every_trick,
        count_bits(sit.mine & trump_mask) / 7,
        count_bits(unseen & trump_mask) / 7,
        trick_pts / 20,
        sum(ts.points[t] for t in bits(unseen)) / 35,
        partner_winning,
        sit.named.kind == DOUBLES,
        sit.named.kind == FOLLOW_ME,
    ]
    beat = beat_masks(ts, sit.named)
    above, share = rank_masks(ts, sit.named)
    rows = np.zeros((len(moves), N_FEATURES), np.float32)
    for i, move in enumerate(moves):
        t = move & 63
        declared = (move >> 6) - 1
        own_suit = declared if declared >= 0 else table.lead_suit[t]
        lead = own_suit if leading else sit.lead
        key = trick_key(sit, t, lead)
        is_trump = bool(trump_mask >> t & 1)
        suit_mask = table.members[own_suit]
        beaters = beat[lead][t] & unseen
        higher_own = above[own_suit][t] & unseen
        wins_now = leading or key > best_key
        opp_can_beat = sum(1 for s in opps_later if beaters & ~sit.cannot[s])
        partner_can_beat = sum(1 for s in partners_later if beaters & ~sit.cannot[s])
        sure_win = wins_now and opp_can_beat == 0
        rank_share = share[own_suit][t]
        follows = not leading and bool(table.members[sit.lead] >> t & 1)
        ruffs = not leading and not follows and is_trump
        rows[i, :MOVE_FEATURES] = (
            is_trump,
            ts.hi[t] == ts.lo[t],
            ts.points[t] == 5,
            ts.points[t] == 10,
            rank_share,
            follows,
            ruffs,
            not leading and not follows and not is_trump,
            wins_now,
            wins_now and partner_winning,
            count_bits(beaters) / 7,
            opp_can_beat / 2,
            partner_can_beat,
            sure_win,
            sure_win and not leading,
            (trick_pts + ts.points[t]) / 20 if wins_now else 0.0,
            count_bits(higher_own) / 7,
            count_bits(sit.mine & suit_mask & ~(1 << t)) / 7,
            count_bits(unseen & suit_mask) / 7,
            sum(1 for s in opponents if sit.cannot[s] & suit_mask) / 2,
            sum(1 for s in partners if sit.cannot[s] & suit_mask),
            (ts.hi[t] + ts.lo[t]) / 12,
            leading and is_trump,
            t == easy_pick,
            declared >= 0,
            easy.cost(sit, t) / 60,
            ts.points[t] > 0 and not wins_now,
        )
        rows[i, MOVE_FEATURES:] = position
    return rows
